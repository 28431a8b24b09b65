/**
 * The usage report's acquisition (server/measurement/acquisition.ts, issue 21): sources,
 * campaigns, goals and the funnel, drawn with the HTML report's charts (common/charts.ts).
 */
import { barList, chartColors, columnChart, dataTable, percent } from "#common/charts.ts";
import { count } from "./format.ts";
import { ChartPanel } from "./UsagePanels.tsx";

/** A goal's name (common/goals.ts); names and labels come with the report, in its order. */
type Goal = string;
interface GoalCount {
  visits: number;
  rate: number | null;
}
interface Row {
  visits: number;
  visitors: number;
  goals: Record<Goal, GoalCount>;
}
interface Step {
  step: string;
  visits: number;
  drop: number | null;
}
export interface AcquisitionReport {
  visits: number;
  sources: (Row & { source: string; kind: string })[];
  campaigns: (Row & { campaign: string; source: string; medium: string | null })[];
  goals: { goal: Goal; label: string; visits: number; rate: number | null }[];
  goalsDaily: { day: string; visits: number; goals: Record<Goal, number> }[];
  funnel: { steps: Step[] };
}

const visitsAndLeads = [
  { label: "Visits", color: chartColors.views },
  { label: "Contact sent", color: chartColors.leads },
];

export function Acquisition({ acquisition: a, days }: { acquisition: AcquisitionReport; days: string[] }) {
  const goalCells = (row: Row) =>
    a.goals.map(({ goal }) => `${row.goals[goal]?.visits ?? 0} (${percent(row.goals[goal]?.rate ?? null)})`);
  const goalHeads = a.goals.map((g) => `${g.label} (rate)`);
  const sources = a.sources.slice(0, 10);
  const campaigns = a.campaigns.slice(0, 10);
  const noVisits = "No visits in this period.";
  const goalVisits = a.goalsDaily.reduce((total, d) => total + Object.values(d.goals).reduce((x, y) => x + y, 0), 0);
  return (
    <>
      <ChartPanel
        title="Sources"
        description="Where visits came from: the campaign's source, else the referring site, else direct."
        empty={noVisits}
        figure={
          sources.length > 0 && {
            charts: [
              barList(
                sources.map((s) => ({ label: s.source, values: [s.visits, s.goals["contact-sent"]?.visits ?? 0] })),
                visitsAndLeads,
                "Visits and leads per source",
                `${count(a.visits)} visits from ${a.sources.length} sources; first ${sources[0].source} with ${count(sources[0].visits)} visits.`,
                200,
              ),
            ],
            table: dataTable(
              "Sources",
              ["Source", "Kind", "Visits", "Visitors", ...goalHeads],
              a.sources.map((s) => [s.source, s.kind, s.visits, s.visitors, ...goalCells(s)]),
            ),
          }
        }
      />
      <ChartPanel
        title="Campaigns"
        description="Visits that landed with utm_campaign, and how many of them sent the contact form."
        empty="No campaign visits in this period."
        figure={
          campaigns.length > 0 && {
            charts: [
              barList(
                campaigns.map((c) => ({ label: c.campaign, values: [c.visits, c.goals["contact-sent"]?.visits ?? 0] })),
                visitsAndLeads,
                "Visits and leads per campaign",
                `${a.campaigns.length} campaigns; first ${campaigns[0].campaign} (${campaigns[0].source}) with ${count(campaigns[0].visits)} visits.`,
              ),
            ],
            table: dataTable(
              "Campaigns",
              ["Campaign", "Source", "Medium", "Visits", "Visitors", ...goalHeads],
              a.campaigns.map((c) => [c.campaign, c.source, c.medium ?? "–", c.visits, c.visitors, ...goalCells(c)]),
            ),
          }
        }
      />
      <ChartPanel
        title="Goals"
        description="Visits that reached each goal, and their share of all visits (conversion rate)."
        empty={noVisits}
        figure={
          a.visits > 0 && {
            charts: [
              barList(
                a.goals.map((g) => ({ label: `${g.label} (${percent(g.rate)})`, values: [g.visits] })),
                [{ label: "Visits with the goal", color: chartColors.leads }],
                "Visits reaching each goal",
                a.goals.map((g) => `${g.label}: ${count(g.visits)} visits (${percent(g.rate)})`).join("; ") + ".",
                260, // the longest goal with its rate, "Newsletter sign-up requested (100%)", uncut
              ),
              // Per day only once a goal was reached: a chart of nothing but zeros says no more than the list.
              ...(goalVisits > 0
                ? [
                    columnChart(
                      days,
                      [
                        {
                          label: "Contact sent",
                          color: chartColors.leads,
                          values: a.goalsDaily.map((d) => d.goals["contact-sent"] ?? 0),
                        },
                        {
                          label: "Newsletter sign-ups",
                          color: chartColors.subscribers,
                          values: a.goalsDaily.map((d) => d.goals["newsletter-requested"] ?? 0),
                        },
                        {
                          label: "Schedule-call clicks",
                          color: chartColors.starts,
                          values: a.goalsDaily.map((d) => d.goals["schedule-call"] ?? 0),
                        },
                      ],
                      "Goals per day",
                    ),
                  ]
                : []),
            ],
            table: dataTable(
              "Goals",
              ["Goal", "Visits with the goal", "Conversion rate"],
              a.goals.map((g) => [g.label, g.visits, percent(g.rate)]),
            ),
          }
        }
      />
      <ChartPanel
        title="Funnel"
        description="Visits reaching each step in order: landing, a feature or demo page, /contact or /support, then the contact form sent."
        empty={noVisits}
        figure={
          a.visits > 0 && {
            charts: [
              barList(
                a.funnel.steps.map((step) => ({ label: step.step, values: [step.visits] })),
                [{ label: "Visits", color: chartColors.views }],
                "Funnel from landing to lead",
                a.funnel.steps
                  .map(
                    (s) =>
                      `${s.step}: ${count(s.visits)} visits${s.drop === null ? "" : ` (${percent(s.drop)} dropped)`}`,
                  )
                  .join("; ") + ".",
                200,
              ),
            ],
            table: dataTable(
              "Funnel",
              ["Step", "Visits", "Dropped"],
              a.funnel.steps.map((s) => [s.step, s.visits, s.drop === null ? "–" : percent(s.drop)]),
            ),
          }
        }
      />
    </>
  );
}
