/** A lead request's wire fields, decoded strictly: a malformed %-escape (`%zz`, `%C3%28`) is refused, never stored. */
import type { FastifyRequest } from "fastify";

type WireFields = Record<string, string | string[]>;

export const malformedEscapeError = "The request has a malformed %-escape - please send the form again";

/** Picks the named fields; anything else in the input is ignored. Non-objects give {}. */
export function pickFields(source: unknown, names: readonly string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (!source || typeof source !== "object" || Array.isArray(source)) return fields;
  for (const name of names) if (Object.hasOwn(source, name)) fields[name] = (source as Record<string, unknown>)[name];
  return fields;
}

/** A query string or form body into fields, a repeated name into an array; undefined on a malformed %-escape. */
export function parseFormEncoded(text: string): WireFields | undefined {
  // No prototype: a field named __proto__ is a field like any other.
  const fields: WireFields = Object.create(null);
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const name = decode(at < 0 ? pair : pair.slice(0, at));
    const value = decode(at < 0 ? "" : pair.slice(at + 1));
    if (name === undefined || value === undefined) return undefined;
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [previous, value].flat();
  }
  return fields;
}

function decode(text: string): string | undefined {
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return undefined;
  try {
    // decodeURIComponent throws on escapes that are not UTF-8.
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return undefined;
  }
}

/** Where a request's fields are: the body for POST (parsed by its content type), the query for GET. */
export function requestFields(request: FastifyRequest): unknown {
  if (request.method === "POST") return request.body;
  const at = request.url.indexOf("?");
  return at < 0 ? {} : parseFormEncoded(request.url.slice(at + 1));
}

/** A form a browser posted without JavaScript (it wants a page back); scripts ask for JSON. */
export function isFormPost(request: FastifyRequest): boolean {
  return (
    request.method === "POST" &&
    /^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "") &&
    /\btext\/html\b/i.test(request.headers.accept ?? "")
  );
}
