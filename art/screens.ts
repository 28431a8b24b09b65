/**
 * The product screens: original illustrations of the application's screens on the 4:3
 * screen canvas, drawn from the shared parts of parts.ts so they look like one application.
 * We have no product screenshots; these (and the posters built from them, posters.ts) are
 * the source of every raster image of the site. Each `…Window` function draws the window
 * alone, so a poster can place it; `screens` wraps each in its canvas.
 *
 * Pure functions of no input: the same code always yields the same SVG, so the build is
 * deterministic and a file name can carry a hash of its source (see art/manifest.ts).
 */
import {
  appWindow,
  avatar,
  button,
  c,
  checkbox,
  heading,
  panel,
  pill,
  pillWidth,
  rect,
  screen,
  stroke,
  text,
  textWidth,
} from "./parts.ts";

/** Weekly timesheet: hours per day in decimals, billable marks, totals, Save and Submit. */
export function timesheetWindow({
  status = "Draft",
  focus = true,
  actions = true,
}: {
  status?: "Draft" | "Submitted";
  /** Highlight the line and cell being edited. */
  focus?: boolean;
  /** Draw the status and the Save and Submit buttons (a poster may cover them with its card). */
  actions?: boolean;
} = {}): string {
  const days = ["Mon 3", "Tue 4", "Wed 5", "Thu 6", "Fri 7", "Sat 8", "Sun 9"];
  const rows: [string, string, boolean, (number | null)[]][] = [
    ["Acme Rollout", "Configuration", true, [2.5, 3, 4, 1.5, 2, null, null]],
    ["Acme Rollout", "Training", true, [1, null, 2, 3.5, 1.5, null, null]],
    ["Northwind Audit", "Fieldwork", true, [3, 4, 1, 2, 3.5, null, null]],
    ["Globex Support", "Case work", true, [1, 0.5, 0.5, 1, 0.75, null, null]],
    ["Internal", "Team meeting", false, [0.5, 0.5, 0.5, null, 0.25, null, null]],
  ];
  const left = 80;
  const colX = (i: number) => 430 + i * 82;
  let body = heading("Timesheet", "Week of 3 – 9 March · Alex Morgan");
  if (actions) {
    body +=
      status === "Draft"
        ? pill(850, 158, "Draft", c.amberSoft, c.amberInk)
        : pill(815, 158, "Submitted", c.blueSoft, c.blue);
    body += button(930, 154, 90, "Save", false) + button(1032, 154, 100, "Submit", true);
  }
  body += rect(left - 16, 238, 1088, 560, c.white, 14, `stroke="${c.line}"`);
  body += text(left + 4, 276, "Project · Activity", { size: 14, weight: 700, fill: c.muted });
  days.forEach(
    (d, i) =>
      (body += text(colX(i) + 30, 276, d, {
        size: 14,
        weight: 700,
        fill: i > 4 ? c.faint : c.muted,
        anchor: "middle",
      })),
  );
  body += text(1110, 276, "Total", { size: 14, weight: 700, fill: c.muted, anchor: "end" });
  body += rect(left - 16, 292, 1088, 2, c.line);
  const totals = Array<number>(7).fill(0);
  rows.forEach(([project, activity, billable, hours], r) => {
    const y = 300 + r * 80;
    if (focus && r === 1) body += rect(left - 14, y, 1084, 78, c.brandFaint);
    body += `<circle cx="${left + 10}" cy="${y + 32}" r="6" fill="${billable ? c.brand : c.faint}"/>`;
    body += text(left + 28, y + 30, project, { size: 17, weight: 700 });
    body += text(left + 28, y + 54, activity + (billable ? " · billable" : " · non-billable"), {
      size: 14,
      fill: c.muted,
    });
    let sum = 0;
    hours.forEach((h, i) => {
      const x = colX(i);
      body += rect(
        x,
        y + 16,
        60,
        40,
        h === null ? c.surface : c.white,
        8,
        focus && r === 1 && i === 3 ? stroke(c.brand, 2.5) : stroke(c.line, 1.5),
      );
      if (h !== null) {
        body += text(x + 30, y + 42, h.toFixed(2).replace(/0$/, ""), { size: 16, anchor: "middle" });
        sum += h;
        totals[i] += h;
      }
    });
    body += text(1110, y + 42, sum.toFixed(2), { size: 17, weight: 700, anchor: "end" });
    body += rect(left - 16, y + 78, 1088, 1, c.line);
  });
  const fy = 300 + rows.length * 80 + 50;
  body += text(left + 4, fy, "Daily total", { size: 16, weight: 700 });
  totals.forEach(
    (t, i) =>
      (body += text(colX(i) + 30, fy, t ? t.toFixed(2) : "–", {
        size: 16,
        weight: 700,
        fill: t ? c.ink : c.faint,
        anchor: "middle",
      })),
  );
  const week = totals.reduce((a, b) => a + b, 0);
  body +=
    rect(1010, fy - 28, 112, 40, c.brand, 8) +
    text(1066, fy, week.toFixed(2), { size: 18, weight: 700, fill: c.white, anchor: "middle" });
  body += text(80, 836, "+ Add line", { size: 15, weight: 700, fill: c.brand });
  body += text(1122, 836, "Billable 38.25 h · Non-billable 1.75 h", { size: 14, fill: c.muted, anchor: "end" });
  return appWindow("Timesheets", body);
}

