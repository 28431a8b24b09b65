/**
 * The site's artwork: original illustrations of the product's screens, drawn as SVG from
 * a few shared parts so the four screens look like one application. We have no product
 * screenshots; these are the source of every raster image on the home page
 * (scripts/build-images.ts turns them into AVIF and WebP at the spec's widths).
 *
 * Pure functions of no input: the same code always yields the same SVG, so the build is
 * deterministic and a file name can carry a hash of its source (see art/manifest.ts).
 */

/** Canvas of every screen: 4:3, so each spec width (1920, 1400, 540, 360) has a whole-pixel height. */
export const screenWidth = 1200;
export const screenHeight = 900;

const font = "DejaVu Sans, Arial, Helvetica, sans-serif";
const c = {
  brand: "#0d6e66",
  brandDark: "#062f2b",
  brandSoft: "#d3e9e6",
  brandFaint: "#eef6f5",
  accent: "#b4400a",
  accentSoft: "#fbe3d3",
  amber: "#f2b84b",
  amberSoft: "#fdf1d6",
  ink: "#1b2330",
  muted: "#5b6575",
  faint: "#9aa3b2",
  line: "#e3e7ed",
  surface: "#f7f9fb",
  white: "#ffffff",
  blueSoft: "#dbe7fb",
  blue: "#2f5fb3",
};

const esc = (text: string) => text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

