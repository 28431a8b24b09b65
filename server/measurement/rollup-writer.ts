/** A batch's roll-up changes (rollups.ts) written in its transaction, one statement per table: no statement per row. */
import { sql } from "kysely";
import { goalNames } from "#common/goals.ts";
import type { Tx } from "../db/query.ts";
import { inList, lockNames, withRows, type ColumnType } from "../db/sql.ts";
import { byMonth, dayVitalsSql, goalColumn, vitalDays } from "./rollup-schema.ts";
import { historyOf, type RollupChanges, type VisitorHistory, type VisitRecord } from "./rollups.ts";

const goalTypes = Object.fromEntries(goalNames.map((g) => [goalColumn(g), "bigint"])) as Record<string, ColumnType>;

/** Each visitor's latest visit and last day per source and campaign, in two statements for the whole batch. */
export async function historiesOf(tx: Tx, uids: string[]): Promise<Map<string, VisitorHistory>> {
  const latest = await withRows(
    tx,
    { uid: "text" },
    uids.map((uid) => [uid]),
    (list) => sql<VisitRecord>`SELECT * FROM usage_visits WHERE id IN (
      SELECT (SELECT x.id FROM usage_visits x WHERE x.uid = u.uid ORDER BY x.start_at DESC, x.id DESC LIMIT 1)
      FROM ${list} AS u)`,
  );
  const days = await tx
    .selectFrom("usage_visits")
    .select(["uid", "source", "campaign", "medium", (eb) => eb.fn.max("day").as("day")])
    .where(inList(tx, "uid", uids))
    .groupBy(["uid", "source", "campaign", "medium"])
    .execute();
  const latestOf = new Map(latest.rows.map((row) => [row.uid, row]));
  const daysOf = (uid: string) => days.filter((row) => row.uid === uid);
  return new Map(uids.map((uid) => [uid, historyOf(latestOf.get(uid), daysOf(uid))]));
}

/** Adds `rows` to a table of counts: a new key is inserted, a known one gets the sums added. */
async function addUp(
  tx: Tx,
  table: string,
  keys: Record<string, ColumnType>,
  sums: Record<string, ColumnType>,
  rows: unknown[][],
): Promise<void> {
  if (!rows.length) return;
  const columns = { ...keys, ...sums };
  const names = (of: object) => sql.join(Object.keys(of).map((c) => sql.id(c)));
  // WHERE true: SQLite would read ON CONFLICT as a join's ON without it.
  await withRows(
    tx,
    columns,
    rows,
    (r) => sql`INSERT INTO ${sql.table(table)} (${names(columns)}) SELECT * FROM ${r} AS r WHERE true
      ON CONFLICT (${names(keys)}) DO UPDATE SET ${sql.join(
        Object.keys(sums).map((c) => sql`${sql.id(c)} = ${sql.id(table, c)} + excluded.${sql.id(c)}`),
      )}`,
  );
}

/**
 * New visitor days (or visitor page days): each points back at the visitor's previous day, and
 * the next one (rows written out of order) at it. `rows` split so no two share a visitor (and
 * page): the n-th day of one goes in the n-th statement.
 */
async function addVisitorDays(tx: Tx, table: string, keys: string[], rows: Record<string, string>[]): Promise<void> {
  const layers: Record<string, string>[][] = [];
  const seen = new Map<string, number>();
  for (const row of [...rows].sort((a, b) => a.day.localeCompare(b.day))) {
    const key = keys.map((k) => row[k]).join("\n");
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    (layers[n] ??= []).push(row);
  }
  const columns = Object.fromEntries(["day", ...keys].map((c) => [c, "text"])) as Record<string, ColumnType>;
  const same = (a: string, b: string) =>
    sql.join(
      keys.map((k) => sql`${sql.id(a, k)} = ${sql.id(b, k)}`),
      sql` AND `,
    );
  const t = sql.table(table);
  const keyList = sql.join(keys.map((k) => sql.id(k)));
  const rowsIn = (rows: Record<string, string>[]) => rows.map((row) => Object.keys(columns).map((c) => row[c]));
  for (const layer of layers) {
    const added = await withRows(
      tx,
      columns,
      rowsIn(layer),
      (n) => sql<Record<string, string>>`INSERT INTO ${t} (day, ${keyList}, prev_day)
        SELECT n.day, ${sql.join(keys.map((k) => sql.id("n", k)))},
          (SELECT max(v.day) FROM ${t} v WHERE ${same("v", "n")} AND v.day < n.day)
        FROM ${n} AS n WHERE true ON CONFLICT DO NOTHING RETURNING day, ${keyList}`,
    );
    if (added.rows.length)
      await withRows(
        tx,
        columns,
        rowsIn(added.rows),
        (a) => sql`UPDATE ${t} SET prev_day = a.day FROM ${a} AS a WHERE ${same(table, "a")}
          AND ${sql.id(table, "day")} = (SELECT min(x.day) FROM ${t} x WHERE ${same("x", "a")} AND x.day > a.day)`,
      );
  }
}

