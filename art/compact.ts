/**
 * The parts of the compact drawings (the phone details, details.ts, and the feature pages' claim pictures,
 * claims.ts): a 360 × 270 view (4:3, the screens' box and rasters) of the app's window in the CRM, with a
 * title and a card of rows. Every text is at least `compactMinimumSize` units: 11 CSS px or more at 254 px
 * wide, the narrowest any page shows one at 320 px (tests/e2e/art-legibility.spec.ts).
 */
import { c, rect, screenHeight, screenWidth, svgDocument, text, textWidth } from "./parts.ts";

export const compactWidth = 360;
export const compactHeight = 270;
/** The smallest text of a compact drawing, in view units. */
export const compactMinimumSize = 16;

export const left = 22;
export const right = 338;

/** The window, the CRM's bar with the launcher, the app's name and its active tab (or record), and a surface below. */
export function compactWindow(active: string, body: string): string {
  const dots = [0, 1, 2]
    .flatMap((row) =>
      [0, 1, 2].map((col) => `<circle cx="${26 + col * 6}" cy="${20 + row * 6}" r="1.9" fill="${c.muted}"/>`),
    )
    .join("");
  const tabWidth = textWidth(active, 16, 700);
  const content = `${rect(10, 8, 340, 252, c.white, 12, 'filter="url(#detail-shadow)"')}
<g clip-path="url(#detail-window)">
${rect(10, 8, 340, 38, c.brandFaint)}
${dots}
${text(50, 33, "Time + Expense", { size: 16, weight: 700 })}
${text(right, 33, active, { size: 16, weight: 700, fill: c.brandMid, anchor: "end" })}
${rect(right - tabWidth - 4, 43, tabWidth + 8, 3, c.brand, 1.5)}
${rect(10, 46, 340, 214, c.surface)}
${body}
</g>`;
  return svgDocument(screenWidth, screenHeight, content)
    .replace(`viewBox="0 0 ${screenWidth} ${screenHeight}"`, `viewBox="0 0 ${compactWidth} ${compactHeight}"`)
    .replace(
      "</defs>",
      `<filter id="detail-shadow" x="-10%" y="-10%" width="120%" height="125%"><feDropShadow dx="0" dy="3" stdDeviation="4" flood-color="#0b2a3a" flood-opacity="0.18"/></filter>
<clipPath id="detail-window"><rect x="10" y="8" width="340" height="252" rx="12"/></clipPath></defs>`,
    );
}

/** A label on a soft or solid chip, its right edge at `x`, centred on `cy`. */
export function chip(x: number, cy: number, label: string, fill: string, ink: string) {
  const w = Math.round(textWidth(label, 16, 700) + 20);
  return (
    rect(x - w, cy - 13, w, 26, fill, 13) +
    text(x - w / 2, cy + 6, label, { size: 16, weight: 700, fill: ink, anchor: "middle" })
  );
}

/** The detail's title (bold, 18) and what stands at its right. */
export const titleRow = (title: string, aside = "") => text(left, 72, title, { size: 18, weight: 700 }) + aside;

export interface Row {
  title: string;
  note?: string;
  /** Drawn at the row's right, given the row's vertical centre. */
  end?: (cy: number) => string;
  /** Drawn left of the title (an avatar, a checkbox, a mark), given the row's vertical centre; shifts the text. */
  start?: (cy: number) => string;
  highlight?: boolean;
  /** A progress bar under the title instead of a note: the share filled and its colour. */
  bar?: [number, string];
}

/** A white card of rows from y = 88: a bold title, a muted note under it, something at the right. */
export function rows(list: Row[], rowHeight = 54): string {
  const top = 88;
  let out = rect(left - 8, top, right - left + 16, list.length * rowHeight, c.white, 10, `stroke="${c.line}"`);
  list.forEach((row, i) => {
    const y = top + i * rowHeight;
    const cy = y + rowHeight / 2;
    if (row.highlight)
      out += rect(left - 7, y + 1, right - left + 14, rowHeight - 2, c.brandFaint, i === list.length - 1 ? 9 : 0);
    if (i > 0) out += rect(left - 8, y, right - left + 16, 1, c.line);
    const x = row.start ? left + 36 : left;
    if (row.start) out += row.start(cy);
    // With a note or a bar the title and the figure move up; the row's centre (cy) stays the layout's.
    const line = row.note || row.bar ? cy - 3 : cy + 6;
    out += text(x, line, row.title, { size: 16, weight: 700 });
    if (row.note) out += text(x, cy + 17, row.note, { size: 16, fill: c.muted });
    if (row.bar) {
      const [share, fill] = row.bar;
      out += rect(x, cy + 9, right - x, 8, c.line, 4) + rect(x, cy + 9, (right - x) * share, 8, fill, 4);
    }
    if (row.end) out += row.end(row.bar ? cy - 9 : cy);
  });
  return out;
}

export const figure =
  (value: string, fill: string = c.ink) =>
  (cy: number) =>
    text(right, cy + 6, value, { size: 16, weight: 700, fill, anchor: "end" });

export const dot = (fill: string) => (cy: number) => `<circle cx="${left + 12}" cy="${cy - 8}" r="6" fill="${fill}"/>`;

export const initials = (letters: string, fill: string) => (cy: number) =>
  `<circle cx="${left + 14}" cy="${cy}" r="16" fill="${fill}"/>` +
  text(left + 14, cy + 6, letters, { size: 16, weight: 700, fill: c.white, anchor: "middle" });

export const receipt = (cy: number) =>
  `<path d="M${left + 4} ${cy - 20}h14l6 6v20h-20z" fill="${c.brandSoft}" stroke="${c.brand}" stroke-width="1.5"/>`;

/** A label at a row's right in regular weight. */
export const plain =
  (value: string, fill: string = c.ink) =>
  (cy: number) =>
    text(right, cy + 6, value, { size: 16, fill, anchor: "end" });

/** A step's mark at a row's left: ticked when done, its number in a ring when current or to come. */
export const step = (n: number, state: "done" | "current" | "next") => (cy: number) => {
  const cx = left + 14;
  if (state === "done")
    return (
      `<circle cx="${cx}" cy="${cy}" r="14" fill="${c.brand}"/>` +
      `<path d="M${cx - 6} ${cy}l4 4 8-9" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`
    );
  const ink = state === "current" ? c.brand : c.muted;
  return (
    `<circle cx="${cx}" cy="${cy}" r="13" fill="${c.white}" stroke="${ink}" stroke-width="2"/>` +
    text(cx, cy + 6, String(n), { size: 16, weight: 700, fill: ink, anchor: "middle" })
  );
};
