/**
 * Usage (owners and viewers): the usage report's figures (server/measurement/usage-report.ts)
 * for 7, 30 or 90 days or a chosen range, against the period before. Charts are drawn by the
 * same module as the HTML report (common/charts.ts). Sections the report gains later (the
 * attribution issue's sources, campaigns, goals, funnel) are shown as tables as they come.
 */
import { useEffect, useState, type FormEvent } from "react";
import {
  barList,
  chartColors,
  columnChart,
  dataTable,
  formatVital,
  lineChart,
  percent,
  ratingLabel,
  resetChartIds,
  vitalChart,
  vitalTitles,
} from "#common/charts.ts";
import { vitalNames, type VitalName, type VitalRating } from "#common/web-vitals.ts";
import { api, ApiError, queryOf } from "./api.ts";
import { change, count } from "./format.ts";
import { Acquisition, type AcquisitionReport } from "./Acquisition.tsx";
import { buttonClass, Card, Empty, ErrorNote, inputClass, labelClass, PageTitle } from "./ui.tsx";
import { Chart, ChartPanel, Panel, Table } from "./UsagePanels.tsx";

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
  [section: string]: unknown;
}

/** The period's sums, and the period before's (server/console/routes.ts). */
interface Figures {
  pageViews: number;
  dailyVisitors: number;
  leads: number;
  subscribers: number;
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
]);
const ranges = [7, 30, 90] as const;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const ratingTone: Record<VitalRating, string> = {
  good: "bg-emerald-50 text-emerald-800",
  "needs-improvement": "bg-amber-50 text-amber-800",
  poor: "bg-danger-50 text-danger-700",
};

