/**
 * The usage charts, as SVG markup: drawn once here for the HTML report
 * (server/measurement/usage-report-html.ts) and the console's usage page
 * (app/features/console/). Every chart has a title and a description for screen readers, and
 * `dataTable` gives its figures as a table. Text is styled by SVG attributes and the legend's
 * swatches are SVG, so a chart needs no style sheet and no style attribute (the console's
 * strict CSP allows neither inline).
 */
import { brandColors } from "./brand.ts";
import { escapeHtml } from "./html.ts";
import { vitalThresholds, rateVital, type VitalName, type VitalRating } from "./web-vitals.ts";

export const chartColors = {
  views: brandColors.brand600,
  visitors: "#7c9cf0",
  leads: brandColors.accent600,
  subscribers: brandColors.brand600,
  starts: "#9fb8e8",
  completes: brandColors.brand600,
  good: "#0f8a5f",
  needsImprovement: "#b7791f",
  poor: brandColors.danger600,
  grid: brandColors.line,
  axis: brandColors.muted,
};
export const ratingColor: Record<VitalRating, string> = {
  good: chartColors.good,
  "needs-improvement": chartColors.needsImprovement,
  poor: chartColors.poor,
};
export const ratingLabel: Record<VitalRating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};
export const vitalUnit = (name: VitalName) => (name === "CLS" ? "" : " ms");
export const formatVital = (name: VitalName, value: number) =>
  name === "CLS" ? value.toFixed(3) : `${Math.round(value).toLocaleString("en-US")} ms`;
export const vitalTitles: Record<VitalName, string> = {
  LCP: "Largest Contentful Paint",
  CLS: "Cumulative Layout Shift",
  INP: "Interaction to Next Paint",
  FCP: "First Contentful Paint",
  TTFB: "Time to First Byte",
  FID: "First Input Delay",
};

const e = (text: string | number) => escapeHtml(String(text));
export const number = (n: number) => n.toLocaleString("en-US");
export const percent = (n: number | null) => (n === null ? "–" : `${Math.round(n * 100)}%`);
export const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
let ids = 0;
/** Chart ids start again at 1 (one HTML document per report, so ids stay unique within it). */
export const resetChartIds = () => void (ids = 0);
const nextId = (prefix: string) => `${prefix}-${++ids}`;

/** A round upper bound and its ticks (1, 2 or 5 times a power of ten), about four of them. */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: 1, step: 0.25 };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return { top: Math.ceil(max / step - 1e-9) * step, step };
}
const tickLabel = (value: number, step: number) =>
  step < 1 ? value.toFixed(step < 0.1 ? 2 : 1) : number(Math.round(value));

/** The frame every chart shares: plot area, horizontal grid with labels, day labels below. Widths are about the CSS pixels each chart gets, so text stays its size. */
const margin = { top: 16, right: 16, bottom: 30, left: 48 };

interface Frame {
  width: number;
  height: number;
  x: (index: number) => number;
  y: (value: number) => number;
  band: number;
  svg: string[];
}

function frame(
  days: string[],
  top: number,
  step: number,
  { width, height }: { width: number; height: number },
  format = tickLabel,
): Frame {
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const band = plotW / Math.max(days.length, 1);
  const x = (i: number) => margin.left + band * (i + 0.5);
  const y = (v: number) => margin.top + plotH - (Math.min(v, top) / top) * plotH;
  const svg: string[] = [];
  for (let v = 0; v <= top + 1e-9; v += step) {
    svg.push(
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(v)}" y2="${y(v)}" stroke="${chartColors.grid}"/>`,
    );
    svg.push(
      `<text x="${margin.left - 8}" y="${y(v) + 4}" text-anchor="end" font-size="11" fill="${chartColors.axis}">${e(format(v, step))}</text>`,
    );
  }
  const every = Math.max(1, Math.ceil(days.length / Math.floor(plotW / 70)));
  days.forEach((day, i) => {
    if ((days.length - 1 - i) % every === 0)
      svg.push(
        `<text x="${x(i)}" y="${height - 10}" text-anchor="middle" font-size="11" fill="${chartColors.axis}">${e(shortDay(day))}</text>`,
      );
  });
  return { width, height, x, y, band, svg };
}

