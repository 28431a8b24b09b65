/**
 * The usage report's readings as SQL over the roll-ups (rollup-schema.ts), the same text for
 * both engines: $1 is the range's first UTC day, $2 its last (both included; SQLite reads them
 * as ?1 and ?2). Every query is an aggregate the database computes through the day keys.
 */
import { goalNames } from "#common/goals.ts";
import type { Goal } from "#common/goals.ts";
import type { SourceKind } from "./sources.ts";
import { usageFilterKeys, type UsageFilter } from "#common/usage-filter.ts";
import { unknownClient } from "./devices.ts";
import { goalColumn, percentileOf, videoMetric, viewMetric, type Engine } from "./rollup-schema.ts";
import { vitalNames } from "#common/web-vitals.ts";
import type { VisitCounts, VisitDimension, VisitGroup } from "./usage-report.ts";

const inRange = "day BETWEEN $1 AND $2";
/** A visitor's first row of its group in the range: its previous day is before the range. */
const firstInRange = "(prev_day IS NULL OR prev_day < $1)";
const int = (expression: string) => `CAST(${expression} AS BIGINT)`;

const text = (n: number) => `CAST($${n} AS TEXT)`;
/** A visit matches the filter ($3 to $8 in usageFilterKeys' order, NULL: any), see filterArgs. */
const visitFilter = [
  `(${text(3)} IS NULL OR source = $3)`,
  `(${text(4)} IS NULL OR campaign = $4)`,
  `(${text(5)} IS NULL OR landing = $5)`,
  `(${text(6)} IS NULL OR (CASE $6 ${goalNames.map((g) => `WHEN '${g}' THEN ${goalColumn(g)}`).join(" ")} END) = 1)`,
  `(${text(7)} IS NULL OR coalesce(device, '${unknownClient}') = $7)`,
  `(${text(8)} IS NULL OR coalesce(browser, '${unknownClient}') = $8)`,
].join(" AND ");

/** The filter's values as the readings' $3 to $8. */
export const filterArgs = (filter: UsageFilter) => usageFilterKeys.map((key) => filter[key] ?? null);

const visitMetric = (metrics: string[]) => `metric IN (${metrics.map((m) => `'${m}'`).join(", ")})`;
const viewsOnly = visitMetric([viewMetric]);
const vitalsOnly = visitMetric([...vitalNames]);
const videosOnly = visitMetric([videoMetric("start"), videoMetric("complete")]);
const double = (expression: string) => `CAST(${expression} AS DOUBLE PRECISION)`;
const nothing = "CAST('' AS TEXT)";

/**
 * What the filter's visits counted on the range's days (usage_visit_counts): visits that start in
 * the range or on the day before it ($9), so a visit crossing midnight into the range counts
 * there. Their counts are read once (a materialized CTE: the range's visit rows and each matching
 * visit's counts, never a raw page view), then summed six ways, each row tagged with its part:
 * per page, per day, visitors, each vital's p75, each vital's p75 per day, video plays.
 */
const visitCountsSql = `
  WITH m AS MATERIALIZED (
    SELECT v.uid, c.day, c.metric, c.name, c.value, c.n FROM usage_visits v JOIN usage_visit_counts c ON c.visit_id = v.id
    WHERE v.day BETWEEN $9 AND $2 AND ${visitFilter} AND c.day BETWEEN $1 AND $2
  )
  SELECT 'page' AS part, name AS key, ${nothing} AS day, ${double("0")} AS value, ${int("sum(n)")} AS n,
    ${int("count(DISTINCT uid)")} AS visitors FROM m WHERE ${viewsOnly} GROUP BY name
  UNION ALL SELECT 'day', ${nothing}, day, ${double("0")}, ${int("sum(n)")}, ${int("count(DISTINCT uid)")}
    FROM m WHERE ${viewsOnly} GROUP BY day
  UNION ALL SELECT 'visitors', ${nothing}, ${nothing}, ${double("0")}, ${int("0")}, ${int("count(DISTINCT uid)")}
    FROM m WHERE ${viewsOnly}
  UNION ALL SELECT 'vital', metric, ${nothing}, ${double("value")}, ${int("samples")}, ${int("0")} FROM (${percentileOf(
    `SELECT metric, ${nothing} AS page, value, ${int("sum(n)")} AS n FROM m WHERE ${vitalsOnly} GROUP BY metric, value`,
    "metric, page",
    "(75 * total + 99) / 100",
  )}) p
  UNION ALL SELECT 'vital day', metric, page, ${double("value")}, ${int("samples")}, ${int("0")} FROM (${percentileOf(
    `SELECT metric, day AS page, value, ${int("sum(n)")} AS n FROM m WHERE ${vitalsOnly} GROUP BY metric, day, value`,
    "metric, page",
    "(75 * total + 99) / 100",
  )}) d
  UNION ALL SELECT 'video', name, CASE WHEN metric = '${videoMetric("start")}' THEN 'start' ELSE 'complete' END,
    ${double("0")}, ${int("sum(n)")}, ${int("0")} FROM m WHERE ${videosOnly} GROUP BY name, metric`;

