/**
 * The edge of the one input contract (issue 39): text no database of ours can store, anywhere in a request,
 * is refused with a 400 naming the field before any route sees it, so PostgreSQL and SQLite answer alike.
 */
import type { FastifyInstance } from "fastify";
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

/** On every route; one that parses more itself (JSON in a text/plain beacon) calls assertStorable on it. */
export function refuseUnstorableInput(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    assertStorable(request.params);
    assertStorable(request.query);
    assertStorable(request.body);
  });
}
