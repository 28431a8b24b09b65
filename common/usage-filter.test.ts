import { describe, expect, it } from "vitest";
import { hasFilter, usageFilterOf, visitorsExactUnder } from "./usage-filter.ts";

describe("usageFilterOf", () => {
  it("reads the known filters from a query or URL search params and ignores the rest", () => {
    expect(usageFilterOf({ source: "Google", campaign: "", days: "30", page: ["a"] })).toEqual({ source: "Google" });
    expect(usageFilterOf(new URLSearchParams("goal=contact-sent&device=phone&x=1"))).toEqual({
      goal: "contact-sent",
      device: "phone",
    });
    expect(usageFilterOf({ source: "x".repeat(201) })).toEqual({});
  });

  it("says when visitors stay exact", () => {
    expect(visitorsExactUnder({})).toBe(true);
    expect(visitorsExactUnder({ source: "Google" })).toBe(true);
    expect(visitorsExactUnder({ source: "Google", device: "phone" })).toBe(false);
    expect([hasFilter({}), hasFilter({ page: "home" })]).toEqual([false, true]);
  });
});
