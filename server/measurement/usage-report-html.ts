/**
 * The usage report as one self-contained HTML page (`npm run stats -- --format html`): charts
 * drawn as SVG here on the server, no script, no external file. Every chart has a title and a
 * description for screen readers and its figures in a table beside it.
 */
import { brandColors } from "#common/brand.ts";
import { escapeHtml } from "#common/html.ts";
import { vitalNames, vitalThresholds, rateVital, type VitalName, type VitalRating } from "#common/web-vitals.ts";
import { goalNames, goals as goalLabels, type Goal } from "#common/goals.ts";
import type { UsageReport } from "./usage-report.ts";

const colors = {
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
const ratingColor: Record<VitalRating, string> = { good: colors.good, "needs-improvement": colors.needsImprovement, poor: colors.poor };
const ratingLabel: Record<VitalRating, string> = { good: "Good", "needs-improvement": "Needs improvement", poor: "Poor" };
const vitalUnit = (name: VitalName) => (name === "CLS" ? "" : " ms");
const formatVital = (name: VitalName, value: number) => (name === "CLS" ? value.toFixed(3) : `${Math.round(value).toLocaleString("en-US")} ms`);
const vitalTitles: Record<VitalName, string> = {
  LCP: "Largest Contentful Paint",
  CLS: "Cumulative Layout Shift",
  INP: "Interaction to Next Paint",
  FCP: "First Contentful Paint",
  TTFB: "Time to First Byte",
  FID: "First Input Delay",
};

/** Goal names short enough for a chart's label column. */
const goalShortLabels: Record<Goal, string> = {
  "contact-sent": "Contact sent",
  "newsletter-requested": "Newsletter sign-up",
  "subscription-confirmed": "Sign-up confirmed",
  "schedule-call": "Schedule-call click",
  "video-completed": "Demo video watched",
  "feature-list-pdf": "Feature list PDF",
};

const e = (text: string | number) => escapeHtml(String(text));
const number = (n: number) => n.toLocaleString("en-US");
const percent = (n: number | null) => (n === null ? "–" : `${Math.round(n * 100)}%`);
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
let ids = 0;
const nextId = (prefix: string) => `${prefix}-${++ids}`;

/** A round upper bound and its ticks (1, 2 or 5 times a power of ten), about four of them. */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: 1, step: 0.25 };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return { top: Math.ceil(max / step - 1e-9) * step, step };
}
const tickLabel = (value: number, step: number) => (step < 1 ? value.toFixed(step < 0.1 ? 2 : 1) : number(Math.round(value)));

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

function frame(days: string[], top: number, step: number, { width, height }: { width: number; height: number }, format = tickLabel): Frame {
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const band = plotW / Math.max(days.length, 1);
  const x = (i: number) => margin.left + band * (i + 0.5);
  const y = (v: number) => margin.top + plotH - (Math.min(v, top) / top) * plotH;
  const svg: string[] = [];
  for (let v = 0; v <= top + 1e-9; v += step) {
    svg.push(`<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(v)}" y2="${y(v)}" stroke="${colors.grid}"/>`);
    svg.push(`<text x="${margin.left - 8}" y="${y(v) + 4}" text-anchor="end" class="tick">${e(format(v, step))}</text>`);
  }
  const every = Math.max(1, Math.ceil(days.length / Math.floor(plotW / 70)));
  days.forEach((day, i) => {
    if ((days.length - 1 - i) % every === 0)
      svg.push(`<text x="${x(i)}" y="${height - 10}" text-anchor="middle" class="tick">${e(shortDay(day))}</text>`);
  });
  return { width, height, x, y, band, svg };
}

