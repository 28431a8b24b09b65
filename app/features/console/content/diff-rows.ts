/** A side-by-side diff of two texts by line (jsdiff): each row an old line and a new line, either may be empty. */
import { diffLines } from "diff";

export interface DiffRow {
  old?: { number: number; text: string; changed: boolean };
  new?: { number: number; text: string; changed: boolean };
}

const linesOf = (value: string) => value.replace(/\n$/, "").split("\n");

export function diffRows(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let oldNumber = 0;
  let newNumber = 0;
  let removed: string[] = [];
  const flushRemoved = (added: string[]) => {
    // A removed run and the added run after it face each other, line by line.
    for (let i = 0; i < Math.max(removed.length, added.length); i++)
      rows.push({
        old: i < removed.length ? { number: ++oldNumber, text: removed[i], changed: true } : undefined,
        new: i < added.length ? { number: ++newNumber, text: added[i], changed: true } : undefined,
      });
    removed = [];
  };
  // A last line with or without its newline is the same line.
  const ended = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);
  for (const part of diffLines(ended(before), ended(after))) {
    const lines = linesOf(part.value);
    if (part.removed) {
      flushRemoved([]);
      removed = lines;
    } else if (part.added) flushRemoved(lines);
    else {
      flushRemoved([]);
      for (const text of lines)
        rows.push({
          old: { number: ++oldNumber, text, changed: false },
          new: { number: ++newNumber, text, changed: false },
        });
    }
  }
  flushRemoved([]);
  return rows;
}
