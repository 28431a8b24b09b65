/**
 * One picture per claim of the feature pages (issue #34 point 4): each section of a feature page shows the
 * part of the application that makes its point, drawn like the phone details (compact.ts) so it reads at
 * every width. Named `claim-<page>-<point>`; app/features/catalog/claims.ts pairs them with the sections.
 * The figures agree with the product screens (screens.ts): the same people, projects and amounts.
 */
import {
  chip,
  compactWindow,
  figure,
  initials,
  left,
  plain,
  receipt,
  right,
  rows,
  step,
  titleRow,
  type Row,
} from "./compact.ts";
import { c, text } from "./parts.ts";

const billable = (cy: number) => chip(right, cy, "Billable", c.brandSoft, c.brandDark);
const nonBillable = (cy: number) => chip(right, cy, "Non-billable", c.surface, c.muted);
const done =
  (label = "Done") =>
  (cy: number) =>
    chip(right, cy, label, c.greenSoft, c.green);
const waiting = (label: string) => (cy: number) => chip(right, cy, label, c.amberSoft, c.amberInk);
const tag = (label: string, fill: string, ink: string) => (cy: number) => chip(right, cy, label, fill, ink);
const title = (value: string, aside = "") => titleRow(value, aside);
const asideText = (value: string) => text(right, 72, value, { size: 16, fill: c.muted, anchor: "end" });
const card = (tab: string, heading: string, list: Row[], aside = "", rowHeight?: number) =>
  compactWindow(tab, title(heading, aside) + rows(list, rowHeight));

const reminders = () =>
  card("Timesheets", "Reminders", [
    { title: "Fri 15:00", note: "Submit your timesheet", end: done("Sent") },
    { title: "Mon 09:00", note: "To the 1 still missing", end: done("Sent") },
    { title: "Mon 12:00", note: "Their manager is told", end: waiting("Planned") },
  ]);