/** Expense report: lines with type, vendor and account, an attached receipt, approval steps. */
export function expenseReportWindow(): string {
  const lines: [string, string, string, string, string][] = [
    ["Mar 4", "Airfare", "Skyline Air", "6200 Travel", "412.80"],
    ["Mar 4", "Hotel", "Lakeview Hotel", "6210 Lodging", "538.00"],
    ["Mar 5", "Mileage", "42 mi × 0.67", "6220 Vehicle", "28.14"],
    ["Mar 5", "Meals", "Corner Bistro", "6230 Meals", "86.40"],
    ["Mar 6", "Taxi", "City Cabs", "6200 Travel", "34.26"],
    ["Mar 6", "Per diem", "2 days", "6240 Per diem", "185.00"],
  ];
  let body = heading("Expense Report ER-0142", "Client visit, Chicago · Northwind Audit");
  body += pill(975, 158, "Submitted", c.blueSoft, c.blue);
  body += rect(64, 238, 700, 596, c.white, 14, `stroke="${c.line}"`);
  const cols = [84, 170, 300, 470, 744];
  ["Date", "Type", "Vendor / quantity", "Account", "Amount"].forEach(
    (h, i) =>
      (body += text(cols[i], 276, h, { size: 14, weight: 700, fill: c.muted, anchor: i === 4 ? "end" : "start" })),
  );
  body += rect(64, 292, 700, 2, c.line);
  lines.forEach(([date, type, vendor, account, amount], r) => {
    const y = 336 + r * 66;
    body += text(cols[0], y, date, { size: 15, fill: c.muted });
    body += text(cols[1], y, type, { size: 16, weight: 700 });
    body += text(cols[2], y, vendor, { size: 15 });
    body += text(cols[3], y, account, { size: 15, fill: c.muted });
    body += text(cols[4], y, amount, { size: 16, weight: 700, anchor: "end" });
    if (r < 2 || r === 3)
      body += `<path d="M${cols[1] - 24} ${y - 16}h10l4 4v14h-14z" fill="${c.brandSoft}" stroke="${c.brand}" stroke-width="1.5"/>`;
    body += rect(64, y + 24, 700, 1, c.line);
  });
  body += rect(64, 742, 700, 92, c.brandFaint, 0);
  body += text(84, 796, "Total reimbursable", { size: 18, weight: 700 });
  body += text(744, 798, "USD 1,284.60", { size: 26, weight: 700, fill: c.brandDark, anchor: "end" });
  // The attached receipt, a paper slip with a torn edge.
  const rx = 800;
  body += rect(rx, 238, 330, 360, c.white, 14, `stroke="${c.line}"`);
  body += text(rx + 24, 274, "Receipt · Lakeview Hotel", { size: 15, weight: 700 });
  body += `<path d="M${rx + 60} 300h210v236l-15 10-15-10-15 10-15-10-15 10-15-10-15 10-15-10-15 10-15-10-15 10-15-10-15 10-15-10z" fill="${c.surface}" stroke="${c.faint}" stroke-width="1.5"/>`;
  body += text(rx + 165, 334, "LAKEVIEW HOTEL", { size: 14, weight: 700, anchor: "middle" });
  [0, 1, 2, 3].forEach(
    (i) =>
      (body +=
        rect(rx + 80, 356 + i * 26, 100 - i * 12, 10, c.line, 5) + rect(rx + 210, 356 + i * 26, 40, 10, c.line, 5)),
  );
  body += rect(rx + 80, 470, 170, 2, c.faint);
  body +=
    text(rx + 80, 500, "TOTAL", { size: 14, weight: 700 }) +
    text(rx + 250, 500, "538.00", { size: 14, weight: 700, anchor: "end" });
  // Approval steps.
  body += rect(rx, 618, 330, 216, c.white, 14, `stroke="${c.line}"`);
  body += text(rx + 24, 654, "Approval", { size: 16, weight: 700 });
  const steps: [string, string, string][] = [
    ["Submitted by Alex Morgan", "Mar 7, 09:12", c.brand],
    ["Manager review · Priya Shah", "In progress", c.amber],
    ["Finance export", "Waiting", c.faint],
  ];
  steps.forEach(([label, when, color], i) => {
    const y = 690 + i * 46;
    body += `<circle cx="${rx + 34}" cy="${y}" r="9" fill="${color}"/>`;
    if (i < 2) body += rect(rx + 32.5, y + 9, 3, 28, c.line);
    body +=
      text(rx + 56, y + 2, label, { size: 14, weight: 700 }) + text(rx + 56, y + 20, when, { size: 13, fill: c.muted });
  });
  return appWindow("Expenses", body);
}

