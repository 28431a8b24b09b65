import { describe, expect, it } from "vitest";
import { formatFullDate } from "./full-date.ts";

describe("formatFullDate", () => {
  const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "full" });

  it("writes the weekday, month, day and year", () => {
    expect(formatFullDate(new Date(2026, 10, 22))).toBe("Sunday, November 22, 2026");
    expect(formatFullDate(new Date(2024, 1, 29))).toBe("Thursday, February 29, 2024");
  });

  it("agrees with Intl's en-US full style on every day of four years", () => {
    for (let day = new Date(2025, 0, 1); day.getFullYear() < 2029; day.setDate(day.getDate() + 1)) {
      expect(formatFullDate(day)).toBe(intl.format(day));
    }
  });
});
