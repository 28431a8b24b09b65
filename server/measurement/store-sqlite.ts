/**
 * The measurement rows on the shared SQLite connection: `rum_beacons` and `analytics_events`
 * (migrations 0100, 0101), and the usage roll-ups written in the same transaction (0120,
 * rollups.ts). Writes for the endpoints (MeasurementStore), reads for the usage report
 * (UsageReadings, from the roll-ups only). A batch is committed without waiting for the disk: the pixel has
 * answered long before, and a beacon is not worth stalling the event loop on an fsync.
 */
import { writeTransaction, type SqliteDatabase } from "../db/database.ts";
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { goalNames, type Goal } from "#common/goals.ts";
import {
  dayVitalsSql,
  deleteVisitCounts,
  goalColumn,
  monthOf,
  rollupKeys,
  unlinkDeletedDays,
  visitorTables,
  vitalDays,
} from "./rollup-schema.ts";
import {
  beaconChanges,
  eventChanges,
  historyOf,
  uidsOf,
  type RollupChanges,
  type VisitorHistory,
  type VisitRecord,
} from "./rollups.ts";
import {
  activityColumns,
  eventRow,
  maxVisitorRows,
  rollupCutoffDay,
  toActivity,
  visitorKeys,
  type ActivityRow,
  type MeasurementStore,
} from "./store.ts";
import { hasFilter } from "#common/usage-filter.ts";
import {
  countArgs,
  filterArgs,
  segmentSplit,
  toDayVisits,
  toVisitCounts,
  toVisitDimension,
  toVisitGroup,
  usageQueries,
  visitorSplit,
} from "./usage-queries.ts";
import type { Percentile, UsageReadings } from "./usage-report.ts";

const asBatch = { waitForDisk: false };

