/**
 * The measurement rows on PostgreSQL (DATABASE_URL): `rum_beacons` and `analytics_events`,
 * written a batch per statement (unnest), committed without waiting for the WAL flush
 * (synchronous_commit off for that transaction), as store-sqlite.ts does with SQLite.
 */
import { named, pgTransaction, type Pool, type PoolClient } from "../db/postgres.ts";
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
import { hasFilter } from "#common/usage-filter.ts";
import type { UsageReadings } from "./usage-report.ts";

const asBatch = { waitForDisk: false };

export function postgresMeasurementStore(pool: Pool): MeasurementStore & UsageReadings {
  const insertBeacons = named(
    "rum_beacons_insert_many",
    `INSERT INTO rum_beacons (received_at, site, page, uid, last_page, seconds_on_last_page, load_ms)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::integer[])`,
  );
  const insertEvents = named(
    "analytics_events_insert_many",
    `INSERT INTO analytics_events (received_at, type, uid, page, title, category, action, label, value, rating,
       referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ref, device, browser)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                          $9::double precision[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[],
                          $16::text[], $17::text[], $18::text[], $19::text[])`,
  );
  // Times as ISO strings, as SQLite stores them (visits.ts compares and slices them).
  const columns = activityColumns.replace(
    "received_at AS at",
    `to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`,
  );
  const visitorActivity = named(
    "visitor_activity",
    `SELECT ${columns} FROM analytics_events WHERE uid = $1 AND type = 'pageview' ORDER BY received_at, id LIMIT ${maxVisitorRows}`,
  );
  const q = usageQueries("postgres");
  const reading = Object.fromEntries(
    Object.entries(q).map(([name, sql]) => [name, named(`usage_${name}`, sql)]),
  ) as Record<keyof typeof q, ReturnType<typeof named>>;
  const rowsOf = async <T>(query: ReturnType<ReturnType<typeof named>>) => (await pool.query(query)).rows as T;
  const deleteRollups = Object.entries(rollupKeys).map(([table, key]) => {
    const unlink = unlinkDeletedDays[table as keyof typeof unlinkDeletedDays];
    const values = table === "usage_day_values";
    return {
      values,
      remove: named(
        `${table}_delete_before`,
        `DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE day < $1 LIMIT $2)${unlink ? " RETURNING uid" : values ? " RETURNING day, metric, page, value, n" : ""}`,
      ),
      unlink:
        unlink &&
        named(`${table}_unlink`, unlink.replace(/\$uids/g, "SELECT unnest($1::text[])").replace(/\$day/g, "$2")),
    };
  });
  // Retention (retention.ts, added by issue 18): oldest first through the received_at indexes, a chunk at a time.
  const deleteBeacons = named(
    "rum_beacons_delete_before",
    "DELETE FROM rum_beacons WHERE id IN (SELECT id FROM rum_beacons WHERE received_at < $1 ORDER BY received_at LIMIT $2)",
  );
  const deleteEvents = named(
    "analytics_events_delete_before",
    "DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE received_at < $1 ORDER BY received_at LIMIT $2)",
  );

  return {
    deleteReceivedBefore: (before, limit) =>
      pgTransaction(
        pool,
        async (client) => {
          let deleted =
            ((await client.query(deleteBeacons([before, limit]))).rowCount ?? 0) +
            ((await client.query(deleteEvents([before, limit]))).rowCount ?? 0);
          const day = rollupCutoffDay(before);
          for (const { remove, unlink, values } of deleteRollups) {
            const gone = await client.query<{ uid: string }>(remove([day, limit]));
            deleted += gone.rowCount ?? 0;
            // Value rows deleted leave their month too: a month row at 0 goes.
            if (values && gone.rows.length) await client.query(subtractMonths(gone.rows as unknown as DeletedValue[]));
            // The visitors' later rows stop pointing at the days deleted.
            if (unlink && gone.rows.length)
              await client.query(unlink([[...new Set(gone.rows.map((row) => row.uid))], day]));
          }
          return deleted;
        },
        asBatch,
      ),
    async deleteVisitors(uids) {
      if (!uids.length) return;
      // Any case: the tables hold ids lower-cased, but a row written by another writer may not be.
      const ids = visitorKeys(uids);
      await pgTransaction(pool, async (client) => {
        await client.query(deleteVisitCounts("uid = ANY($1::text[])"), [ids]);
        for (const table of ["analytics_events", "rum_beacons", ...visitorTables])
          await client.query(`DELETE FROM ${table} WHERE uid = ANY($1::text[])`, [ids]);
      });
    },
    async addBeacons(rows) {
      if (rows.length === 0) return;
      await pgTransaction(
        pool,
        async (client) => {
          await client.query(
            insertBeacons([
              rows.map((b) => b.receivedAt),
              rows.map((b) => b.site),
              rows.map((b) => b.page),
              rows.map((b) => b.uid),
              rows.map((b) => b.lastPage),
              rows.map((b) => b.secondsOnLastPage),
              rows.map((b) => b.loadMs),
            ]),
          );
          await writeRollups(client, {
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
    async addEvents(rows) {
      if (rows.length === 0) return;
      const values = rows.map(eventRow);
      await pgTransaction(
        pool,
        async (client) => {
          await client.query(insertEvents(values[0].map((_, i) => values.map((row) => row[i]))));
          await writeRollups(client, eventChanges(rows, await historiesOf(client, uidsOf(rows))));
        },
        asBatch,
      );
    },
    pageViews: (from, to) => rowsOf(reading.pageViews([from, to, ...visitorSplit(from, to)])),
    pageViewsPerDay: (from, to) => rowsOf(reading.pageViewsPerDay([from, to])),
    visitors: async (from, to) =>
      (await pool.query<{ n: number }>(reading.visitors([from, to, ...visitorSplit(from, to)]))).rows[0].n,
    beaconCount: async (from, to) => (await pool.query<{ n: number }>(reading.beaconCount([from, to]))).rows[0].n,
    percentiles: (from, to) => rowsOf(reading.percentiles(segmentSplit(from, to))),
    vitalsPerDay: (from, to) => rowsOf(reading.vitalsPerDay([from, to])),
    videoPlays: (from, to) => rowsOf(reading.videoPlays([from, to])),
    visitGroups: async (from, to, filter = {}) =>
      (
        await rowsOf<Record<string, unknown>[]>(
          hasFilter(filter)
            ? reading.visitGroupsFiltered([from, to, ...filterArgs(filter)])
            : reading.visitGroups([from, to, ...visitorSplit(from, to)]),
        )
      ).map(toVisitGroup),
    visitsPerDay: async (from, to) =>
      (await rowsOf<Record<string, unknown>[]>(reading.visitsPerDay([from, to]))).map(toDayVisits),
    visitDimensions: async (from, to, filter = {}) =>
      (
        await rowsOf<Record<string, unknown>[]>(
          hasFilter(filter)
            ? reading.visitDimensionsFiltered([from, to, ...filterArgs(filter)])
            : reading.visitDimensions([from, to]),
        )
      ).map(toVisitDimension),
    visitorActivity: async (uid) =>
      (await rowsOf<ActivityRow[]>(visitorActivity([uid.toLowerCase()]))).flatMap((row) => toActivity(row) ?? []),
    visitCounts: async (from, to, filter) =>
      toVisitCounts(await rowsOf<Record<string, unknown>[]>(reading.visitCounts(countArgs(from, to, filter)))),
  };
}

const goalColumns = goalNames.map((g) => [g, goalColumn(g)] as [Goal, string]);

type DeletedValue = { day: string; metric: string; page: string; value: number; n: number | string };

/** usage_day_values rows retention deleted, taken off their months (usage_month_values); month rows at 0 deleted. */
function subtractMonths(rows: DeletedValue[]) {
  return {
    text: `WITH d AS (
        SELECT day, metric, page, value, sum(n) AS n FROM unnest($1::text[], $2::text[], $3::text[], $4::double precision[], $5::bigint[])
          AS u(day, metric, page, value, n) GROUP BY 1, 2, 3, 4),
      left_over AS (
        UPDATE usage_month_values m SET n = m.n - d.n FROM d
        WHERE m.day = d.day AND m.metric = d.metric AND m.page = d.page AND m.value = d.value RETURNING m.day, m.metric, m.page, m.value, m.n)
      DELETE FROM usage_month_values m USING left_over l
      WHERE l.n <= 0 AND m.day = l.day AND m.metric = l.metric AND m.page = l.page AND m.value = l.value`,
    values: [
      rows.map((r) => monthOf(r.day)),
      rows.map((r) => r.metric),
      rows.map((r) => r.page),
      rows.map((r) => r.value),
      rows.map((r) => r.n),
    ],
  };
}

/** Each visitor's latest visit and last day per source and campaign, in two statements for the whole batch. */
async function historiesOf(client: PoolClient, uids: string[]): Promise<Map<string, VisitorHistory>> {
  const latest = await client.query<VisitRecord>(
    `SELECT DISTINCT ON (uid) * FROM usage_visits WHERE uid = ANY($1::text[]) ORDER BY uid, start_at DESC, id DESC`,
    [uids],
  );
  const days = await client.query<{
    uid: string;
    source: string;
    campaign: string | null;
    medium: string | null;
    day: string;
  }>(
    "SELECT uid, source, campaign, medium, max(day) AS day FROM usage_visits WHERE uid = ANY($1::text[]) GROUP BY uid, source, campaign, medium",
    [uids],
  );
  const latestOf = new Map(latest.rows.map((row) => [row.uid, row]));
  return new Map(
    uids.map((uid) => [
      uid,
      historyOf(
        latestOf.get(uid),
        days.rows.filter((row) => row.uid === uid),
        goalColumns,
      ),
    ]),
  );
}

/** `rows` split so no two share a key: the n-th day of a visitor goes in the n-th layer (each layer one statement). */
function layers<T extends { day: string }>(rows: T[], key: (row: T) => string): T[][] {
  const seen = new Map<string, number>();
  const out: T[][] = [];
  for (const row of [...rows].sort((a, b) => a.day.localeCompare(b.day))) {
    const n = seen.get(key(row)) ?? 0;
    seen.set(key(row), n + 1);
    (out[n] ??= []).push(row);
  }
  return out;
}

const columnsOf = <T>(rows: T[], names: (keyof T)[]) => names.map((name) => rows.map((row) => row[name]));

/** The roll-up writes of a batch, inside its transaction: a statement per table (unnest), not per row. */
async function writeRollups(client: PoolClient, changes: RollupChanges): Promise<void> {
  const goalList = goalColumns.map(([, c]) => c);
  const fresh = changes.visits.filter((v) => v.id === undefined);
  const grown = changes.visits.filter((v) => v.id !== undefined);
  const goalArrays = (visits: typeof fresh) =>
    goalColumns.map(([goal]) => visits.map((v) => (v.goals.has(goal) ? 1 : 0)));
  if (fresh.length) {
    const ids = await client.query<{ id: number; uid: string; start_at: Date }>(
      `INSERT INTO usage_visits (uid, start_at, end_at, day, landing, source, kind, campaign, medium, depth, views, ${goalList.join(", ")},
         prev_source_day, prev_campaign_day, device, browser, exit_page)
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::bigint[], $11::bigint[], ${goalList.map((_, i) => `$${12 + i}::bigint[]`).join(", ")},
         $${12 + goalList.length}::text[], $${13 + goalList.length}::text[], $${14 + goalList.length}::text[],
         $${15 + goalList.length}::text[], $${16 + goalList.length}::text[])
       RETURNING id, uid, start_at`,
      [
        ...columnsOf(fresh, [
          "uid",
          "start",
          "end",
          "day",
          "landing",
          "source",
          "kind",
          "campaign",
          "medium",
          "depth",
          "views",
        ]),
        ...goalArrays(fresh),
        ...columnsOf(fresh, ["prevSourceDay", "prevCampaignDay", "device", "browser", "exit"]),
      ],
    );
    // A visitor's new visits in one batch start at least 30 minutes apart: uid and start name one.
    const idOf = new Map(ids.rows.map((row) => [`${row.uid} ${row.start_at.toISOString()}`, Number(row.id)]));
    for (const v of fresh) v.id = idOf.get(`${v.uid} ${v.start}`);
  }
  if (grown.length)
    await client.query(
      `UPDATE usage_visits v SET end_at = u.end_at, depth = u.depth, views = u.views, exit_page = u.exit_page,
         ${goalList.map((c) => `${c} = u.${c}`).join(", ")}
       FROM unnest($1::bigint[], $2::timestamptz[], $3::bigint[], $4::bigint[], ${goalList.map((_, i) => `$${5 + i}::bigint[]`).join(", ")},
         $${5 + goalList.length}::text[])
         AS u(id, end_at, depth, views, ${goalList.join(", ")}, exit_page)
       WHERE v.id = u.id`,
      [...columnsOf(grown, ["id", "end", "depth", "views"]), ...goalArrays(grown), columnsOf(grown, ["exit"])[0]],
    );
  if (changes.dayPages.length)
    await client.query(
      `INSERT INTO usage_day_pages (day, page, views) SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
       ON CONFLICT (day, page) DO UPDATE SET views = usage_day_pages.views + excluded.views`,
      columnsOf(changes.dayPages, ["day", "page", "views"]),
    );
  // A new visitor day points back at the visitor's previous day, and the next one (rows written out of order) at it.
  for (const layer of layers(changes.dayVisitors, (r) => r.uid))
    await client.query(
      `WITH n(day, uid) AS (SELECT * FROM unnest($1::text[], $2::text[])),
       added AS (
         INSERT INTO usage_day_visitors (day, uid, prev_day)
         SELECT n.day, n.uid, (SELECT max(v.day) FROM usage_day_visitors v WHERE v.uid = n.uid AND v.day < n.day) FROM n
         ON CONFLICT DO NOTHING RETURNING day, uid)
       UPDATE usage_day_visitors t SET prev_day = added.day FROM added
       WHERE t.uid = added.uid AND t.day = (SELECT min(x.day) FROM usage_day_visitors x WHERE x.uid = added.uid AND x.day > added.day)`,
      columnsOf(layer, ["day", "uid"]),
    );
  for (const layer of layers(changes.dayPageVisitors, (r) => `${r.uid} ${r.page}`))
    await client.query(
      `WITH n(day, page, uid) AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[])),
       added AS (
         INSERT INTO usage_day_page_visitors (day, page, uid, prev_day)
         SELECT n.day, n.page, n.uid,
           (SELECT max(v.day) FROM usage_day_page_visitors v WHERE v.uid = n.uid AND v.page = n.page AND v.day < n.day) FROM n
         ON CONFLICT DO NOTHING RETURNING day, page, uid)
       UPDATE usage_day_page_visitors t SET prev_day = added.day FROM added
       WHERE t.uid = added.uid AND t.page = added.page AND t.day = (
         SELECT min(x.day) FROM usage_day_page_visitors x WHERE x.uid = added.uid AND x.page = added.page AND x.day > added.day)`,
      columnsOf(layer, ["day", "page", "uid"]),
    );
  if (changes.values.length)
    await client.query(
      `INSERT INTO usage_day_values (day, metric, page, value, n)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::double precision[], $5::bigint[])
       ON CONFLICT (day, metric, page, value) DO UPDATE SET n = usage_day_values.n + excluded.n`,
      columnsOf(changes.values, ["day", "metric", "page", "value", "n"]),
    );
  if (changes.values.length) {
    // The same values summed into their months (rows of one month merged first: one upsert may not touch a row twice).
    const months = new Map<string, { day: string; metric: string; page: string; value: number; n: number }>();
    for (const v of changes.values) {
      const row = { ...v, day: monthOf(v.day) };
      const key = JSON.stringify([row.day, row.metric, row.page, row.value]);
      const found = months.get(key);
      if (found) found.n += v.n;
      else months.set(key, row);
    }
    await client.query(
      `INSERT INTO usage_month_values (day, metric, page, value, n)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::double precision[], $5::bigint[])
       ON CONFLICT (day, metric, page, value) DO UPDATE SET n = usage_month_values.n + excluded.n`,
      columnsOf([...months.values()], ["day", "metric", "page", "value", "n"]),
    );
  }
  const days = vitalDays(changes.values);
  if (days.length) {
    // One writer at a time per day (two instances may write the same day): the p75 is computed
    // after the other's commit, over every value of the day.
    await client.query(
      "SELECT pg_advisory_xact_lock(hashtext('usage_day_vitals ' || d)) FROM (SELECT d FROM unnest($1::text[]) AS d ORDER BY d) s",
      [days],
    );
    await client.query("DELETE FROM usage_day_vitals WHERE day = ANY($1::text[])", [days]);
    await client.query(
      `INSERT INTO usage_day_vitals (day, metric, value, samples) ${dayVitalsSql("day = ANY($1::text[])")}`,
      [days],
    );
  }
  if (changes.videos.length)
    await client.query(
      `INSERT INTO usage_day_videos (day, label, action, plays) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
       ON CONFLICT (day, label, action) DO UPDATE SET plays = usage_day_videos.plays + excluded.plays`,
      columnsOf(changes.videos, ["day", "label", "action", "plays"]),
    );
  if (changes.beacons.length)
    await client.query(
      `INSERT INTO usage_day_beacons (day, beacons) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (day) DO UPDATE SET beacons = usage_day_beacons.beacons + excluded.beacons`,
      columnsOf(changes.beacons, ["day", "beacons"]),
    );
  if (changes.dimensions.length) {
    // In key order, so two instances' batches lock shared rows in one order.
    const keyOf = (d: (typeof changes.dimensions)[number]) =>
      [d.day, d.landing, d.exit, d.device, d.browser].join("\n");
    const rows = [...changes.dimensions].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
    await client.query(
      `INSERT INTO usage_day_dimensions (day, landing, exit_page, device, browser, visits, leads)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[])
       ON CONFLICT (day, landing, exit_page, device, browser) DO UPDATE SET
         visits = usage_day_dimensions.visits + excluded.visits, leads = usage_day_dimensions.leads + excluded.leads`,
      columnsOf(rows, ["day", "landing", "exit", "device", "browser", "visits", "leads"]),
    );
  }
  if (changes.visitCounts.length) {
    // After the visits above (a new visit has its id now), in key order as the dimensions are.
    const rows = changes.visitCounts
      .map((c) => ({ ...c, id: c.visit.id! }))
      .sort(
        (a, b) =>
          a.id - b.id ||
          a.day.localeCompare(b.day) ||
          a.metric.localeCompare(b.metric) ||
          a.name.localeCompare(b.name) ||
          a.value - b.value,
      );
    await client.query(
      `INSERT INTO usage_visit_counts (visit_id, day, metric, name, value, n)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::double precision[], $6::bigint[])
       ON CONFLICT (visit_id, day, metric, name, value) DO UPDATE SET n = usage_visit_counts.n + excluded.n`,
      columnsOf(rows, ["id", "day", "metric", "name", "value", "n"]),
    );
  }
}
