/**
 * A detail of each product screen for phones: the screen's key figures redrawn at phone scale in the same
 * application (the CRM's bar, the app's name, the active tab), on a 360 × 270 view (4:3, so it takes the
 * screen's box and the same rasters). Shown instead of the whole screen below 640 px, where the whole
 * screen's text would be about 5 px, and on the home page's feature cards. Every text is at least
 * `detailMinimumSize` units: 11 CSS px or more at 254 px wide, the narrowest any page shows one at 320 px
 * (tests/e2e/art-legibility.spec.ts). Named `<screen>-detail`.
 */
import { c, checkbox, rect, screenHeight, screenWidth, svgDocument, text, textWidth, type Module } from "./parts.ts";
import type { screens } from "./screens.ts";

type ScreenKey = keyof typeof screens;

export const detailWidth = 360;
export const detailHeight = 270;
/** The smallest text of a detail, in view units. */
export const detailMinimumSize = 16;

const left = 22;
const right = 338;

/** The window, the CRM's bar with the launcher, the app's name and its active tab, and a surface below. */
function detailWindow(active: Module, body: string): string {
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
    .replace(`viewBox="0 0 ${screenWidth} ${screenHeight}"`, `viewBox="0 0 ${detailWidth} ${detailHeight}"`)
    .replace(
      "</defs>",
      `<filter id="detail-shadow" x="-10%" y="-10%" width="120%" height="125%"><feDropShadow dx="0" dy="3" stdDeviation="4" flood-color="#0b2a3a" flood-opacity="0.18"/></filter>
<clipPath id="detail-window"><rect x="10" y="8" width="340" height="252" rx="12"/></clipPath></defs>`,
    );
}

/** A label on a soft or solid chip, its right edge at `x`, centred on `cy`. */
function chip(x: number, cy: number, label: string, fill: string, ink: string) {
  const w = Math.round(textWidth(label, 16, 700) + 20);
  return (
    rect(x - w, cy - 13, w, 26, fill, 13) +
    text(x - w / 2, cy + 6, label, { size: 16, weight: 700, fill: ink, anchor: "middle" })
  );
}

/** The detail's title (bold, 18) and what stands at its right. */
const titleRow = (title: string, aside = "") => text(left, 72, title, { size: 18, weight: 700 }) + aside;