const visitColumns: Record<string, ColumnType> = {
  uid: "text",
  start_at: "timestamptz",
  end_at: "timestamptz",
  day: "text",
  landing: "text",
  source: "text",
  kind: "text",
  campaign: "text",
  medium: "text",
  depth: "bigint",
  views: "bigint",
  ...goalTypes,
  prev_source_day: "text",
  prev_campaign_day: "text",
  device: "text",
  browser: "text",
  exit_page: "text",
};
const grownColumns: Record<string, ColumnType> = {
  id: "bigint",
  end_at: "timestamptz",
  depth: "bigint",
  views: "bigint",
  exit_page: "text",
  ...goalTypes,
};

/** Writes the roll-up changes of a batch inside its transaction. */
export async function writeRollups(tx: Tx, changes: RollupChanges): Promise<void> {
  const flags = (v: RollupChanges["visits"][number]) => goalNames.map((goal) => (v.goals.has(goal) ? 1 : 0));
  const fresh = changes.visits.filter((v) => v.id === undefined);
  const grown = changes.visits.filter((v) => v.id !== undefined);
  if (fresh.length) {
    const rows = fresh.map((v) => [
      ...[v.uid, v.start, v.end, v.day, v.landing, v.source, v.kind, v.campaign, v.medium, v.depth, v.views],
      ...flags(v),
      ...[v.prevSourceDay, v.prevCampaignDay, v.device, v.browser, v.exit],
    ]);
    const ids = await withRows(
      tx,
      visitColumns,
      rows,
      (r) => sql<{ id: number; uid: string; start_at: string }>`
        INSERT INTO usage_visits (${sql.join(Object.keys(visitColumns).map((c) => sql.id(c)))})
        SELECT * FROM ${r} AS r RETURNING id, uid, start_at`,
    );
    // A visitor's new visits in one batch start at least 30 minutes apart: uid and start name one.
    const idOf = new Map(ids.rows.map((row) => [`${row.uid} ${row.start_at}`, Number(row.id)]));
    for (const v of fresh) v.id = idOf.get(`${v.uid} ${v.start}`);
  }
  if (grown.length)
    await withRows(
      tx,
      grownColumns,
      grown.map((v) => [v.id, v.end, v.depth, v.views, v.exit, ...flags(v)]),
      (u) =>
        sql`UPDATE usage_visits SET ${sql.join(
          Object.keys(grownColumns)
            .slice(1)
            .map((c) => sql`${sql.id(c)} = u.${sql.id(c)}`),
        )} FROM ${u} AS u WHERE usage_visits.id = u.id`,
    );
  await addUp(
    tx,
    "usage_day_pages",
    { day: "text", page: "text" },
    { views: "bigint" },
    changes.dayPages.map((p) => [p.day, p.page, p.views]),
  );
  await addVisitorDays(tx, "usage_day_visitors", ["uid"], changes.dayVisitors);
  await addVisitorDays(tx, "usage_day_page_visitors", ["page", "uid"], changes.dayPageVisitors);
  const valueKeys = { day: "text", metric: "text", page: "text", value: "double precision" } as const;
  await addUp(
    tx,
    "usage_day_values",
    valueKeys,
    { n: "bigint" },
    changes.values.map((v) => [v.day, v.metric, v.page, v.value, v.n]),
  );
  // The same values summed into their months.
  await addUp(tx, "usage_month_values", valueKeys, { n: "bigint" }, byMonth(changes.values));
  const days = vitalDays(changes.values);
  if (days.length) {
    // One writer at a time per day (two instances may write the same day): the p75 is computed
    // after the other's commit, over every value of the day.
    await lockNames(
      tx,
      days.map((day) => `usage_day_vitals ${day}`),
    );
    await sql`DELETE FROM usage_day_vitals WHERE ${inList(tx, "day", days)}`.execute(tx);
    const [before, after] = dayVitalsSql("\0").split("\0");
    await sql`INSERT INTO usage_day_vitals (day, metric, value, samples) ${sql.raw(before)}${inList(tx, "day", days)}${sql.raw(after)}`.execute(
      tx,
    );
  }
  await addUp(
    tx,
    "usage_day_videos",
    { day: "text", label: "text", action: "text" },
    { plays: "bigint" },
    changes.videos.map((v) => [v.day, v.label, v.action, v.plays]),
  );
  await addUp(
    tx,
    "usage_day_beacons",
    { day: "text" },
    { beacons: "bigint" },
    changes.beacons.map((b) => [b.day, b.beacons]),
  );
  // In key order, so two instances' batches lock shared rows in one order.
  const inOrder = (rows: unknown[][]) =>
    rows.sort((a, b) => {
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as string) < (b[i] as string) ? -1 : 1;
      return 0;
    });
  await addUp(
    tx,
    "usage_day_dimensions",
    { day: "text", landing: "text", exit_page: "text", device: "text", browser: "text" },
    { visits: "bigint", leads: "bigint" },
    inOrder(changes.dimensions.map((d) => [d.day, d.landing, d.exit, d.device, d.browser, d.visits, d.leads])),
  );
  // After the visits above: a new visit has its id now.
  await addUp(
    tx,
    "usage_visit_counts",
    { visit_id: "bigint", day: "text", metric: "text", name: "text", value: "double precision" },
    { n: "bigint" },
    inOrder(changes.visitCounts.map((c) => [c.visit.id!, c.day, c.metric, c.name, c.value, c.n])),
  );
}
