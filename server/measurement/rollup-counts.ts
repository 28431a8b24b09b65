/**
 * Migration 0150 (issue 29): sums of the visitor roll-ups (rollup-schema.ts) kept by triggers,
 * so the usage report reads a row per day or month and key instead of a row per visitor day or
 * visit. Triggers follow every insert, relink, grown visit, retention and erase of the rows
 * they sum, on both engines, so no writer can forget one.
 *
 * Distinct visitors stay exact: a range's visitors are its rows whose previous day (of the same
 * group) is before the range. Counted per month with the previous day kept to the day, a whole
 * month within the range needs no row of its own; counted per day with the previous day kept to
 * the day only within the row's month and the month before (older ones by month, "2026-03",
 * which sorts before every day of March and after every earlier day), "prev_day < from" is
 * exact for the days of the range's first two months. usage-queries.ts `visitorSplit` cuts a
 * range so: first two months by day, whole months after them, the rows of a partial last month.
 */
import { goalNames } from "#common/goals.ts";
import { goalColumn, type Engine } from "./rollup-schema.ts";

/** A column of a sum table computed from a source row `r`. */
interface Column {
  name: string;
  sql: (r: string, engine: Engine) => string;
  /** Keys are text unless they are numbers. */
  type?: "int" | "real";
}

/** A table of sums of `from`'s rows (those `where` picks) per `keys`; its first value counts rows (0: the row goes). */
export interface RollupSum {
  table: string;
  from: string;
  keys: Column[];
  values: Column[];
  where?: (r: string) => string;
  /** The source columns the keys, values and `where` read (SQLite's update trigger fires on these). */
  reads: string[];
}

const column = (name: string, type?: Column["type"]): Column => ({ name, sql: (r) => `${r}.${name}`, type });
const orEmpty = (name: string): Column => ({ name, sql: (r) => `coalesce(${r}.${name}, '')` });
const month: Column = { name: "day", sql: (r) => `substr(${r}.day, 1, 8) || '01'` };
const count: Column = { name: "n", sql: () => "1" };
/** The previous day, '' for none ('' sorts before every day, so "prev_day < $1" counts firsts). */
const previous = (source: string): Column => ({ name: "prev_day", sql: (r) => `coalesce(${r}.${source}, '')` });
/** The previous day exact within the row's month and the month before, else its month ("2026-03"). */
const nearPrevious = (source: string): Column => ({
  name: "prev_day",
  sql: (r, engine) => {
    const monthBefore =
      engine === "postgres"
        ? `to_char(date_trunc('month', ${r}.day::date) - interval '1 month', 'YYYY-MM-DD')`
        : `date(${r}.day, 'start of month', '-1 month')`;
    return `CASE WHEN ${r}.${source} IS NULL THEN '' WHEN ${r}.${source} >= ${monthBefore} THEN ${r}.${source}
      ELSE substr(${r}.${source}, 1, 7) END`;
  },
});

/** First rows in a range, by day and by month, of one visitor table (its previous day in `prev`). */
const firsts = (
  name: string,
  from: string,
  keys: Column[],
  prev: string,
  where?: (r: string) => string,
): RollupSum[] => {
  const reads = ["day", prev, ...keys.map((k) => k.name)];
  return [
    {
      table: `usage_day_${name}_firsts`,
      from,
      keys: [column("day"), ...keys, nearPrevious(prev)],
      values: [count],
      where,
      reads,
    },
    {
      table: `usage_month_${name}_firsts`,
      from,
      keys: [month, ...keys, previous(prev)],
      values: [count],
      where,
      reads,
    },
  ];
};

const campaignKey = [column("campaign"), column("source"), orEmpty("medium")];
const groupKey = [column("source"), column("kind"), orEmpty("campaign"), orEmpty("medium"), column("depth", "int")];

export const rollupSums: RollupSum[] = [
  ...firsts("page", "usage_day_page_visitors", [column("page")], "prev_day"),
  ...firsts("visitor", "usage_day_visitors", [], "prev_day"),
  {
    table: "usage_day_visitor_counts",
    from: "usage_day_visitors",
    keys: [column("day")],
    values: [count],
    reads: ["day"],
  },
  // Visit groups per day (visits and goals), and their visitors by source and by campaign apart.
  {
    table: "usage_day_groups",
    from: "usage_visits",
    keys: [column("day"), ...groupKey],
    values: [{ name: "visits", sql: () => "1" }, ...goalNames.map((g) => column(goalColumn(g)))],
    reads: ["day", "source", "kind", "campaign", "medium", "depth", ...goalNames.map(goalColumn)],
  },
  ...firsts("source", "usage_visits", [column("source")], "prev_source_day"),
  ...firsts("campaign", "usage_visits", campaignKey, "prev_campaign_day", (r) => `${r}.campaign IS NOT NULL`),
];

/** The first day of a day's segment of its month: the 1st, 8th, 15th, 22nd or 29th. */
const segment: Column = {
  name: "day",
  sql: (r) =>
    `substr(${r}.day, 1, 8) || CASE WHEN substr(${r}.day, 9, 2) >= '29' THEN '29' WHEN substr(${r}.day, 9, 2) >= '22' THEN '22'
      WHEN substr(${r}.day, 9, 2) >= '15' THEN '15' WHEN substr(${r}.day, 9, 2) >= '08' THEN '08' ELSE '01' END`,
};

/**
 * Migration 0151: usage_day_values summed per segment of a month (a week or so, see `segment`),
 * so a range's days outside its whole months read at most four segments and six days on each
 * side (usage-queries.ts segmentSplit) instead of up to 60 days: the 30-day report's percentiles.
 */
