/**
 * The usage roll-ups built again from the raw rows (server/measurement/rollup-schema.ts), for the
 * tests and benches that seed analytics_events and rum_beacons directly: the server never runs
 * this, its batch writer keeps the roll-ups up to date as it writes (rollups.ts). Set-based SQL,
 * so it runs in the database, not in JS; each part folds the raw rows as the writer does.
 */
import { goalNames } from "#common/goals.ts";
import { unknownClient } from "../../server/measurement/devices.ts";
import {
  dayVitalsSql,
  goalColumn,
  rollupKeys,
  videoMetric,
  viewMetric,
} from "../../server/measurement/rollup-schema.ts";
import { knownSites, paidMediums, paidSuffix } from "../../server/measurement/sources.ts";
import { visitGapMs } from "../../server/measurement/visits.ts";

export type Engine = "sqlite" | "postgres";

/** Fills usage_month_values from usage_day_values (both engines: days are text). */
const monthValuesBackfill = `
  INSERT INTO usage_month_values (day, metric, page, value, n)
    SELECT substr(day, 1, 8) || '01', metric, page, value, sum(n) FROM usage_day_values GROUP BY 1, 2, 3, 4;
`;

/** Fills usage_day_vitals from usage_day_values. */
const dayVitalsBackfill = `INSERT INTO usage_day_vitals (day, metric, value, samples) ${dayVitalsSql("1 = 1")};\n`;

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** `host` (an SQL expression) ends with "." + suffix or is it, as sources.ts matches. */
function hostMatches(engine: Engine, host: string, pattern: string): string {
  if (pattern.endsWith(".*")) {
    const name = pattern.slice(0, -2);
    if (engine === "postgres")
      return `${host} ~ ${quote(`(^|\\.)${name.replace(/\./g, "\\.")}\\.[a-z]{2,3}(\\.[a-z]{2})?$`)}`;
    // SQLite has no regular expressions: the same language as eight GLOBs.
    const globs = ["", "*."].flatMap((start) =>
      ["[a-z][a-z]", "[a-z][a-z][a-z]"].flatMap((tld) =>
        ["", ".[a-z][a-z]"].map((cc) => `${start}${name}.${tld}${cc}`),
      ),
    );
    return `(${globs.map((g) => `${host} GLOB ${quote(g)}`).join(" OR ")})`;
  }
  const tail = `.${pattern}`;
  const end = engine === "postgres" ? `right(${host}, ${tail.length})` : `substr(${host}, -${tail.length})`;
  return `(${host} = ${quote(pattern)} OR ${end} = ${quote(tail)})`;
}

/**
 * sources.ts's sourceOf as SQL over a landing row's columns (NULL columns: no landing page view).
 * Empty strings count as absent, as toActivity reads them.
 */
function sourceSql(engine: Engine, row = ""): { source: string; kind: string; campaign: string; medium: string } {
  const col = (name: string) => `nullif(${row}${name}, '')`;
  const tagged = `coalesce(${col("utm_source")}, ${col("ref")})`;
  const host = col("referrer_host");
  const key = `lower(${["' '", "char(9)", "char(10)", "char(11)", "char(12)", "char(13)"].reduce(
    (inner, c) => `replace(${inner}, ${engine === "postgres" ? c.replace(/char\((\d+)\)/, "chr($1)") : c}, '')`,
    tagged,
  )})`;
  const campaignName = `CASE ${knownSites
    .map(([hosts, name]) => {
      const keys = [...new Set([name.toLowerCase(), ...hosts.map((h) => h.split(".")[0])])];
      return `WHEN ${key} IN (${keys.map(quote).join(", ")}) THEN ${quote(name)}`;
    })
    .join(" ")} ELSE ${tagged} END`;
  const known = (pick: (name: string, kind: string) => string) =>
    knownSites
      .map(
        ([hosts, name, kind]) =>
          `WHEN ${hosts.map((h) => hostMatches(engine, host, h)).join(" OR ")} THEN ${pick(name, kind)}`,
      )
      .join(" ");
  const stripped = `CASE WHEN substr(${host}, 1, 4) = 'www.' THEN substr(${host}, 5) ELSE ${host} END`;
  const paid = `(lower(${col("utm_medium")}) IN (${paidMediums.map(quote).join(", ")}) AND (${tagged} IS NOT NULL OR ${host} IS NOT NULL))`;
  return {
    source: `CASE WHEN ${tagged} IS NOT NULL THEN ${campaignName} WHEN ${host} IS NOT NULL THEN (CASE ${known((name) => quote(name))} ELSE ${stripped} END) ELSE 'Direct' END || CASE WHEN ${paid} THEN ${quote(paidSuffix)} ELSE '' END`,
    kind: `CASE WHEN ${paid} THEN 'paid' WHEN ${tagged} IS NOT NULL THEN 'campaign' WHEN ${host} IS NOT NULL THEN (CASE ${known((_, kind) => quote(kind))} ELSE 'referral' END) WHEN ${col("utm_campaign")} IS NOT NULL THEN 'campaign' ELSE 'direct' END`,
    campaign: col("utm_campaign"),
    medium: col("utm_medium"),
  };
}