export const claims = {
  // Billing
  "claim-billing-source": () =>
    card("Timesheets", "Mon 3 · entries", [
      { title: "Acme Rollout", note: "Configuration · 2.50 h", end: billable },
      { title: "Globex Support", note: "Case work · 1.00 h", end: billable },
      { title: "Internal", note: "Team meeting · 0.50 h", end: nonBillable },
    ]),
  "claim-billing-expenses": () =>
    card(
      "Expenses",
      "Hotel · Mar 4",
      [
        { title: "Amount", end: figure("538.00") },
        { title: "Vendor", end: plain("Lakeview Hotel") },
        { title: "Account", end: plain("6210 Lodging") },
        { title: "Receipt", end: (cy) => receipt(cy + 8).replace(`M${left + 4}`, `M${right - 24}`) },
      ],
      asideText("Re-billable"),
      40,
    ),
  "claim-billing-reports": () =>
    card(
      "Home",
      "Unbilled, approved",
      [
        { title: "Acme Rollout", bar: [0.95, c.brand], end: figure("96.5 h") },
        { title: "Northwind Audit", bar: [0.56, c.brand], end: figure("56.5 h") },
        { title: "Globex Support", bar: [0.25, c.brand], end: figure("24.5 h") },
      ],
      asideText("Report"),
    ),
  "claim-billing-accounting": () =>
    card("Billing", "Export to accounting", [
      { title: "INV-2041", note: "Northwind · 9,312.60", end: done("Sent") },
      { title: "INV-2042", note: "Acme · 14,650.00", end: done("Sent") },
      { title: "INV-2043", note: "Globex · 2,180.00", end: waiting("Queued") },
    ]),
  "claim-billing-inside": () =>
    card(
      "Account",
      "Northwind Traders",
      [
        { title: "Opportunity", end: plain("Renewal FY27") },
        { title: "Unbilled time", end: figure("56.5 h") },
        { title: "Last invoice", end: plain("INV-2041") },
        { title: "Open projects", end: figure("1") },
      ],
      "",
      40,
    ),

  // Payroll
  "claim-payroll-periods": () =>
    card("Payroll", "Pay periods", [
      { title: "Weekly", end: plain("Mon – Sun", c.muted) },
      { title: "Semimonthly", end: plain("1–15 · 16–end"), highlight: true },
      { title: "Monthly", end: plain("Calendar month", c.muted) },
    ]),
  "claim-payroll-approved": () =>
    card("Payroll", "Mar 1–15", [
      { title: "Alex Morgan", note: "80.0 h", start: initials("AM", c.accent), end: done("Approved") },
      { title: "Priya Shah", note: "80.0 h", start: initials("PS", c.brand), end: done("Approved") },
      { title: "Daniel Okafor", note: "Held back", start: initials("DO", c.green), end: waiting("Pending") },
    ]),
  "claim-payroll-employee": () =>
    card(
      "Payroll",
      "Alex Morgan",
      [
        { title: "Regular", end: figure("80.0 h") },
        { title: "Overtime", end: figure("2.5 h") },
        { title: "Time off", end: plain("–", c.muted) },
        { title: "Expenses", end: figure("185.00") },
      ],
      asideText("Mar 1–15"),
      40,
    ),
  "claim-payroll-reminders": reminders,
  "claim-payroll-provider": () =>
    card(
      "Payroll",
      "Earning codes",
      [
        { title: "Regular hours", end: figure("REG", c.brandDeep) },
        { title: "Overtime", end: figure("OT15", c.brandDeep) },
        { title: "Vacation", end: figure("VAC", c.brandDeep) },
        { title: "Per diem", end: figure("PDM", c.brandDeep) },
      ],
      text(right, 72, "Connected", { size: 16, weight: 700, fill: c.green, anchor: "end" }),
      40,
    ),

  // Projects
  "claim-project-activities": () =>
    card(
      "Projects",
      "Activity types",
      [
        { title: "Configuration", end: billable },
        { title: "Training", end: billable },
        { title: "Workshops", end: billable },
        { title: "Travel", end: nonBillable },
      ],
      "",
      40,
    ),
  "claim-project-access": () =>
    card("Projects", "Who books time", [
      { title: "Alex Morgan", note: "Acme Rollout", start: initials("AM", c.accent), end: plain("1 project", c.muted) },
      { title: "Priya Shah", note: "All projects", start: initials("PS", c.brand), end: plain("Lead", c.muted) },
      { title: "Jordan Lee", note: "Acme, Globex", start: initials("JL", c.blue), end: plain("2 projects", c.muted) },
    ]),
  "claim-project-case": () =>
    card(
      "Case",
      "Case 00412",
      [
        { title: "Sync fails nightly", note: "Globex Support" },
        { title: "0.75 h", note: "Case work · billable", end: done("Logged") },
        { title: "Timer", note: "Running since 14:05", end: plain("0:42", c.brandDark) },
      ],
      asideText("Globex"),
    ),
  "claim-project-actuals": () =>
    card("Projects", "Approved actuals", [
      { title: "Configuration", note: "148 of 200 h", end: figure("USD 22,200") },
      { title: "Training", note: "62 of 80 h", end: figure("USD 7,440") },
      { title: "Go-live", note: "24 of 60 h", end: figure("USD 3,600") },
    ]),
  "claim-project-flow": () =>
    card("Projects", "Acme Rollout", [
      { title: "Project set up", start: step(1, "done"), end: plain("Budget 96,000", c.muted) },
      { title: "People allocated", start: step(2, "done"), end: plain("5 people", c.muted) },
      { title: "Time billed", start: step(3, "current"), end: plain("412 h", c.muted) },
    ]),

  // Resources
  "claim-resource-assign": () =>
    card("Resources", "Acme Rollout", [
      { title: "Alex Morgan", note: "Configuration", start: initials("AM", c.accent), end: figure("50 %") },
      { title: "Jordan Lee", note: "Integrations", start: initials("JL", c.blue), end: figure("100 %") },
      { title: "Rosa Blanco", note: "Workshops", start: initials("RB", c.plum), end: figure("25 %") },
    ]),
  "claim-resource-plan": () =>
    card(
      "Resources",
      "Plan vs actual",
      [
        { title: "Alex Morgan", bar: [0.95, c.brand], end: figure("38 of 40 h") },
        { title: "Priya Shah", bar: [1, c.red], end: figure("44 of 40 h", c.red) },
        { title: "Jordan Lee", bar: [0.9, c.brand], end: figure("36 of 40 h") },
      ],
      asideText("Mar 10"),
    ),
  "claim-resource-availability": () =>
    card("Resources", "Week of Mar 24", [
      { title: "Rosa Blanco", note: "Approved leave", start: initials("RB", c.plum), end: waiting("Leave") },
      { title: "Mei Tanaka", note: "24 of 40 h booked", start: initials("MT", c.teal), end: done("16 h free") },
      {
        title: "Daniel Okafor",
        note: "40 of 40 h booked",
        start: initials("DO", c.green),
        end: tag("Full", c.brandSoft, c.brandDark),
      },
    ]),
  "claim-resource-focus": () =>
    card("Home", "My assignments", [
      { title: "Acme Rollout", note: "Configuration", end: figure("16 h left") },
      { title: "Northwind Audit", note: "Fieldwork", end: figure("8 h left") },
      { title: "Globex Support", note: "Case work", end: figure("4 h left") },
    ]),
  "claim-resource-reports": () =>
    card(
      "Home",
      "Utilization",
      [
        { title: "Priya Shah", bar: [1, c.red], end: figure("115 %", c.red) },
        { title: "Jordan Lee", bar: [1, c.brand], end: figure("100 %") },
        { title: "Mei Tanaka", bar: [0.55, c.green], end: figure("55 %") },
      ],
      asideText("Dashboard"),
    ),
  "claim-resource-roles": () =>
    card("Resources", "Who uses it", [
      { title: "Project managers", note: "Staff their projects" },
      { title: "Resource managers", note: "Balance the team" },
      { title: "Consultants", note: "See their own week" },
    ]),
  "claim-resource-start": () =>
    card("Resources", "Getting started", [
      { title: "Import people", start: step(1, "done"), end: done() },
      { title: "Set capacity", start: step(2, "done"), end: done() },
      { title: "Assign work", start: step(3, "current"), end: waiting("Next") },
    ]),

  // Time and expense items
  "claim-items-entry": () =>
    card(
      "Timesheets",
      "Time entry",
      [
        { title: "Acme Rollout", note: "Configuration", end: figure("2.50 h") },
        { title: "Description", note: "Mapping workshop with IT" },
        { title: "Rounding", note: "Up to the next 15 min" },
      ],
      asideText("Mon 3"),
    ),
  "claim-items-ways": () =>
    card(
      "Timesheets",
      "Ways to enter time",
      [
        { title: "Weekly timesheet", end: plain("Grid", c.muted) },
        { title: "Timer", end: plain("0:42:10", c.brandDark) },
        { title: "From a case", end: plain("Case 00412", c.muted) },
        { title: "On mobile", end: plain("Phone app", c.muted) },
      ],
      "",
      40,
    ),
  "claim-items-next": () =>
    card("Timesheets", "After you submit", [
      { title: "Submitted", start: step(1, "done"), end: plain("Locked", c.muted) },
      { title: "Approved", start: step(2, "current"), end: plain("Manager", c.muted) },
      { title: "Billing, payroll", start: step(3, "next"), end: plain("Finance", c.muted) },
    ]),

  // Time and expense reports
  "claim-reports-status": () =>
    card("Timesheets", "Week of Mar 3", [
      { title: "Draft", start: step(1, "done"), end: plain("Mar 3", c.muted) },
      { title: "Submitted", start: step(2, "done"), end: plain("Mar 7", c.muted) },
      { title: "Approved", start: step(3, "current"), end: done("Today") },
    ]),
  "claim-reports-rules": () =>
    card("Timesheets", "Approval rules", [
      { title: "Acme Rollout", note: "Project lead", end: tag("Manual", c.blueSoft, c.blue) },
      { title: "Internal", note: "On submit", end: tag("Automatic", c.greenSoft, c.green) },
      { title: "Globex Support", note: "Manager", end: tag("Manual", c.blueSoft, c.blue) },
    ]),
  "claim-reports-reminders": reminders,
  "claim-reports-feeds": () =>
    card("Timesheets", "Approved data feeds", [
      { title: "Billing", note: "Invoice lines", end: figure("38.25 h") },
      { title: "Payroll", note: "Earning codes", end: figure("40.00 h") },
      { title: "Reports", note: "Dashboards", end: plain("Live", c.green) },
    ]),
  "claim-reports-flow": () =>
    card("Expenses", "ER-0142", [
      { title: "Submitted", note: "Alex Morgan · Mar 7", start: step(1, "done"), end: done() },
      { title: "Manager review", note: "Priya Shah", start: step(2, "current"), end: waiting("Now") },
      { title: "Finance export", note: "After approval", start: step(3, "next") },
    ]),
  "claim-reports-people": () =>
    card("Timesheets", "Alex's week", [
      { title: "Copy last week", note: "Same lines, no hours", end: plain("1 click", c.muted) },
      { title: "Saved as a draft", note: "Submit when ready", end: done("Saved") },
      { title: "Sent back", note: "With the reason", end: waiting("Fix") },
    ]),

  // Time off
  "claim-time-off-request": () =>
    card(
      "Time Off",
      "Request leave",
      [
        { title: "Type", end: plain("Vacation") },
        { title: "Dates", end: plain("Apr 24 – 25") },
        { title: "Days", end: figure("2.0") },
        { title: "Balance after", end: figure("15.5 days", c.brandDark) },
      ],
      "",
      40,
    ),
  "claim-time-off-approve": () =>
    card("Time Off", "Approval path", [
      { title: "Requested", note: "Rosa Blanco · 2 days", start: step(1, "done"), end: done() },
      { title: "Team lead", note: "Priya Shah approves", start: step(2, "current"), end: waiting("Now") },
      { title: "HR and payroll", note: "Told on approval", start: step(3, "next") },
    ]),
  "claim-time-off-accruals": () =>
    card("Time Off", "Accrual rules", [
      { title: "Vacation", note: "2.08 days a month", end: figure("25 a year") },
      { title: "Sick leave", note: "At the year's start", end: figure("10 a year") },
      { title: "Carry-over", note: "Into next year", end: figure("Up to 5") },
    ]),
  "claim-time-off-balances": () =>
    card("Time Off", "My balances", [
      { title: "Vacation", bar: [0.7, c.brand], end: figure("17.5 of 25") },
      { title: "Sick leave", bar: [0.8, c.blue], end: figure("8 of 10") },
      { title: "Personal", bar: [0.67, c.plum], end: figure("2 of 3") },
    ]),
  "claim-time-off-payroll": () =>
    card("Payroll", "Leave to payroll", [
      { title: "Vacation", note: "Earning code VAC", end: figure("16.0 h") },
      { title: "Sick leave", note: "Earning code SICK", end: figure("8.0 h") },
      { title: "Exported", note: "Mar 1–15 period", end: done("Sent") },
    ]),
  "claim-time-off-team": () =>
    card("Time Off", "Out this week", [
      { title: "Sam Kim", note: "Vacation · to Apr 11", start: initials("SK", c.amberInk), end: waiting("Out") },
      { title: "Mei Tanaka", note: "Sick · Apr 10", start: initials("MT", c.teal), end: waiting("Out") },
      { title: "Jordan Lee", note: "Personal · Apr 17", start: initials("JL", c.blue), end: waiting("Asked") },
    ]),
} as const satisfies Record<`claim-${string}`, () => string>;

export type ClaimName = keyof typeof claims;
