// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuditLog } from "./AuditLog.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (action: string, address: string, count: number) => ({
  at: "2026-03-09T10:00:00.000Z",
  account: "owner@example.com",
  address,
  action,
  detail: "",
  count,
});

describe("AuditLog", () => {
  it("shows how many times a counted entry happened in its minute, and nothing for a single one", async () => {
    const entries = [entry("sign-in", "192.0.2.1", 1), entry("sign-in-failed", "192.0.2.66", 1713)];
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ pageSize: 50, entries })));
    render(<AuditLog />);
    const rows = await screen.findAllByRole("row");
    expect(rows[2].textContent).toContain("×1713");
    expect(rows[1].textContent).not.toContain("×");
  });

  it("shows the team's actions first, and another kind when chosen, from its first page", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      const kind = new URL(url, "https://x.example").searchParams.get("kind") ?? "team";
      return new Response(JSON.stringify({ pageSize: 50, kind, entries: [entry("export", "192.0.2.1", 1)] }));
    });
    render(<AuditLog />);
    await screen.findAllByRole("row");
    expect(asked).toEqual(["/admin/api/audit"]);
    const show = screen.getByLabelText("Show");
    expect((show as HTMLSelectElement).value).toBe("team");
    fireEvent.change(show, { target: { value: "failed-sign-ins" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await vi.waitFor(() => expect(asked).toEqual(["/admin/api/audit", "/admin/api/audit?kind=failed-sign-ins"]));
  });
});
