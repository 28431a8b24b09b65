/**
 * The usage report as text, for `npm run stats` in a terminal: tables of pages, vitals, videos,
 * sources, campaigns, goals, the funnel and sign-ups (usage-report-html.ts draws the same as a page).
 */
import { goalNames, type Goal } from "#common/goals.ts";
import type { Acquisition, GoalCounts } from "./acquisition.ts";
import { printable, type UsageReport } from "./usage-report.ts";

const table = (head: string[], rows: (string | number)[][]) => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells
      .map((cell, i) => (typeof cell === "number" ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
      .join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
};
/** A titled table, or the line `none` says when it has no rows. */
const section = (title: string, head: string[], rows: (string | number)[][], none: string) =>
  `${title}\n${rows.length ? table(head, rows) : none}`;
const orDash = (value: number | null, digits = 0) => (value === null ? "-" : Number(value.toFixed(digits)));

export function formatUsageReport(report: UsageReport): string {
  const { totals } = report;
  const sections = [
    `Usage from ${report.from} to ${report.to} (UTC days, both included; ${report.days} days): ${totals.pageViews} page views, ${totals.visitors} unique visitors, ${totals.rumBeacons} RUM beacons`,
    section(
      "Pages",
      ["page", "views", "visitors", "median s on page", "median load ms"],
      report.pages.map((p) => [p.page, p.views, p.visitors, orDash(p.medianSecondsOnPage), orDash(p.medianLoadMs)]),
      "(no page views)",
    ),
    section(
      "Web vitals (p75)",
      ["metric", "p75", "rating", "samples"],
      report.vitals.map((v) => [
        v.name,
        v.name === "CLS" ? Number(v.p75.toFixed(3)) : Math.round(v.p75),
        v.rating,
        v.samples,
      ]),
      "(no measurements)",
    ),
    section(
      "Videos",
      ["video", "starts", "completes", "completion"],
      report.videos.map((v) => [
        v.label || "(unnamed)",
        v.starts,
        v.completes,
        v.completionRate === null ? "-" : `${Math.round(v.completionRate * 100)}%`,
      ]),
      "(no video plays)",
    ),
    ...acquisitionSections(report.acquisition),
    section(
      "Leads and subscribers per day",
      ["day", "leads", "subscribers"],
      report.signups.map((s) => [s.day, s.leads, s.subscribers]),
      "(none)",
    ),
  ];
  return sections.join("\n\n") + "\n";
}

/** Short column names for the goals in text tables. */
const goalHeads: Record<Goal, string> = {
  "contact-sent": "contact",
  "newsletter-requested": "newsletter",
  "subscription-confirmed": "confirmed",
  "schedule-call": "call",
  "video-completed": "video",
  "feature-list-pdf": "pdf",
};
const asPercent = (rate: number | null) => (rate === null ? "-" : `${Number((rate * 100).toFixed(1))}%`);
const goalCells = (counts: GoalCounts) =>
  goalNames.map((goal) => (counts[goal].visits ? `${counts[goal].visits} (${asPercent(counts[goal].rate)})` : "0"));

function acquisitionSections(a: Acquisition): string[] {
  const shown = (text: string | null) => (text === null ? "-" : printable(text));
  return [
    section(
      `Sources (${a.visits} visits; goals as visits with the goal and their share of the visits)`,
      ["source", "kind", "visits", "visitors", ...goalNames.map((g) => goalHeads[g])],
      a.sources.map((s) => [shown(s.source), s.kind, s.visits, orDash(s.visitors), ...goalCells(s.goals)]),
      "(no visits)",
    ),
    section(
      "Campaigns",
      ["campaign", "source", "medium", "visits", "visitors", ...goalNames.map((g) => goalHeads[g])],
      a.campaigns.map((c) => [
        shown(c.campaign),
        shown(c.source),
        shown(c.medium),
        c.visits,
        orDash(c.visitors),
        ...goalCells(c.goals),
      ]),
      "(no campaign visits)",
    ),
    "Goals\n" +
      table(
        ["goal", "visits", "conversion"],
        a.goals.map((g) => [g.label, g.visits, asPercent(g.rate)]),
      ),
    "Goals per day (visits with the goal)\n" +
      table(
        ["day", "visits", ...goalNames.map((g) => goalHeads[g])],
        a.goalsDaily.filter((d) => d.visits).map((d) => [d.day, d.visits, ...goalNames.map((g) => d.goals[g])]),
      ),
    "Funnel (visits reaching each step in order)\n" +
      table(
        ["step", "visits", "of landings", "drop from previous"],
        a.funnel.steps.map((s) => [
          s.step,
          s.visits,
          asPercent(a.visits ? s.visits / a.visits : null),
          asPercent(s.drop),
        ]),
      ),
    section(
      "Funnel per source",
      ["source", "landing", "feature/demo", "contact/support", "lead sent"],
      a.funnel.bySource.map((f) => [shown(f.source), ...f.steps.map((s) => s.visits)]),
      "(no visits)",
    ),
  ];
}