interface Row {
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
function rows(list: Row[], rowHeight = 54): string {
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

const figure =
  (value: string, fill: string = c.ink) =>
  (cy: number) =>
    text(right, cy + 6, value, { size: 16, weight: 700, fill, anchor: "end" });

const dot = (fill: string) => (cy: number) => `<circle cx="${left + 12}" cy="${cy - 8}" r="6" fill="${fill}"/>`;

const initials = (letters: string, fill: string) => (cy: number) =>
  `<circle cx="${left + 14}" cy="${cy}" r="16" fill="${fill}"/>` +
  text(left + 14, cy + 6, letters, { size: 16, weight: 700, fill: c.white, anchor: "middle" });

const receipt = (cy: number) =>
  `<path d="M${left + 4} ${cy - 20}h14l6 6v20h-20z" fill="${c.brandSoft}" stroke="${c.brand}" stroke-width="1.5"/>`;

export const detailDrawings = {
  timesheet: () =>
    detailWindow(
      "Timesheets",
      titleRow("Week of Mar 3", chip(right, 66, "40.00 h", c.brand, c.white)) +
        rows([
          { title: "Acme Rollout", note: "Configuration", start: dot(c.brand), end: figure("13.00") },
          { title: "Northwind Audit", note: "Fieldwork", start: dot(c.brand), end: figure("13.50") },
          { title: "Internal", note: "Team meeting", start: dot(c.faint), end: figure("1.75", c.muted) },
        ]),
    ),
  "expense-report": () =>
    detailWindow(
      "Expenses",
      titleRow("ER-0142", chip(right, 66, "Submitted", c.blueSoft, c.blue)) +
        rows([
          { title: "Hotel", note: "Lakeview Hotel", start: receipt, end: figure("538.00") },
          { title: "Airfare", note: "Skyline Air", start: receipt, end: figure("412.80") },
          { title: "Reimbursable", end: figure("USD 1,284.60", c.brandDark), highlight: true },
        ]),
    ),
  "project-board": () =>
    detailWindow(
      "Projects",
      titleRow("Acme Rollout") +
        rows([
          { title: "Hours", bar: [0.64, c.brand], end: figure("412 of 640 h") },
          { title: "Budget, USD", bar: [0.64, c.accent], end: figure("61,800 of 96,000") },
          { title: "Billable", bar: [0.91, c.blue], end: figure("91 %") },
        ]),
    ),
  invoice: () =>
    detailWindow(
      "Billing",
      titleRow("INV-2041", chip(right, 66, "Approved", c.greenSoft, c.green)) +
        rows([
          { title: "Fieldwork", note: "28.5 h × 150.00", end: figure("4,275.00") },
          { title: "Hotel, Chicago", note: "Expense at cost", end: figure("538.00") },
          { title: "Total USD", end: figure("9,312.60", c.brandDark), highlight: true },
        ]),
    ),
  "resource-planning": () =>
    detailWindow(
      "Resources",
      titleRow("Week of Mar 17", chip(right, 66, "2 over", c.redSoft, c.red)) +
        rows([
          {
            title: "Priya Shah",
            note: "Project lead",
            start: initials("PS", c.brand),
            end: (cy) => chip(right, cy, "46 h", c.redSoft, c.red),
          },
          {
            title: "Daniel Okafor",
            note: "Architect",
            start: initials("DO", c.green),
            end: (cy) => chip(right, cy, "44 h", c.redSoft, c.red),
          },
          {
            title: "Sam Kim",
            note: "Trainer",
            start: initials("SK", c.amberInk),
            end: (cy) => chip(right, cy, "16 h", c.greenSoft, c.green),
          },
        ]),
    ),
  "billing-run": () =>
    detailWindow(
      "Billing",
      titleRow(
        "March run",
        text(right, 72, "USD 30,167.60", { size: 18, weight: 700, fill: c.brandDark, anchor: "end" }),
      ) +
        rows([
          {
            title: "Acme Rollout",
            note: "Time and materials",
            start: (cy) => checkbox(left, cy - 11, true, 22),
            end: figure("14,650.00"),
          },
          {
            title: "Globex Support",
            note: "Retainer",
            start: (cy) => checkbox(left, cy - 11, true, 22),
            end: figure("2,180.00"),
          },
          {
            title: "Initech",
            note: "Fixed fee, milestone 2",
            start: (cy) => checkbox(left, cy - 11, true, 22),
            end: figure("4,025.00"),
          },
        ]),
    ),
  "time-off": () =>
    detailWindow(
      "Time Off",
      titleRow("To approve", text(right, 72, "2 requests", { size: 16, fill: c.muted, anchor: "end" })) +
        rows([
          {
            title: "Rosa Blanco",
            note: "Vacation · Apr 24–25",
            start: initials("RB", c.plum),
            end: (cy) => chip(right, cy, "Approve", c.brand, c.white),
          },
          {
            title: "Jordan Lee",
            note: "Personal · Apr 17",
            start: initials("JL", c.blue),
            end: (cy) => chip(right, cy, "Approve", c.brand, c.white),
          },
          { title: "My vacation", bar: [0.7, c.brand], end: figure("17.5 of 25 days", c.muted) },
        ]),
    ),
  payroll: () =>
    detailWindow(
      "Payroll",
      titleRow("Mar 1–15", chip(right, 66, "Ready", c.greenSoft, c.green)) +
        rows([
          { title: "Regular hours", note: "Earning code REG", end: figure("1,824.0") },
          { title: "Overtime", note: "Earning code OT15", end: figure("36.5") },
          { title: "Time off", note: "Earning code VAC", end: figure("72.0") },
        ]),
    ),
} as const satisfies Record<ScreenKey, () => string>;

export const details = Object.fromEntries(
  Object.entries(detailDrawings).map(([screen, draw]) => [`${screen}-detail`, draw]),
) as { [K in ScreenKey as `${K}-detail`]: () => string };
