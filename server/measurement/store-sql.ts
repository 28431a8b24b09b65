/**
 * The measurement rows and their roll-ups on either engine. A batch is committed without waiting
 * for the disk: the pixel has answered long before, and a beacon is not worth a sync.
 */
import { sql } from "kysely";
import { transaction, type Db, type Tx } from "../db/query.ts";
import { inList, withRows, type ColumnType } from "../db/sql.ts";
import { byMonth, rollupKeys, visitorTables, type ValueCount } from "./rollup-schema.ts";
import { historiesOf, writeRollups } from "./rollup-writer.ts";
import { beaconChanges, eventChanges, uidsOf } from "./rollups.ts";
import { eventRow, eventRowColumns, rollupCutoffDay, visitorKeys, type MeasurementStore } from "./store.ts";
import { usageReadings } from "./usage-readings.ts";
import type { UsageReadings } from "./usage-report.ts";

const asBatch = { waitForDisk: false };

const beaconColumns: Record<string, ColumnType> = {
  received_at: "timestamptz",
  site: "text",
  page: "text",
  uid: "text",
  last_page: "text",
  seconds_on_last_page: "integer",
  load_ms: "integer",
};
const eventColumns: Record<string, ColumnType> = Object.fromEntries(
  eventRowColumns.map((c) => [c, c === "received_at" ? "timestamptz" : c === "value" ? "double precision" : "text"]),
);

/** Inserts a batch of raw rows in one statement. */
const insertRows = (tx: Tx, table: string, columns: Record<string, ColumnType>, rows: unknown[][]) =>
  withRows(
    tx,
    columns,
    rows,
    (r) => sql`INSERT INTO ${sql.table(table)} (${sql.join(Object.keys(columns).map((c) => sql.id(c)))})
      SELECT * FROM ${r} AS r`,
  );

const changed = (result: { rows: unknown[]; numAffectedRows?: bigint }) =>
  result.rows.length || Number(result.numAffectedRows ?? 0);

/** After retention deleted a visitor's early rows: no pointer to a day that is gone. */
function unlinkDeletedDays(tx: Tx, table: (typeof visitorTables)[number], uids: string[], day: string) {
  if (table !== "usage_visits")
    return sql`UPDATE ${sql.table(table)} SET prev_day = NULL WHERE ${inList(tx, "uid", uids)} AND prev_day < ${day}`;
  return sql`UPDATE usage_visits SET
      prev_source_day = CASE WHEN prev_source_day < ${day} THEN NULL ELSE prev_source_day END,
      prev_campaign_day = CASE WHEN prev_campaign_day < ${day} THEN NULL ELSE prev_campaign_day END
    WHERE ${inList(tx, "uid", uids)} AND (prev_source_day < ${day} OR prev_campaign_day < ${day})`;
}

/** usage_day_values rows retention deleted, taken off their months (usage_month_values); month rows at 0 go. */
async function subtractMonths(tx: Tx, gone: ValueCount[]) {
  const months = byMonth(gone);
  const columns = { day: "text", metric: "text", page: "text", value: "double precision", n: "bigint" } as const;
  const key = sql.join(
    ["day", "metric", "page", "value"].map((c) => sql`usage_month_values.${sql.id(c)} = d.${sql.id(c)}`),
    sql` AND `,
  );
  await withRows(
    tx,
    columns,
    months,
    (d) => sql`UPDATE usage_month_values SET n = usage_month_values.n - d.n FROM ${d} AS d WHERE ${key}`,
  );
  await withRows(
    tx,
    columns,
    months,
    (d) => sql`DELETE FROM usage_month_values WHERE n <= 0
      AND (day, metric, page, value) IN (SELECT day, metric, page, value FROM ${d} AS d)`,
  );
}

export function sqlMeasurementStore(db: Db): MeasurementStore & UsageReadings {
  return {
    async addBeacons(rows) {
      if (!rows.length) return;
      await transaction(
        db,
        async (tx) => {
          const values = rows.map((b) => [
            b.receivedAt,
            b.site,
            b.page,
            b.uid,
            b.lastPage,
            b.secondsOnLastPage,
            b.loadMs,
          ]);
          await insertRows(tx, "rum_beacons", beaconColumns, values);
          await writeRollups(tx, {
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
      if (!rows.length) return;
      await transaction(
        db,
        async (tx) => {
          await insertRows(tx, "analytics_events", eventColumns, rows.map(eventRow));
          await writeRollups(tx, eventChanges(rows, await historiesOf(tx, uidsOf(rows))));
        },
        asBatch,
      );
    },
    // Oldest first through the received_at indexes, a chunk at a time (retention.ts); roll-ups by whole days.
    deleteReceivedBefore: (before, limit) =>
      transaction(
        db,
        async (tx) => {
          let deleted = 0;
          for (const table of ["rum_beacons", "analytics_events"])
            deleted += changed(
              await sql`DELETE FROM ${sql.table(table)} WHERE id IN (
                SELECT id FROM ${sql.table(table)} WHERE received_at < ${before} ORDER BY received_at LIMIT ${limit})`.execute(
                tx,
              ),
            );
          const day = rollupCutoffDay(before);
          for (const [table, key] of Object.entries(rollupKeys)) {
            const unlink = (visitorTables as readonly string[]).includes(table);
            const values = table === "usage_day_values";
            const gone = await sql<ValueCount & { uid: string }>`
              DELETE FROM ${sql.table(table)} WHERE (${sql.raw(key)}) IN (
                SELECT ${sql.raw(key)} FROM ${sql.table(table)} WHERE day < ${day} LIMIT ${limit})
              ${sql.raw(unlink ? "RETURNING uid" : values ? "RETURNING day, metric, page, value, n" : "")}`.execute(tx);
            deleted += changed(gone);
            if (values && gone.rows.length) await subtractMonths(tx, gone.rows);
            // The visitors' later rows stop pointing at the days deleted.
            if (unlink && gone.rows.length)
              await unlinkDeletedDays(
                tx,
                table as (typeof visitorTables)[number],
                [...new Set(gone.rows.map((row) => row.uid))],
                day,
              ).execute(tx);
          }
          return deleted;
        },
        asBatch,
      ),
    async deleteVisitors(uids) {
      if (!uids.length) return;
      // Any case: the tables hold ids lower-cased, but a row written by another writer may not be.
      const ids = visitorKeys(uids);
      await transaction(db, async (tx) => {
        // usage_visit_counts names visits, not visitors: their counts go first.
        await sql`DELETE FROM usage_visit_counts WHERE visit_id IN (
          SELECT id FROM usage_visits WHERE ${inList(tx, "uid", ids)})`.execute(tx);
        for (const table of ["analytics_events", "rum_beacons", ...visitorTables] as const)
          await sql`DELETE FROM ${sql.table(table)} WHERE ${inList(tx, "uid", ids)}`.execute(tx);
      });
    },
    ...usageReadings(db),
  };
}