function svgFigure(title: string, description: string, body: string[], { width, height }: { width: number; height: number }, legend = ""): string {
  const id = nextId("chart");
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-t ${id}-d" preserveAspectRatio="xMidYMid meet">
<title id="${id}-t">${e(title)}</title><desc id="${id}-d">${e(description)}</desc>
${body.join("\n")}
</svg>${legend}`;
}

const legendOf = (items: { label: string; color: string; dashed?: boolean }[]) =>
  `<ul class="legend" aria-hidden="true">${items
    .map((item) => `<li><span class="swatch${item.dashed ? " dashed" : ""}" style="--c:${item.color}"></span>${e(item.label)}</li>`)
    .join("")}</ul>`;

function dataTable(caption: string, head: string[], rows: (string | number)[][]): string {
  return `<details><summary>${e(caption)} as a table</summary><table><caption>${e(caption)}</caption><thead><tr>${head
    .map((h) => `<th scope="col">${e(h)}</th>`)
    .join("")}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">${e(cell)}</th>` : `<td>${e(cell)}</td>`)).join("")}</tr>`)
    .join("")}</tbody></table></details>`;
}

/** Lines over days (page views and visitors), the first series shaded below its line. */
function lineChart(days: string[], series: { label: string; color: string; values: number[] }[], title: string): string {
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
      s.values.forEach((v, i) => f.svg.push(`<circle cx="${f.x(i).toFixed(1)}" cy="${f.y(v).toFixed(1)}" r="3" fill="${s.color}"/>`));
  });
  const totals = series.map((s) => `${number(s.values.reduce((a, b) => a + b, 0))} ${s.label.toLowerCase()}`).join(" and ");
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
function columnChart(days: string[], series: { label: string; color: string; values: number[] }[], title: string): string {
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
  const totals = series.map((s) => `${number(s.values.reduce((a, b) => a + b, 0))} ${s.label.toLowerCase()}`).join(" and ");
  return svgFigure(title, `${totals} over ${days.length} days.`, f.svg, f, legendOf(series));
}

/** Horizontal bars, one row per item, with up to two values each (views and visitors; starts and completions). */
function barList(
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
    svg.push(`<text x="${labelW - 10}" y="${y + rowH / 2 + 4}" text-anchor="end" class="label">${e(label)}</text>`);
    const barH = (rowH - 10) / series.length;
    row.values.forEach((v, k) => {
      const w = Math.max(v ? 2 : 0, (v / max) * plotW);
      svg.push(
        `<rect x="${labelW}" y="${(y + 5 + k * barH).toFixed(1)}" width="${w.toFixed(1)}" height="${(barH - 2).toFixed(1)}" rx="3" fill="${series[k].color}"/>`,
      );
      svg.push(`<text x="${(labelW + w + 6).toFixed(1)}" y="${(y + 5 + k * barH + barH / 2 + 2).toFixed(1)}" class="value">${e(number(v))}</text>`);
    });
  });
  return svgFigure(title, description, svg, { width, height }, series.length > 1 ? legendOf(series) : "");
}

/** One vital's daily p75 over the window, on bands coloured by the spec's thresholds. */
function vitalChart(name: VitalName, days: string[], points: { day: string; p75: number }[]): string {
  const [good, needsImprovement] = vitalThresholds[name];
  const { top, step } = niceScale(Math.max(needsImprovement * 1.3, ...points.map((p) => p.p75)));
  const f = frame(days, top, step, { width: 360, height: 190 }, (v, s) => (name === "CLS" ? v.toFixed(s < 0.1 ? 2 : 1) : tickLabel(v, s)));
  const left = margin.left;
  const right = f.width - margin.right;
  const band = (from: number, to: number, color: string) =>
    `<rect x="${left}" y="${f.y(to).toFixed(1)}" width="${right - left}" height="${(f.y(from) - f.y(to)).toFixed(1)}" fill="${color}" fill-opacity="0.08"/>`;
  f.svg.unshift(band(0, good, colors.good), band(good, needsImprovement, colors.needsImprovement), band(needsImprovement, top, colors.poor));
  for (const [value, color, label] of [
    [good, colors.good, "good"],
    [needsImprovement, colors.poor, "poor"],
  ] as const) {
    f.svg.push(
      `<line x1="${left}" x2="${right}" y1="${f.y(value)}" y2="${f.y(value)}" stroke="${color}" stroke-width="1.5" stroke-dasharray="5 4"/>`,
    );
    f.svg.push(
      `<text x="${right - 4}" y="${f.y(value) + (label === "good" ? 13 : -5)}" text-anchor="end" class="threshold" fill="${color}">${e(label === "good" ? `good ≤ ${formatVital(name, value)}` : `poor > ${formatVital(name, value)}`)}</text>`,
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

const card = (label: string, value: string, note = "") =>
  `<div class="kpi"><p class="kpi-label">${e(label)}</p><p class="kpi-value">${e(value)}</p>${note ? `<p class="kpi-note">${e(note)}</p>` : ""}</div>`;

const section = (id: string, title: string, lead: string, body: string, wide = false) =>
  `<section class="panel${wide ? " wide" : ""}" aria-labelledby="${id}"><h2 id="${id}">${e(title)}</h2>${lead ? `<p class="lead">${lead}</p>` : ""}${body}</section>`;

const empty = (text: string) => `<p class="empty">${e(text)}</p>`;

export function renderUsageReportHtml(report: UsageReport, { brand }: { brand: string }): string {
  ids = 0;
  const days = report.daily.map((d) => d.day);
  const from = shortDay(report.from.slice(0, 10));
  const to = shortDay(report.to.slice(0, 10));
  const leads = report.daily.reduce((sum, d) => sum + d.leads, 0);
  const subscribers = report.daily.reduce((sum, d) => sum + d.subscribers, 0);
  const starts = report.videos.reduce((sum, v) => sum + v.starts, 0);
  const completes = report.videos.reduce((sum, v) => sum + v.completes, 0);

  const traffic = section(
    "traffic",
    "Page views and visitors per day",
    "",
    report.totals.pageViews
      ? lineChart(
          days,
          [
            { label: "Page views", color: colors.views, values: report.daily.map((d) => d.views) },
            { label: "Visitors", color: colors.visitors, values: report.daily.map((d) => d.visitors) },
          ],
          "Page views and unique visitors per day",
        ) +
          dataTable(
            "Page views and visitors per day",
            ["Day", "Page views", "Visitors"],
            report.daily.map((d) => [d.day, d.views, d.visitors]),
          )
      : empty("No page views in this period."),
    true,
  );

  const topPages = report.pages.filter((p) => p.views > 0).slice(0, 10);
  const pages = section(
    "pages",
    "Top pages",
    "",
    topPages.length
      ? barList(
          topPages.map((p) => ({ label: p.page === "home" ? "home (/)" : p.page, values: [p.views, p.visitors] })),
          [
            { label: "Page views", color: colors.views },
            { label: "Visitors", color: colors.visitors },
          ],
          "Top pages by page views",
          `The ${topPages.length} most viewed pages; first ${topPages[0].page} with ${number(topPages[0].views)} page views.`,
        ) +
          dataTable(
            "All pages",
            ["Page", "Page views", "Visitors", "Median seconds on page", "Median load (ms)"],
            report.pages.map((p) => [p.page, p.views, p.visitors, p.medianSecondsOnPage ?? "–", p.medianLoadMs ?? "–"]),
          )
      : empty("No page views in this period."),
  );

  const { sources, campaigns, goalsDaily, funnel } = report.acquisition;
  const visits = report.acquisition.visits;
  const topSources = sources.slice(0, 10);
  const sourcesSection = section(
    "sources",
    "Sources",
    "Where visits came from: the campaign's source, else the referring site (search engines and social sites by name), else direct.",
    topSources.length
      ? barList(
          topSources.map((s) => ({ label: s.source, values: [s.visits, s.goals["contact-sent"].visits] })),
          [
            { label: "Visits", color: colors.views },
            { label: "Contact sent", color: colors.leads },
          ],
          "Visits and leads per source",
          `${number(visits)} visits from ${sources.length} sources; first ${topSources[0].source} with ${number(topSources[0].visits)} visits.`,
          200,
        ) +
          dataTable(
            "Sources",
            ["Source", "Kind", "Visits", "Visitors", ...goalNames.map((g) => `${goalLabels[g]} (rate)`)],
            sources.map((s) => [
              s.source,
              s.kind,
              s.visits,
              s.visitors,
              ...goalNames.map((g) => `${s.goals[g].visits} (${percent(s.goals[g].rate)})`),
            ]),
          )
      : empty("No visits in this period."),
  );
  const campaignsSection = section(
    "campaigns",
    "Campaigns",
    "Visits that landed with utm_campaign, and the share of them that sent the contact form.",
    campaigns.length
      ? barList(
          campaigns.slice(0, 10).map((c) => ({ label: c.campaign, values: [c.visits, c.goals["contact-sent"].visits] })),
          [
            { label: "Visits", color: colors.views },
            { label: "Contact sent", color: colors.leads },
          ],
          "Visits and leads per campaign",
          `${campaigns.length} campaigns; first ${campaigns[0].campaign} (${campaigns[0].source}) with ${number(campaigns[0].visits)} visits, ${percent(campaigns[0].goals["contact-sent"].rate)} of them sent the contact form.`,
        ) +
          dataTable(
            "Campaigns",
            ["Campaign", "Source", "Medium", "Visits", "Visitors", ...goalNames.map((g) => `${goalLabels[g]} (rate)`)],
            campaigns.map((c) => [
              c.campaign,
              c.source,
              c.medium ?? "–",
              c.visits,
              c.visitors,
              ...goalNames.map((g) => `${c.goals[g].visits} (${percent(c.goals[g].rate)})`),
            ]),
          )
      : empty("No campaign visits in this period."),
  );
  const goalsSection = section(
    "goals",
    "Goals",
    "Visits that reached each goal, and their share of all visits (conversion rate).",
    visits
      ? barList(
          report.acquisition.goals.map((g) => ({ label: `${goalShortLabels[g.goal]} (${percent(g.rate)})`, values: [g.visits] })),
          [{ label: "Visits with the goal", color: colors.leads }],
          "Visits reaching each goal",
          report.acquisition.goals.map((g) => `${g.label}: ${number(g.visits)} visits (${percent(g.rate)})`).join("; ") + ".",
          200,
        ) +
          dataTable(
            "Goals",
            ["Goal", "Visits with the goal", "Conversion rate"],
            report.acquisition.goals.map((g) => [g.label, g.visits, percent(g.rate)]),
          )
      : empty("No visits in this period."),
  );
  const goalsDailySection = section(
    "goals-daily",
    "Goals per day",
    "Visits that sent the contact form, asked for the newsletter or clicked to schedule a call, per day.",
    visits
      ? columnChart(
          days,
          [
            { label: "Contact sent", color: colors.leads, values: goalsDaily.map((d) => d.goals["contact-sent"]) },
            { label: "Newsletter sign-ups", color: colors.subscribers, values: goalsDaily.map((d) => d.goals["newsletter-requested"]) },
            { label: "Schedule-call clicks", color: colors.starts, values: goalsDaily.map((d) => d.goals["schedule-call"]) },
          ],
          "Goals per day",
        ) +
          dataTable(
            "Goals per day",
            ["Day", "Visits", ...goalNames.map((g) => goalLabels[g])],
            goalsDaily.filter((d) => d.visits).map((d) => [d.day, d.visits, ...goalNames.map((g) => d.goals[g])]),
          )
      : empty("No visits in this period."),
  );
  const funnelSection = section(
    "funnel",
    "Funnel",
    "Visits reaching each step in order: landing, a feature or demo page, /contact or /support, then the contact form sent.",
    visits
      ? barList(
          funnel.steps.map((step) => ({ label: step.step, values: [step.visits] })),
          [{ label: "Visits", color: colors.views }],
          "Funnel from landing to lead",
          funnel.steps
            .map((step) => `${step.step}: ${number(step.visits)} visits${step.drop === null ? "" : ` (${percent(step.drop)} dropped)`}`)
            .join("; ") + ".",
          200,
        ) +
          `<ol class="steps">${funnel.steps
            .map(
              (step) =>
                `<li><strong>${e(number(step.visits))}</strong> ${e(step.step)}${step.drop === null ? "" : ` <span>−${e(percent(step.drop))}</span>`}</li>`,
            )
            .join("")}</ol>` +
          dataTable(
            "Funnel per source",
            ["Source", ...funnel.steps.map((step) => step.step)],
            funnel.bySource.map((f) => [
              f.source,
              ...f.steps.map((step) => `${step.visits}${step.drop === null ? "" : ` (−${percent(step.drop)})`}`),
            ]),
          )
      : empty("No visits in this period."),
  );

  const vitalCards = report.vitals
    .map(
      (v) =>
        `<div class="vital"><p class="vital-name"><abbr title="${e(vitalTitles[v.name])}">${e(v.name)}</abbr></p><p class="vital-value">${e(formatVital(v.name, v.p75))}</p><p class="badge" style="--c:${ratingColor[v.rating]}">${e(ratingLabel[v.rating])}</p><p class="kpi-note">p75 of ${e(number(v.samples))}</p></div>`,
    )
    .join("");
  const vitalCharts = vitalNames
    .filter((name) => report.vitalsDaily.some((p) => p.name === name))
    .map(
      (name) =>
        `<figure class="vital-chart"><figcaption>${e(vitalTitles[name])} (${e(name)}), p75 per day</figcaption>${vitalChart(
          name,
          days,
          report.vitalsDaily.filter((p) => p.name === name),
        )}</figure>`,
    )
    .join("");
  const vitals = section(
    "vitals",
    "Web vitals (75th percentile)",
    `Shaded bands: <span class="tag good">good</span> <span class="tag ni">needs improvement</span> <span class="tag poor">poor</span>, by the spec's thresholds; dots coloured by each day's rating.`,
    report.vitals.length
      ? `<div class="vitals">${vitalCards}</div><div class="vital-charts">${vitalCharts}</div>` +
          dataTable(
            "Web vitals p75 per day",
            ["Day", "Metric", "p75", "Rating", "Samples"],
            report.vitalsDaily.map((p) => [
              p.day,
              p.name,
              `${p.name === "CLS" ? p.p75.toFixed(3) : Math.round(p.p75)}${vitalUnit(p.name)}`,
              ratingLabel[rateVital(p.name, p.p75)],
              p.samples,
            ]),
          )
      : empty("No web-vitals measurements in this period."),
    true,
  );

  const videos = section(
    "videos",
    "Video starts and completions",
    "",
    report.videos.length
      ? barList(
          report.videos.map((v) => ({ label: v.label || "(unnamed)", values: [v.starts, v.completes] })),
          [
            { label: "Starts", color: colors.starts },
            { label: "Watched to the end", color: colors.completes },
          ],
          "Video starts and completions per video",
          `${number(starts)} starts and ${number(completes)} completions over ${report.videos.length} videos (${percent(starts ? completes / starts : null)} watched to the end).`,
        ) +
          dataTable(
            "Videos",
            ["Video", "Starts", "Completions", "Completion rate"],
            report.videos.map((v) => [v.label || "(unnamed)", v.starts, v.completes, percent(v.completionRate)]),
          )
      : empty("No video plays in this period."),
  );

  const signups = section(
    "signups",
    "Leads and newsletter sign-ups per day",
    "",
    leads + subscribers
      ? columnChart(
          days,
          [
            { label: "Leads", color: colors.leads, values: report.daily.map((d) => d.leads) },
            { label: "Subscribers", color: colors.subscribers, values: report.daily.map((d) => d.subscribers) },
          ],
          "Leads and newsletter sign-ups per day",
        ) +
          dataTable(
            "Leads and sign-ups per day",
            ["Day", "Leads", "Subscribers"],
            report.daily.filter((d) => d.leads || d.subscribers).map((d) => [d.day, d.leads, d.subscribers]),
          )
      : empty("No leads or sign-ups in this period."),
  );

  const title = `${brand} usage report, ${from} – ${to}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${style}</style>