function text(x: number, y: number, value: string, { size = 16, weight = 400, fill = c.ink, anchor = "start" } = {}) {
  return `<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${esc(value)}</text>`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

function pill(x: number, y: number, label: string, fill: string, color: string) {
  const w = label.length * 8.6 + 28;
  return rect(x, y, w, 30, fill, 15) + text(x + w / 2, y + 20, label, { size: 14, weight: 700, fill: color, anchor: "middle" });
}

function button(x: number, y: number, w: number, label: string, primary: boolean) {
  return (
    rect(x, y, w, 40, primary ? c.brand : c.white, 8, primary ? "" : `stroke="${c.brand}" stroke-width="2"`) +
    text(x + w / 2, y + 26, label, { size: 15, weight: 700, fill: primary ? c.white : c.brand, anchor: "middle" })
  );
}

const avatar = (cx: number, cy: number, initials: string, fill: string) =>
  `<circle cx="${cx}" cy="${cy}" r="18" fill="${fill}"/>` + text(cx, cy + 5, initials, { size: 13, weight: 700, fill: c.white, anchor: "middle" });

/** The application window every screen sits in: shadow, title bar, top navigation. */
function appWindow(active: string, body: string): string {
  // Label and measured width (DejaVu Sans Bold, 15 px) of each navigation item.
  const nav: [string, number][] = [
    ["Home", 44],
    ["Projects", 68],
    ["Timesheets", 92],
    ["Expenses", 80],
    ["Billing", 56],
    ["Time Off", 70],
  ];
  let x = 150;
  const items = nav
    .map(([label, width]) => {
      const item =
        label === active
          ? rect(x - 12, 62, width + 24, 34, "#0d4f49", 8) + text(x, 85, label, { size: 15, weight: 700, fill: c.white })
          : text(x, 85, label, { size: 15, fill: "#b9d6d2" });
      x += width + 36;
      return item;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${screenWidth}" height="${screenHeight}" viewBox="0 0 ${screenWidth} ${screenHeight}">
<defs><filter id="shadow" x="-10%" y="-10%" width="120%" height="125%"><feDropShadow dx="0" dy="18" stdDeviation="22" flood-color="#0b2a3a" flood-opacity="0.22"/></filter>
<clipPath id="window"><rect x="40" y="40" width="1120" height="820" rx="20"/></clipPath></defs>
${rect(40, 40, 1120, 820, c.white, 20, 'filter="url(#shadow)"')}
<g clip-path="url(#window)">
${rect(40, 40, 1120, 78, c.brandDark)}
${rect(64, 61, 36, 36, c.brand, 9)}<circle cx="82" cy="79" r="10" fill="none" stroke="#fff" stroke-width="3"/><path d="M82 72.5V79l4.5 3" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
${items}
${avatar(1112, 79, "AM", c.accent)}
${rect(40, 118, 1120, 742, c.surface)}
${body}
</g>
</svg>
`;
}

function heading(title: string, subtitle: string) {
  return text(80, 178, title, { size: 30, weight: 700 }) + text(80, 208, subtitle, { size: 16, fill: c.muted });
}

/** Weekly timesheet: hours per day in decimals, billable marks, totals, Save and Submit. */
function timesheet(): string {
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
  body += pill(850, 158, "Draft", c.amberSoft, "#7a5206");
  body += button(930, 154, 90, "Save", false) + button(1032, 154, 100, "Submit", true);
  body += rect(left - 16, 238, 1088, 560, c.white, 14, `stroke="${c.line}"`);
  body += text(left + 4, 276, "Project · Activity", { size: 14, weight: 700, fill: c.muted });
  days.forEach((d, i) => (body += text(colX(i) + 30, 276, d, { size: 14, weight: 700, fill: i > 4 ? c.faint : c.muted, anchor: "middle" })));
  body += text(1110, 276, "Total", { size: 14, weight: 700, fill: c.muted, anchor: "end" });
  body += rect(left - 16, 292, 1088, 2, c.line);
  const totals = Array<number>(7).fill(0);
  rows.forEach(([project, activity, billable, hours], r) => {
    const y = 300 + r * 80;
    if (r === 1) body += rect(left - 14, y, 1084, 78, c.brandFaint);
    body += `<circle cx="${left + 10}" cy="${y + 32}" r="6" fill="${billable ? c.brand : c.faint}"/>`;
    body += text(left + 28, y + 30, project, { size: 17, weight: 700 });
    body += text(left + 28, y + 54, activity + (billable ? " · billable" : " · non-billable"), { size: 14, fill: c.muted });
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
        `stroke="${r === 1 && i === 3 ? c.brand : c.line}" stroke-width="${r === 1 && i === 3 ? 2.5 : 1.5}"`,
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
    (t, i) => (body += text(colX(i) + 30, fy, t ? t.toFixed(2) : "–", { size: 16, weight: 700, fill: t ? c.ink : c.faint, anchor: "middle" })),
  );
  const week = totals.reduce((a, b) => a + b, 0);
  body += rect(1010, fy - 28, 112, 40, c.brand, 8) + text(1066, fy, week.toFixed(2), { size: 18, weight: 700, fill: c.white, anchor: "middle" });
  body += text(80, 836, "+ Add line", { size: 15, weight: 700, fill: c.brand });
  body += text(1122, 836, "Billable 38.25 h · Non-billable 1.75 h", { size: 14, fill: c.muted, anchor: "end" });
  return appWindow("Timesheets", body);
}

/** Expense report: lines with type, vendor and account, an attached receipt, approval steps. */
function expenseReport(): string {
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
    (h, i) => (body += text(cols[i], 276, h, { size: 14, weight: 700, fill: c.muted, anchor: i === 4 ? "end" : "start" })),
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
  [0, 1, 2, 3].forEach((i) => (body += rect(rx + 80, 356 + i * 26, 100 - i * 12, 10, c.line, 5) + rect(rx + 210, 356 + i * 26, 40, 10, c.line, 5)));
  body += rect(rx + 80, 470, 170, 2, c.faint);
  body += text(rx + 80, 500, "TOTAL", { size: 14, weight: 700 }) + text(rx + 250, 500, "538.00", { size: 14, weight: 700, anchor: "end" });
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
    body += text(rx + 56, y + 2, label, { size: 14, weight: 700 }) + text(rx + 56, y + 20, when, { size: 13, fill: c.muted });
  });
  return appWindow("Expenses", body);
}

/** Project board: budget and hours at a glance, and who is allocated to which deliverable each week. */
function projectBoard(): string {
  let body = heading("Acme Rollout", "Deliverables, budget and resource allocation");
  body += button(1000, 154, 132, "Assign people", true);
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
    ["PS", "Priya Shah", "Project lead", c.brand, [[0, 6, "Project management · 50 %", "#4c9a92"]]],
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
    ["SK", "Sam Kim", "Trainer", "#7a5206", [[3.5, 2.5, "Training", c.amber]]],
    [
      "RB",
      "Rosa Blanco",
      "Consultant",
      "#8a3b8f",
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
      body += rect(bx, y + 20, bw, 38, fill, 8) + text(bx + 14, y + 45, label, { size: 14, weight: 700, fill: c.white });
    });
  });
  return appWindow("Projects", body);
}

/** Invoice: approved billable time and expenses turned into invoice lines. */
function invoice(): string {
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
    body += rect(82, y, 364, 68, i === 1 ? c.brandFaint : c.white, 10, `stroke="${i === 1 ? c.brand : c.line}" stroke-width="${i === 1 ? 2 : 1}"`);
    body += rect(98, y + 22, 24, 24, checked ? c.brand : c.white, 6, checked ? "" : `stroke="${c.faint}" stroke-width="2"`);
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
  body += text(cols[2], 688, "Subtotal", { size: 15, fill: c.muted, anchor: "end" }) + text(cols[3], 688, "9,251.14", { size: 15, anchor: "end" });
  body += text(cols[2], 718, "Tax 0.66 %", { size: 15, fill: c.muted, anchor: "end" }) + text(cols[3], 718, "61.46", { size: 15, anchor: "end" });
  body += rect(x + 330, 736, 274, 52, c.brandFaint, 10);
  body +=
    text(cols[2], 770, "Total USD", { size: 16, weight: 700, anchor: "end" }) +
    text(cols[3] - 12, 771, "9,312.60", { size: 22, weight: 700, fill: c.brandDark, anchor: "end" });
  body += `<g transform="rotate(-12 ${x + 150} 740)">${rect(x + 60, 712, 180, 58, "none", 10, `stroke="${c.accent}" stroke-width="4"`)}${text(x + 150, 751, "APPROVED", { size: 24, weight: 700, fill: c.accent, anchor: "middle" })}</g>`;
  return appWindow("Billing", body);
}

/** Every artwork by name; the name is the file name of its rasterised variants. */
export const artworks = {
  timesheet,
  "expense-report": expenseReport,
  "project-board": projectBoard,
  invoice,
} as const satisfies Record<string, () => string>;

export type ArtworkName = keyof typeof artworks;
