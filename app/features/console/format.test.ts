import { describe, expect, it } from "vitest";
import { change, comparison, periodSentence, plural } from "./format.ts";

describe("console formats", () => {
  it("writes the change against the previous period", () => {
    expect(change(112, 100)).toEqual({ text: "+12%", direction: "up" });
    expect(change(95, 100)).toEqual({ text: "−5%", direction: "down" });
    expect(change(4, 0)).toEqual({ text: "new", direction: "up" });
    expect(change(0, 0)).toEqual({ text: "no change", direction: "flat" });
    expect(change(1001, 1000)).toEqual({ text: "±0%", direction: "flat" });
  });
  it("counts with a plural", () => {
    expect(plural(1, "lead")).toBe("1 lead");
    expect(plural(1200, "lead")).toBe("1,200 leads");
  });
  it("says a report's period and what it is compared with in plain words", () => {
    const today = "2026-11-28";
    expect(periodSentence({ from: today, to: today, days: 1 }, today)).toBe(
      "Today, 28 Nov 2026, against yesterday (UTC days)",
    );
    expect(periodSentence({ from: "2026-11-22", to: today, days: 7 }, today)).toBe(
      "The last 7 days, 22 Nov 2026 – 28 Nov 2026, against the 7 days before (UTC days)",
    );
    expect(periodSentence({ from: "2026-11-01", to: "2026-11-14", days: 14 }, today)).toBe(
      "1 Nov 2026 – 14 Nov 2026 (14 days), against the 14 days before (UTC days)",
    );
  });
  it("says a figure's change against the period before as a sentence", () => {
    const said = (...args: Parameters<typeof comparison>) => comparison(...args).join("");
    expect(said(change(112, 100), 7, { previous: 100 })).toBe("+12% against the 7 days before (100)");
    expect(said(change(5, 0), 1, { of: "visitors per day" })).toBe("new: none yesterday");
    expect(said(change(5, 0), 30)).toBe("new: none in the 30 days before");
    expect(said(change(3, 3), 1, { previous: 3 })).toBe("the same as yesterday (3)");
    expect(said(change(90, 100), 7, { of: "visitors per day" })).toBe(
      "−10% in visitors per day against the 7 days before",
    );
  });
});
