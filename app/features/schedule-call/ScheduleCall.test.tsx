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
    expect(params("Schedule a Call")).toEqual({ base: "https://schedule.tallyway.example/book", source: "marketing site", type: "Lead", ui: "page" });
  });

  it("passes the page's type and title", () => {
    render(<ScheduleCall title="Pick a time" source="marketing site" type="demo_classic" />);
    expect(params("Pick a time")).toMatchObject({ source: "marketing site", type: "demo_classic", ui: "page" });
  });

  it("opens in a new tab with rel noopener and says so to screen readers", () => {
    render(<ScheduleCall />);
    expect(link("Schedule a Call").getAttribute("target")).toBe("_blank");
    expect(link("Schedule a Call").getAttribute("rel")).toBe("noopener");
  });

  it("has the call-to-action colour whatever the variant", () => {
    render(
      <>
        <ScheduleCall title="A" variant="primary" />
        <ScheduleCall title="B" variant="accent" />
        <ScheduleCall title="C" variant="secondary" />
      </>,
    );
    expect(link("A").className).toBe("btn-cta");
    expect(link("B").className).toBe("btn-cta");
    expect(link("C").className).toBe("btn-cta-outline");
  });
});