/** Project board: budget and hours at a glance, and who is allocated to which deliverable each week. */
export function projectBoardWindow({ actions = true } = {}): string {
  let body = heading("Acme Rollout", "Deliverables, budget and resource allocation");
  if (actions) body += button(1000, 154, 132, "Assign people", true);
  const kpis: [string, string, number, string][] = [
    ["Hours logged", "412 of 640 h", 0.64, c.brand],
    ["Budget used", "USD 61,800 of 96,000", 0.64, c.accent],
    ["Billable share", "91 %", 0.91, c.blue],
  ];
  kpis.forEach(([label, value, share, color], i) => {
    const x = 64 + i * 362;
    body += rect(x, 236, 342, 112, c.white, 14, `stroke="${c.line}"`);
    body += text(x + 22, 270, label, { size: 14, weight: 700, fill: c.muted });
    body += text(x + 22, 302, value, { size: 21, weight: 700 });
    body += rect(x + 22, 320, 298, 10, c.line, 5) + rect(x + 22, 320, 298 * share, 10, color, 5);
  });
  body += rect(64, 370, 1068, 464, c.white, 14, `stroke="${c.line}"`);
  body += text(88, 408, "Allocation", { size: 17, weight: 700 });
  const weeks = ["Mar 3", "Mar 10", "Mar 17", "Mar 24", "Mar 31", "Apr 7"];
  const gx = 360;
  const gw = 128;
  weeks.forEach((w, i) => (body += text(gx + i * gw + 8, 408, w, { size: 14, weight: 700, fill: c.muted })));
  const people: [string, string, string, string, [number, number, string, string][]][] = [
    ["AM", "Alex Morgan", "Consultant", c.accent, [[0, 2.5, "Configuration", c.brand]]],
    ["PS", "Priya Shah", "Project lead", c.brand, [[0, 6, "Project management · 50 %", c.teal]]],
    [
      "JL",
      "Jordan Lee",
      "Developer",
      c.blue,
      [
        [1, 3, "Integrations", c.blue],
        [4, 2, "Data import", "#6f8fd0"],
      ],
    ],
    ["SK", "Sam Kim", "Trainer", c.amberInk, [[3.5, 2.5, "Training", c.amber]]],
    [
      "RB",
      "Rosa Blanco",
      "Consultant",
      c.plum,
      [
        [0.5, 2, "Workshops", c.accent],
        [3, 1.5, "Go-live", "#d06a2e"],
      ],
    ],
  ];
  // Today's marker sits under the bars so it never crosses their labels.
  body += rect(gx + 1.3 * gw, 420, 2.5, 404, c.accent);
  body += text(gx + 1.3 * gw + 8, 836, "Today", { size: 13, weight: 700, fill: c.accent });
  people.forEach(([initials, name, role, color, bars], r) => {
    const y = 430 + r * 78;
    body += rect(64, y, 1068, 1, c.line);
    body += avatar(112, y + 39, initials, color);
    body += text(142, y + 34, name, { size: 16, weight: 700 }) + text(142, y + 56, role, { size: 14, fill: c.muted });
    weeks.forEach((_, i) => (body += rect(gx + i * gw, y + 1, 1, 77, c.line)));
    bars.forEach(([start, length, label, fill]) => {
      const bx = gx + start * gw + 6;
      const bw = length * gw - 12;
      body +=
        rect(bx, y + 20, bw, 38, fill, 8) +
        text(bx + 14, y + 45, label, { size: 14, weight: 700, fill: fill === c.amber ? c.ink : c.white });
    });
  });
  return appWindow("Projects", body);
}

