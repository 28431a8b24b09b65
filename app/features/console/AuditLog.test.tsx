// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
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
});
