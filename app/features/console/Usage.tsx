/**
 * Usage (owners and viewers): the usage report (server/measurement/usage-report.ts) answering
 * first how many came, from where, and whether they converted, then traffic and pages, then web
 * vitals in a section of their own (issue 31). The range and every filter live in the URL
 * (usage-url.ts); each source, campaign, entry page, goal and device filters the visits' figures.
 * Charts are drawn by the same module as the HTML report (common/charts.ts).
 */
import { useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { chartColors, columnChart, dataTable, lineChart, percent, resetChartIds } from "#common/charts.ts";
import { consolePath } from "#common/console.ts";
import { pathOfUnlistedName } from "#common/page-names.ts";
import {
  hasFilter,
  pageFilterKeys,
  usageFilterKeys,
  usageFilterLabels,
  visitorsExactUnder,
  type UsageFilter,
} from "#common/usage-filter.ts";
import type { VitalName, VitalRating } from "#common/web-vitals.ts";
import { load, type Account, type Loaded } from "./api.ts";
import { change, comparison, count, periodSentence, plural } from "./format.ts";
import { Acquisition, type AcquisitionReport, type VisitsBy } from "./Acquisition.tsx";
import { buttonClass, Card, Empty, ErrorNote, inputClass, labelClass, PageTitle } from "./ui.tsx";
import { ChartPanel, Panel, Table, VideoBars } from "./UsagePanels.tsx";
import { leadsHrefOf, presetDays, searchOf, usageViewOf, withFilter, type UsageView } from "./usage-url.ts";
import { WebVitals } from "./WebVitals.tsx";

interface Report {
  from: string;
  to: string;
  days: number;
  totals: { pageViews: number; visitors: number };
  pages: { page: string; views: number; visitors: number }[];
  vitals: { name: VitalName; samples: number; p75: number; rating: VitalRating }[];
  videos: { label: string; starts: number; completes: number; completionRate: number | null }[];
  daily: { day: string; views: number; visitors: number; leads: number; subscribers: number }[];
  vitalsDaily: { name: VitalName; day: string; p75: number; samples: number }[];
  acquisition: AcquisitionReport;
  filter: UsageFilter;
  visitsBy: VisitsBy;
  [section: string]: unknown;
}

/** The period's sums, and the period before's (server/console/routes.ts); visits and contactSent follow the filter. */
interface Figures {
  pageViews: number;
  dailyVisitors: number;
  leads: number;
  subscribers: number;
  visits: number;
  contactSent: number;
  signupRequests: number;
}
interface Answer {
  report: Report;
  current: Figures;
  previous: Figures;
  /** Page paths by measurement name ("features-billing" → "/features/billing"). */
  pagePaths: Record<string, string>;
  /** Page titles as the site shows them, by measurement name ("features-billing" → "Billing"); absent: no page now. */
  pageTitles: Record<string, string>;
}

const known = new Set([
  "from",
  "to",
  "days",
  "totals",
  "pages",
  "vitals",
  "videos",
  "signups",
  "daily",
  "vitalsDaily",
  "acquisition",
  "filter",
  "visitsBy",
]);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function Kpi({
  label,
  value,
  previous,
  change: given,
  note,
  days,
}: {
  label: string;
  value: string | number;
  previous?: number;
  change?: ReturnType<typeof change>;
  note?: string;
  /** The period's length: what the figure is compared with ("yesterday", "the 7 days before"). */
  days: number;
}) {
  const delta = given ?? change(Number(value), previous ?? 0);
  const [emphasis, rest] = comparison(delta, days, { of: note, previous });
  const tone =
    delta.direction === "up" ? "text-brand-700" : delta.direction === "down" ? "text-danger-700" : "text-muted";
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</h2>
      <p className="mt-1 text-2xl font-bold text-ink tabular-nums sm:text-3xl">
        {typeof value === "number" ? count(value) : value}
      </p>
      <p className="mt-1 text-xs text-muted">
        <span className={`font-semibold ${tone}`}>{emphasis}</span>
        {rest}
      </p>
    </Card>
  );
}

const titleOf = (key: string) => key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());

/** A section the console does not know by name: its rows as a table. */
function ExtraSection({ name, value }: { name: string; value: unknown }) {
  const rows = Array.isArray(value)
    ? (value as Record<string, unknown>[])
    : value && typeof value === "object"
      ? [value as Record<string, unknown>]
      : [];
  if (!rows.length || typeof rows[0] !== "object") return null;
  const head = Object.keys(rows[0]);
  const cell = (v: unknown) =>
    typeof v === "number"
      ? Number.isInteger(v)
        ? v
        : v.toFixed(3)
      : v === null || v === undefined
        ? "–"
        : typeof v === "object"
          ? JSON.stringify(v)
          : String(v);
  return (
    <Panel title={titleOf(name)} wide>
      <Table
        markup={dataTable(
          titleOf(name),
          head.map(titleOf),
          rows.map((row) => head.map((key) => cell(row[key]))),
        )}
      />
    </Panel>
  );
}

