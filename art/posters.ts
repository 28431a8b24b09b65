/**
 * The video posters: one per recorded demo, each the product screen the video is about,
 * composed for the 16:9 video frame: the window enlarged and cropped by the frame, and the
 * moment the video is about lifted out of it as a floating card in large type, legible at
 * 540 px. The player draws its own play button and a darkening gradient from the bottom,
 * so the posters carry no play button, keep the centre quiet and their message in the
 * upper two thirds.
 */
import {
  appWindow,
  avatar,
  button,
  c,
  checkbox,
  field,
  heading,
  panel,
  pill,
  posterHeight,
  posterWidth,
  rect,
  select,
  stroke,
  svgDocument,
  text,
} from "./parts.ts";
import { expenseReportWindow, invoiceWindow, projectBoardWindow, timesheetWindow } from "./screens.ts";

/** The frame's backdrop: the brand's deep green, as around the player. */
const backdrop =
  `<linearGradient id="backdrop" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.brandDeep}"/><stop offset="1" stop-color="${c.brandDark}"/></linearGradient>` +
  rect(0, 0, posterWidth, posterHeight, "url(#backdrop)") +
  `<circle cx="1080" cy="90" r="260" fill="${c.brandMid}" opacity="0.35"/><circle cx="90" cy="640" r="200" fill="${c.brandMid}" opacity="0.25"/>`;

/** A window (drawn on the 1200 × 900 screen canvas) placed at x, y and scaled. */
const placed = (window: string, x: number, y: number, scale: number) =>
  `<g transform="translate(${x} ${y}) scale(${scale})">${window}</g>`;

/** A floating card lifted off the screen. */
const card = (x: number, y: number, w: number, h: number) => rect(x, y, w, h, c.white, 18, 'filter="url(#lift)"');

/** A dim veil over the window, so the floating card reads as the subject. */
const veil = (opacity = 0.12) => rect(0, 0, posterWidth, posterHeight, c.brandDark, 0, `opacity="${opacity}"`);

const poster = (content: string) => svgDocument(posterWidth, posterHeight, backdrop + content);

/** A card's title row: an icon tile and the title. */
function cardTitle(x: number, y: number, title: string, icon: string) {
  return (
    rect(x, y, 44, 44, c.brandFaint, 12) +
    `<g transform="translate(${x + 10} ${y + 10})">${icon}</g>` +
    text(x + 60, y + 31, title, { size: 24, weight: 700 })
  );
}

const icons = {
  clock: `<circle cx="12" cy="12" r="10" fill="none" stroke="${c.brand}" stroke-width="2.5"/><path d="M12 6.5V12l4 2.5" fill="none" stroke="${c.brand}" stroke-width="2.5" stroke-linecap="round"/>`,
  receipt: `<path d="M5 2h14v20l-3.5-2-3.5 2-3.5-2L5 22z" fill="none" stroke="${c.brand}" stroke-width="2.2" stroke-linejoin="round"/><path d="M9 8h6M9 12h6" stroke="${c.brand}" stroke-width="2.2" stroke-linecap="round"/>`,
  people: `<circle cx="9" cy="8" r="4" fill="none" stroke="${c.brand}" stroke-width="2.2"/><path d="M2 21c0-4 3-6 7-6s7 2 7 6" fill="none" stroke="${c.brand}" stroke-width="2.2" stroke-linecap="round"/><path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 15c2.5.6 4 2.5 4 6" fill="none" stroke="${c.brand}" stroke-width="2.2" stroke-linecap="round"/>`,
  send: `<path d="M3 11 21 3l-7 18-3-7z" fill="none" stroke="${c.brand}" stroke-width="2.2" stroke-linejoin="round"/>`,
  list: `<path d="M8 6h13M8 12h13M8 18h13" stroke="${c.brand}" stroke-width="2.2" stroke-linecap="round"/><circle cx="3.5" cy="6" r="1.6" fill="${c.brand}"/><circle cx="3.5" cy="12" r="1.6" fill="${c.brand}"/><circle cx="3.5" cy="18" r="1.6" fill="${c.brand}"/>`,
};

