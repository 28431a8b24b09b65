/**
 * The usage report's readings as SQL over the roll-ups, the same text for both engines: $1 is the
 * range's first UTC day, $2 its last (both included). Each is an aggregate read through the day keys.
 */
import { goalNames } from "#common/goals.ts";
import type { SourceKind } from "./sources.ts";
import { perGoal } from "./acquisition.ts";
import { usageFilterKeys, type UsageFilter } from "#common/usage-filter.ts";
import { unknownClient } from "./devices.ts";
import { goalColumn, percentileOf, videoMetric, viewMetric } from "./rollup-schema.ts";
import { vitalNames } from "#common/web-vitals.ts";
import type { DayVisits, VisitCounts, VisitDimension, VisitGroup } from "./usage-report.ts";

const inRange = "day BETWEEN $1 AND $2";
const int = (expression: string) => `CAST(${expression} AS BIGINT)`;

/**
 * A range's first rows of a visitor table (previous day before $1) per `by`, in three index
 * ranges (visitorSplit's $3 to $8): its first two months' days and its whole months after them
 * from the sums (migration 0150's `*_firsts` tables), the days of a partial last month from the rows.
 */
const splitFirsts = (name: string, rows: string, prev: string, by: string[], where = "") => {
  const key = by.length ? `${by.join(", ")}, ` : "";
  const group = by.length ? ` GROUP BY ${by.join(", ")}` : "";
  const rowKey = by.map((k) => (k === "medium" ? "coalesce(medium, '') AS medium" : k));
  return `SELECT ${key}sum(n) AS n FROM usage_day_${name}_firsts WHERE day BETWEEN $3 AND $4 AND prev_day < $1${group}
          UNION ALL SELECT ${key}sum(n) AS n FROM usage_month_${name}_firsts WHERE day BETWEEN $5 AND $6 AND prev_day < $1${group}
          UNION ALL SELECT ${rowKey.map((k) => `${k}, `).join("")}count(*) AS n FROM ${rows}
            WHERE day BETWEEN $7 AND $8 AND (${prev} IS NULL OR ${prev} < $1)${where}${group}`;
};

const text = (n: number) => `CAST($${n} AS TEXT)`;
/**
 * A visit matches the filter ($3 to $9 in usageFilterKeys' order, NULL: any), see filterArgs. The
 * viewed page ($9) is any page view of the visit: its usage_visit_counts rows, by their primary
 * key's first column (`id` is the visit's: the counts table has none of its own).
 */
const visitFilter = [
  `(${text(3)} IS NULL OR source = $3)`,
  `(${text(4)} IS NULL OR campaign = $4)`,
  `(${text(5)} IS NULL OR landing = $5)`,
  `(${text(6)} IS NULL OR (CASE $6 ${goalNames.map((g) => `WHEN '${g}' THEN ${goalColumn(g)}`).join(" ")} END) = 1)`,
  `(${text(7)} IS NULL OR coalesce(device, '${unknownClient}') = $7)`,
  `(${text(8)} IS NULL OR coalesce(browser, '${unknownClient}') = $8)`,
  `(${text(9)} IS NULL OR EXISTS (SELECT 1 FROM usage_visit_counts viewed WHERE viewed.visit_id = id AND viewed.metric = '${viewMetric}' AND viewed.name = $9))`,
].join(" AND ");

/** The filter's values as the readings' $3 to $9. */
export const filterArgs = (filter: UsageFilter) => usageFilterKeys.map((key) => filter[key] ?? null);

const visitMetric = (metrics: string[]) => `metric IN (${metrics.map((m) => `'${m}'`).join(", ")})`;
const viewsOnly = visitMetric([viewMetric]);
const vitalsOnly = visitMetric([...vitalNames]);
const videosOnly = visitMetric([videoMetric("start"), videoMetric("complete")]);
const double = (expression: string) => `CAST(${expression} AS DOUBLE PRECISION)`;
const nothing = "CAST('' AS TEXT)";