export function sqliteMeasurementStore(db: SqliteDatabase): MeasurementStore & UsageReadings {
  const insertBeacon = db.prepare(
    "INSERT INTO rum_beacons (received_at, site, page, uid, last_page, seconds_on_last_page, load_ms) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertEvent = db.prepare(
    `INSERT INTO analytics_events (received_at, type, uid, page, title, category, action, label, value, rating,
       referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ref, device, browser)
     VALUES (${Array(19).fill("?").join(", ")})`,
  );
  const rollup = sqliteRollupWriter(db);

  // Oldest first through the received_at indexes, a chunk at a time (retention.ts).
  const deleteBeacons = db.prepare(
    "DELETE FROM rum_beacons WHERE id IN (SELECT id FROM rum_beacons WHERE received_at < ? ORDER BY received_at LIMIT ?)",
  );
  const deleteEvents = db.prepare(
    "DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE received_at < ? ORDER BY received_at LIMIT ?)",
  );
  const returning = (table: string) =>
    table in unlinkDeletedDays
      ? " RETURNING uid"
      : table === "usage_day_values"
        ? " RETURNING day, metric, page, value, n"
        : "";
  const deleteRollups = Object.entries(rollupKeys).map(([table, key]) => ({
    table,
    statement: db.prepare(
      `DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE day < ? LIMIT ?)${returning(table)}`,
    ),
    unlink:
      table in unlinkDeletedDays
        ? db.prepare(
            unlinkDeletedDays[table as keyof typeof unlinkDeletedDays]
              .replace(/\$uids/g, "SELECT value FROM json_each(?1)")
              .replace(/\$day/g, "?2"),
          )
        : undefined,
  }));
  // Value rows deleted leave their month (usage_month_values) too: a month row at 0 goes.
  const subtractMonthValue = db.prepare(
    "UPDATE usage_month_values SET n = n - ?5 WHERE day = ?1 AND metric = ?2 AND page = ?3 AND value = ?4 RETURNING n",
  );
  const deleteMonthValue = db.prepare(
    "DELETE FROM usage_month_values WHERE day = ? AND metric = ? AND page = ? AND value = ? AND n <= 0",
  );
  /** Deletes a chunk of a roll-up's days before `day`; the visitors' later rows stop pointing at them. */
  const deleteRollupChunk = (
    { table, statement, unlink }: (typeof deleteRollups)[number],
    day: string,
    limit: number,
  ) => {
    if (table === "usage_day_values") {
      const gone = statement.all(day, limit) as {
        day: string;
        metric: string;
        page: string;
        value: number;
        n: number;
      }[];
      for (const v of gone) {
        const left = subtractMonthValue.get(monthOf(v.day), v.metric, v.page, v.value, v.n) as
          { n: number } | undefined;
        if (left && left.n <= 0) deleteMonthValue.run(monthOf(v.day), v.metric, v.page, v.value);
      }
      return gone.length;
    }
    if (!unlink) return Number(statement.run(day, limit).changes);
    const gone = statement.all(day, limit) as { uid: string }[];
    if (gone.length) unlink.run(JSON.stringify([...new Set(gone.map((row) => row.uid))]), day);
    return gone.length;
  };

  return {
    deleteReceivedBefore(before, limit) {
      return writeTransaction(
        db,
        () =>
          Number(deleteBeacons.run(before, limit).changes) +
          Number(deleteEvents.run(before, limit).changes) +
          deleteRollups.reduce((n, rollup) => n + deleteRollupChunk(rollup, rollupCutoffDay(before), limit), 0),
        asBatch,
      );
    },
    deleteVisitors(uids) {
      if (!uids.length) return;
      // Any case: the tables hold ids lower-cased, but a row written by another writer may not be.
      const list = JSON.stringify(visitorKeys(uids));
      return writeTransaction(db, () => {
        db.prepare(deleteVisitCounts("uid IN (SELECT value FROM json_each(?))")).run(list);
        for (const table of ["analytics_events", "rum_beacons", ...visitorTables])
          db.prepare(`DELETE FROM ${table} WHERE uid IN (SELECT value FROM json_each(?))`).run(list);
      });
    },
    addBeacons(rows) {
      return writeTransaction(
        db,
        () => {
          for (const b of rows)
            insertBeacon.run(b.receivedAt, b.site, b.page, b.uid, b.lastPage, b.secondsOnLastPage, b.loadMs);
          rollup.write({
            visits: [],
            dayPages: [],
            dayVisitors: [],
            dayPageVisitors: [],
            videos: [],
            ...beaconChanges(rows),
          });
        },
        asBatch,
      );
    },
    addEvents(rows) {
      return writeTransaction(
        db,
        () => {
          for (const e of rows) insertEvent.run(...eventRow(e));
          rollup.write(eventChanges(rows, rollup.histories(uidsOf(rows))));
        },
        asBatch,
      );
    },
    ...sqliteUsageReadings(db),
  };
}

/** The report's readings alone: on the server's connection, or on a read-only one in a worker (usage-worker.ts). */
export function sqliteUsageReadings(db: DatabaseSync): UsageReadings {
  const q = usageQueries("sqlite");
  const reading = Object.fromEntries(Object.entries(q).map(([name, sql]) => [name, db.prepare(sql)])) as Record<
    keyof typeof q,
    StatementSync
  >;
  const visitorActivity = db.prepare(
    `SELECT ${activityColumns} FROM analytics_events WHERE uid = ? AND type = 'pageview' ORDER BY received_at, id LIMIT ${maxVisitorRows}`,
  );
  return {
    pageViews: (from, to) =>
      reading.pageViews.all(from, to, ...visitorSplit(from, to)) as unknown as ReturnType<UsageReadings["pageViews"]>,
    pageViewsPerDay: (from, to) =>
      reading.pageViewsPerDay.all(from, to) as unknown as ReturnType<UsageReadings["pageViewsPerDay"]>,
    visitors: (from, to) => (reading.visitors.get(from, to, ...visitorSplit(from, to)) as { n: number }).n,
    beaconCount: (from, to) => (reading.beaconCount.get(from, to) as { n: number }).n,
    percentiles: (from, to) => reading.percentiles.all(...segmentSplit(from, to)) as unknown as Percentile[],
    vitalsPerDay: (from, to) => reading.vitalsPerDay.all(from, to) as unknown as Percentile[],
    videoPlays: (from, to) => reading.videoPlays.all(from, to) as unknown as ReturnType<UsageReadings["videoPlays"]>,
    visitGroups: (from, to, filter = {}) =>
      (hasFilter(filter)
        ? reading.visitGroupsFiltered.all(from, to, ...filterArgs(filter))
        : reading.visitGroups.all(from, to, ...visitorSplit(from, to))
      ).map((row) => toVisitGroup(row as Record<string, unknown>)),
    visitsPerDay: (from, to) =>
      reading.visitsPerDay.all(from, to).map((row) => toDayVisits(row as Record<string, unknown>)),
    visitDimensions: (from, to, filter = {}) =>
      (hasFilter(filter)
        ? reading.visitDimensionsFiltered.all(from, to, ...filterArgs(filter))
        : reading.visitDimensions.all(from, to)
      ).map((row) => toVisitDimension(row as Record<string, unknown>)),
    visitorActivity: (uid) =>
      (visitorActivity.all(uid.toLowerCase()) as unknown as ActivityRow[]).flatMap((row) => toActivity(row) ?? []),
    visitCounts: (from, to, filter) =>
      toVisitCounts(reading.visitCounts.all(...countArgs(from, to, filter)) as Record<string, unknown>[]),
  };
}