function Kpi({
  label,
  value,
  previous,
  change: given,
  note,
}: {
  label: string;
  value: number;
  previous?: number;
  change?: ReturnType<typeof change>;
  note?: string;
}) {
  const delta = given ?? change(value, previous ?? 0);
  const tone =
    delta.direction === "up" ? "text-brand-700" : delta.direction === "down" ? "text-danger-700" : "text-muted";
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</h2>
      <p className="mt-1 text-2xl font-bold sm:text-3xl text-ink tabular-nums">{count(value)}</p>
      <p className="mt-1 text-xs text-muted">
        <span className={`font-semibold ${tone}`}>{delta.text}</span> {note ? `in ${note} ` : ""}vs. previous period
        {previous === undefined ? "" : ` (${count(previous)})`}
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

/** A report's day ("2026-11-24") as the UTC day it is, whatever the browser's time zone. */
const utcDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export function Usage() {
  const [range, setRange] = useState<{ days?: number; from?: string; to?: string }>({ days: 30 });
  const [custom, setCustom] = useState(false);
  const [answer, setAnswer] = useState<{ report: Report; current: Figures; previous: Figures }>();
  const [error, setError] = useState<string>();
  const query = queryOf(range);

  useEffect(() => {
    let current = true;
    api<{ report: Report; current: Figures; previous: Figures }>(`/usage${query}`).then(
      (found) => current && (setAnswer(found), setError(undefined)),
      (caught: ApiError) => current && setError(caught.message),
    );
    return () => void (current = false);
  }, [query]);

  const applyCustom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setRange({ from: String(form.get("from")), to: String(form.get("to")) });
  };

  resetChartIds();
  const report = answer?.report;
  const days = report?.daily.map((d) => d.day) ?? [];
  const now = answer?.current;
  const before = answer?.previous;
  const topPages = report?.pages.filter((p) => p.views > 0).slice(0, 10) ?? [];
  const starts = sum(report?.videos.map((v) => v.starts) ?? []);
  const completes = sum(report?.videos.map((v) => v.completes) ?? []);
  const quiet =
    report && now && !now.pageViews && !now.leads && !now.subscribers && !report.videos.length && !report.vitals.length;

  return (
    <>
      <PageTitle
        title="Usage"
        description={
          report
            ? `${utcDay(report.from)} – ${utcDay(report.to)} · ${report.days} UTC days, compared with the ${report.days} days before`
            : "Visitors, pages, leads and sign-ups."
        }
      />
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <div
          role="group"
          aria-label="Period"
          className="grid w-full grid-cols-4 rounded-lg border border-line bg-white p-1 shadow-sm sm:inline-flex sm:w-auto"
        >
          {ranges.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={!custom && range.days === n}
              onClick={() => (setCustom(false), setRange({ days: n }))}
              className={`rounded-md px-2 py-1.5 text-sm font-semibold whitespace-nowrap sm:px-3 ${!custom && range.days === n ? "bg-brand-600 text-white" : "text-muted hover:text-ink"}`}
            >
              {n} days
            </button>
          ))}
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
      <ErrorNote message={error} />
      {report && now && before && (
        <>
          <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            <Kpi
              label="Visitors"
              value={report.totals.visitors}
              change={change(now.dailyVisitors, before.dailyVisitors)}
              note="visitors per day"
            />
            <Kpi label="Page views" value={now.pageViews} previous={before.pageViews} />
            <Kpi label="Leads" value={now.leads} previous={before.leads} />
            <Kpi label="Newsletter sign-ups" value={now.subscribers} previous={before.subscribers} />
          </div>
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
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[repeat(2,minmax(0,1fr))]">
              <ChartPanel
                title="Visitors and page views"
                description="Per UTC day."
                wide
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
                      "Page views and visitors per day",
                      ["Day", "Page views", "Visitors"],
                      report.daily.map((d) => [d.day, d.views, d.visitors]),
                    ),
                  }
                }
              />
              <ChartPanel
                title="Leads and sign-ups"
                description="Contact-form leads and newsletter sign-ups per day."
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
                      "Leads and sign-ups per day",
                      ["Day", "Leads", "Subscribers"],
                      report.daily.filter((d) => d.leads || d.subscribers).map((d) => [d.day, d.leads, d.subscribers]),
                    ),
                  }
                }
              />
              <ChartPanel
                title="Top pages"
                description="By page views."
                empty="No page views in this period."
                figure={
                  topPages.length > 0 && {
                    charts: [
                      barList(
                        topPages.map((p) => ({
                          label: p.page === "home" ? "home (/)" : p.page,
                          values: [p.views, p.visitors],
                        })),
                        [
                          { label: "Page views", color: chartColors.views },
                          { label: "Visitors", color: chartColors.visitors },
                        ],
                        "Top pages by page views",
                        `The ${topPages.length} most viewed pages; first ${topPages[0].page} with ${count(topPages[0].views)} page views.`,
                      ),
                    ],
                    table: dataTable(
                      "All pages",
                      ["Page", "Page views", "Visitors"],
                      report.pages.map((p) => [p.page, p.views, p.visitors]),
                    ),
                  }
                }
              />
              {/* Without plays its one line takes the whole row rather than leave half of one empty. */}
              <ChartPanel
                title="Videos"
                wide={!report.videos.length}
                description={
                  starts
                    ? `${count(starts)} starts, ${count(completes)} watched to the end (${percent(completes / starts)}).`
                    : undefined
                }
                empty="No video plays in this period."
                figure={
                  report.videos.length > 0 && {
                    charts: [
                      barList(
                        report.videos.map((v) => ({ label: v.label || "(unnamed)", values: [v.starts, v.completes] })),
                        [
                          { label: "Starts", color: chartColors.starts },
                          { label: "Watched to the end", color: chartColors.completes },
                        ],
                        "Video starts and completions per video",
                        `${count(starts)} starts and ${count(completes)} completions over ${report.videos.length} videos.`,
                      ),
                    ],
                    table: dataTable(
                      "Videos",
                      ["Video", "Starts", "Completions", "Completion rate"],
                      report.videos.map((v) => [
                        v.label || "(unnamed)",
                        v.starts,
                        v.completes,
                        percent(v.completionRate),
                      ]),
                    ),
                  }
                }
              />
              <Panel
                title="Web vitals"
                description="75th percentile of real visits against the spec's thresholds."
                wide
              >
                {report.vitals.length ? (
                  <>
                    <ul className="grid grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))] gap-3">
                      {report.vitals.map((v) => (
                        <li key={v.name} className="rounded-lg border border-line p-3">
                          <p className="text-sm font-bold text-muted">
                            <abbr title={vitalTitles[v.name]} className="no-underline">
                              {v.name}
                            </abbr>
                          </p>
                          <p className="text-xl font-bold text-ink tabular-nums">{formatVital(v.name, v.p75)}</p>
                          <p
                            className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${ratingTone[v.rating]}`}
                          >
                            {ratingLabel[v.rating]}
                          </p>
                        </li>
                      ))}
                    </ul>
                    <div className="mt-5 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
                      {vitalNames
                        .filter((name) => report.vitalsDaily.some((p) => p.name === name))
                        .map((name) => (
                          <figure key={name}>
                            <figcaption className="mb-1 text-xs font-semibold text-muted">
                              {vitalTitles[name]} ({name}), p75 per day
                            </figcaption>
                            <Chart
                              markup={vitalChart(
                                name,
                                days,
                                report.vitalsDaily.filter((p) => p.name === name),
                              )}
                            />
                          </figure>
                        ))}
                    </div>
                  </>
                ) : (
                  <p className="text-sm text-muted">No web-vitals measurements in this period.</p>
                )}
              </Panel>
              {report.acquisition ? (
                <Acquisition acquisition={report.acquisition as AcquisitionReport} days={days} />
              ) : null}
              {Object.entries(report)
                .filter(([key]) => !known.has(key))
                .map(([key, value]) => (
                  <ExtraSection key={key} name={key} value={value} />
                ))}
            </div>
          )}
        </>
      )}
    </>
  );
}
