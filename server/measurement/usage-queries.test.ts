import { describe, expect, it } from "vitest";
import { daysFromTo } from "./usage-report.ts";
import { segmentSplit, visitorSplit, wholeMonths } from "./usage-queries.ts";

/** The days of the three [first, last] parts of a split, in order. */
const partsOf = (split: string[]) =>
  split.flatMap((first, i) => (i % 2 ? [] : [first > split[i + 1] ? [] : daysFromTo(first, split[i + 1])]));

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

describe("segmentSplit", () => {
  it("gives every day once: at most six days and four segments of a month on each side of the whole months", () => {
    const segmentStarts = ["01", "08", "15", "22", "29"];
    for (const [from, to] of [...ranges, ["2026-11-08", "2026-11-14"], ["2026-11-09", "2026-11-21"]]) {
      const split = segmentSplit(from, to);
      const parts = partsOf(split);
      expect(parts.flat(), `${from}..${to}`).toEqual(daysFromTo(from, to));
      expect([parts[0].length, parts[4].length].every((n) => n <= 6)).toBe(true);
      // Segments start on a segment's first day and end on its last.
      for (const i of [1, 3])
        if (parts[i].length) {
          expect(segmentStarts).toContain(parts[i][0].slice(8));
          expect(parts[i].length).toBeLessThanOrEqual(31);
        }
      if (parts[2].length) expect([split[4], split[5]]).toEqual(wholeMonths(split[4], split[5]));
    }
  });

  it("reads a 30-day range as four segments and six days", () => {
    expect(segmentSplit("2026-10-27", "2026-11-25")).toEqual([
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-11-21",
      "9",
      "0",
      "9",
      "0",
      "2026-11-22",
      "2026-11-25",
    ]);
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