/** The route's loader (app/routes/console-usage.tsx): the report of the period and filter the URL names. */
export const loadUsage = (url: URL): Promise<Loaded<Answer>> =>
  // The API reads the same names, and 30 days without any.
  load<Answer>(`/usage${searchOf(usageViewOf(url.searchParams))}`);

/** `account`: who is signed in (the lead list is linked only for those who may open it). */
export function Usage({ account, loaded }: { account?: Account; loaded: Loaded<Answer> }) {
  const mayReadLeads = account?.role === "owner";
  // useLocation, not useSearchParams: that hook would add router code to the chunk every public page loads.
  const params = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const view = usageViewOf(params);
  const { range, filter } = view;
  const [custom, setCustom] = useState("from" in range);
  const { answer, error } = loaded;

  const go = (next: UsageView) => navigate({ search: searchOf(next) });
  const hrefOf = (next: UsageView) => `${consolePath}/usage${searchOf(next)}`;
  const applyCustom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    go({ range: { from: String(form.get("from")), to: String(form.get("to")) }, filter });
  };

  resetChartIds();
  const report = answer?.report;
  const days = report?.daily.map((d) => d.day) ?? [];
  const now = answer?.current;
  const before = answer?.previous;
  const pathOf = (page: string) => answer?.pagePaths[page] ?? pathOfUnlistedName(page);
  // A page by its title where it still has one ("Billing"), else by its path.
  const titleOf = (page: string) => answer?.pageTitles[page] ?? pathOf(page);
  const topPages = report?.pages.filter((p) => p.views > 0).slice(0, 10) ?? [];
  const starts = sum(report?.videos.map((v) => v.starts) ?? []);
  const completes = sum(report?.videos.map((v) => v.completes) ?? []);
  const filtered = hasFilter(filter);
  const quiet =
    report &&
    now &&
    !now.pageViews &&
    !now.leads &&
    !now.subscribers &&
    !now.visits &&
    !report.videos.length &&
    !report.vitals.length;
  // Under a filter every measured figure is of the filter's visits (usage_visit_counts): the panels say so.
  const ofVisits = filtered ? "Of the filtered visits." : undefined;
  const filteredVisitors =
    report && visitorsExactUnder(filter) ? sum(report.acquisition.sources.map((s) => s.visitors ?? 0)) : null;

  return (
    <>
      <PageTitle
        title="Usage"
        description={
          report
            ? periodSentence(report, new Date().toISOString().slice(0, 10))
            : "Visitors, sources, leads and conversions."
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div
          role="group"
          aria-label="Period"
          className="grid w-full grid-cols-4 rounded-lg border border-line bg-white p-1 shadow-sm sm:inline-flex sm:w-auto"
        >
          {presetDays.map((n) => {
            const pressed = !custom && "days" in range && range.days === n;
            return (
              <button
                key={n}
                type="button"
                aria-pressed={pressed}
                onClick={() => (setCustom(false), go({ range: { days: n }, filter }))}
                className={`rounded-md px-2 py-1.5 text-sm font-semibold whitespace-nowrap sm:px-3 ${pressed ? "bg-brand-600 text-white" : "text-muted hover:text-ink"}`}
              >
                {n} days
              </button>
            );
          })}
          <button
            type="button"
            aria-pressed={custom}
            onClick={() => setCustom(true)}
            className={`rounded-md px-2 py-1.5 text-sm font-semibold whitespace-nowrap sm:px-3 ${custom ? "bg-brand-600 text-white" : "text-muted hover:text-ink"}`}
          >
            Custom
          </button>
        </div>
        {custom && (
          <form onSubmit={applyCustom} className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="usage-from" className={labelClass}>
                From
              </label>
              <input
                id="usage-from"
                name="from"
                type="date"
                required
                defaultValue={"from" in range ? range.from : undefined}
                max={new Date().toISOString().slice(0, 10)}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="usage-to" className={labelClass}>
                To
              </label>
              <input
                id="usage-to"
                name="to"
                type="date"
                required
                defaultValue={"to" in range ? range.to : undefined}
                max={new Date().toISOString().slice(0, 10)}
                className={inputClass}
              />
            </div>
            <button type="submit" className={buttonClass}>
              Show
            </button>
          </form>
        )}
      </div>
      {filtered && (
        <div role="group" aria-label="Filters" className="mb-6 flex flex-wrap items-center gap-2">
          {usageFilterKeys
            .filter((key) => filter[key] !== undefined)
            .map((key) => (
              <Link
                key={key}
                to={hrefOf(withFilter(view, key, undefined))}
                aria-label={`Remove filter ${usageFilterLabels[key]}: ${pageFilterKeys.includes(key) ? titleOf(filter[key]!) : filter[key]}`}
                className="inline-flex max-w-full items-center gap-2 rounded-full border border-brand-600/30 bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100"
              >
                <span className="min-w-0 truncate">
                  {usageFilterLabels[key]}:{" "}
                  <strong>{pageFilterKeys.includes(key) ? titleOf(filter[key]!) : filter[key]}</strong>
                </span>
                <span aria-hidden="true">×</span>
              </Link>
            ))}
          <Link to={hrefOf({ range, filter: {} })} className="text-sm font-semibold text-brand-700 hover:underline">
            Clear filters
          </Link>
          {mayReadLeads && (filter.source !== undefined || filter.campaign !== undefined) && (
            <Link to={leadsHrefOf(filter)} className="text-sm font-semibold text-brand-700 hover:underline">
              Their leads →
            </Link>
          )}
        </div>
      )}
      <ErrorNote message={error} />
      {report && now && before && (
        <>
          <div className="mb-3 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            {filtered ? (
              <Kpi
                days={report.days}
                label={filteredVisitors === null ? "Visits" : "Visitors"}
                value={filteredVisitors ?? now.visits}
                change={change(now.visits, before.visits)}
                note={filteredVisitors === null ? undefined : "visits"}
              />
            ) : (
              <Kpi
                days={report.days}
                label="Visitors"
                value={report.totals.visitors}
                change={change(now.dailyVisitors, before.dailyVisitors)}
                note="visitors per day"
              />
            )}
            {filtered ? (
              <Kpi
                days={report.days}
                label="Leads (contact sent)"
                value={now.contactSent}
                previous={before.contactSent}
              />
            ) : (
              <Kpi days={report.days} label="Leads" value={now.leads} previous={before.leads} />
            )}
            <Kpi
              days={report.days}
              label="Conversion rate"
              value={percent(now.visits ? now.contactSent / now.visits : null)}
              change={change(
                Math.round((now.visits ? now.contactSent / now.visits : 0) * 1000),
                Math.round((before.visits ? before.contactSent / before.visits : 0) * 1000),
              )}
              note="visits that sent the contact form"
            />
            {filtered && filteredVisitors !== null ? (
              <Kpi days={report.days} label="Visits" value={now.visits} previous={before.visits} />
            ) : filtered ? (
              <Kpi
                days={report.days}
                label="Newsletter sign-ups"
                value={now.signupRequests}
                previous={before.signupRequests}
              />
            ) : (
              <Kpi
                days={report.days}
                label="Newsletter sign-ups"
                value={now.subscribers}
                previous={before.subscribers}
              />
            )}
          </div>
          <p className="mb-6 max-w-4xl text-xs text-muted">
            {filtered
              ? "Under a filter, leads are the filtered visits that sent the contact form; visitors are counted only under a source filter."
              : `Leads (${count(now.leads)}) counts every contact form received; “Contact sent” (${count(now.contactSent)}) counts measured visits that sent it. Visitors with Do Not Track or Global Privacy Control send leads but are never measured, and erasing a person removes both their lead and their visits. Paid ads (utm_medium cpc, ppc or paid) count apart from the same site unpaid.`}
          </p>
          {quiet ? (
            // One note for a period with nothing in it, rather than a wall of empty panels.
            <Card>
              <Empty>
                Nothing was measured in this period: no page views, leads, sign-ups, video plays or web vitals. Visits
                are counted as they come, except those of visitors with Do Not Track or Global Privacy Control. Try a
                longer period.
              </Empty>
            </Card>
          ) : (
            <>
              <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
                <Acquisition
                  acquisition={report.acquisition}
                  visitsBy={report.visitsBy}
                  filter={filter}
                  hrefOf={(key, value) => hrefOf(withFilter(view, key, value))}
                  pathOf={pathOf}
                  titleOf={titleOf}
                  leadsLinks={mayReadLeads}
                />
              </div>
              <h2 className="mt-10 mb-4 text-lg font-bold text-ink">Traffic and pages</h2>
              <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
                <ChartPanel
                  title="Visitors and page views"
                  description={filtered ? "Per UTC day, of the filtered visits." : "Per UTC day."}
                  wide
                  timeline
                  empty="No page views in this period."
                  figure={
                    now.pageViews > 0 && {
                      charts: [
                        lineChart(
                          days,
                          [
                            { label: "Page views", color: chartColors.views, values: report.daily.map((d) => d.views) },
                            {
                              label: "Visitors",
                              color: chartColors.visitors,
                              values: report.daily.map((d) => d.visitors),
                            },
                          ],
                          "Page views and unique visitors per day",
                        ),
                      ],
                      table: dataTable(
                        "Page views and visitors per day, newest first",
                        ["Day", "Page views", "Visitors"],
                        [...report.daily].reverse().map((d) => [d.day, d.views, d.visitors]),
                      ),
                    }
                  }
                />
                <ChartPanel
                  title="Leads and sign-ups"
                  description={
                    filtered
                      ? "Whole site: every contact-form lead and newsletter sign-up per day."
                      : "Contact-form leads and newsletter sign-ups per day."
                  }
                  timeline
                  empty="No leads or sign-ups in this period."
                  figure={
                    now.leads + now.subscribers > 0 && {
                      charts: [
                        columnChart(
                          days,
                          [
                            { label: "Leads", color: chartColors.leads, values: report.daily.map((d) => d.leads) },
                            {
                              label: "Subscribers",
                              color: chartColors.subscribers,
                              values: report.daily.map((d) => d.subscribers),
                            },
                          ],
                          "Leads and newsletter sign-ups per day",
                        ),
                      ],
                      table: dataTable(
                        "Leads and sign-ups per day, newest first",
                        ["Day", "Leads", "Subscribers"],
                        report.daily
                          .filter((d) => d.leads || d.subscribers)
                          .reverse()
                          .map((d) => [d.day, d.leads, d.subscribers]),
                      ),
                    }
                  }
                />
                <Panel
                  title="Top pages"
                  description={`By page views${filtered ? " of the filtered visits" : ""}. Select one for the visits that viewed it; Entry pages (under Acquisition) are where visits began.`}
                >
                  {topPages.length ? (
                    <>
                      <ol aria-label="Top pages by page views" className="space-y-1">
                        {topPages.map((p) => (
                          <li
                            key={p.page}
                            className="flex items-baseline gap-3 border-b border-line py-1.5 last:border-0"
                          >
                            <span className="min-w-0 flex-1 break-words">
                              <Link
                                to={hrefOf(withFilter(view, "viewed", p.page))}
                                className="font-semibold text-ink hover:text-brand-700 hover:underline"
                              >
                                {titleOf(p.page)}
                              </Link>
                              {titleOf(p.page) !== pathOf(p.page) && (
                                <span className="block text-xs text-muted">{pathOf(p.page)}</span>
                              )}
                            </span>
                            <span className="shrink-0 text-right text-sm text-ink tabular-nums">
                              {count(p.views)}{" "}
                              <span className="text-xs text-muted">{p.views === 1 ? "view" : "views"}</span>
                              <span className="block text-xs text-muted">{plural(p.visitors, "visitor")}</span>
                            </span>
                          </li>
                        ))}
                      </ol>
                      <Table
                        markup={dataTable(
                          "All pages",
                          ["Path", "Title", "Page views", "Visitors"],
                          report.pages.map((p) => [
                            pathOf(p.page),
                            answer?.pageTitles[p.page] ?? "",
                            p.views,
                            p.visitors,
                          ]),
                        )}
                      />
                    </>
                  ) : (
                    <p className="text-sm text-muted">No page views in this period.</p>
                  )}
                </Panel>
                {/* Without plays its one line takes the whole row rather than leave half of one empty. An HTML list,
                    not a drawn chart: its rows reflow on a phone instead of scrolling sideways. */}
                <Panel
                  title="Videos"
                  wide={!report.videos.length}
                  description={
                    starts
                      ? `${count(starts)} ${starts === 1 ? "start" : "starts"}, ${count(completes)} watched to the end (${percent(completes / starts)}).${ofVisits ? ` ${ofVisits}` : ""}`
                      : ofVisits
                  }
                >
                  {report.videos.length ? (
                    <>
                      <VideoBars videos={report.videos} />
                      <Table
                        markup={dataTable(
                          "Videos",
                          ["Video", "Starts", "Completions", "Completion rate"],
                          report.videos.map((v) => [
                            v.label || "(unnamed)",
                            v.starts,
                            v.completes,
                            percent(v.completionRate),
                          ]),
                        )}
                      />
                    </>
                  ) : (
                    <p className="text-sm text-muted">No video plays in this period.</p>
                  )}
                </Panel>
                {Object.entries(report)
                  .filter(([key]) => !known.has(key))
                  .map(([key, value]) => (
                    <ExtraSection key={key} name={key} value={value} />
                  ))}
              </div>
              <h2 className="mt-10 mb-4 text-lg font-bold text-ink">Speed</h2>
              <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
                <WebVitals vitals={report.vitals} vitalsDaily={report.vitalsDaily} days={days} note={ofVisits} />
              </div>
            </>
          )}
        </>
      )}
    </>
  );
}
