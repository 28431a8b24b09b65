/**
 * Years of measurement made by the database itself (a recursive CTE on SQLite, generate_series
 * on PostgreSQL), then rolled up by migration 0120's backfill: for the usage bench and the
 * server test that sends leads while a long report runs. Visits of four page views a minute
 * apart, spread evenly over `days` ending yesterday; a fifth of the landings carry a source;
 * one beacon and half a vital per visit.
 */
import type { DatabaseSync } from "node:sqlite";
import type pg from "pg";
import { rollupRebuild } from "./usage-rollups.ts";

export interface UsageData {
  pageViews: number;
  visitors: number;
  days: number;
}

const pages = ["home", "features", "features-timesheets", "demo", "contact", "support", "blog", "pricing"];
const referrers = ["www.google.com", "t.co", "partner.example", "www.linkedin.com", null];

/** Epoch ms of the first and one past the last generated instant: `days` whole UTC days ending yesterday. */
function span(days: number, now = new Date()) {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { start: end - days * 86_400_000, end };
}

/** A visit's device and browser (the collector's categories), spread over visits. */
const deviceOf = (v: string) => `CASE ${v} % 3 WHEN 0 THEN 'desktop' WHEN 1 THEN 'phone' ELSE 'tablet' END`;
const browserOf = (v: string) =>
  `CASE ${v} % 4 WHEN 0 THEN 'Chrome' WHEN 1 THEN 'Safari' WHEN 2 THEN 'Edge' ELSE 'Firefox' END`;

const list = (values: (string | null)[]) => values.map((v) => (v === null ? "NULL" : `'${v}'`)).join(", ");

export function generateSqlite(db: DatabaseSync, { pageViews, visitors, days }: UsageData): void {
  const { start, end } = span(days);
  const visits = Math.floor(pageViews / 4);
  const msPerVisit = (end - start - 4 * 60_000) / visits;
  db.exec("BEGIN");
  // Visit v of visitor (v * 7919) mod visitors, step s a minute after the last.
  const at = (v: string, s: string) =>
    `strftime('%Y-%m-%dT%H:%M:%fZ', (${start} + ${v} * ${msPerVisit} + ${s} * 60000) / 1000.0, 'unixepoch')`;
  const uid = (v: string) => `printf('00000000-0000-4000-8000-%012d', (${v} * 7919) % ${visitors})`;
  db.exec(`
    CREATE TEMPORARY TABLE pick_page (i INTEGER PRIMARY KEY, page TEXT);
    INSERT INTO pick_page VALUES ${pages.map((p, i) => `(${i}, '${p}')`).join(", ")};
    CREATE TEMPORARY TABLE pick_referrer (i INTEGER PRIMARY KEY, host TEXT);
    INSERT INTO pick_referrer VALUES ${referrers.map((r, i) => `(${i}, ${r === null ? "NULL" : `'${r}'`})`).join(", ")};
    WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < ${visits * 4 - 1})
    INSERT INTO analytics_events (received_at, type, uid, page, referrer_host, utm_source, utm_campaign, device, browser)
      SELECT ${at("(k / 4)", "(k % 4)")}, 'pageview', ${uid("(k / 4)")}, (SELECT page FROM pick_page WHERE pick_page.i = ((k / 4) * 31 + (k % 4) * 7) % ${pages.length}),
        CASE WHEN k % 4 = 0 AND (k / 4) % 5 = 0 THEN (SELECT host FROM pick_referrer WHERE pick_referrer.i = (k / 20) % ${referrers.length}) END,
        CASE WHEN k % 4 = 0 AND (k / 4) % 25 = 1 THEN 'newsletter' END,
        CASE WHEN k % 4 = 0 AND (k / 4) % 25 = 1 THEN 'autumn-' || ((k / 4) % 3) END,
        ${deviceOf("(k / 4)")}, ${browserOf("(k / 4)")}
      FROM n;
    WITH RECURSIVE n(v) AS (SELECT 0 UNION ALL SELECT v + 1 FROM n WHERE v < ${visits - 1})
    INSERT INTO rum_beacons (received_at, site, page, uid, last_page, seconds_on_last_page, load_ms)
      SELECT ${at("v", "1")}, 's', (SELECT page FROM pick_page WHERE pick_page.i = (n.v * 31 + 7) % ${pages.length}), ${uid("v")},
        (SELECT page FROM pick_page WHERE pick_page.i = (n.v * 31) % ${pages.length}), v % 300, 100 + (v * 37) % 3000 FROM n;
    WITH RECURSIVE n(v) AS (SELECT 0 UNION ALL SELECT v + 2 FROM n WHERE v < ${visits - 2})
    INSERT INTO analytics_events (received_at, type, uid, page, action, value, rating)
      SELECT ${at("v", "2")}, 'vital', ${uid("v")}, 'home', CASE v % 4 WHEN 0 THEN 'LCP' WHEN 2 THEN 'INP' ELSE 'CLS' END,
        CASE v % 4 WHEN 0 THEN 800 + (v * 13) % 4000 WHEN 2 THEN (v * 7) % 600 ELSE ((v * 3) % 500) / 1000.0 END, 'good' FROM n;
    DROP TABLE pick_page;
    DROP TABLE pick_referrer;
  `);
  db.exec(rollupRebuild("sqlite"));
  db.exec("COMMIT");
}

