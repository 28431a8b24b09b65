/**
 * A day as the console, its API and the operators' commands take it: YYYY-MM-DD, and a day that
 * the calendar has. `Date.parse` rolls 2026-02-30 over into March and PostgreSQL refuses it, so
 * the day is checked by building it back.
 */
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDay(value: unknown): value is string {
  const match = typeof value === "string" ? dayPattern.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, takes years 0–99 as they are.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What a refused day is told, naming the field: `from`, `to`, `--since`. */
export const calendarDayError = (field: string, value: string) =>
  `${field} must be a real day written YYYY-MM-DD, such as 2026-03-01 (${JSON.stringify(value.slice(0, 40))} is not).`;
