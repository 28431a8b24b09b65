/**
 * The usage report's answers (server/measurement/acquisition.ts, issues 21 and 31): sources,
 * campaigns, goals, the funnel, entry and exit pages, devices and browsers. Every row is a filter the
 * whole page follows (VisitList); sources and campaigns also link to their leads.
 */
import { percent } from "#common/charts.ts";
import type { UsageFilter, UsageFilterKey } from "#common/usage-filter.ts";
import { count, plural } from "./format.ts";
import { Panel } from "./UsagePanels.tsx";
import { leadsHrefOf } from "./usage-url.ts";
import { VisitList, type VisitListRow } from "./VisitList.tsx";

/** A goal's name (common/goals.ts); names and labels come with the report, in its order. */
type Goal = string;
interface GoalCount {
  visits: number;
  rate: number | null;
}
interface Row {
  visits: number;
  visitors: number | null;
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
export interface DimensionRow {
  name: string;
  visits: number;
  leads: number;
}
export interface VisitsBy {
  entryPages: DimensionRow[];
  exitPages: DimensionRow[];
  devices: DimensionRow[];
  browsers: DimensionRow[];
}

const kindLabels: Record<string, string> = {
  campaign: "campaign",
  paid: "paid ads",
  search: "organic search",
  social: "social",
  forum: "forums",
  news: "news sites",
  referral: "referral",
  direct: "direct",
};

const leadsOf = (row: Row) => row.goals["contact-sent"]?.visits ?? 0;
/** A row's leads and their share of its visits; only the share where the lead count is its link beside the visits. */
const leadsDetail = (leads: number, visits: number, linked = false) =>
  linked
    ? `${percent(visits ? leads / visits : null)} sent the contact form`
    : `${plural(leads, "lead")} (${percent(visits ? leads / visits : null)})`;

export function Acquisition({
  acquisition: a,
  visitsBy,
  filter,
  hrefOf,
  pathOf,
  titleOf,
  leadsLinks,
}: {
  acquisition: AcquisitionReport;
  visitsBy: VisitsBy;
  filter: UsageFilter;
  /** This page with one more filter. */
  hrefOf: (key: UsageFilterKey, value: string) => string;
  /** A page's path from its measurement name. */
  pathOf: (page: string) => string;
  /** A page's title from its measurement name (its path where it has none). */
  titleOf: (page: string) => string;
  /** Whether to link each source and campaign to its leads (owners only may read them). */
  leadsLinks: boolean;
}) {
  const noVisits = <p className="text-sm text-muted">No visits in this period.</p>;
  const dimensionRows = (key: UsageFilterKey | null, rows: DimensionRow[], label = (name: string) => name) =>
    rows.slice(0, 10).map((row): VisitListRow => ({
      value: row.name,
      label: label(row.name),
      visits: row.visits,
      detail: leadsDetail(row.leads, row.visits),
      href: key === null ? undefined : hrefOf(key, row.name),
    }));
  // A page by its title, its path in the detail ("/features/billing · 2 leads (4 %)").
  const pageRows = (key: UsageFilterKey | null, rows: DimensionRow[]) =>
    dimensionRows(key, rows, (name) => (name === "unknown" ? name : titleOf(name))).map((row) =>
      row.value === "unknown" || row.label === pathOf(row.value)
        ? row
        : { ...row, detail: `${pathOf(row.value)} · ${row.detail}` },
    );
  return (
    <>
      <Panel
        title="Sources"
        description="The campaign's source, else the referring site, else direct. Select one to filter."
      >
        {a.sources.length ? (
          <VisitList
            label="Sources by visits"
            active={filter.source}
            rows={a.sources.slice(0, 12).map((s) => ({
              value: s.source,
              label: s.source,
              visits: s.visits,
              detail: `${kindLabels[s.kind] ?? s.kind} · ${s.visitors === null ? "" : `${plural(s.visitors, "visitor")} · `}${leadsDetail(leadsOf(s), s.visits, leadsLinks)}`,
              href: hrefOf("source", s.source),
              extra: leadsLinks
                ? {
                    href: leadsHrefOf({ source: s.source }),
                    label: plural(leadsOf(s), "lead"),
                    name: `${plural(leadsOf(s), "lead")} from ${s.source}`,
                  }
                : undefined,
            }))}
          />
        ) : (
          noVisits
        )}
      </Panel>
      <Panel title="Campaigns" description="Visits that landed with utm_campaign.">
        {a.campaigns.length ? (
          <VisitList
            label="Campaigns by visits"
            active={filter.campaign}
            rows={a.campaigns.slice(0, 12).map((c) => ({
              value: c.campaign,
              key: `${c.campaign}\n${c.source}\n${c.medium ?? ""}`,
              label: c.campaign,
              visits: c.visits,
              detail: `${c.source}${c.medium ? ` / ${c.medium}` : ""} · ${leadsDetail(leadsOf(c), c.visits, leadsLinks)}`,
              href: hrefOf("campaign", c.campaign),
              extra: leadsLinks
                ? {
                    href: leadsHrefOf({ campaign: c.campaign }),
                    label: plural(leadsOf(c), "lead"),
                    name: `${plural(leadsOf(c), "lead")} from campaign ${c.campaign}`,
                  }
                : undefined,
            }))}
          />
        ) : (
          <p className="text-sm text-muted">No campaign visits in this period.</p>
        )}
      </Panel>
      <Panel title="Goals" description="Visits that reached each goal, and their share of all visits.">
        {a.visits ? (
          <VisitList
            label="Goals by visits"
            unit="visits with the goal"
            active={filter.goal}
            rows={a.goals.map((g) => ({
              value: g.goal,
              label: g.label,
              visits: g.visits,
              detail: `${percent(g.rate)} of visits`,
              href: hrefOf("goal", g.goal),
            }))}
          />
        ) : (
          noVisits
        )}
      </Panel>
      <Panel
        title="Funnel"
        description="Landing, then a feature or demo page, then /contact or /support, then the contact form sent."
      >
        {a.visits ? (
          <ol aria-label="Funnel steps" className="space-y-1.5">
            {a.funnel.steps.map((s, i) => (
              <li key={s.step} className="relative flex items-center gap-3 rounded-md px-2 py-1.5">
                <span
                  aria-hidden="true"
                  className="absolute inset-y-0 left-0 rounded-md bg-brand-50"
                  style={{ width: `${(s.visits / Math.max(1, a.funnel.steps[0].visits)) * 100}%` }}
                />
                <span className="relative min-w-0 flex-1">
                  <span className="font-semibold text-ink">
                    {i + 1}. {s.step}
                  </span>
                  {s.drop !== null && <span className="block text-xs text-muted">{percent(s.drop)} dropped</span>}
                </span>
                <span className="relative shrink-0 text-sm font-semibold text-ink tabular-nums">{count(s.visits)}</span>
              </li>
            ))}
          </ol>
        ) : (
          noVisits
        )}
      </Panel>
      <Panel title="Entry pages" description="The first page of each visit.">
        {visitsBy.entryPages.length ? (
          <VisitList label="Entry pages by visits" active={filter.page} rows={pageRows("page", visitsBy.entryPages)} />
        ) : (
          noVisits
        )}
      </Panel>
      <Panel
        title="Exit pages"
        description="The last page viewed in each visit; “unknown”: visits measured before it was kept."
      >
        {visitsBy.exitPages.length ? (
          <VisitList label="Exit pages by visits" rows={pageRows(null, visitsBy.exitPages)} />
        ) : (
          noVisits
        )}
      </Panel>
      <Panel
        wide
        title="Devices and browsers"
        description="From the browser's User-Agent, kept as a category only; “unknown”: visits measured before it was read."
      >
        {visitsBy.devices.length ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <VisitList
              label="Devices by visits"
              active={filter.device}
              rows={dimensionRows("device", visitsBy.devices)}
            />
            <VisitList
              label="Browsers by visits"
              active={filter.browser}
              rows={dimensionRows("browser", visitsBy.browsers)}
            />
          </div>
        ) : (
          noVisits
        )}
      </Panel>
    </>
  );
}
