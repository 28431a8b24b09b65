/**
 * The measurement rows on the shared SQLite connection: `rum_beacons` and `analytics_events`
 * (migrations 0100, 0101). Writes for the endpoints (MeasurementStore), reads for the usage
 * report (UsageReadings). A batch is committed without waiting for the disk: the pixel has
 * answered long before, and a beacon is not worth stalling the event loop on an fsync.
 */
import { writeTransaction, type Database } from "../db/database.ts";
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

export function sqliteMeasurementStore(db: Database): MeasurementStore & UsageReadings {
  const insertBeacon = db.prepare(
    "INSERT INTO rum_beacons (received_at, site, page, uid, last_page, seconds_on_last_page, load_ms) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertEvent = db.prepare(
    `INSERT INTO analytics_events (received_at, type, uid, page, title, category, action, label, value, rating,
       referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const activity = db.prepare(
    `SELECT ${activityColumns} FROM analytics_events WHERE received_at >= ? AND (${activityFilter}) ORDER BY uid, received_at, id`,
  );
  const visitorActivity = db.prepare(
    `SELECT ${activityColumns} FROM analytics_events WHERE uid = ? AND type = 'pageview' ORDER BY received_at, id LIMIT ${maxVisitorRows}`,
  );
  const pageViews = db.prepare(
    "SELECT page, count(*) AS views, count(DISTINCT uid) AS visitors FROM analytics_events WHERE type = 'pageview' AND received_at >= ? GROUP BY page",
  );
  const pageViewsPerDay = db.prepare(
    "SELECT substr(received_at, 1, 10) AS day, count(*) AS views, count(DISTINCT uid) AS visitors FROM analytics_events WHERE type = 'pageview' AND received_at >= ? GROUP BY day ORDER BY day",
  );
  const visitors = db.prepare("SELECT count(DISTINCT uid) AS n FROM analytics_events WHERE type = 'pageview' AND received_at >= ?");
  const beacons = db.prepare(
    "SELECT page, last_page AS lastPage, seconds_on_last_page AS secondsOnLastPage, load_ms AS loadMs FROM rum_beacons WHERE received_at >= ?",
  );
  const vitals = db.prepare(
    "SELECT action AS name, value, substr(received_at, 1, 10) AS day FROM analytics_events WHERE type = 'vital' AND received_at >= ?",
  );
  const videoPlays = db.prepare(
    "SELECT coalesce(label, '') AS label, action, count(*) AS plays FROM analytics_events WHERE type = 'event' AND category = 'video' AND action IN ('start', 'complete') AND received_at >= ? GROUP BY label, action",
  );

  // Oldest first through the received_at indexes, a chunk at a time (retention.ts).
  const deleteBeacons = db.prepare(
    "DELETE FROM rum_beacons WHERE id IN (SELECT id FROM rum_beacons WHERE received_at < ? ORDER BY received_at LIMIT ?)",
  );
  const deleteEvents = db.prepare(
    "DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE received_at < ? ORDER BY received_at LIMIT ?)",
  );

  const deleteVisitorBeacons = db.prepare("DELETE FROM rum_beacons WHERE uid IN (SELECT value FROM json_each(?))");
  const deleteVisitorEvents = db.prepare("DELETE FROM analytics_events WHERE uid IN (SELECT value FROM json_each(?))");

  return {
    async deleteVisitors(uids) {
      if (uids.length === 0) return;
      const keys = JSON.stringify(visitorKeys(uids));
      await writeTransaction(db, () => {
        deleteVisitorBeacons.run(keys);
        deleteVisitorEvents.run(keys);
      });
    },
    deleteReceivedBefore(before, limit) {
      return writeTransaction(db, () => Number(deleteBeacons.run(before, limit).changes) + Number(deleteEvents.run(before, limit).changes), asBatch);
    },
    addBeacons(rows) {
      return writeTransaction(
        db,
        () => {
          for (const b of rows) insertBeacon.run(b.receivedAt, b.site, b.page, b.uid, b.lastPage, b.secondsOnLastPage, b.loadMs);
        },
        asBatch,
      );
    },
    addEvents(rows) {
      return writeTransaction(
        db,
        () => {
          for (const e of rows) insertEvent.run(...eventRow(e));
        },
        asBatch,
      );
    },
    pageViews: (since) => pageViews.all(since) as unknown as ReturnType<UsageReadings["pageViews"]>,
    pageViewsPerDay: (since) => pageViewsPerDay.all(since) as unknown as ReturnType<UsageReadings["pageViewsPerDay"]>,
    visitors: (since) => (visitors.get(since) as { n: number }).n,
    beacons: (since) => beacons.all(since) as unknown as ReturnType<UsageReadings["beacons"]>,
    vitals: (since) => vitals.all(since) as unknown as ReturnType<UsageReadings["vitals"]>,
    videoPlays: (since) => videoPlays.all(since) as unknown as ReturnType<UsageReadings["videoPlays"]>,
    activity: (since) => (activity.all(since) as unknown as ActivityRow[]).flatMap((row) => toActivity(row) ?? []),
    visitorActivity: (uid) => (visitorActivity.all(uid.toLowerCase()) as unknown as ActivityRow[]).flatMap((row) => toActivity(row) ?? []),
  };
}