/** Invoice: approved billable time and expenses turned into invoice lines. */
export function invoiceWindow(): string {
  let body = heading("Billing", "Approved billable time and expenses, ready to invoice");
  // Left: the billing run.
  body += rect(64, 236, 400, 598, c.white, 14, `stroke="${c.line}"`);
  body += text(88, 274, "Billing run · March", { size: 17, weight: 700 });
  const items: [string, string, boolean][] = [
    ["Acme Rollout", "USD 14,650.00", true],
    ["Northwind Audit", "USD 9,312.60", true],
    ["Globex Support", "USD 2,180.00", true],
    ["Initech Onboarding", "USD 4,025.00", false],
  ];
  items.forEach(([name, amount, checked], i) => {
    const y = 300 + i * 82;
    body += rect(
      82,
      y,
      364,
      68,
      i === 1 ? c.brandFaint : c.white,
      10,
      `stroke="${i === 1 ? c.brand : c.line}" stroke-width="${i === 1 ? 2 : 1}"`,
    );
    body += rect(
      98,
      y + 22,
      24,
      24,
      checked ? c.brand : c.white,
      6,
      checked ? "" : `stroke="${c.faint}" stroke-width="2"`,
    );
    if (checked)
      body += `<path d="M103 ${y + 34}l5 5 10-11" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
    body += text(136, y + 31, name, { size: 16, weight: 700 }) + text(136, y + 53, amount, { size: 14, fill: c.muted });
  });
  body += rect(82, 640, 364, 1, c.line);
  body += text(88, 680, "3 invoices selected", { size: 15, fill: c.muted });
  body += text(88, 716, "USD 26,142.60", { size: 26, weight: 700 });
  body += button(88, 752, 340, "Create invoices", true);
  // Right: the invoice document.
  const x = 496;
  body += rect(x, 236, 636, 598, c.white, 14, `stroke="${c.line}"`);
  body += rect(x, 236, 636, 8, c.brand, 0);
  body += text(x + 32, 292, "INVOICE", { size: 28, weight: 700, fill: c.brandDark });
  body += text(x + 32, 318, "INV-2041 · due Apr 14", { size: 14, fill: c.muted });
  body += text(x + 604, 288, "Bill to", { size: 13, weight: 700, fill: c.muted, anchor: "end" });
  body += text(x + 604, 310, "Northwind Traders", { size: 15, weight: 700, anchor: "end" });
  body += text(x + 604, 330, "Accounts Payable", { size: 13, fill: c.muted, anchor: "end" });
  const cols = [x + 32, x + 380, x + 480, x + 604];
  ["Description", "Qty", "Rate", "Amount"].forEach(
    (h, i) => (body += text(cols[i], 380, h, { size: 13, weight: 700, fill: c.muted, anchor: i ? "end" : "start" })),
  );
  body += rect(x + 32, 392, 572, 2, c.line);
  const lines: [string, string, string, string][] = [
    ["Fieldwork · Alex Morgan", "28.5 h", "150.00", "4,275.00"],
    ["Fieldwork · Rosa Blanco", "22.0 h", "150.00", "3,300.00"],
    ["Review · Priya Shah", "6.0 h", "185.00", "1,110.00"],
    ["Hotel, Chicago", "1", "538.00", "538.00"],
    ["Mileage", "42 mi", "0.67", "28.14"],
  ];
  lines.forEach((line, r) => {
    const y = 430 + r * 46;
    line.forEach(
      (value, i) =>
        (body += text(cols[i], y, value, {
          size: 15,
          weight: i === 3 ? 700 : 400,
          fill: i === 1 || i === 2 ? c.muted : c.ink,
          anchor: i ? "end" : "start",
        })),
    );
    body += rect(x + 32, y + 16, 572, 1, c.line);
  });
  body +=
    text(cols[2], 688, "Subtotal", { size: 15, fill: c.muted, anchor: "end" }) +
    text(cols[3], 688, "9,251.14", { size: 15, anchor: "end" });
  body +=
    text(cols[2], 718, "Tax 0.66 %", { size: 15, fill: c.muted, anchor: "end" }) +
    text(cols[3], 718, "61.46", { size: 15, anchor: "end" });
  body += rect(x + 330, 736, 274, 52, c.brandFaint, 10);
  body +=
    text(cols[2], 770, "Total USD", { size: 16, weight: 700, anchor: "end" }) +
    text(cols[3] - 12, 771, "9,312.60", { size: 22, weight: 700, fill: c.brandDark, anchor: "end" });
  body += `<g transform="rotate(-12 ${x + 150} 740)">${rect(x + 60, 712, 180, 58, "none", 10, `stroke="${c.accent}" stroke-width="4"`)}${text(x + 150, 751, "APPROVED", { size: 24, weight: 700, fill: c.accent, anchor: "middle" })}</g>`;
  return appWindow("Billing", body);
}

/** Resource planning: booked hours per person and week against a 40-hour capacity, with leave and overbooking. */
export function resourcePlanningWindow(): string {
  let body = heading("Resource Planning", "Delivery team · booked hours per week against 40 h capacity");
  body += button(960, 154, 172, "Allocate people", true);
  body += panel(64, 236, 1072, 598);
  const weeks = ["Mar 3", "Mar 10", "Mar 17", "Mar 24", "Mar 31", "Apr 7", "Apr 14"];
  const gx = 352;
  const gw = 96;
  const current = 1;
  // This week's column, under everything else.
  body += rect(gx + current * gw, 252, gw, 510, c.brandFaint, 10);
  body += text(88, 278, "Person", { size: 14, weight: 700, fill: c.muted });
  weeks.forEach(
    (w, i) =>
      (body += text(gx + i * gw + gw / 2, 278, w, {
        size: 14,
        weight: 700,
        fill: i === current ? c.brandDeep : c.muted,
        anchor: "middle",
      })),
  );
  body += text(1112, 278, "Utilization", { size: 14, weight: 700, fill: c.muted, anchor: "end" });
  body += rect(64, 294, 1072, 2, c.line);
  // Hours booked per week; null is approved leave.
  const people: [string, string, string, string, (number | null)[]][] = [
    ["AM", "Alex Morgan", "Consultant", c.accent, [36, 40, 38, 32, 24, 16, 8]],
    ["PS", "Priya Shah", "Project lead", c.brand, [40, 44, 46, 40, 36, 32, 32]],
    ["JL", "Jordan Lee", "Developer", c.blue, [24, 40, 40, 40, 40, 36, 20]],
    ["SK", "Sam Kim", "Trainer", c.amberInk, [null, null, 16, 32, 40, 24, 8]],
    ["RB", "Rosa Blanco", "Consultant", c.plum, [40, 40, 36, null, 40, 40, 28]],
    ["DO", "Daniel Okafor", "Solution architect", c.green, [20, 28, 44, 40, 32, 0, 0]],
    ["MT", "Mei Tanaka", "Business analyst", c.teal, [8, 16, 16, 24, 24, 32, 32]],
  ];
  people.forEach(([initials, name, role, color, hours], r) => {
    const y = 300 + r * 66;
    body += avatar(106, y + 32, initials, color);
    body += text(136, y + 28, name, { size: 16, weight: 700 }) + text(136, y + 49, role, { size: 14, fill: c.muted });
    let booked = 0;
    let weeksAvailable = 0;
    hours.forEach((h, i) => {
      const x = gx + i * gw + 6;
      if (h === null) {
        body +=
          rect(x, y + 10, gw - 12, 44, c.amberSoft, 8) +
          text(x + (gw - 12) / 2, y + 38, "Leave", { size: 15, weight: 700, fill: c.amberInk, anchor: "middle" });
        return;
      }
      booked += h;
      weeksAvailable++;
      const [fill, ink] =
        h > 40
          ? [c.redSoft, c.red]
          : h >= 28
            ? [c.brandSoft, c.brandDark]
            : h > 0
              ? [c.greenSoft, c.green]
              : [c.white, c.faint];
      body += rect(x, y + 10, gw - 12, 44, fill, 8, h === 0 ? stroke(c.line, 1.5) : h > 40 ? stroke(c.red, 2) : "");
      body += text(x + (gw - 12) / 2, y + 38, h ? `${h} h` : "Free", {
        size: 16,
        weight: 700,
        fill: ink,
        anchor: "middle",
      });
    });
    const utilization = Math.round((booked / (weeksAvailable * 40)) * 100);
    body += text(1112, y + 38, `${utilization} %`, {
      size: 17,
      weight: 700,
      fill: utilization > 100 ? c.red : c.ink,
      anchor: "end",
    });
    body += rect(64, y + 65, 1072, 1, c.line);
  });
  // Legend.
  const legend: [string, string, string][] = [
    ["Available", c.greenSoft, c.green],
    ["Booked", c.brandSoft, c.brandDark],
    ["Over capacity", c.redSoft, c.red],
    ["Approved leave", c.amberSoft, c.amberInk],
  ];
  let lx = 88;
  legend.forEach(([label, fill, ink]) => {
    body += rect(lx, 786, 20, 20, fill, 5, stroke(ink, 1.5)) + text(lx + 30, 802, label, { size: 14, fill: c.muted });
    lx += 60 + textWidth(label, 14);
  });
  body += text(1112, 802, "Week of Mar 17 · 2 people over capacity", {
    size: 14,
    weight: 700,
    fill: c.red,
    anchor: "end",
  });
  return appWindow("Resources", body);
}

/** Billing run: unbilled approved work per project under its billing rule, the rate card, and the run's steps. */
export function billingRunWindow(): string {
  let body = heading("Billing Run · March", "Approved, unbilled time and expenses under each project's billing rule");
  // Steps of the run.
  body += panel(64, 236, 1072, 64);
  const steps = ["Select projects", "Review amounts", "Create invoices", "Send"];
  steps.forEach((label, i) => {
    const x = 92 + i * 262;
    const done = i === 0;
    const active = i === 1;
    body += `<circle cx="${x + 14}" cy="268" r="14" fill="${done || active ? c.brand : c.white}"${done || active ? "" : ` ${stroke(c.faint, 2)}`}/>`;
    body += done
      ? `<path d="M${x + 8} 268l4 4 8-9" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`
      : text(x + 14, 273, String(i + 1), { size: 14, weight: 700, fill: active ? c.white : c.muted, anchor: "middle" });
    body += text(x + 38, 274, label, { size: 16, weight: active ? 700 : 400, fill: done || active ? c.ink : c.muted });
    if (i < steps.length - 1) body += rect(x + 200, 267, 48, 2, done ? c.brand : c.line);
  });
  // Projects of the run.
  body += panel(64, 320, 700, 514);
  body += text(88, 356, "Project", { size: 14, weight: 700, fill: c.muted });
  body += text(380, 356, "Billing rule", { size: 14, weight: 700, fill: c.muted });
  body += text(740, 356, "To invoice", { size: 14, weight: 700, fill: c.muted, anchor: "end" });
  body += rect(64, 370, 700, 2, c.line);
  const projects: [string, string, string, string, string, boolean][] = [
    ["Acme Rollout", "Acme Corporation", "Time and materials", "96.5 h · role rates", "14,650.00", true],
    ["Northwind Audit", "Northwind Traders", "Time and materials", "56.5 h + 2 expenses", "9,312.60", true],
    ["Globex Support", "Globex", "Retainer", "20 h block, 4.5 h over", "2,180.00", true],
    ["Initech Onboarding", "Initech", "Fixed fee", "Milestone 2 of 4 accepted", "4,025.00", true],
    ["Umbrella Migration", "Umbrella Health", "Fixed fee", "Milestone 3 not accepted", "–", false],
  ];
  projects.forEach(([name, account, rule, detail, amount, included], r) => {
    const y = 376 + r * 74;
    if (r === 0) body += rect(66, y, 696, 73, c.brandFaint);
    body += checkbox(86, y + 24, included, 22);
    body += text(124, y + 32, name, { size: 16, weight: 700, fill: included ? c.ink : c.muted });
    body += text(124, y + 54, account, { size: 14, fill: c.muted });
    body += text(380, y + 32, rule, { size: 15, weight: 700, fill: included ? c.ink : c.muted });
    body += text(380, y + 54, detail, { size: 14, fill: c.muted });
    body += text(740, y + 42, amount, { size: 16, weight: 700, fill: included ? c.ink : c.faint, anchor: "end" });
    body += rect(64, y + 73, 700, 1, c.line);
  });
  body += text(88, 786, "4 projects · 4 invoices", { size: 15, fill: c.muted });
  body += text(88, 814, "USD 30,167.60", { size: 22, weight: 700, fill: c.brandDark });
  body += button(560, 778, 180, "Create invoices", true);
  // The selected project's billing rules.
  const x = 784;
  body += panel(x, 320, 352, 514);
  body += text(x + 24, 356, "Billing rules", { size: 17, weight: 700 });
  body += text(x + 24, 380, "Acme Rollout · time and materials", { size: 14, fill: c.muted });
  body += text(x + 24, 420, "Rate card", { size: 14, weight: 700, fill: c.muted });
  const rates: [string, string][] = [
    ["Project lead", "185.00 / h"],
    ["Consultant", "150.00 / h"],
    ["Developer", "140.00 / h"],
    ["Trainer", "120.00 / h"],
  ];
  rates.forEach(([role, rate], i) => {
    const y = 452 + i * 38;
    body += text(x + 24, y, role, { size: 15 }) + text(x + 328, y, rate, { size: 15, weight: 700, anchor: "end" });
    body += rect(x + 24, y + 14, 304, 1, c.line);
  });
  const rules: [string, string][] = [
    ["Rounding", "Up to the next 15 min"],
    ["Expenses", "Re-billed at cost"],
    ["Non-billable time", "Excluded"],
    ["Invoice", "Monthly · net 30"],
  ];
  rules.forEach(([label, value], i) => {
    const y = 628 + i * 50;
    body +=
      text(x + 24, y, label, { size: 14, weight: 700, fill: c.muted }) + text(x + 24, y + 22, value, { size: 15 });
  });
  return appWindow("Billing", body);
}

/** Time off: balances, requests waiting for approval, and the team's month. */
export function timeOffWindow(): string {
  let body = heading("Time Off", "Balances, requests and the team calendar · Delivery team");
  body += button(980, 154, 152, "Request leave", true);
  // Balances.
  body += panel(64, 236, 340, 300);
  body += text(88, 272, "My balances", { size: 17, weight: 700 });
  const balances: [string, number, number, string][] = [
    ["Vacation", 17.5, 25, c.brand],
    ["Sick leave", 8, 10, c.blue],
    ["Personal", 2, 3, c.plum],
  ];
  balances.forEach(([label, left, total, color], i) => {
    const y = 316 + i * 74;
    body += text(88, y, label, { size: 15, weight: 700 });
    body += text(380, y, `${left} of ${total} days`, { size: 15, fill: c.muted, anchor: "end" });
    body += rect(88, y + 16, 292, 12, c.line, 6) + rect(88, y + 16, (292 * left) / total, 12, color, 6);
  });
  body += text(88, 516, "Vacation accrues 2.08 days a month", { size: 13, fill: c.muted });
  // Requests.
  body += panel(64, 556, 340, 278);
  body += text(88, 592, "To approve", { size: 17, weight: 700 });
  const requests: [string, string, string, string][] = [
    ["RB", "Rosa Blanco", "Vacation · Apr 24 – 25", c.plum],
    ["JL", "Jordan Lee", "Personal · Apr 17", c.blue],
  ];
  requests.forEach(([initials, name, what, color], i) => {
    const y = 612 + i * 106;
    body += avatar(106, y + 28, initials, color);
    body += text(136, y + 24, name, { size: 15, weight: 700 }) + text(136, y + 45, what, { size: 14, fill: c.muted });
    body += button(136, y + 58, 104, "Approve", true, 14) + button(250, y + 58, 98, "Reject", false, 14);
  });
  // The month.
  const x0 = 424;
  body += panel(x0, 236, 712, 598);
  body += text(x0 + 24, 274, "April", { size: 20, weight: 700 });
  body += `<path d="M${x0 + 640} 262l-7 7 7 7M${x0 + 676} 262l7 7-7 7" fill="none" stroke="${c.muted}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`;
  const cw = 664 / 7;
  const gx = x0 + 24;
  ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].forEach(
    (d, i) => (body += text(gx + i * cw + 10, 312, d, { size: 14, weight: 700, fill: i > 4 ? c.faint : c.muted })),
  );
  const rowH = 100;
  const gy = 324;
  // April starting on a Tuesday: day n sits in column (n) % 7, row floor((n) / 7).
  for (let week = 0; week < 5; week++) {
    body += rect(gx, gy + week * rowH, 664, 1, c.line);
    for (let d = 0; d < 7; d++) {
      const day = week * 7 + d;
      if (d > 4) body += rect(gx + d * cw, gy + week * rowH + 1, cw, rowH - 1, c.surface);
      if (day >= 1 && day <= 30)
        body += text(gx + d * cw + 10, gy + week * rowH + 24, String(day), {
          size: 14,
          weight: day === 9 ? 700 : 400,
          fill: day === 9 ? c.brand : c.muted,
        });
    }
  }
  body += `<circle cx="${gx + 2 * cw + 14}" cy="${gy + rowH + 19}" r="15" fill="none" stroke="${c.brand}" stroke-width="2"/>`;
  // Absences as bars across the days: [week, first column, days, lane, label, fill, ink, pending].
  const bars: [number, number, number, number, string, string, string, boolean][] = [
    [0, 1, 4, 0, "Sam Kim · Vacation", c.brandSoft, c.brandDark, false],
    [1, 0, 5, 0, "Sam Kim · Vacation", c.brandSoft, c.brandDark, false],
    [1, 3, 1, 1, "Mei · Sick", c.blueSoft, c.blue, false],
    [2, 3, 1, 0, "Jordan", c.white, c.blue, true],
    [3, 1, 2, 0, "Alex Morgan · Training", c.amberSoft, c.amberInk, false],
    [3, 3, 2, 0, "Rosa Blanco · Vacation", c.white, c.plum, true],
    [2, 4, 1, 0, "Holiday", c.surface, c.muted, false],
    [3, 0, 1, 0, "Holiday", c.surface, c.muted, false],
  ];
  bars.forEach(([week, col, days, lane, label, fill, ink, pending]) => {
    const x = gx + col * cw + 4;
    const y = gy + week * rowH + 36 + lane * 30;
    const w = days * cw - 8;
    body += rect(x, y, w, 26, fill, 6, pending ? `stroke="${ink}" stroke-width="1.5" stroke-dasharray="5 4"` : "");
    body += `<svg x="${x}" y="${y}" width="${w - 6}" height="26">${text(8, 18, label, { size: 13, weight: 700, fill: ink })}</svg>`;
  });
  body += rect(gx, 800, 14, 14, c.white, 3, `stroke="${c.muted}" stroke-width="1.5" stroke-dasharray="3 2"`);
  body += text(gx + 22, 812, "Dashed: waiting for approval", { size: 13, fill: c.muted });
  return appWindow("Time Off", body);
}

/** Payroll export: the period's approved hours per employee, mapped to the payroll provider's earning codes. */
export function payrollWindow(): string {
  let body = heading("Payroll Export", "Semimonthly period Mar 1 – 15 · approved timesheets only");
  body += pill(800, 158, "Ready", c.greenSoft, c.green);
  body += button(900, 154, 232, "Export to payroll", true);
  const kpis: [string, string, string][] = [
    ["Employees", "24", "23 approved · 1 pending"],
    ["Regular hours", "1,824.0", "from timesheets"],
    ["Overtime", "36.5 h", "over 40 h a week"],
    ["Time off", "72.0 h", "approved leave"],
  ];
  kpis.forEach(([label, value, note], i) => {
    const x = 64 + i * 272;
    body += panel(x, 236, 256, 104);
    body += text(x + 20, 268, label, { size: 14, weight: 700, fill: c.muted });
    body += text(x + 20, 302, value, { size: 24, weight: 700 });
    body += text(x + 20, 326, note, { size: 13, fill: i === 0 ? c.amberInk : c.muted });
  });
  // Employees.
  body += panel(64, 360, 720, 474);
  const cols = [88, 420, 520, 620, 760];
  ["Employee", "Regular", "Overtime", "Time off", "Status"].forEach(
    (h, i) => (body += text(cols[i], 396, h, { size: 14, weight: 700, fill: c.muted, anchor: i ? "end" : "start" })),
  );
  body += rect(64, 410, 720, 2, c.line);
  const people: [string, string, string, string, string, boolean][] = [
    ["Alex Morgan", "Consultant", "80.0", "2.5", "–", true],
    ["Priya Shah", "Project lead", "80.0", "9.0", "–", true],
    ["Jordan Lee", "Developer", "72.0", "–", "8.0", true],
    ["Sam Kim", "Trainer", "40.0", "–", "40.0", true],
    ["Rosa Blanco", "Consultant", "80.0", "4.0", "–", true],
    ["Daniel Okafor", "Solution architect", "76.5", "–", "–", false],
  ];
  people.forEach(([name, role, regular, overtime, off, approved], r) => {
    const y = 414 + r * 62;
    body +=
      text(cols[0], y + 28, name, { size: 16, weight: 700 }) + text(cols[0], y + 48, role, { size: 13, fill: c.muted });
    [regular, overtime, off].forEach(
      (v, i) => (body += text(cols[i + 1], y + 38, v, { size: 16, fill: v === "–" ? c.faint : c.ink, anchor: "end" })),
    );
    const label = approved ? "Approved" : "Pending";
    body += pill(
      cols[4] - pillWidth(label, 13),
      y + 18,
      label,
      approved ? c.greenSoft : c.amberSoft,
      approved ? c.green : c.amberInk,
      13,
    );
    body += rect(64, y + 61, 720, 1, c.line);
  });
  body += text(88, 810, "Showing 6 of 24 · pending timesheets are held back until approved", {
    size: 14,
    fill: c.muted,
  });
  // The provider and the mapping of hours to earning codes.
  const x = 804;
  body += panel(x, 360, 332, 474);
  body += text(x + 24, 396, "Payroll provider", { size: 17, weight: 700 });
  body +=
    `<circle cx="${x + 32}" cy="${425}" r="6" fill="${c.green}"/>` +
    text(x + 46, 430, "Connected · synced Mar 1, 17:02", { size: 14, fill: c.muted });
  body += text(x + 24, 476, "Earning codes", { size: 14, weight: 700, fill: c.muted });
  const codes: [string, string][] = [
    ["Regular hours", "REG"],
    ["Overtime", "OT15"],
    ["Vacation", "VAC"],
    ["Sick leave", "SICK"],
    ["Per diem", "PDM"],
  ];
  codes.forEach(([from, code], i) => {
    const y = 504 + i * 46;
    body += rect(x + 24, y - 4, 284, 38, c.surface, 8);
    body += text(x + 38, y + 20, from, { size: 15 });
    body += `<path d="M${x + 200} ${y + 15}h22m-6-6 6 6-6 6" fill="none" stroke="${c.faint}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`;
    body += text(x + 294, y + 20, code, { size: 15, weight: 700, fill: c.brandDeep, anchor: "end" });
  });
  body += text(x + 24, 762, "Last export", { size: 14, weight: 700, fill: c.muted });
  body += text(x + 24, 786, "Feb 16 – 28 · 24 employees", { size: 15 });
  body += text(x + 24, 808, "by Priya Shah", { size: 14, fill: c.muted });
  return appWindow("Payroll", body);
}

/** Every product screen on its canvas, by artwork name. */
export const screens = {
  timesheet: () => screen(timesheetWindow()),
  "expense-report": () => screen(expenseReportWindow()),
  "project-board": () => screen(projectBoardWindow()),
  invoice: () => screen(invoiceWindow()),
  "resource-planning": () => screen(resourcePlanningWindow()),
  "billing-run": () => screen(billingRunWindow()),
  "time-off": () => screen(timeOffWindow()),
  payroll: () => screen(payrollWindow()),
} as const satisfies Record<string, () => string>;