/** The roll-up writes of a batch on SQLite, inside its transaction: each visitor's history read first, then the changes. */
function sqliteRollupWriter(db: SqliteDatabase) {
  const goalColumns = goalNames.map((g) => [g, goalColumn(g)] as [Goal, string]);
  const latestVisit = db.prepare("SELECT * FROM usage_visits WHERE uid = ? ORDER BY start_at DESC, id DESC LIMIT 1");
  const sourceDays = db.prepare(
    "SELECT source, campaign, medium, max(day) AS day FROM usage_visits WHERE uid = ? GROUP BY source, campaign, medium",
  );
  const insertVisit = db.prepare(
    `INSERT INTO usage_visits (uid, start_at, end_at, day, landing, source, kind, campaign, medium, depth, views,
       ${goalColumns.map(([, c]) => c).join(", ")}, prev_source_day, prev_campaign_day, device, browser, exit_page)
     VALUES (${Array(16 + goalColumns.length)
       .fill("?")
       .join(", ")})`,
  );
  const updateVisit = db.prepare(
    `UPDATE usage_visits SET end_at = ?, depth = ?, views = ?, exit_page = ?, ${goalColumns.map(([, c]) => `${c} = ?`).join(", ")} WHERE id = ?`,
  );
  const addDayPage = db.prepare(
    "INSERT INTO usage_day_pages (day, page, views) VALUES (?, ?, ?) ON CONFLICT (day, page) DO UPDATE SET views = views + excluded.views",
  );
  const addValue = db.prepare(
    `INSERT INTO usage_day_values (day, metric, page, value, n) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (day, metric, page, value) DO UPDATE SET n = n + excluded.n`,
  );
  const addMonthValue = db.prepare(
    `INSERT INTO usage_month_values (day, metric, page, value, n) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (day, metric, page, value) DO UPDATE SET n = n + excluded.n`,
  );
  const clearDayVitals = db.prepare("DELETE FROM usage_day_vitals WHERE day = ?1");
  const computeDayVitals = db.prepare(
    `INSERT INTO usage_day_vitals (day, metric, value, samples) ${dayVitalsSql("day = ?1")}`,
  );
  const addVideo = db.prepare(
    `INSERT INTO usage_day_videos (day, label, action, plays) VALUES (?, ?, ?, ?)
     ON CONFLICT (day, label, action) DO UPDATE SET plays = plays + excluded.plays`,
  );
  const addDimension = db.prepare(
    `INSERT INTO usage_day_dimensions (day, landing, exit_page, device, browser, visits, leads) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (day, landing, exit_page, device, browser) DO UPDATE SET visits = visits + excluded.visits, leads = leads + excluded.leads`,
  );
  const addBeacons = db.prepare(
    "INSERT INTO usage_day_beacons (day, beacons) VALUES (?, ?) ON CONFLICT (day) DO UPDATE SET beacons = beacons + excluded.beacons",
  );
  // A new visitor day points back at the visitor's previous day, and the next one (rows written out of order) at it.
  const addDayVisitor = db.prepare(
    `INSERT INTO usage_day_visitors (day, uid, prev_day)
     VALUES (?1, ?2, (SELECT max(day) FROM usage_day_visitors WHERE uid = ?2 AND day < ?1)) ON CONFLICT DO NOTHING`,
  );
  const relinkDayVisitor = db.prepare(
    `UPDATE usage_day_visitors SET prev_day = ?1
     WHERE uid = ?2 AND day = (SELECT min(day) FROM usage_day_visitors WHERE uid = ?2 AND day > ?1)`,
  );
  const addDayPageVisitor = db.prepare(
    `INSERT INTO usage_day_page_visitors (day, page, uid, prev_day)
     VALUES (?1, ?2, ?3, (SELECT max(day) FROM usage_day_page_visitors WHERE uid = ?3 AND page = ?2 AND day < ?1)) ON CONFLICT DO NOTHING`,
  );
  const relinkDayPageVisitor = db.prepare(
    `UPDATE usage_day_page_visitors SET prev_day = ?1
     WHERE uid = ?3 AND page = ?2 AND day = (SELECT min(day) FROM usage_day_page_visitors WHERE uid = ?3 AND page = ?2 AND day > ?1)`,
  );
  const addVisitCount = db.prepare(
    `INSERT INTO usage_visit_counts (visit_id, day, metric, name, value, n) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (visit_id, day, metric, name, value) DO UPDATE SET n = n + excluded.n`,
  );
  return {
    histories(uids: string[]): Map<string, VisitorHistory> {
      return new Map(
        uids.map((uid) => [
          uid,
          historyOf(
            latestVisit.get(uid) as VisitRecord | undefined,
            sourceDays.all(uid) as unknown as Parameters<typeof historyOf>[1],
            goalColumns,
          ),
        ]),
      );
    },
    write(changes: RollupChanges) {
      for (const v of changes.visits) {
        const goals = goalColumns.map(([goal]) => (v.goals.has(goal) ? 1 : 0));
        if (v.id === undefined)
          v.id = Number(
            insertVisit.run(
              v.uid,
              v.start,
              v.end,
              v.day,
              v.landing,
              v.source,
              v.kind,
              v.campaign,
              v.medium,
              v.depth,
              v.views,
              ...goals,
              v.prevSourceDay,
              v.prevCampaignDay,
              v.device,
              v.browser,
              v.exit,
            ).lastInsertRowid,
          );
        else updateVisit.run(v.end, v.depth, v.views, v.exit, ...goals, v.id);
      }
      for (const p of changes.dayPages) addDayPage.run(p.day, p.page, p.views);
      for (const { day, uid } of changes.dayVisitors)
        if (addDayVisitor.run(day, uid).changes) relinkDayVisitor.run(day, uid);
      for (const { day, page, uid } of changes.dayPageVisitors)
        if (addDayPageVisitor.run(day, page, uid).changes) relinkDayPageVisitor.run(day, page, uid);
      for (const v of changes.values) {
        addValue.run(v.day, v.metric, v.page, v.value, v.n);
        addMonthValue.run(monthOf(v.day), v.metric, v.page, v.value, v.n);
      }
      for (const day of vitalDays(changes.values)) {
        clearDayVitals.run(day);
        computeDayVitals.run(day);
      }
      for (const v of changes.videos) addVideo.run(v.day, v.label, v.action, v.plays);
      for (const b of changes.beacons) addBeacons.run(b.day, b.beacons);
      for (const d of changes.dimensions)
        addDimension.run(d.day, d.landing, d.exit, d.device, d.browser, d.visits, d.leads);
      // After the visits above: a new visit has its id now.
      for (const c of changes.visitCounts) addVisitCount.run(c.visit.id!, c.day, c.metric, c.name, c.value, c.n);
    },
  };
}
