// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScheduleCall } from "./ScheduleCall.tsx";

afterEach(cleanup);

const params = (name: string) => {
  const url = new URL(screen.getByRole("link", { name }).getAttribute("href")!);
  return { base: url.origin + url.pathname, ...Object.fromEntries(url.searchParams) };
};

describe("ScheduleCall", () => {
  it("links to the scheduling app with source, type and ui, titled 'Schedule a Call' by default", () => {
    render(<ScheduleCall />);
    expect(params("Schedule a Call")).toEqual({ base: "https://schedule.tallyway.example/book", source: "marketing site", type: "Lead", ui: "page" });
  });

  it("passes the page's type and title", () => {
    render(<ScheduleCall title="Pick a time" source="marketing site" type="demo_classic" />);
    expect(params("Pick a time")).toMatchObject({ source: "marketing site", type: "demo_classic", ui: "page" });
  });
});