</head>
<body>
<header class="top">
<div class="wrap">
<p class="brand"><span class="mark" aria-hidden="true"></span>${e(brand)}</p>
<h1>Usage report</h1>
<p class="period">${e(from)} – ${e(to)} · last ${e(report.days)} days · generated ${e(report.to.slice(0, 16).replace("T", " "))} UTC</p>
</div>
</header>
<main class="wrap">
<section class="kpis" aria-label="Totals">
${card("Page views", number(report.totals.pageViews))}
${card("Unique visitors", number(report.totals.visitors))}
${card("Leads", number(leads))}
${card("Newsletter sign-ups", number(subscribers))}
${card("Videos watched to the end", percent(starts ? completes / starts : null), `${number(completes)} of ${number(starts)} starts`)}
</section>
<div class="grid">
${traffic}
${pages}
${videos}
${vitals}
${signups}
${sourcesSection}
${campaignsSection}
${funnelSection}
${goalsSection}
${goalsDailySection}
</div>
</main>
<footer class="wrap foot"><p>From the server's database by <code>npm run stats -- --format html</code>. Days are UTC. Visitors are counted by the anonymous id the site keeps; visitors with Do-Not-Track or Global Privacy Control are not measured.</p></footer>
</body>
</html>
`;
}

const style = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${brandColors.ink};background:${brandColors.surface}}
.wrap{max-width:1240px;margin:0 auto;padding:0 24px}
.top{background:linear-gradient(120deg,${brandColors.brand900},${brandColors.brand700});color:#fff;padding:28px 0 72px}
.brand{margin:0;font-weight:700;letter-spacing:.02em;display:flex;align-items:center;gap:8px;opacity:.9}
.mark{width:18px;height:18px;border-radius:5px;background:${brandColors.brand100};box-shadow:inset 0 0 0 4px ${brandColors.brand600}}
h1{margin:6px 0 2px;font-size:30px;line-height:1.2}
.period{margin:0;color:${brandColors.brand100}}
.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(190px,1fr));gap:16px;margin-top:-48px}
.kpi,.panel{background:#fff;border:1px solid ${brandColors.line};border-radius:14px;box-shadow:0 1px 2px rgb(16 24 40 / .05),0 4px 16px rgb(16 24 40 / .04)}
.kpi{padding:16px 20px}
.kpi-label{margin:0;color:${brandColors.muted};font-size:13px;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
.kpi-value{margin:4px 0 0;font-size:30px;font-weight:700;font-variant-numeric:tabular-nums}
.kpi-note{margin:2px 0 0;color:${brandColors.muted};font-size:13px}
.grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:20px;margin:20px 0}
.panel{padding:20px 22px}
.panel.wide{grid-column:1/-1}
@media (max-width:900px){.grid{grid-template-columns:1fr}}
h2{margin:0 0 12px;font-size:17px}
.lead{margin:-6px 0 14px;color:${brandColors.muted};font-size:14px}
svg{display:block;width:100%;height:auto;overflow:visible}
.tick{font-size:11px;fill:${colors.axis}}
.label{font-size:13px;fill:${brandColors.ink}}
.value{font-size:12px;fill:${brandColors.muted};font-variant-numeric:tabular-nums}
.threshold{font-size:11px;font-weight:600}
.legend{display:flex;gap:18px;list-style:none;margin:8px 0 0 48px;padding:0;font-size:13px;color:${brandColors.muted}}
.swatch{display:inline-block;width:12px;height:12px;border-radius:3px;background:var(--c);margin-right:6px;vertical-align:-1px}
.vitals{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin-bottom:18px}
.vital{border:1px solid ${brandColors.line};border-radius:12px;padding:12px 14px}
.vital-name{margin:0;font-weight:700;color:${brandColors.muted}}
.vital-name abbr{text-decoration:none}
.vital-value{margin:2px 0 6px;font-size:22px;font-weight:700;font-variant-numeric:tabular-nums}
.badge{display:inline-block;margin:0;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;color:var(--c);background:color-mix(in srgb,var(--c) 12%,#fff)}
.vital-charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(340px,1fr));gap:16px 24px}
figure{margin:0}
figcaption{font-size:13px;font-weight:600;color:${brandColors.muted};margin-bottom:4px}
.tag{padding:0 6px;border-radius:4px;font-weight:600}
.tag.good{color:${colors.good};background:color-mix(in srgb,${colors.good} 12%,#fff)}
.tag.ni{color:${colors.needsImprovement};background:color-mix(in srgb,${colors.needsImprovement} 12%,#fff)}
.tag.poor{color:${colors.poor};background:color-mix(in srgb,${colors.poor} 12%,#fff)}
details{margin-top:12px;font-size:14px}
summary{cursor:pointer;color:${brandColors.brand700};font-weight:600}
summary:focus-visible{outline:3px solid ${brandColors.focus};outline-offset:2px;border-radius:4px}
table{border-collapse:collapse;width:100%;margin-top:8px;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding-bottom:4px}
th,td{padding:4px 8px;border-bottom:1px solid ${brandColors.line};text-align:right}
th:first-child{text-align:left}
thead th{color:${brandColors.muted};font-weight:600}
.steps{display:flex;flex-wrap:wrap;gap:8px 20px;list-style:none;margin:10px 0 0;padding:0;font-size:14px;color:${brandColors.muted}}
.steps strong{color:${brandColors.ink};font-variant-numeric:tabular-nums}
.steps span{color:${colors.poor};font-weight:600}
.empty{color:${brandColors.muted};margin:0}
.foot{color:${brandColors.muted};font-size:13px;padding-bottom:32px}
code{font-size:12px;background:#fff;border:1px solid ${brandColors.line};border-radius:4px;padding:1px 4px}
@media print{.top{background:${brandColors.brand900};print-color-adjust:exact;-webkit-print-color-adjust:exact}details{display:none}}
`;