/** The visitCounts reading's rows as the report's parts. */
export function toVisitCounts(rows: Record<string, unknown>[]): VisitCounts {
  const part = (name: string) => rows.filter((row) => row.part === name);
  const key = (row: Record<string, unknown>) => row.key as string;
  const day = (row: Record<string, unknown>) => row.day as string;
  const percentile = (row: Record<string, unknown>, page: string) => ({
    metric: key(row),
    page,
    value: Number(row.value),
    samples: Number(row.n),
  });
  return {
    pages: part("page").map((row) => ({ page: key(row), views: Number(row.n), visitors: Number(row.visitors) })),
    perDay: part("day")
      .map((row) => ({ day: day(row), views: Number(row.n), visitors: Number(row.visitors) }))
      .sort((a, b) => a.day.localeCompare(b.day)),
    visitors: Number(part("visitors")[0]?.visitors ?? 0),
    vitals: part("vital").map((row) => percentile(row, "")),
    vitalsPerDay: part("vital day").map((row) => percentile(row, day(row))),
    videos: part("video").map((row) => ({ label: key(row), action: day(row), plays: Number(row.n) })),
  };
}

/** A filtered count reading's arguments: the range, the filter ($3 to $8) and the day before the range ($9). */
export const countArgs = (from: string, to: string, filter: UsageFilter) => [
  from,
  to,
  ...filterArgs(filter),
  new Date(Date.parse(from) - 86_400_000).toISOString().slice(0, 10),
];

const visitGroupsOf = (where: string) => `
      SELECT day, source, kind, campaign, medium, depth, count(*) AS visits,
        ${int("sum(CASE WHEN prev_source_day IS NULL OR prev_source_day < $1 THEN 1 ELSE 0 END)")} AS source_visitors,
        ${int("sum(CASE WHEN campaign IS NOT NULL AND (prev_campaign_day IS NULL OR prev_campaign_day < $1) THEN 1 ELSE 0 END)")} AS campaign_visitors,
        ${goalNames.map((g) => `${int(`sum(${goalColumn(g)})`)} AS ${goalColumn(g)}`).join(", ")}
      FROM usage_visits WHERE ${where} GROUP BY day, source, kind, campaign, medium, depth`;

const visitDimensionsOf = (where: string) => `
      SELECT landing, coalesce(exit_page, '${unknownClient}') AS exit_page, coalesce(device, '${unknownClient}') AS device,
        coalesce(browser, '${unknownClient}') AS browser, count(*) AS visits, ${int("sum(g_contact_sent)")} AS leads
      FROM usage_visits WHERE ${where} GROUP BY landing, exit_page, device, browser`;

