import { describe, expect, it } from "vitest";
import { daysFromTo } from "./usage-report.ts";
import { monthSplit, visitorSplit, wholeMonths } from "./usage-queries.ts";

/** The days of the three [first, last] parts of a split, in order. */
const partsOf = (split: string[]) =>
  [0, 2, 4].map((i) => (split[i] > split[i + 1] ? [] : daysFromTo(split[i], split[i + 1])));

const ranges = [
  ["2026-11-25", "2026-11-25"],
  ["2026-10-27", "2026-11-25"],
  ["2024-11-26", "2026-11-25"],
  ["2026-09-01", "2026-12-31"],
  ["2026-01-31", "2026-03-01"],
  ["2026-01-15", "2026-04-10"],
  ["2023-12-31", "2024-03-31"],
  ["2026-11-01", "2026-11-30"],
];

describe("monthSplit", () => {
  it("gives every day of a range once: days before its whole months, the months, the days after", () => {
    for (const [from, to] of ranges) {
      const split = monthSplit(from, to);
      expect(partsOf(split).flat(), `${from}..${to}`).toEqual(daysFromTo(from, to));
      expect([split[2], split[3]]).toEqual(wholeMonths(from, to));
    }
  });
});

describe("visitorSplit", () => {
  it("gives every day of a range once: the first two months by day, then whole months, then the last month's days", () => {
    for (const [from, to] of ranges) {
      const parts = partsOf(visitorSplit(from, to));
      expect(parts.flat(), `${from}..${to}`).toEqual(daysFromTo(from, to));
      // Days by day only within from's month and the next: there a per-day count is exact.
      const monthAfter = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)), 1));
      const limit = monthAfter.toISOString().slice(0, 7);
      expect(parts[0].every((day) => day.slice(0, 7) <= limit)).toBe(true);
      // Months whole.
      if (parts[1].length) expect([parts[1][0].slice(8), wholeMonths(parts[1][0], to)[0]]).toEqual(["01", parts[1][0]]);
    }
  });

  it("reads a 2-year range's 22 middle months as months", () => {
    const [, , first, last] = visitorSplit("2024-11-26", "2026-11-25");
    expect([first, last]).toEqual(["2025-01-01", "2026-10-31"]);
  });
});