/** The goal of an activity row as SQL (common/goals.ts goalOf); NULL on page views. */
function goalSql(): string {
  const serverGoals = goalNames.filter((g) => g !== "video-completed");
  return `CASE WHEN type = 'pageview' THEN NULL WHEN category = 'video' AND action = 'complete' THEN 'video-completed'
    WHEN category = 'goal' AND action IN (${serverGoals.map(quote).join(", ")}) THEN action END`;
}

const startsWithAny = (column: string, names: string[]) =>
  `(${names.map((n) => `${column} = ${quote(n)} OR substr(${column}, 1, ${n.length + 1}) = ${quote(`${n}-`)}`).join(" OR ")})`;
/** acquisition.ts's funnel pages, as SQL. */
const featureOrDemoSql = (column: string) => startsWithAny(column, ["features", "demo"]);
const contactOrSupportSql = (column: string) => startsWithAny(column, ["contact", "support"]);

/**
 * Fills every roll-up from analytics_events and rum_beacons (empty roll-ups assumed): the
 * rebuild of tests and the bench. Set-based SQL, so it runs in the database, not in JS.
 */
function rollupBackfill(engine: Engine): string {
  const pg = engine === "postgres";
  const day = (column: string) =>
    pg ? `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : `substr(${column}, 1, 10)`;
  const ms = (column: string) =>
    pg
      ? `(extract(epoch FROM ${column}) * 1000)`
      : `CAST(round((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`;
  const s = sourceSql(engine, "l.");
  const goalFlags = goalNames
    .map((g) => `max(CASE WHEN goal = ${quote(g)} THEN 1 ELSE 0 END) AS ${goalColumn(g)}`)
    .join(", ");
  return `
    INSERT INTO usage_day_pages (day, page, views)
      SELECT ${day("received_at")}, page, count(*) FROM analytics_events WHERE type = 'pageview' GROUP BY 1, 2;
    INSERT INTO usage_day_visitors (day, uid, prev_day)
      SELECT day, uid, lag(day) OVER (PARTITION BY uid ORDER BY day) FROM
        (SELECT DISTINCT ${day("received_at")} AS day, uid FROM analytics_events WHERE type = 'pageview') d;
    INSERT INTO usage_day_page_visitors (day, page, uid, prev_day)
      SELECT day, page, uid, lag(day) OVER (PARTITION BY uid, page ORDER BY day) FROM
        (SELECT DISTINCT ${day("received_at")} AS day, page, uid FROM analytics_events WHERE type = 'pageview') d;
    INSERT INTO usage_day_values (day, metric, page, value, n)
      SELECT ${day("received_at")}, action, '', value, count(*) FROM analytics_events
      WHERE type = 'vital' AND value IS NOT NULL GROUP BY 1, 2, 4;
    INSERT INTO usage_day_values (day, metric, page, value, n)
      SELECT ${day("received_at")}, 'load', page, load_ms, count(*) FROM rum_beacons WHERE load_ms IS NOT NULL GROUP BY 1, 3, 4;
    INSERT INTO usage_day_values (day, metric, page, value, n)
      SELECT ${day("received_at")}, 'seconds', last_page, seconds_on_last_page, count(*) FROM rum_beacons
      WHERE last_page IS NOT NULL AND seconds_on_last_page IS NOT NULL GROUP BY 1, 3, 4;
    INSERT INTO usage_day_beacons (day, beacons) SELECT ${day("received_at")}, count(*) FROM rum_beacons GROUP BY 1;
    INSERT INTO usage_day_videos (day, label, action, plays)
      SELECT ${day("received_at")}, coalesce(label, ''), action, count(*) FROM analytics_events
      WHERE type = 'event' AND category = 'video' AND action IN ('start', 'complete') GROUP BY 1, 2, 3;

    -- Visits: a row starts one at a new visitor or after a gap of 30 minutes (visits.ts).
    CREATE TEMPORARY TABLE usage_activity AS
      SELECT uid, received_at AS at, page, goal, referrer_host, utm_source, utm_medium, utm_campaign, ref, device, browser,
        sum(starts) OVER (PARTITION BY uid ORDER BY received_at, id ROWS UNBOUNDED PRECEDING) AS visit,
        row_number() OVER (PARTITION BY uid ORDER BY received_at, id) AS seq
      FROM (
        SELECT e.*, CASE WHEN lag(received_at) OVER w IS NULL
            OR ${ms("received_at")} - ${ms("lag(received_at) OVER w")} >= 1800000 THEN 1 ELSE 0 END AS starts
        FROM (SELECT *, ${goalSql()} AS goal FROM analytics_events WHERE type IN ('pageview', 'event')) e
        WHERE type = 'pageview' OR goal IS NOT NULL
        WINDOW w AS (PARTITION BY uid ORDER BY received_at, id)
      ) m;
    CREATE INDEX usage_activity_seq ON usage_activity (uid, seq);
    CREATE INDEX usage_activity_visit ON usage_activity (uid, visit, seq);
    CREATE TEMPORARY TABLE usage_visit_spans AS
      SELECT uid, visit, min(seq) AS first_seq, min(at) AS start_at, max(at) AS end_at,
        max(CASE WHEN goal IS NULL THEN seq END) AS last_view_seq,
        sum(CASE WHEN goal IS NULL THEN 1 ELSE 0 END) AS views, ${goalFlags}
      FROM usage_activity GROUP BY uid, visit;
    -- The funnel as visits.ts folds it: the first feature page, then a contact page after it, then a lead after that.
    CREATE TEMPORARY TABLE usage_visit_depths AS
      SELECT f.uid, f.visit, CASE WHEN c.contact_seq IS NULL THEN 2
          WHEN EXISTS (SELECT 1 FROM usage_activity x WHERE x.uid = f.uid AND x.visit = f.visit AND x.goal = 'contact-sent' AND x.seq > c.contact_seq) THEN 4
          ELSE 3 END AS depth
      FROM (SELECT uid, visit, min(seq) AS feature_seq FROM usage_activity WHERE goal IS NULL AND ${featureOrDemoSql("page")} GROUP BY uid, visit) f
      LEFT JOIN LATERAL_PLACEHOLDER;
    INSERT INTO usage_visits (uid, start_at, end_at, day, landing, source, kind, campaign, medium, depth, views,
        ${goalNames.map(goalColumn).join(", ")}, prev_source_day, prev_campaign_day, device, browser, exit_page)
      SELECT uid, start_at, end_at, day, landing, source, kind, campaign, medium, depth, views, ${goalNames.map(goalColumn).join(", ")},
        lag(day) OVER (PARTITION BY uid, source ORDER BY start_at, first_seq),
        CASE WHEN campaign IS NOT NULL THEN lag(day) OVER (PARTITION BY uid, campaign, source, coalesce(medium, '') ORDER BY start_at, first_seq) END
        , device, browser, exit_page
      FROM (
        SELECT v.*, ${day("v.start_at")} AS day, l.page AS landing, l.device, l.browser, coalesce(lv.page, l.page) AS exit_page,
          ${s.source} AS source, ${s.kind} AS kind, ${s.campaign} AS campaign, ${s.medium} AS medium, coalesce(d.depth, 1) AS depth
        FROM usage_visit_spans v
        JOIN (SELECT uid, seq, page, CASE WHEN goal IS NULL THEN referrer_host END AS referrer_host,
                CASE WHEN goal IS NULL THEN utm_source END AS utm_source, CASE WHEN goal IS NULL THEN utm_medium END AS utm_medium,
                CASE WHEN goal IS NULL THEN utm_campaign END AS utm_campaign, CASE WHEN goal IS NULL THEN ref END AS ref
                , device, browser
              FROM usage_activity) l ON l.uid = v.uid AND l.seq = v.first_seq
        LEFT JOIN usage_visit_depths d ON d.uid = v.uid AND d.visit = v.visit
        LEFT JOIN usage_activity lv ON lv.uid = v.uid AND lv.seq = v.last_view_seq
      ) x
      ORDER BY start_at;
    DROP TABLE usage_activity;
    DROP TABLE usage_visit_spans;
    DROP TABLE usage_visit_depths;
  `.replace(
    "LEFT JOIN LATERAL_PLACEHOLDER",
    `LEFT JOIN (SELECT a.uid, a.visit, min(a.seq) AS contact_seq FROM usage_activity a
        JOIN (SELECT uid, visit, min(seq) AS feature_seq FROM usage_activity WHERE goal IS NULL AND ${featureOrDemoSql("page")} GROUP BY uid, visit) f2
          ON f2.uid = a.uid AND f2.visit = a.visit
        WHERE a.goal IS NULL AND ${contactOrSupportSql("a.page")} AND a.seq > f2.feature_seq GROUP BY a.uid, a.visit) c
      ON c.uid = f.uid AND c.visit = f.visit`,
  );
}

/** Fills usage_day_dimensions from usage_visits: visits and leads per day, entry and exit page, device and browser. */
const dayDimensionsBackfill = `
  INSERT INTO usage_day_dimensions (day, landing, exit_page, device, browser, visits, leads)
    SELECT day, landing, coalesce(exit_page, '${unknownClient}'), coalesce(device, '${unknownClient}'),
      coalesce(browser, '${unknownClient}'), count(*), sum(g_contact_sent)
    FROM usage_visits GROUP BY 1, 2, 3, 4, 5;
`;

/**
 * Fills usage_visit_counts from analytics_events and usage_visits: an event belongs to the
 * visitor's latest visit started at or before it if it came within a visit's gap of that visit's
 * end (as the batch writer attaches it, rollups.ts); a vital or video start outside any is no
 * visit's.
 */
function visitCountsBackfill(engine: Engine): string {
  const pg = engine === "postgres";
  const day = pg ? "to_char(e.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')" : "substr(e.received_at, 1, 10)";
  const ms = (column: string) => `CAST(round((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`;
  const within = pg
    ? `e.received_at < v.end_at + ${visitGapMs} * interval '1 millisecond'`
    : `${ms("e.received_at")} - ${ms("v.end_at")} < ${visitGapMs}`;
  return `
    INSERT INTO usage_visit_counts (visit_id, day, metric, name, value, n)
      SELECT v.id, ${day}, e.metric, e.name, e.value, count(*)
      FROM (
        SELECT uid, received_at,
          CASE WHEN type = 'pageview' THEN '${viewMetric}' WHEN type = 'vital' THEN action
            WHEN action = 'start' THEN '${videoMetric("start")}' ELSE '${videoMetric("complete")}' END AS metric,
          CASE WHEN type = 'pageview' THEN page WHEN type = 'vital' THEN '' ELSE coalesce(label, '') END AS name,
          CASE WHEN type = 'vital' THEN value ELSE 0 END AS value
        FROM analytics_events
        WHERE type = 'pageview' OR (type = 'vital' AND value IS NOT NULL)
          OR (type = 'event' AND category = 'video' AND action IN ('start', 'complete'))
      ) e
      JOIN usage_visits v ON v.id = (
        SELECT x.id FROM usage_visits x WHERE x.uid = e.uid AND x.start_at <= e.received_at ORDER BY x.start_at DESC, x.id DESC LIMIT 1)
      WHERE ${within}
      GROUP BY 1, 2, 3, 4, 5;
  `;
}

/** Empties the roll-ups and builds them again from the raw rows (tests and benches that write raw rows directly). */
export const rollupRebuild = (engine: Engine) =>
  [...Object.keys(rollupKeys), "usage_month_values"].map((table) => `DELETE FROM ${table};`).join("\n") +
  rollupBackfill(engine) +
  monthValuesBackfill +
  dayVitalsBackfill +
  dayDimensionsBackfill +
  visitCountsBackfill(engine);
