/**
 * The code points no database of ours can keep: NUL (PostgreSQL refuses it in text and JSON)
 * and half of a surrogate pair (no UTF-8 for it: PostgreSQL refuses it in JSON, and text would
 * silently become U+FFFD). One rule for the server's edge, its stores and the collector's schema.
 */
// eslint-disable-next-line no-control-regex -- NUL is the point of this rule
const unstorable = /[\u0000\p{Cs}]/u;

/** The first code point of `text` that cannot be stored, as "U+0000" or "U+D800"; undefined when all can. */
export function unstorableCodePoint(text: string): string | undefined {
  const match = unstorable.exec(text);
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : undefined;
}

/** `text` without the code points that cannot be stored (for echoing a refused value back in a page). */
export const withoutUnstorable = (text: string) => text.replace(new RegExp(unstorable.source, "gu"), "");

export interface UnstorableFound {
  /** Where: `email`, `fields.title`, `events[0].label`; "" for a text body itself. */
  field: string;
  codePoint: string;
  /** The name of a field holds it, not its value. */
  inName: boolean;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The first string in `value` (names of fields included) holding a code point that cannot be
 * stored. Walked with a stack of its own: a body nested a million deep is not a stack overflow.
 */
export function findUnstorable(value: unknown, path = ""): UnstorableFound | undefined {
  const pending: [unknown, string][] = [[value, path]];
  for (let next; (next = pending.pop());) {
    const [item, at] = next;
    if (typeof item === "string") {
      const codePoint = unstorableCodePoint(item);
      if (codePoint) return { field: at, codePoint, inName: false };
      continue;
    }
    // Bytes (an uploaded image) are the file's, never stored as text.
    if (!item || typeof item !== "object" || ArrayBuffer.isView(item)) continue;
    const children: [unknown, string][] = [];
    if (Array.isArray(item)) item.forEach((child, index) => children.push([child, `${at}[${index}]`]));
    else
      for (const [key, child] of Object.entries(item)) {
        const codePoint = unstorableCodePoint(key);
        if (codePoint) return { field: at, codePoint, inName: true };
        children.push([child, join(at, key)]);
      }
    // Reversed onto the stack, so the first field is looked at first.
    pending.push(...children.reverse());
  }
  return undefined;
}
