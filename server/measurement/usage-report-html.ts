/**
 * The usage report as one self-contained HTML page (`npm run stats -- --format html`): charts
 * drawn as SVG on the server by common/charts.ts (the console's usage page draws the same), no
 * script, no external file. Every chart has a title and a description for screen readers and
 * its figures in a table beside it.
 */
import {
  barList,
  chartColors as colors,
  columnChart,
  dataTable,
  formatVital,
  lineChart,
  number,
  percent,
  ratingColor,
  ratingLabel,
  resetChartIds,
  shortDay,
  vitalChart,
  vitalTitles,
  vitalUnit,
} from "#common/charts.ts";
import { html, raw, type Html } from "#common/html.ts";
import { vitalNames, rateVital, type VitalName } from "#common/web-vitals.ts";
import { goalNames, goals as goalLabels, type Goal } from "#common/goals.ts";
import type { GoalCounts } from "./acquisition.ts";
import type { UsageReport } from "./usage-report.ts";
import { style } from "./usage-report-style.ts";

/** Goal names short enough for a chart's label column. */
const goalShortLabels: Record<Goal, string> = {
  "contact-sent": "Contact sent",
  "newsletter-requested": "Newsletter sign-up",
  "subscription-confirmed": "Sign-up confirmed",
  "schedule-call": "Schedule-call click",
  "video-completed": "Demo video watched",
  "feature-list-pdf": "Feature list PDF",
};

const card = (label: string, value: string, note = "") =>
  html`<div class="kpi"><p class="kpi-label">${label}</p><p class="kpi-value">${value}</p>${note && html`<p class="kpi-note">${note}</p>`}</div>`;

/** `body`: markup of common/charts.ts (which escapes its own text) and of `empty`. */
const section = (id: string, title: string, lead: Html | "", body: string, wide = false) =>
  html`<section class="panel${wide ? " wide" : ""}" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${lead && html`<p class="lead">${lead}</p>`}${raw(body)}</section>`;

const visitsAndLeads = [
  { label: "Visits", color: colors.views },
  { label: "Contact sent", color: colors.leads },
];
const goalRateHeads = goalNames.map((g) => `${goalLabels[g]} (rate)`);
const goalRates = (goals: GoalCounts) => goalNames.map((g) => `${goals[g].visits} (${percent(goals[g].rate)})`);

const empty = (text: string) => html`<p class="empty">${text}</p>`.toString();

