/**
 * What the structured form does to a key's entries: read them from the editor's JSON text, change one
 * field, add, remove or move an entry, and write the text back the way the store keeps it. Pure, so
 * each step is tested; the form (StructuredForm.tsx) renders the entries and dispatches these.
 */
import {
  structuredFindings,
  structuredText,
  type StructuredProblem,
  type Entry,
  type ListSchema,
  type SchemaKey,
} from "#common/content-schemas.ts";
import { placeName, placesOf } from "#common/proof-places.ts";

export type EntriesEdit =
  | { type: "field"; index: number; name: string; text: string }
  | { type: "add" }
  | { type: "remove"; index: number }
  | { type: "move"; index: number; by: -1 | 1 };

/** The entries of the editor's text; undefined when it is not a list (then the form cannot show it). */
export function entriesOf(text: string): Entry[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as Entry[]) : undefined;
  } catch {
    return undefined;
  }
}

const emptyEntry = (schema: ListSchema): Entry => Object.fromEntries(schema.fields.map((field) => [field.name, ""]));

/** The text after one edit; an edit the schema's count does not allow (a fixed list) changes nothing. */
export function editEntries(schema: ListSchema, entries: readonly Entry[], edit: EntriesEdit): string {
  const next = entries.map((entry) => ({ ...entry }));
  if (edit.type === "field") next[edit.index] = { ...next[edit.index], [edit.name]: edit.text };
  if (edit.type === "add" && next.length < schema.max) next.push(emptyEntry(schema));
  if (edit.type === "remove" && next.length > schema.min) next.splice(edit.index, 1);
  if (edit.type === "move") {
    const to = edit.index + edit.by;
    if (to >= 0 && to < next.length) [next[edit.index], next[to]] = [next[to], next[edit.index]];
  }
  return structuredText(next);
}

/**
 * The problems of the text, every sentence for the checks ("Summary is required.") and each field's
 * by entry index and label ("0:Summary") for the form to show under it.
 */
export function problemsByField(key: SchemaKey, text: string) {
  const found = structuredFindings(key, text);
  const byField = new Map<string, StructuredProblem>();
  for (const problem of found) if (problem.at) byField.set(`${problem.at.index}:${problem.at.label}`, problem);
  return { all: found.map((problem) => problem.text), byField };
}

/**
 * A key's text in the form's own words, for the history's diff: one "Label: value" line per filled
 * field, under a line per entry ("Edition 2 · Enterprise") where a key has several; the text itself
 * when it is no list.
 */
export function labelledText(schema: ListSchema, text: string): string {
  const entries = entriesOf(text);
  if (!entries) return text;
  const several = schema.max > 1;
  const indent = several ? "  " : "";
  return entries
    .map((entry, index) => {
      const name = entry[schema.titleField];
      const lines = several ? [`${schema.entry} ${index + 1}${name ? ` · ${name}` : ""}`] : [];
      for (const field of schema.fields) {
        const value = String(entry[field.name] ?? "");
        // Pages by the names the form ticks, not their paths.
        const shown = field.kind === "places" && value ? placesOf(value).map(placeName).join(", ") : value;
        const [first, ...rest] = shown.split("\n");
        if (first || rest.length)
          lines.push(`${indent}${field.label}: ${first}`, ...rest.map((line) => `${indent}  ${line}`));
      }
      return lines.join("\n");
    })
    .join("\n\n");
}