/**
 * What the filter's visits counted on the range's days (usage_visit_counts): visits that start in
 * the range or on the day before it ($10), so a visit crossing midnight into the range counts
 * there. Their counts are read once (a materialized CTE: the range's visit rows and each matching
 * visit's counts, never a raw page view), then summed six ways, each row tagged with its part:
 * per page, per day, visitors, each vital's p75, each vital's p75 per day, video plays.
 */
const visitCountsSql = `
  WITH m AS MATERIALIZED (
    SELECT v.uid, c.day, c.metric, c.name, c.value, c.n FROM usage_visits v JOIN usage_visit_counts c ON c.visit_id = v.id
    WHERE v.day BETWEEN $10 AND $2 AND ${visitFilter} AND c.day BETWEEN $1 AND $2
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

/** A filtered count reading's arguments: the range, the filter ($3 to $9) and the day before the range ($10). */
export const countArgs = (from: string, to: string, filter: UsageFilter) => [
  from,
  to,
  ...filterArgs(filter),
  new Date(Date.parse(from) - 86_400_000).toISOString().slice(0, 10),
];

/** The readings' SQL: $n is the n-th argument (usage-readings.ts binds it as the engine spells parameters). */
export const usageQueries = {
  // $3 to $8: visitorSplit's days, months and days (splitFirsts).
  pageViews: `
      SELECT p.page, p.views, ${int("coalesce(v.visitors, 0)")} AS visitors
      FROM (SELECT page, ${int("sum(views)")} AS views FROM usage_day_pages WHERE ${inRange} GROUP BY page) p
      LEFT JOIN (SELECT page, sum(n) AS visitors FROM (
          ${splitFirsts("page", "usage_day_page_visitors", "prev_day", ["page"])}
        ) s GROUP BY page) v
        ON v.page = p.page`,
  pageViewsPerDay: `
      SELECT p.day, p.views, ${int("coalesce(v.n, 0)")} AS visitors
      FROM (SELECT day, ${int("sum(views)")} AS views FROM usage_day_pages WHERE ${inRange} GROUP BY day) p
      LEFT JOIN usage_day_visitor_counts v ON v.day = p.day
      ORDER BY p.day`,
  // $2 is in $3..$8 already; named so PostgreSQL knows its type.
  visitors: `SELECT ${int("coalesce(sum(n), 0)")} AS n FROM (${splitFirsts("visitor", "usage_day_visitors", "prev_day", [])}) s
      WHERE ${text(2)} IS NOT NULL`,
  beaconCount: `SELECT ${int("coalesce(sum(beacons), 0)")} AS n FROM usage_day_beacons WHERE ${inRange}`,
  // $1 to $10: segmentSplit's days, segments, whole months, segments and days, each an index range of its own.
  percentiles: percentileOf(
    `SELECT metric, page, value, ${int("sum(n)")} AS n FROM (
        SELECT metric, page, value, n FROM usage_day_values WHERE day BETWEEN $1 AND $2
        UNION ALL
        SELECT metric, page, value, n FROM usage_segment_values WHERE day BETWEEN $3 AND $4
        UNION ALL
        SELECT metric, page, value, n FROM usage_month_values WHERE day BETWEEN $5 AND $6
        UNION ALL
        SELECT metric, page, value, n FROM usage_segment_values WHERE day BETWEEN $7 AND $8
        UNION ALL
        SELECT metric, page, value, n FROM usage_day_values WHERE day BETWEEN $9 AND $10
      ) u GROUP BY metric, page, value`,
    "metric, page",
    "CASE WHEN metric IN ('load', 'seconds') THEN (50 * total + 99) / 100 ELSE (75 * total + 99) / 100 END",
  ),
  vitalsPerDay: `SELECT metric, day AS page, value, samples FROM usage_day_vitals WHERE ${inRange}`,
  videoPlays: `SELECT label, action, ${int("sum(plays)")} AS plays FROM usage_day_videos WHERE ${inRange} GROUP BY label, action`,
  // Unfiltered readings stay on their covering indexes; a filter reads the visit rows of the range.
  // Each group summed over the range (a few dozen rows, not one per day: the event loop sums them), the visitors
  // of each source and campaign on its group first in key order (acquisitionOf sums them per source and campaign).
  visitGroups: `
      WITH g AS (
        SELECT source, kind, campaign, medium, depth, sum(visits) AS visits,
          ${goalNames.map((g) => `sum(${goalColumn(g)}) AS ${goalColumn(g)}`).join(", ")}
        FROM usage_day_groups WHERE ${inRange} GROUP BY source, kind, campaign, medium, depth HAVING sum(visits) > 0),
      ranked AS (
        SELECT g.*, row_number() OVER (PARTITION BY source ORDER BY kind, campaign, medium, depth) AS source_rank,
          row_number() OVER (PARTITION BY campaign, source, medium ORDER BY kind, depth) AS campaign_rank
        FROM g),
      sv AS (SELECT source, sum(n) AS n FROM (${splitFirsts("source", "usage_visits", "prev_source_day", ["source"])}) s GROUP BY source),
      cv AS (
        SELECT campaign, source, medium, sum(n) AS n
        FROM (${splitFirsts("campaign", "usage_visits", "prev_campaign_day", ["campaign", "source", "medium"], " AND campaign IS NOT NULL")}) c
        GROUP BY campaign, source, medium)
      SELECT ${text(1)} AS day, r.source, r.kind, nullif(r.campaign, '') AS campaign, nullif(r.medium, '') AS medium, r.depth,
        ${int("r.visits")} AS visits,
        ${int("CASE WHEN r.source_rank = 1 THEN coalesce(sv.n, 0) ELSE 0 END")} AS source_visitors,
        ${int("CASE WHEN r.campaign_rank = 1 AND r.campaign <> '' THEN coalesce(cv.n, 0) ELSE 0 END")} AS campaign_visitors,
        ${goalNames.map((g) => `${int(`r.${goalColumn(g)}`)} AS ${goalColumn(g)}`).join(", ")}
      FROM ranked r LEFT JOIN sv ON sv.source = r.source
        LEFT JOIN cv ON cv.campaign = r.campaign AND cv.source = r.source AND cv.medium = r.medium`,
  visitsPerDay: `
      SELECT day, ${int("sum(visits)")} AS visits, ${goalNames.map((g) => `${int(`sum(${goalColumn(g)})`)} AS ${goalColumn(g)}`).join(", ")}
      FROM usage_day_groups WHERE ${inRange} GROUP BY day HAVING sum(visits) > 0 ORDER BY day`,
  visitGroupsFiltered: `
      SELECT day, source, kind, campaign, medium, depth, count(*) AS visits,
        ${int("sum(CASE WHEN prev_source_day IS NULL OR prev_source_day < $1 THEN 1 ELSE 0 END)")} AS source_visitors,
        ${int("sum(CASE WHEN campaign IS NOT NULL AND (prev_campaign_day IS NULL OR prev_campaign_day < $1) THEN 1 ELSE 0 END)")} AS campaign_visitors,
        ${goalNames.map((g) => `${int(`sum(${goalColumn(g)})`)} AS ${goalColumn(g)}`).join(", ")}
      FROM usage_visits WHERE ${inRange} AND ${visitFilter} GROUP BY day, source, kind, campaign, medium, depth`,
  visitDimensions: `
      SELECT landing, exit_page, device, browser, ${int("sum(visits)")} AS visits, ${int("sum(leads)")} AS leads
      FROM usage_day_dimensions WHERE ${inRange} GROUP BY landing, exit_page, device, browser HAVING sum(visits) > 0`,
  visitDimensionsFiltered: `
      SELECT landing, coalesce(exit_page, '${unknownClient}') AS exit_page, coalesce(device, '${unknownClient}') AS device,
        coalesce(browser, '${unknownClient}') AS browser, count(*) AS visits, ${int("sum(g_contact_sent)")} AS leads
      FROM usage_visits WHERE ${inRange} AND ${visitFilter} GROUP BY landing, exit_page, device, browser`,
  // Under a filter, page views, visitors, vitals and videos of the filter's visits, in one pass (visitCountsSql).
  visitCounts: visitCountsSql,
};

const dayMs = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(Date.parse(day) + n * dayMs);
const lastOfMonth = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - dayMs);
};

/**
 * The first and the last day of the whole UTC months within from..to (both included): a
 * reading takes them from month sums, the days outside them from day or segment rows
 * (segmentSplit, visitorSplit). With no whole month the first is after the last.
 */
export function wholeMonths(from: string, to: string): [string, string] {
  const first = from.endsWith("-01") ? from : addDays(lastOfMonth(from), 1);
  const last = to === lastOfMonth(to) ? to : addDays(`${to.slice(0, 8)}01`, -1);
  return [first, last];
}

/**
 * from..to as the readings of splitFirsts take it ($3 to $8, each [first, last], empty when
 * first > last; together every day once): the days of from's month and the next (per-day counts
 * stay exact there), then the whole months up to `to`, then the days of `to`'s month if partial.
 */
export function visitorSplit(from: string, to: string): [string, string, string, string, string, string] {
  const twoMonthsEnd = lastOfMonth(addDays(lastOfMonth(from), 1));
  const after = (day: string) => addDays(day, 1);
  if (twoMonthsEnd >= to) return [from, to, after(to), to, after(to), to];
  const rest = after(twoMonthsEnd);
  const [first, last] = wholeMonths(rest, to);
  if (first > last) return [from, twoMonthsEnd, rest, twoMonthsEnd, rest, to];
  return [from, twoMonthsEnd, first, last, after(last), to];
}

const segmentStarts = ["01", "08", "15", "22", "29"];
/** The first day of the segment after `day`'s (migration 0151's segments). */
const nextSegment = (day: string) => {
  const next = segmentStarts.find((start) => start > day.slice(8));
  return next ? `${day.slice(0, 8)}${next}` : addDays(lastOfMonth(day), 1);
};
const segmentStartOf = (day: string) => `${day.slice(0, 8)}${segmentStarts.findLast((start) => start <= day.slice(8))}`;
/** No day: first after last. */
const none = ["9", "0"];

/**
 * from..to as days, month segments (usage_segment_values), whole months, segments and days
 * (each [first, last], empty when first > last; together every day once): the percentiles' $1
 * to $10. At most six days and four segments on each side of the months.
 */
export function segmentSplit(from: string, to: string): string[] {
  const first = segmentStarts.includes(from.slice(8)) ? from : nextSegment(from);
  const last = addDays(nextSegment(to), -1) === to ? to : addDays(segmentStartOf(to), -1);
  if (first > last) return [from, to, ...none, ...none, ...none, ...none];
  // The days before the first segment and after the last.
  const head = [from, addDays(first, -1)];
  const tail = [addDays(last, 1), to];
  const [monthFirst, monthLast] = wholeMonths(first, last);
  if (monthFirst > monthLast) return [...head, first, last, ...none, ...none, ...tail];
  return [...head, first, addDays(monthFirst, -1), monthFirst, monthLast, addDays(monthLast, 1), last, ...tail];
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
    goals: perGoal((g) => Number(row[goalColumn(g)])),
  };
}

/** A visitsPerDay row as DayVisits. */
export const toDayVisits = (row: Record<string, unknown>): DayVisits => ({
  day: row.day as string,
  visits: Number(row.visits),
  goals: perGoal((g) => Number(row[goalColumn(g)])),
});

/** A visitDimensions row as VisitDimension. */
export const toVisitDimension = (row: Record<string, unknown>): VisitDimension => ({
  landing: row.landing as string,
  exit: row.exit_page as string,
  device: row.device as string,
  browser: row.browser as string,
  visits: Number(row.visits),
  leads: Number(row.leads),
});
