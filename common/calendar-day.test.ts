import { describe, expect, it } from "vitest";
import { calendarDayError, isCalendarDay } from "./calendar-day.ts";

describe("isCalendarDay", () => {
  it("takes the days the calendar has, leap days of leap years included", () => {
    for (const day of [
      "2026-01-01",
      "2026-12-31",
      "2028-02-29",
      "2000-02-29",
      "2026-04-30",
      "0024-02-29",
      "9999-12-31",
    ])
      expect(isCalendarDay(day), day).toBe(true);
  });

  it("refuses days Date.parse rolls over, other spellings and anything not a string", () => {
    for (const day of [
      "2026-02-30",
      "2026-02-29",
      "2027-02-29",
      "1900-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-1-1",
      "2026-01-01T00:00:00Z",
      " 2026-01-01",
      "+02026-01-01",
      "",
      "2026-01-01\u0000",
    ])
      expect(isCalendarDay(day), day).toBe(false);
    for (const value of [undefined, null, 20260101, ["2026-01-01"]]) expect(isCalendarDay(value)).toBe(false);
  });

  it("says which field and what was sent", () => {
    expect(calendarDayError("from", "2026-02-30")).toBe(
      'from must be a real day written YYYY-MM-DD, such as 2026-03-01 ("2026-02-30" is not).',
    );
  });
});
