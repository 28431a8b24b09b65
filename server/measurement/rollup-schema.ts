/**
 * The usage report's roll-ups (README), made by the frozen migrations (0120 and later): a new goal needs a
 * migration adding its column to usage_visits and usage_day_groups (server/db/migrations.test.ts checks).
 */
import type { Goal } from "#common/goals.ts";

/** The 0/1 column of a goal on usage_visits. */
export const goalColumn = (goal: Goal) => `g_${goal.replace(/-/g, "_")}`;

/** Every roll-up table that names a visitor id: deleted with the visitor (deleteVisitors) and by retention. */
export const visitorTables = ["usage_visits", "usage_day_visitors", "usage_day_page_visitors"] as const;
/** The key columns of each roll-up table (retention deletes by key, a chunk at a time). */
export const rollupKeys: Record<(typeof visitorTables)[number] | `usage_${string}`, string> = {
  usage_visits: "id",
  usage_visit_counts: "visit_id, day, metric, name, value",
  usage_day_visitors: "day, uid",
  usage_day_page_visitors: "day, page, uid",
  usage_day_pages: "day, page",
  usage_day_values: "day, metric, page, value",
  usage_day_beacons: "day",
  usage_day_videos: "day, label, action",
  usage_day_vitals: "day, metric",
  usage_day_dimensions: "day, landing, exit_page, device, browser",
};

/**
 * Nearest rank (ceil(p / 100 × n), integers only) of the value histogram `from`, per `partition`.
 * The running count and the total share one window (one sort of the histogram, not two).
 */
export const percentileOf = (from: string, partition: string, rank: string) => `
  SELECT metric, page, value, total AS samples FROM (
    SELECT metric, page, value, n,
      CAST(sum(n) OVER (w ROWS UNBOUNDED PRECEDING) AS BIGINT) AS upto,
      CAST(sum(n) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS BIGINT) AS total
    FROM (${from}) g
    WINDOW w AS (PARTITION BY ${partition} ORDER BY value)
  ) r WHERE upto >= ${rank} AND upto - n < ${rank}`;

/**
 * Each vital's p75 per day (usage_day_vitals) for the days `where` picks: a day's p75 depends on
 * that day alone, so the batch writer recomputes the days it touched.
 */
export const dayVitalsSql = (where: string) => `
  SELECT page AS day, metric, value, samples FROM (${percentileOf(
    `SELECT metric, day AS page, value, n FROM usage_day_values WHERE ${where} AND metric NOT IN ('load', 'seconds')`,
    "metric, page",
    "(75 * total + 99) / 100",
  )}) p`;

/** The days of a batch's value changes whose vitals' p75 (usage_day_vitals) must be computed again. */
export const vitalDays = (values: { day: string; metric: string }[]) => [
  ...new Set(values.filter((v) => v.metric !== "load" && v.metric !== "seconds").map((v) => v.day)),
];

/** The month row ("YYYY-MM-01") a day's values add to. */
export const monthOf = (day: string) => `${day.slice(0, 8)}01`;

/** How many times `value` was measured on `day` (usage_day_values, usage_month_values). */
export type ValueCount = { day: string; metric: string; page: string; value: number; n: number };

/** Value rows summed into their months (monthOf), one row per key: one upsert may not touch a row twice. */
export function byMonth(values: ValueCount[]) {
  const months = new Map<string, [string, string, string, number, number]>();
  for (const v of values) {
    const key = JSON.stringify([monthOf(v.day), v.metric, v.page, v.value]);
    const found = months.get(key);
    if (found) found[4] += Number(v.n);
    else months.set(key, [monthOf(v.day), v.metric, v.page, v.value, Number(v.n)]);
  }
  return [...months.values()];
}

/** usage_visit_counts' metric of a page view, and of a video start or completion (a vital's is its name). */
export const viewMetric = "view";
export const videoMetric = (action: "start" | "complete") => `video:${action}`;
