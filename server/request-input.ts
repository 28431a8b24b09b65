/**
 * The edge of the one input contract (issue 39): every request's path parameters, query and
 * parsed body (JSON, forms, text), checked before any route or store sees them. A value holding
 * a code point no database of ours can store (common/storable-text.ts) is refused with a 400
 * naming the field, so PostgreSQL and SQLite answer alike. Registered once, in app.ts.
 */
import type { FastifyInstance } from "fastify";
import { calendarDayError, isCalendarDay } from "#common/calendar-day.ts";
import { findUnstorable, type UnstorableFound } from "#common/storable-text.ts";
import { InputRefused } from "./db/errors.ts";

/** What the client is told: the field, the code point, what to do. */
export function unstorableMessage({ field: path, codePoint, inName }: UnstorableFound): string {
  const field = path.length > 100 ? `${path.slice(0, 99)}…` : path;
  const where = inName
    ? `A field name${field ? ` in "${field}"` : ""}`
    : field
      ? `The field "${field}"`
      : "The request body";
  const what = codePoint === "U+0000" ? "U+0000 (NUL)" : `${codePoint} (half of a character)`;
  return `${where} holds a character that cannot be stored, ${what}: remove it and send again.`;
}

/** Throws InputRefused (400) naming the first field of `value` that holds text that cannot be stored. */
export function assertStorable(value: unknown): void {
  const found = findUnstorable(value);
  if (found) throw new InputRefused(unstorableMessage(found));
}

/**
 * Refuses, on every route of `app`, a request whose parameters, query or parsed body hold text
 * that cannot be stored. A route that parses more itself (JSON in a text/plain beacon) calls
 * assertStorable on what it parsed.
 */
export function refuseUnstorableInput(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    assertStorable(request.params);
    assertStorable(request.query);
    assertStorable(request.body);
  });
}

/**
 * The day a query parameter names (`from`, `to`), undefined when absent or empty; a value that is
 * not a real YYYY-MM-DD day is refused (400) rather than rolled over or left out.
 */
export function dayParameter(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === "") return undefined;
  if (!isCalendarDay(value)) throw new InputRefused(calendarDayError(name, String(value)));
  return value;
}