/** A small toast-like chip: a tick in a circle and one line of text. */
function confirmation(x: number, y: number, w: number, label: string, detail: string) {
  return (
    card(x, y, w, 76) +
    `<circle cx="${x + 38}" cy="${y + 38}" r="18" fill="${c.greenSoft}"/><path d="M${x + 30} ${y + 38}l5 5 10-11" fill="none" stroke="${c.green}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
    text(x + 68, y + 33, label, { size: 20, weight: 700 }) +
    text(x + 68, y + 58, detail, { size: 17, fill: c.muted })
  );
}

/** Home: the product tour, from timesheet to invoice. */
function promo(): string {
  let art = placed(timesheetWindow({ focus: false }), -10, 76, 0.62);
  art += placed(invoiceWindow(), 470, 170, 0.62);
  art += confirmation(40, 28, 380, "Timesheet approved", "Alex Morgan · 40.00 h");
  art += confirmation(750, 60, 410, "Invoice INV-2041 sent", "Northwind Traders · USD 9,312.60");
  return poster(art);
}

/** /demo-timesheet: a week of decimal hours, one cell being typed. */
function demoTimesheet(): string {
  let art = placed(timesheetWindow({ actions: false }), -90, -52, 1.3);
  art += veil();
  const x = 760;
  const y = 40;
  art += card(x, y, 400, 330);
  art += text(x + 28, y + 46, "Thu 6 · Acme Rollout", { size: 22, weight: 700 });
  art += text(x + 28, y + 76, "Training · billable", { size: 18, fill: c.muted });
  art += field(x + 28, y + 118, 170, "Hours", "3.5", { size: 26, focus: true, suffix: "h" });
  art += text(x + 216, y + 170, "= 3 h 30 min", { size: 18, fill: c.muted });
  art += checkbox(x + 28, y + 226, true, 26) + text(x + 66, y + 246, "Billable", { size: 19 });
  art += text(x + 28, y + 298, "Week total 40.00 h", { size: 20, weight: 700, fill: c.brandDeep });
  return poster(art);
}

/** /demo-timer: the running timer, with Stop, Update and Complete. */
function demoTimer(): string {
  let art = placed(timesheetWindow({ focus: false }), 0, 40, 0.95);
  art += veil(0.2);
  const x = 600;
  const y = 36;
  art += card(x, y, 560, 380);
  art +=
    `<circle cx="${x + 40}" cy="${y + 48}" r="9" fill="${c.accent}"/>` +
    text(x + 60, y + 55, "Running", { size: 19, weight: 700, fill: c.accent });
  art += text(x + 532, y + 55, "Started 09:12", { size: 18, fill: c.muted, anchor: "end" });
  art += text(x + 30, y + 150, "01:24:36", { size: 84, weight: 700, fill: c.brandDark, extra: 'letter-spacing="2"' });
  art += text(x + 30, y + 200, "Acme Rollout · Configuration", { size: 22, weight: 700 });
  art += text(x + 30, y + 232, "Approval workflow for purchase orders", { size: 18, fill: c.muted });
  art +=
    button(x + 30, y + 268, 140, "Stop", false, 19) +
    button(x + 184, y + 268, 150, "Update", false, 19) +
    button(x + 348, y + 268, 182, "Complete", true, 19);
  art += text(x + 30, y + 355, "Rounded up to the next 15 min: 1.50 h", { size: 17, fill: c.muted });
  return poster(art);
}

/** /demo-new-te: a new expense with its receipt, next to the time entry just saved. */
function demoNewEntry(): string {
  let art = placed(expenseReportWindow(), -40, 76, 1.05);
  art += veil(0.16);
  const x = 610;
  const y = 30;
  art += card(x, y, 550, 420);
  art += cardTitle(x + 28, y + 24, "New expense", icons.receipt);
  art += field(x + 28, y + 110, 230, "Amount", "86.40", { size: 22, focus: true, suffix: "USD" });
  art += select(x + 280, y + 110, 242, "Type", "Meals", 22);
  art += field(x + 28, y + 206, 230, "Vendor", "Corner Bistro", { size: 20 });
  art += select(x + 280, y + 206, 242, "Account", "6230 Meals", 20);
  // The attached receipt.
  art += rect(x + 28, y + 304, 494, 88, c.brandFaint, 12, stroke(c.brandSoft, 1.5));
  art += `<path d="M${x + 50} ${y + 318}h40v52l-6.7-4-6.7 4-6.6-4-6.7 4-6.6-4-6.7 4z" fill="${c.white}" stroke="${c.brand}" stroke-width="2" stroke-linejoin="round"/>`;
  art += rect(x + 58, y + 332, 24, 4, c.brandSoft, 2) + rect(x + 58, y + 342, 18, 4, c.brandSoft, 2);
  art += text(x + 108, y + 342, "receipt-corner-bistro.jpg", { size: 19, weight: 700 });
  art += text(x + 108, y + 370, "Attached · photo, 1.2 MB", { size: 17, fill: c.muted });
  art += confirmation(40, 40, 400, "Time entry saved", "Northwind Audit · 2.50 h");
  return poster(art);
}

/** /demo-project-allocation: a person assigned to a deliverable on the project's allocation grid. */
function demoAllocation(): string {
  let art = placed(projectBoardWindow({ actions: false }), -60, -170, 1.15);
  art += veil();
  const x = 690;
  const y = 26;
  art += card(x, y, 470, 452);
  art += cardTitle(x + 28, y + 24, "Assign to deliverable", icons.people);
  art += avatar(x + 52, y + 118, "JL", c.blue, 24);
  art +=
    text(x + 88, y + 112, "Jordan Lee", { size: 21, weight: 700 }) +
    text(x + 88, y + 138, "Developer · 32 h free in March", { size: 17, fill: c.muted });
  art += select(x + 28, y + 190, 414, "Deliverable", "Integrations", 20);
  art += field(x + 28, y + 286, 195, "From", "Mar 10", { size: 20 });
  art += field(x + 247, y + 286, 195, "Hours a week", "20", { size: 20, focus: true, suffix: "h" });
  art += pill(x + 28, y + 388, "Fits capacity", c.greenSoft, c.green, 15);
  art += button(x + 312, y + 380, 130, "Assign", true, 18);
  return poster(art);
}

/** A timesheet in the Classic UI: the project and activity of a line, the activity list open. */
function classicTimesheet(): string {
  let art = placed(timesheetWindow({ focus: false, actions: false }), -60, -80, 1.35);
  art += veil();
  const x = 640;
  const y = 40;
  art += card(x, y, 500, 420);
  art += cardTitle(x + 28, y + 24, "Activity type", icons.list);
  art += text(x + 28, y + 104, "Acme Rollout · line 2", { size: 18, fill: c.muted });
  const options = ["Configuration", "Training", "Design", "Development", "Travel"];
  options.forEach((label, i) => {
    const oy = y + 124 + i * 56;
    const chosen = i === 1;
    if (chosen) art += rect(x + 16, oy, 468, 52, c.brandFaint, 10, stroke(c.brand, 2));
    art += text(x + 36, oy + 34, label, { size: 21, weight: chosen ? 700 : 400, fill: chosen ? c.brandDark : c.ink });
    if (chosen)
      art += `<path d="M${x + 446} ${oy + 26}l6 6 12-13" fill="none" stroke="${c.brand}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
  return poster(art);
}

/** A CRM case with the Capture Time dialog open: time logged without leaving the case. */
function caseWindow(): string {
  let body = heading("Case 00012873", "Globex · Sync fails after the March upgrade · high priority");
  body += panel(64, 236, 520, 598);
  body += text(88, 274, "Details", { size: 17, weight: 700 });
  const details: [string, string][] = [
    ["Account", "Globex"],
    ["Contact", "Hannah Weber"],
    ["Status", "Working"],
    ["Owner", "Alex Morgan"],
    ["Opened", "Mar 5, 08:40"],
  ];
  details.forEach(([label, value], i) => {
    const y = 314 + i * 58;
    body += text(88, y, label, { size: 14, weight: 700, fill: c.muted }) + text(88, y + 24, value, { size: 16 });
  });
  body += panel(604, 236, 532, 598);
  body += text(628, 274, "Time on this case", { size: 17, weight: 700 });
  const history: [string, string, string][] = [
    ["Mar 5", "Collected logs, reproduced the error", "0.75 h"],
    ["Mar 6", "Patched field mapping in staging", "1.50 h"],
  ];
  history.forEach(([date, what, hours], i) => {
    const y = 314 + i * 60;
    body +=
      text(628, y, date, { size: 14, fill: c.muted }) +
      text(628, y + 24, what, { size: 16 }) +
      text(1112, y + 24, hours, { size: 16, weight: 700, anchor: "end" });
  });
  return appWindow(null, body);
}

function classicCase(): string {
  let art = placed(caseWindow(), -60, -40, 1.2);
  art += veil();
  const x = 640;
  const y = 28;
  art += card(x, y, 520, 470);
  art += cardTitle(x + 28, y + 24, "Capture Time", icons.clock);
  art += select(x + 28, y + 110, 464, "Project · Globex only", "Globex Support", 20);
  art += field(x + 28, y + 196, 140, "Hours", "1.25", { size: 20, focus: true });
  art += select(x + 188, y + 196, 304, "Activity", "Case work", 20);
  art += field(x + 28, y + 282, 464, "Description", "Verified the fix with the customer", { size: 18 });
  art += checkbox(x + 28, y + 372, true, 26) + text(x + 66, y + 392, "Publish as a case comment", { size: 19 });
  art += button(x + 342, y + 414, 150, "Save", true, 18);
  return poster(art);
}

/** A phone showing the mobile app; x, y is its top-left corner. */
function phone(x: number, y: number, title: string, content: string) {
  return (
    rect(x, y, 290, 560, "#101a1f", 44, 'filter="url(#lift)"') +
    rect(x + 12, y + 12, 266, 536, c.surface, 34) +
    `<svg x="${x + 12}" y="${y + 12}" width="266" height="536">` +
    rect(0, 0, 266, 112, c.brandDark) +
    rect(93, 12, 80, 22, "#101a1f", 11) +
    text(24, 88, title, { size: 24, weight: 700, fill: c.white }) +
    content +
    `</svg>`
  );
}

/** Time on a phone: hours as the visitor thinks of them, and check-in at a customer site. */
function classicMobile(): string {
  let art = phone(
    150,
    40,
    "Log time",
    [
      text(24, 150, "Project", { size: 16, weight: 700, fill: c.muted }),
      text(24, 178, "Acme Rollout", { size: 21, weight: 700 }),
      text(24, 226, "Hours", { size: 16, weight: 700, fill: c.muted }),
      rect(24, 238, 218, 64, c.white, 12, stroke(c.brand, 2.5)),
      text(42, 282, "1:30", { size: 30, weight: 700 }),
      text(226, 280, "= 1.5 h", { size: 19, fill: c.brand, weight: 700, anchor: "end" }),
      text(24, 340, "90 min, 1:30 or 1.5", { size: 16, fill: c.muted }),
      rect(24, 372, 218, 56, c.brand, 12),
      text(133, 408, "Save", { size: 21, weight: 700, fill: c.white, anchor: "middle" }),
      rect(24, 452, 218, 1, c.line),
      text(24, 484, "Today", { size: 16, weight: 700, fill: c.muted }),
      text(242, 484, "6.50 h", { size: 16, weight: 700, anchor: "end" }),
    ].join(""),
  );
  art += phone(
    760,
    40,
    "Check in",
    [
      rect(0, 112, 266, 190, c.brandFaint),
      `<path d="M0 200 Q80 160 140 210 T266 190" fill="none" stroke="${c.brandSoft}" stroke-width="14"/>`,
      `<path d="M60 112v190M190 112v190" stroke="${c.white}" stroke-width="8"/>`,
      `<path d="M133 168c-16 0-28 12-28 27 0 20 28 47 28 47s28-27 28-47c0-15-12-27-28-27z" fill="${c.accent}"/><circle cx="133" cy="195" r="10" fill="#fff"/>`,
      text(24, 340, "Acme Corporation", { size: 21, weight: 700 }),
      text(24, 368, "Plant 2, Dayton · 0.1 mi", { size: 16, fill: c.muted }),
      rect(24, 394, 218, 56, c.brand, 12),
      text(133, 430, "Check in 08:52", { size: 20, weight: 700, fill: c.white, anchor: "middle" }),
      rect(24, 470, 218, 1, c.line),
      text(24, 500, "Last visit: Mar 4, 6.0 h", { size: 16, fill: c.muted }),
    ].join(""),
  );
  return poster(art);
}

/** Submitting the week: the totals in the footer and the confirmation before it goes to the approver. */
function classicSubmit(): string {
  let art = placed(timesheetWindow({ focus: false }), -70, -300, 1.2);
  art += veil();
  const x = 660;
  const y = 30;
  art += card(x, y, 500, 436);
  art += cardTitle(x + 28, y + 24, "Submit for approval", icons.send);
  const rows: [string, string][] = [
    ["Week", "3 – 9 March"],
    ["Hours", "40.00 h"],
    ["Billable", "38.25 h"],
    ["Per diem", "2 days · Chicago"],
    ["Approver", "Priya Shah"],
  ];
  rows.forEach(([label, value], i) => {
    const ry = y + 116 + i * 50;
    art +=
      text(x + 28, ry, label, { size: 19, fill: c.muted }) +
      text(x + 472, ry, value, { size: 20, weight: 700, anchor: "end" });
    art += rect(x + 28, ry + 18, 444, 1, c.line);
  });
  art += text(x + 28, y + 392, "Entries lock until approved", { size: 17, fill: c.muted });
  art += button(x + 322, y + 364, 150, "Submit", true, 19);
  return poster(art);
}

/** Every video poster, by artwork name. */
export const posters = {
  "poster-tour": promo,
  "poster-timesheet": demoTimesheet,
  "poster-timer": demoTimer,
  "poster-new-entry": demoNewEntry,
  "poster-allocation": demoAllocation,
  "poster-classic-timesheet": classicTimesheet,
  "poster-classic-case": classicCase,
  "poster-classic-mobile": classicMobile,
  "poster-classic-submit": classicSubmit,
} as const satisfies Record<`poster-${string}`, () => string>;
