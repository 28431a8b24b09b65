/**
 * The measurement rows on PostgreSQL (DATABASE_URL): `rum_beacons` and `analytics_events`,
 * written a batch per statement (unnest), committed without waiting for the WAL flush
 * (synchronous_commit off for that transaction), as store-sqlite.ts does with SQLite.
 */
import { named, pgTransaction, type Pool } from "../db/postgres.ts";
import {
  activityColumns,
  activityFilter,
  eventRow,
  maxVisitorRows,
  toActivity,
  visitorKeys,
  type ActivityRow,
  type MeasurementStore,
} from "./store.ts";
import type { UsageReadings } from "./usage-report.ts";

const asBatch = { waitForDisk: false };
/** The UTC day of a row, as SQLite's substr(received_at, 1, 10) gives it: "2026-03-09". */
const utcDay = "to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')";

export function postgresMeasurementStore(pool: Pool): MeasurementStore & UsageReadings {
  const insertBeacons = named(
    "rum_beacons_insert_many",
    `INSERT INTO rum_beacons (received_at, site, page, uid, last_page, seconds_on_last_page, load_ms)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::integer[])`,
  );
  const insertEvents = named(
    "analytics_events_insert_many",
    `INSERT INTO analytics_events (received_at, type, uid, page, title, category, action, label, value, rating,
       referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ref)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                          $9::double precision[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[],
                          $16::text[], $17::text[])`,
  );
  // Times as ISO strings, as SQLite stores them (visits.ts compares and slices them).
  const columns = activityColumns.replace("received_at AS at", `to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`);
  const activity = named(
    "usage_activity",
    `SELECT ${columns} FROM analytics_events WHERE received_at >= $1 AND (${activityFilter}) ORDER BY uid, received_at, id`,
  );
  const visitorActivity = named(
    "visitor_activity",
    `SELECT ${columns} FROM analytics_events WHERE uid = $1 AND type = 'pageview' ORDER BY received_at, id LIMIT ${maxVisitorRows}`,
  );
  const pageViews = named(
    "usage_page_views",
    "SELECT page, count(*) AS views, count(DISTINCT uid) AS visitors FROM analytics_events WHERE type = 'pageview' AND received_at >= $1 GROUP BY page",
  );
  const visitors = named("usage_visitors", "SELECT count(DISTINCT uid) AS n FROM analytics_events WHERE type = 'pageview' AND received_at >= $1");
  const beacons = named(
    "usage_beacons",
    `SELECT page, last_page AS "lastPage", seconds_on_last_page AS "secondsOnLastPage", load_ms AS "loadMs" FROM rum_beacons WHERE received_at >= $1`,
  );
  const vitals = named(
    "usage_vitals",
    `SELECT action AS name, value, ${utcDay} AS day FROM analytics_events WHERE type = 'vital' AND received_at >= $1`,
  );
  const pageViewsPerDay = named(
    "usage_page_views_per_day",
    `SELECT ${utcDay} AS day, count(*) AS views, count(DISTINCT uid) AS visitors FROM analytics_events
     WHERE type = 'pageview' AND received_at >= $1 GROUP BY day ORDER BY day`,
  );
  const videoPlays = named(
    "usage_video_plays",
    `SELECT coalesce(label, '') AS label, action, count(*) AS plays FROM analytics_events
     WHERE type = 'event' AND category = 'video' AND action IN ('start', 'complete') AND received_at >= $1 GROUP BY coalesce(label, ''), action`,
  );
  const rowsOf = async <T>(query: ReturnType<typeof pageViews>) => (await pool.query(query)).rows as T;
  // Retention (retention.ts, added by issue 18): oldest first through the received_at indexes, a chunk at a time.
  const deleteBeacons = named(
    "rum_beacons_delete_before",
    "DELETE FROM rum_beacons WHERE id IN (SELECT id FROM rum_beacons WHERE received_at < $1 ORDER BY received_at LIMIT $2)",
  );
  const deleteEvents = named(
    "analytics_events_delete_before",
    "DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE received_at < $1 ORDER BY received_at LIMIT $2)",
  );

  const deleteVisitorBeacons = named("rum_beacons_delete_visitors", "DELETE FROM rum_beacons WHERE uid = ANY($1::text[])");
  const deleteVisitorEvents = named("analytics_events_delete_visitors", "DELETE FROM analytics_events WHERE uid = ANY($1::text[])");

  return {
    async deleteVisitors(uids) {
      if (uids.length === 0) return;
      const keys = visitorKeys(uids);
      await pgTransaction(pool, async (client) => {
        await client.query(deleteVisitorBeacons([keys]));
        await client.query(deleteVisitorEvents([keys]));
      });
    },
    deleteReceivedBefore: (before, limit) =>
      pgTransaction(
        pool,
        async (client) =>
          ((await client.query(deleteBeacons([before, limit]))).rowCount ?? 0) + ((await client.query(deleteEvents([before, limit]))).rowCount ?? 0),
        asBatch,
      ),
    async addBeacons(rows) {
      await pgTransaction(
        pool,
        (client) =>
          client.query(
            insertBeacons([
              rows.map((b) => b.receivedAt),
              rows.map((b) => b.site),
              rows.map((b) => b.page),
              rows.map((b) => b.uid),
              rows.map((b) => b.lastPage),
              rows.map((b) => b.secondsOnLastPage),
              rows.map((b) => b.loadMs),
            ]),
          ),
        asBatch,
      );
    },
    async addEvents(rows) {
      if (rows.length === 0) return;
      const values = rows.map(eventRow);
      await pgTransaction(pool, (client) => client.query(insertEvents(values[0].map((_, i) => values.map((row) => row[i])))), asBatch);
    },
    pageViews: (since) => rowsOf(pageViews([since])),
    pageViewsPerDay: (since) => rowsOf(pageViewsPerDay([since])),
    visitors: async (since) => (await pool.query<{ n: number }>(visitors([since]))).rows[0].n,
    beacons: (since) => rowsOf(beacons([since])),
    vitals: (since) => rowsOf(vitals([since])),
    videoPlays: (since) => rowsOf(videoPlays([since])),
    activity: async (since) => (await rowsOf<ActivityRow[]>(activity([since]))).flatMap((row) => toActivity(row) ?? []),
    visitorActivity: async (uid) => (await rowsOf<ActivityRow[]>(visitorActivity([uid.toLowerCase()]))).flatMap((row) => toActivity(row) ?? []),
  };
}