export async function generatePostgres(pool: pg.Pool, { pageViews, visitors, days }: UsageData): Promise<void> {
  const { start, end } = span(days);
  const visits = Math.floor(pageViews / 4);
  const msPerVisit = (end - start - 4 * 60_000) / visits;
  const at = (v: string, s: string) => `to_timestamp((${start} + ${v} * ${msPerVisit} + ${s} * 60000) / 1000.0)`;
  const uid = (v: string) => `'00000000-0000-4000-8000-' || lpad(((${v} * 7919::bigint) % ${visitors})::text, 12, '0')`;
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL work_mem = '256MB'");
    await client.query(`
      INSERT INTO analytics_events (received_at, type, uid, page, referrer_host, utm_source, utm_campaign, device, browser)
        SELECT ${at("(i / 4)", "(i % 4)")}, 'pageview', ${uid("(i / 4)")}, (ARRAY[${list(pages)}])[((i / 4) * 31 + (i % 4) * 7) % ${pages.length} + 1],
          CASE WHEN i % 4 = 0 AND (i / 4) % 5 = 0 THEN (ARRAY[${list(referrers)}])[(i / 20) % ${referrers.length} + 1] END,
          CASE WHEN i % 4 = 0 AND (i / 4) % 25 = 1 THEN 'newsletter' END,
          CASE WHEN i % 4 = 0 AND (i / 4) % 25 = 1 THEN 'autumn-' || ((i / 4) % 3) END,
          ${deviceOf("(i / 4)")}, ${browserOf("(i / 4)")}
        FROM generate_series(0::bigint, ${visits * 4 - 1}) AS i;
      INSERT INTO rum_beacons (received_at, site, page, uid, last_page, seconds_on_last_page, load_ms)
        SELECT ${at("v", "1")}, 's', (ARRAY[${list(pages)}])[(v * 31 + 7) % ${pages.length} + 1], ${uid("v")},
          (ARRAY[${list(pages)}])[(v * 31) % ${pages.length} + 1], v % 300, 100 + (v * 37) % 3000
        FROM generate_series(0::bigint, ${visits - 1}) AS v;
      INSERT INTO analytics_events (received_at, type, uid, page, action, value, rating)
        SELECT ${at("v", "2")}, 'vital', ${uid("v")}, 'home', CASE v % 4 WHEN 0 THEN 'LCP' WHEN 2 THEN 'INP' ELSE 'CLS' END,
          CASE v % 4 WHEN 0 THEN 800 + (v * 13) % 4000 WHEN 2 THEN (v * 7) % 600 ELSE ((v * 3) % 500) / 1000.0 END, 'good'
        FROM generate_series(0::bigint, ${visits - 2}, 2) AS v;
    `);
    await client.query(rollupRebuild("postgres"));
    await client.query("COMMIT");
    await client.query("ANALYZE");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}
