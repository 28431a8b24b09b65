// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScheduleCall } from "./ScheduleCall.tsx";

afterEach(cleanup);

// jsdom drops the space before the hidden text that a browser keeps: accept either.
const link = (name: string) => screen.getByRole("link", { name: new RegExp(`^${name} ?\\(opens in a new tab\\)$`) });
const params = (name: string) => {
  const url = new URL(link(name).getAttribute("href")!);
  return { base: url.origin + url.pathname, ...Object.fromEntries(url.searchParams) };
};

describe("ScheduleCall", () => {
  it("links to the scheduling app with source, type and ui, titled 'Schedule a Call' by default", () => {
    render(<ScheduleCall />);
    expect(params("Schedule a Call")).toEqual({
      base: "https://schedule.tallyway.example/book",
      source: "marketing site",
      type: "Lead",
      ui: "page",
    });
  });

  it("passes the page's own type to 'Schedule a Call'", () => {
    render(<ScheduleCall type="demo_classic" />);
    expect(params("Schedule a Call")).toMatchObject({ source: "marketing site", type: "demo_classic", ui: "page" });
  });

  it.each([
    ["demo", "Schedule Demo", "demo"],
    ["setup", "Schedule Installation / Setup", "setup"],
    ["call", "Schedule a Call", "Lead"],
  ] as const)("action %s is labelled %s and opens the scheduler with type %s", (action, label, type) => {
    render(<ScheduleCall action={action} />);
    expect(params(label)).toMatchObject({ type });
  });

  it("opens in a new tab with rel noopener and says so to screen readers", () => {
    render(<ScheduleCall />);
    expect(link("Schedule a Call").getAttribute("target")).toBe("_blank");
    expect(link("Schedule a Call").getAttribute("rel")).toBe("noopener");
  });

  it("has the call-to-action colour whatever the variant", () => {
    render(
      <>
        <ScheduleCall action="demo" variant="primary" />
        <ScheduleCall action="call" variant="accent" />
        <ScheduleCall action="setup" variant="secondary" />
      </>,
    );
    expect(link("Schedule Demo").className).toBe("btn-cta");
    expect(link("Schedule a Call").className).toBe("btn-cta");
    expect(link("Schedule Installation / Setup").className).toBe("btn-cta-outline");
  });
});