export function usageQueries(engine: Engine) {
  const queries = {
    pageViews: `
      SELECT p.page, p.views, ${int("coalesce(v.visitors, 0)")} AS visitors
      FROM (SELECT page, ${int("sum(views)")} AS views FROM usage_day_pages WHERE ${inRange} GROUP BY page) p
      LEFT JOIN (SELECT page, count(*) AS visitors FROM usage_day_page_visitors WHERE ${inRange} AND ${firstInRange} GROUP BY page) v
        ON v.page = p.page`,
    pageViewsPerDay: `
      SELECT p.day, p.views, ${int("coalesce(v.visitors, 0)")} AS visitors
      FROM (SELECT day, ${int("sum(views)")} AS views FROM usage_day_pages WHERE ${inRange} GROUP BY day) p
      LEFT JOIN (SELECT day, count(*) AS visitors FROM usage_day_visitors WHERE ${inRange} GROUP BY day) v ON v.day = p.day
      ORDER BY p.day`,
    visitors: `SELECT count(*) AS n FROM usage_day_visitors WHERE ${inRange} AND ${firstInRange}`,
    beaconCount: `SELECT ${int("coalesce(sum(beacons), 0)")} AS n FROM usage_day_beacons WHERE ${inRange}`,
    // $3 and $4: the first and last day of the range's whole months (wholeMonths), read from usage_month_values.
    percentiles: percentileOf(
      `SELECT metric, page, value, ${int("sum(n)")} AS n FROM (
        SELECT metric, page, value, n FROM usage_day_values WHERE ${inRange} AND (day < $3 OR day > $4)
        UNION ALL
        SELECT metric, page, value, n FROM usage_month_values WHERE day BETWEEN $3 AND $4
      ) u GROUP BY metric, page, value`,
      "metric, page",
      "CASE WHEN metric IN ('load', 'seconds') THEN (50 * total + 99) / 100 ELSE (75 * total + 99) / 100 END",
    ),
    vitalsPerDay: `SELECT metric, day AS page, value, samples FROM usage_day_vitals WHERE ${inRange}`,
    videoPlays: `SELECT label, action, ${int("sum(plays)")} AS plays FROM usage_day_videos WHERE ${inRange} GROUP BY label, action`,
    // Unfiltered readings stay on their covering indexes; a filter reads the visit rows of the range.
    visitGroups: visitGroupsOf(inRange),
    visitGroupsFiltered: visitGroupsOf(`${inRange} AND ${visitFilter}`),
    visitDimensions: `
      SELECT landing, exit_page, device, browser, ${int("sum(visits)")} AS visits, ${int("sum(leads)")} AS leads
      FROM usage_day_dimensions WHERE ${inRange} GROUP BY landing, exit_page, device, browser HAVING sum(visits) > 0`,
    visitDimensionsFiltered: visitDimensionsOf(`${inRange} AND ${visitFilter}`),
    // Under a filter, page views, visitors, vitals and videos of the filter's visits, in one pass (visitCountsSql).
    visitCounts: visitCountsSql,
  };
  if (engine === "postgres") return queries;
  return Object.fromEntries(
    Object.entries(queries).map(([name, sql]) => [name, sql.replace(/\$(\d)/g, "?$1")]),
  ) as typeof queries;
}

const dayMs = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The first and the last day of the whole UTC months within from..to (both included), the
 * percentiles reading's $3 and $4: its months come from usage_month_values, the days outside
 * them from usage_day_values. With no whole month the first is after the last: every day is read.
 */
export function wholeMonths(from: string, to: string): [string, string] {
  const start = new Date(`${from}T00:00:00Z`);
  const first = from.endsWith("-01") ? from : isoDay(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const end = new Date(`${to}T00:00:00Z`);
  const lastOfMonth = isoDay(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 1) - dayMs);
  const last = to === lastOfMonth ? to : isoDay(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1) - dayMs);
  return [first, last];
}

/** A visitGroups row as VisitGroup. */
export function toVisitGroup(row: Record<string, unknown>): VisitGroup {
  return {
    day: row.day as string,
    source: row.source as string,
    kind: row.kind as SourceKind,
    campaign: row.campaign as string | null,
    medium: row.medium as string | null,
    depth: Number(row.depth),
    visits: Number(row.visits),
    sourceVisitors: Number(row.source_visitors),
    campaignVisitors: Number(row.campaign_visitors),
    goals: Object.fromEntries(goalNames.map((g) => [g, Number(row[goalColumn(g)])])) as Record<Goal, number>,
  };
}

/** A visitDimensions row as VisitDimension. */
export const toVisitDimension = (row: Record<string, unknown>): VisitDimension => ({
  landing: row.landing as string,
  exit: row.exit_page as string,
  device: row.device as string,
  browser: row.browser as string,
  visits: Number(row.visits),
  leads: Number(row.leads),
});