export function svgFigure(
  title: string,
  description: string,
  body: string[],
  { width, height }: { width: number; height: number },
  legend = "",
): string {
  const id = nextId("chart");
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-t ${id}-d" preserveAspectRatio="xMidYMid meet">
<title id="${id}-t">${e(title)}</title><desc id="${id}-d">${e(description)}</desc>
${body.join("\n")}
</svg>${legend}`;
}

export const legendOf = (items: { label: string; color: string; dashed?: boolean }[]) =>
  `<ul class="legend" aria-hidden="true">${items
    .map(
      (item) =>
        `<li><svg class="swatch" width="12" height="12" viewBox="0 0 12 12"><rect width="12" height="12" rx="3" fill="${item.color}"/></svg>${e(item.label)}</li>`,
    )
    .join("")}</ul>`;

export function dataTable(caption: string, head: string[], rows: (string | number)[][]): string {
  return `<details><summary>${e(caption)} as a table</summary><table><caption>${e(caption)}</caption><thead><tr>${head
    .map((h) => `<th scope="col">${e(h)}</th>`)
    .join("")}</tr></thead><tbody>${rows
    .map(
      (row) =>
        `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">${e(cell)}</th>` : `<td>${e(cell)}</td>`)).join("")}</tr>`,
    )
    .join("")}</tbody></table></details>`;
}

/** Lines over days (page views and visitors), the first series shaded below its line. */
export function lineChart(
  days: string[],
  series: { label: string; color: string; values: number[] }[],
  title: string,
): string {
  const { top, step } = niceScale(Math.max(1, ...series.flatMap((s) => s.values)));
  const f = frame(days, top, step, { width: 1140, height: 300 });
  series.forEach((s, index) => {
    const points = s.values.map((v, i) => `${f.x(i).toFixed(1)},${f.y(v).toFixed(1)}`);
    if (index === 0 && points.length > 1)
      f.svg.push(
        `<path d="M${f.x(0).toFixed(1)},${f.y(0)} L${points.join(" L")} L${f.x(s.values.length - 1).toFixed(1)},${f.y(0)} Z" fill="${s.color}" fill-opacity="0.10"/>`,
      );
    f.svg.push(
      `<polyline points="${points.join(" ")}" fill="none" stroke="${s.color}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>`,
    );
    if (s.values.length <= 45)
      s.values.forEach((v, i) =>
        f.svg.push(`<circle cx="${f.x(i).toFixed(1)}" cy="${f.y(v).toFixed(1)}" r="3" fill="${s.color}"/>`),
      );
  });
  const totals = series
    .map((s) => `${number(s.values.reduce((a, b) => a + b, 0))} ${s.label.toLowerCase()}`)
    .join(" and ");
  const peak = series[0].values.reduce((best, v, i, all) => (v > all[best] ? i : best), 0);
  return svgFigure(
    title,
    `${totals} over ${days.length} days; the busiest day was ${shortDay(days[peak])} with ${number(series[0].values[peak])} ${series[0].label.toLowerCase()}.`,
    f.svg,
    f,
    legendOf(series),
  );
}

/** Grouped columns per day (leads and subscribers). */
export function columnChart(
  days: string[],
  series: { label: string; color: string; values: number[] }[],
  title: string,
): string {
  const { top, step } = niceScale(Math.max(1, ...series.flatMap((s) => s.values)));
  const f = frame(days, top, step, { width: 540, height: 240 }, (v, s) => tickLabel(v, Math.max(1, s)));
  const barW = Math.min(14, (f.band * 0.8) / series.length);
  series.forEach((s, k) =>
    s.values.forEach((v, i) => {
      if (!v) return;
      const x = f.x(i) - (barW * series.length) / 2 + k * barW;
      f.svg.push(
        `<rect x="${x.toFixed(1)}" y="${f.y(v).toFixed(1)}" width="${(barW - 1).toFixed(1)}" height="${(f.y(0) - f.y(v)).toFixed(1)}" rx="2" fill="${s.color}"/>`,
      );
    }),
  );
  const totals = series
    .map((s) => `${number(s.values.reduce((a, b) => a + b, 0))} ${s.label.toLowerCase()}`)
    .join(" and ");
  return svgFigure(title, `${totals} over ${days.length} days.`, f.svg, f, legendOf(series));
}

