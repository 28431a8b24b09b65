import { describe, expect, it } from "vitest";
import { leadsHrefOf, searchOf, usageViewOf, withFilter } from "./usage-url.ts";

describe("the Usage page's URL", () => {
  it("reads the range and filters, with the last 30 days as the bare path", () => {
    expect(usageViewOf(new URLSearchParams(""))).toEqual({ range: { days: 30 }, filter: {} });
    expect(usageViewOf(new URLSearchParams("days=7&source=Google%20(paid)"))).toEqual({
      range: { days: 7 },
      filter: { source: "Google (paid)" },
    });
    expect(usageViewOf(new URLSearchParams("from=2026-11-01&to=2026-11-23&days=7"))).toEqual({
      range: { from: "2026-11-01", to: "2026-11-23" },
      filter: {},
    });
    expect(usageViewOf(new URLSearchParams("days=-3")).range).toEqual({ days: 30 });
  });

  it("writes a view back in a fixed order that reads back the same", () => {
    const view = withFilter(withFilter({ range: { days: 90 }, filter: {} }, "goal", "contact-sent"), "source", "X");
    expect(searchOf(view)).toBe("?days=90&source=X&goal=contact-sent");
    expect(usageViewOf(new URLSearchParams(searchOf(view)))).toEqual(view);
    expect(searchOf(withFilter(view, "goal", undefined))).toBe("?days=90&source=X");
    expect(searchOf({ range: { days: 30 }, filter: {} })).toBe("");
  });

  it("links the lead list under the same source and campaign", () => {
    expect(leadsHrefOf({ source: "LinkedIn", campaign: "launch & co" })).toBe(
      "/admin/leads?source=LinkedIn&campaign=launch+%26+co",
    );
    expect(leadsHrefOf({})).toBe("/admin/leads");
  });
});