export const segmentSums: RollupSum[] = [
  {
    table: "usage_segment_values",
    from: "usage_day_values",
    keys: [segment, column("metric"), column("page"), column("value", "real")],
    values: [column("n")],
    reads: ["day", "metric", "page", "value", "n"],
  },
];

function sqliteSum({ table, from, keys, values, where, reads }: RollupSum): string {
  const at = (r: string) => (c: Column) => c.sql(r, "sqlite");
  const names = keys.map((k) => k.name).join(", ");
  const valueNames = values.map((v) => v.name).join(", ");
  const picked = (r: string) => (where ? ` WHERE ${where(r)}` : " WHERE true");
  const match = (r: string) => keys.map((k) => `${k.name} = ${at(r)(k)}`).join(" AND ");
  const add = (r: string) =>
    `INSERT INTO ${table} (${names}, ${valueNames}) SELECT ${[...keys, ...values].map(at(r)).join(", ")}${picked(r)}
       ON CONFLICT (${names}) DO UPDATE SET ${values.map((v) => `${v.name} = ${v.name} + excluded.${v.name}`).join(", ")};`;
  const take = (r: string) => `
       UPDATE ${table} SET ${values.map((v) => `${v.name} = ${v.name} - ${at(r)(v)}`).join(", ")}
         WHERE ${match(r)}${where ? ` AND ${where(r)}` : ""};
       DELETE FROM ${table} WHERE ${match(r)} AND ${values[0].name} <= 0;`;
  return `
    CREATE TABLE ${table} (
      ${keys.map((k) => `${k.name} ${k.type === "int" ? "INTEGER" : k.type === "real" ? "REAL" : "TEXT"} NOT NULL`).join(", ")},
      ${values.map((v) => `${v.name} INTEGER NOT NULL`).join(", ")}, PRIMARY KEY (${names})
    ) WITHOUT ROWID;
    INSERT INTO ${table} (${names}, ${valueNames})
      SELECT ${keys.map(at("r")).join(", ")}, ${values.map((v) => `sum(${at("r")(v)})`).join(", ")} FROM ${from} r${picked("r")}
      GROUP BY ${keys.map((_, i) => i + 1).join(", ")};
    CREATE TRIGGER ${table}_add AFTER INSERT ON ${from} BEGIN ${add("NEW")} END;
    CREATE TRIGGER ${table}_take AFTER DELETE ON ${from} BEGIN ${take("OLD")} END;
    CREATE TRIGGER ${table}_move AFTER UPDATE OF ${reads.join(", ")} ON ${from} BEGIN ${take("OLD")} ${add("NEW")} END;
  `;
}

function postgresSum({ table, from, keys, values, where }: RollupSum): string {
  const at = (c: Column) => c.sql("r", "postgres");
  const names = keys.map((k) => k.name).join(", ");
  const valueNames = values.map((v) => v.name).join(", ");
  const changes = (rows: string, sign: number) =>
    `SELECT ${keys.map((k) => `${at(k)} AS ${k.name}`).join(", ")}, ${values.map((v) => `${sign} * ${at(v)} AS ${v.name}`).join(", ")}
     FROM ${rows} r${where ? ` WHERE ${where("r")}` : ""}`;
  // One statement's rows summed per key, in key order (concurrent writers lock rows alike: no deadlock).
  const apply = (source: string) => `
        INSERT INTO ${table} (${names}, ${valueNames})
          SELECT ${names}, ${values.map((v) => `sum(${v.name})`).join(", ")} FROM (${source}) c GROUP BY ${names} ORDER BY ${names}
          ON CONFLICT (${names}) DO UPDATE SET ${values.map((v) => `${v.name} = ${table}.${v.name} + excluded.${v.name}`).join(", ")};
        DELETE FROM ${table} t USING (${source}) c
          WHERE ${keys.map((k) => `t.${k.name} = c.${k.name}`).join(" AND ")} AND t.${values[0].name} <= 0;`;
  return `
    CREATE TABLE ${table} (
      ${keys.map((k) => `${k.name} ${k.type === "int" ? "bigint" : k.type === "real" ? "double precision" : "text"} NOT NULL`).join(", ")},
      ${values.map((v) => `${v.name} bigint NOT NULL`).join(", ")}, PRIMARY KEY (${names})
    );
    INSERT INTO ${table} (${names}, ${valueNames})
      SELECT ${keys.map(at).join(", ")}, ${values.map((v) => `sum(${at(v)})`).join(", ")} FROM ${from} r${where ? ` WHERE ${where("r")}` : ""}
      GROUP BY ${keys.map((_, i) => i + 1).join(", ")};
    CREATE FUNCTION ${table}_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${apply(changes("new_rows", 1))}
      ELSIF TG_OP = 'DELETE' THEN ${apply(changes("old_rows", -1))}
      ELSE ${apply(`${changes("new_rows", 1)} UNION ALL ${changes("old_rows", -1)}`)}
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER ${table}_add AFTER INSERT ON ${from} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_keep();
    CREATE TRIGGER ${table}_take AFTER DELETE ON ${from} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_keep();
    CREATE TRIGGER ${table}_move AFTER UPDATE ON ${from} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_keep();
  `;
}

/** Migrations 0150 and 0151: the tables of `sums`, filled from the rows they sum, and their triggers. */
export const rollupSumsSql = (engine: Engine, sums = rollupSums) =>
  sums.map(engine === "postgres" ? postgresSum : sqliteSum).join("\n");