export function renderUsageReportHtml(report: UsageReport, { brand }: { brand: string }): string {
  resetChartIds();
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
    html`Where visits came from: the campaign's source, else the referring site (search engines and social sites by name), else direct.`,
    topSources.length
      ? barList(
          topSources.map((s) => ({ label: s.source, values: [s.visits, s.goals["contact-sent"].visits] })),
          visitsAndLeads,
          "Visits and leads per source",
          `${number(visits)} visits from ${sources.length} sources; first ${topSources[0].source} with ${number(topSources[0].visits)} visits.`,
          200,
        ) +
          dataTable(
            "Sources",
            ["Source", "Kind", "Visits", "Visitors", ...goalRateHeads],
            sources.map((s) => [s.source, s.kind, s.visits, s.visitors ?? "–", ...goalRates(s.goals)]),
          )
      : empty("No visits in this period."),
  );
  const campaignsSection = section(
    "campaigns",
    "Campaigns",
    html`Visits that landed with utm_campaign, and the share of them that sent the contact form.`,
    campaigns.length
      ? barList(
          campaigns
            .slice(0, 10)
            .map((c) => ({ label: c.campaign, values: [c.visits, c.goals["contact-sent"].visits] })),
          visitsAndLeads,
          "Visits and leads per campaign",
          `${campaigns.length} campaigns; first ${campaigns[0].campaign} (${campaigns[0].source}) with ${number(campaigns[0].visits)} visits, ${percent(campaigns[0].goals["contact-sent"].rate)} of them sent the contact form.`,
        ) +
          dataTable(
            "Campaigns",
            ["Campaign", "Source", "Medium", "Visits", "Visitors", ...goalRateHeads],
            campaigns.map((c) => [
              c.campaign,
              c.source,
              c.medium ?? "–",
              c.visits,
              c.visitors ?? "–",
              ...goalRates(c.goals),
            ]),
          )
      : empty("No campaign visits in this period."),
  );
  const goalsSection = section(
    "goals",
    "Goals",
    html`Visits that reached each goal, and their share of all visits (conversion rate).`,
    visits
      ? barList(
          report.acquisition.goals.map((g) => ({
            label: `${goalShortLabels[g.goal]} (${percent(g.rate)})`,
            values: [g.visits],
          })),
          [{ label: "Visits with the goal", color: colors.leads }],
          "Visits reaching each goal",
          report.acquisition.goals
            .map((g) => `${g.label}: ${number(g.visits)} visits (${percent(g.rate)})`)
            .join("; ") + ".",
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
    html`Visits that sent the contact form, asked for the newsletter or clicked to schedule a call, per day.`,
    visits
      ? columnChart(
          days,
          [
            { label: "Contact sent", color: colors.leads, values: goalsDaily.map((d) => d.goals["contact-sent"]) },
            {
              label: "Newsletter sign-ups",
              color: colors.subscribers,
              values: goalsDaily.map((d) => d.goals["newsletter-requested"]),
            },
            {
              label: "Schedule-call clicks",
              color: colors.starts,
              values: goalsDaily.map((d) => d.goals["schedule-call"]),
            },
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
    html`Visits reaching each step in order: landing, a feature or demo page, /contact or /support, then the contact form sent.`,
    visits
      ? barList(
          funnel.steps.map((step) => ({ label: step.step, values: [step.visits] })),
          [{ label: "Visits", color: colors.views }],
          "Funnel from landing to lead",
          funnel.steps
            .map(
              (step) =>
                `${step.step}: ${number(step.visits)} visits${step.drop === null ? "" : ` (${percent(step.drop)} dropped)`}`,
            )
            .join("; ") + ".",
          200,
        ) +
          `<ol class="steps">${funnel.steps
            .map(
              (step) =>
                html`<li><strong>${number(step.visits)}</strong> ${step.step}${step.drop !== null && html` <span>−${percent(step.drop)}</span>`}</li>`,
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
        html`<div class="vital"><p class="vital-name"><abbr title="${vitalTitles[v.name]}">${v.name}</abbr></p><p class="vital-value">${formatVital(v.name, v.p75)}</p><p class="badge" style="--c:${ratingColor[v.rating]}">${ratingLabel[v.rating]}</p><p class="kpi-note">p75 of ${number(v.samples)}</p></div>`,
    )
    .join("");
  const vitalDays = (name: VitalName) => report.vitalsDaily.filter((p) => p.name === name);
  const vitalCharts = vitalNames
    .filter((name) => vitalDays(name).length)
    .map((name) => {
      const chart = vitalChart(name, days, vitalDays(name));
      return html`<figure class="vital-chart"><figcaption>${vitalTitles[name]} (${name}), p75 per day</figcaption>${raw(chart)}</figure>`;
    })
    .join("");
  const vitals = section(
    "vitals",
    "Web vitals (75th percentile)",
    html`Shaded bands: <span class="tag good">good</span> <span class="tag ni">needs improvement</span> <span class="tag poor">poor</span>, by the spec's thresholds; dots coloured by each day's rating.`,
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
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(style)}</style>
</head>
<body>
<header class="top">
<div class="wrap">
<p class="brand"><span class="mark" aria-hidden="true"></span>${brand}</p>
<h1>Usage report</h1>
<p class="period">${from} – ${to} · last ${report.days} days · generated ${report.to.slice(0, 16).replace("T", " ")} UTC</p>
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
`.toString();
}
