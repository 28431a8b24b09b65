/**
 * A detail of each product screen for phones: the screen's key figures redrawn at phone scale in the same
 * application (compact.ts: the CRM's bar, the app's name, the active tab). Shown instead of the whole screen
 * below 640 px, where the whole screen's text would be about 5 px, and on the home page's feature cards.
 * Named `<screen>-detail`.
 */
import { chip, compactWindow, figure, dot, initials, left, receipt, right, rows, titleRow } from "./compact.ts";
import { c, checkbox, text } from "./parts.ts";
import type { screens } from "./screens.ts";

type ScreenKey = keyof typeof screens;

export const detailDrawings = {
  timesheet: () =>
    compactWindow(
      "Timesheets",
      titleRow("Week of Mar 3", chip(right, 66, "40.00 h", c.brand, c.white)) +
        rows([
          { title: "Acme Rollout", note: "Configuration", start: dot(c.brand), end: figure("13.00") },
          { title: "Northwind Audit", note: "Fieldwork", start: dot(c.brand), end: figure("13.50") },
          { title: "Internal", note: "Team meeting", start: dot(c.faint), end: figure("1.75", c.muted) },
        ]),
    ),
  "expense-report": () =>
    compactWindow(
      "Expenses",
      titleRow("ER-0142", chip(right, 66, "Submitted", c.blueSoft, c.blue)) +
        rows([
          { title: "Hotel", note: "Lakeview Hotel", start: receipt, end: figure("538.00") },
          { title: "Airfare", note: "Skyline Air", start: receipt, end: figure("412.80") },
          { title: "Reimbursable", end: figure("USD 1,284.60", c.brandDark), highlight: true },
        ]),
    ),
  "project-board": () =>
    compactWindow(
      "Projects",
      titleRow("Acme Rollout") +
        rows([
          { title: "Hours", bar: [0.64, c.brand], end: figure("412 of 640 h") },
          { title: "Budget, USD", bar: [0.64, c.accent], end: figure("61,800 of 96,000") },
          { title: "Billable", bar: [0.91, c.blue], end: figure("91 %") },
        ]),
    ),
  invoice: () =>
    compactWindow(
      "Billing",
      titleRow("INV-2041", chip(right, 66, "Approved", c.greenSoft, c.green)) +
        rows([
          { title: "Fieldwork", note: "28.5 h × 150.00", end: figure("4,275.00") },
          { title: "Hotel, Chicago", note: "Expense at cost", end: figure("538.00") },
          { title: "Total USD", end: figure("9,312.60", c.brandDark), highlight: true },
        ]),
    ),
  "resource-planning": () =>
    compactWindow(
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
    compactWindow(
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
    compactWindow(
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
    compactWindow(
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