/** Horizontal bars, one row per item, with up to two values each (views and visitors; starts and completions). */
export function barList(
  rows: { label: string; values: number[] }[],
  series: { label: string; color: string }[],
  title: string,
  description: string,
  labelW = 160,
): string {
  const width = 540;
  const rowH = 34;
  const height = rows.length * rowH + 8;
  const max = Math.max(1, ...rows.flatMap((r) => r.values));
  const plotW = width - labelW - 70;
  const svg: string[] = [];
  rows.forEach((row, i) => {
    const y = 4 + i * rowH;
    // About 7 px a character at the label's size: longer labels are cut to fit their column.
    const fits = Math.floor((labelW - 10) / 7);
    const label = row.label.length > fits ? `${row.label.slice(0, fits - 1)}…` : row.label;
    svg.push(
      `<text x="${labelW - 10}" y="${y + rowH / 2 + 4}" text-anchor="end" font-size="13" fill="${brandColors.ink}">${e(label)}</text>`,
    );
    const barH = (rowH - 10) / series.length;
    row.values.forEach((v, k) => {
      const w = Math.max(v ? 2 : 0, (v / max) * plotW);
      svg.push(
        `<rect x="${labelW}" y="${(y + 5 + k * barH).toFixed(1)}" width="${w.toFixed(1)}" height="${(barH - 2).toFixed(1)}" rx="3" fill="${series[k].color}"/>`,
      );
      svg.push(
        `<text x="${(labelW + w + 6).toFixed(1)}" y="${(y + 5 + k * barH + barH / 2 + 2).toFixed(1)}" font-size="12" fill="${brandColors.muted}">${e(number(v))}</text>`,
      );
    });
  });
  return svgFigure(title, description, svg, { width, height }, series.length > 1 ? legendOf(series) : "");
}

/** One vital's daily p75 over the window, on bands coloured by the spec's thresholds. */
export function vitalChart(name: VitalName, days: string[], points: { day: string; p75: number }[]): string {
  const [good, needsImprovement] = vitalThresholds[name];
  const { top, step } = niceScale(Math.max(needsImprovement * 1.3, ...points.map((p) => p.p75)));
  const f = frame(days, top, step, { width: 360, height: 190 }, (v, s) =>
    name === "CLS" ? v.toFixed(s < 0.1 ? 2 : 1) : tickLabel(v, s),
  );
  const left = margin.left;
  const right = f.width - margin.right;
  const band = (from: number, to: number, color: string) =>
    `<rect x="${left}" y="${f.y(to).toFixed(1)}" width="${right - left}" height="${(f.y(from) - f.y(to)).toFixed(1)}" fill="${color}" fill-opacity="0.08"/>`;
  f.svg.unshift(
    band(0, good, chartColors.good),
    band(good, needsImprovement, chartColors.needsImprovement),
    band(needsImprovement, top, chartColors.poor),
  );
  for (const [value, color, label] of [
    [good, chartColors.good, "good"],
    [needsImprovement, chartColors.poor, "poor"],
  ] as const) {
    f.svg.push(
      `<line x1="${left}" x2="${right}" y1="${f.y(value)}" y2="${f.y(value)}" stroke="${color}" stroke-width="1.5" stroke-dasharray="5 4"/>`,
    );
    f.svg.push(
      `<text x="${right - 4}" y="${f.y(value) + (label === "good" ? 13 : -5)}" text-anchor="end" font-size="11" font-weight="600" fill="${color}">${e(label === "good" ? `good ≤ ${formatVital(name, value)}` : `poor > ${formatVital(name, value)}`)}</text>`,
    );
  }
  const indexOf = new Map(days.map((day, i) => [day, i]));
  const placed = points.filter((p) => indexOf.has(p.day)).map((p) => ({ ...p, i: indexOf.get(p.day)! }));
  if (placed.length > 1)
    f.svg.push(
      `<polyline points="${placed.map((p) => `${f.x(p.i).toFixed(1)},${f.y(p.p75).toFixed(1)}`).join(" ")}" fill="none" stroke="${brandColors.ink}" stroke-width="2" stroke-linejoin="round"/>`,
    );
  for (const p of placed)
    f.svg.push(
      `<circle cx="${f.x(p.i).toFixed(1)}" cy="${f.y(p.p75).toFixed(1)}" r="3" fill="${ratingColor[rateVital(name, p.p75)]}" stroke="#fff" stroke-width="1.5"/>`,
    );
  return svgFigure(
    `${name} p75 per day`,
    `${vitalTitles[name]}: the 75th percentile on ${placed.length} days with measurements, against the thresholds good up to ${formatVital(name, good)} and poor above ${formatVital(name, needsImprovement)}.`,
    f.svg,
    f,
  );
}
