/** What SQLite and PostgreSQL spell differently, in one place: every store is written once against query.ts. */
import {
  CompiledQuery,
  sql,
  type Expression,
  type QueryResult,
  type RawBuilder,
  type SelectQueryBuilder,
} from "kysely";
import { prepareOnPostgres } from "./prepared.ts";
import { engineOf, type Db, type EngineKind } from "./query.ts";

/**
 * `expression` contains `words`, ignoring case (SQLite's LIKE already does for ASCII, PostgreSQL needs ILIKE); the
 * words' own `%`, `_` and `\` match themselves, by an escape spelled out since SQLite's LIKE has none by default.
 */
export function contains(db: Db, expression: Expression<string | null>, words: string): RawBuilder<boolean> {
  const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${expression} ${sql.raw(engineOf(db) === "postgres" ? "ilike" : "like")} ${pattern} ESCAPE '\\'`;
}

/** A text field of a JSON column (`outbox.mail`: JSON text on SQLite, jsonb on PostgreSQL). */
export function jsonText(db: Db, column: string, field: string): RawBuilder<string | null> {
  return engineOf(db) === "postgres"
    ? sql<string | null>`(${sql.ref(column)}->>${sql.lit(field)})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${field}`)})`;
}

/** A JSON column's value as read: parsed already on PostgreSQL (jsonb), text on SQLite. */
export const jsonOf = <T = Record<string, unknown>>(value: unknown): T =>
  (typeof value === "string" ? JSON.parse(value) : value) as T;

/** A flag column's value as read: 0/1 on SQLite, a boolean on PostgreSQL. */
export const flagOf = (value: unknown): boolean => value === true || value === 1;

/** The UTC day ("YYYY-MM-DD") of a timestamp column: ISO text on SQLite, timestamptz on PostgreSQL. */
export function utcDay(db: Db, column: string): RawBuilder<string> {
  return engineOf(db) === "postgres"
    ? sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/** `column IN (values)` with one parameter however many values (both engines limit a statement's parameters). */
export function inList(db: Db, column: string, values: readonly (string | number)[]): RawBuilder<boolean> {
  return engineOf(db) === "postgres"
    ? sql<boolean>`${sql.ref(column)} = ANY(${[...values]})`
    : sql<boolean>`${sql.ref(column)} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/** Rows a claim takes: on PostgreSQL FOR UPDATE SKIP LOCKED; SQLite has one writer at a time (BEGIN IMMEDIATE). */
export function lockedForClaim<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engineOf(db) === "postgres" ? query.forUpdate().skipLocked() : query;
}

/** Rows read for an update in the same transaction: locked on PostgreSQL, already serialised on SQLite. */
export function lockedForUpdate<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return engineOf(db) === "postgres" ? query.forUpdate() : query;
}

/** A second insert of a unique key (PostgreSQL 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number } | null;
  return e?.code === "23505" || e?.errcode === 2067 || e?.errcode === 1555;
}

/** Any of `columns` contains `words`, case-insensitively: the search of a console list. */
export function containsWords(db: Db, columns: readonly string[], words: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    columns.map((column) => contains(db, sql.ref(column), words)),
    sql` OR `,
  )})`;
}

/**
 * Holds the lock `key` until the transaction ends, so two instances that count then spend one budget take turns:
 * PostgreSQL's advisory lock; SQLite's writing transactions are one at a time already.
 */
export async function lockForTransaction(tx: Db, key: number): Promise<void> {
  if (engineOf(tx) === "postgres") await sql`SELECT pg_advisory_xact_lock(${key})`.execute(tx);
}

/** A column of `rowsOf`, as PostgreSQL's array types name it (SQLite reads it from JSON). */
export type ColumnType = "text" | "bigint" | "integer" | "double precision" | "timestamptz";

/**
 * Runs `statement` with a batch of rows as a table to select from (`${rows} AS r`), in one
 * statement however many rows (a measurement batch writes hundreds a table); the first column
 * is never NULL. PostgreSQL takes one array per column (unnest). SQLite binds every value
 * (VALUES): reading the rows from JSON took three times as long as a statement per row, and the
 * query builder takes ~100 ms to compile 10,000 parameters, so they are spliced in here. The
 * rows are padded with NULLs to a power of two, so that the connection caches a few statements
 * a table, not one per batch size. Past SQLite's 32,766 parameters it reads JSON after all.
 */
export async function withRows<R>(
  db: Db,
  columns: Record<string, ColumnType>,
  rows: readonly unknown[][],
  statement: (rows: RawBuilder<unknown>) => RawBuilder<R>,
): Promise<QueryResult<R>> {
  const names = Object.keys(columns);
  if (engineOf(db) === "postgres") {
    const arrays = names.map((name, i) => sql`${rows.map((row) => row[i] ?? null)}::${sql.raw(columns[name])}[]`);
    const table = sql`(SELECT * FROM unnest(${sql.join(arrays)}) AS r(${sql.join(names.map((name) => sql.id(name)))}))`;
    return statement(table).execute(db);
  }
  const size = 2 ** Math.ceil(Math.log2(Math.max(rows.length, 1)));
  if (size * names.length > 32_766) {
    const fields = names.map((name, i) => sql`value ->> ${sql.raw(`'$[${i}]'`)} AS ${sql.id(name)}`);
    return statement(sql`(SELECT ${sql.join(fields)} FROM json_each(${JSON.stringify(rows)}))`).execute(db);
  }
  const marker = "/*rows*/";
  const { sql: text, parameters } = statement(sql.raw(marker)).compile(db);
  const at = text.indexOf(marker);
  const before = text.slice(0, at).split("?").length - 1;
  const row = `(${names.map(() => "?").join(", ")})`;
  const table = `(SELECT ${names.map((name, i) => `column${i + 1} AS "${name}"`).join(", ")} FROM (VALUES ${Array<string>(size).fill(row).join(", ")}) WHERE column1 IS NOT NULL)`;
  const values = rows.flatMap((r) => names.map((_, i) => r[i] ?? null));
  values.length = size * names.length;
  values.fill(null, rows.length * names.length);
  return db.executeQuery<R>(
    CompiledQuery.raw(text.slice(0, at) + table + text.slice(at + marker.length), [
      ...parameters.slice(0, before),
      ...values,
      ...parameters.slice(before),
    ]),
  );
}

/** Holds this transaction's advisory locks on `names`, in order, for rows two instances compute from the same data. */
export async function lockNames(db: Db, names: readonly string[]): Promise<void> {
  if (engineOf(db) !== "postgres" || names.length === 0) return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(n)) FROM (SELECT n FROM unnest(${[...names]}::text[]) AS n ORDER BY n) s`.execute(
    db,
  );
}

/** Tells the other servers of a change once `tx` commits (PostgreSQL's NOTIFY); SQLite's one server polls. */
export async function notify(tx: Db, channel: string, payload: string): Promise<void> {
  if (engineOf(tx) === "postgres") await sql`SELECT pg_notify(${channel}, ${payload})`.execute(tx);
}

/** Each fixed statement's spelling per engine, keyed by the caller's text, whose hash V8 keeps (no new string). */
const spelled: Record<EngineKind, Map<string, { text: string; order: number[] }>> = {
  sqlite: new Map(),
  postgres: new Map(),
};

/**
 * Runs a fixed statement written with $1…$n (the usage readings): each use of a $n becomes a parameter of its own
 * ($k or ?). Spelled once per text and engine, not built as a query tree per call; prepared by name on PostgreSQL.
 */
export function fixedQuery<R>(db: Db, text: string, args: readonly unknown[]): Promise<QueryResult<R>> {
  const engine = engineOf(db);
  let statement = spelled[engine].get(text);
  if (!statement) {
    const order: number[] = [];
    const spelling = text.replace(/\$(\d+)/g, (_, n: string) => {
      order.push(Number(n) - 1);
      return engine === "postgres" ? `$${order.length}` : "?";
    });
    if (engine === "postgres") prepareOnPostgres(spelling);
    spelled[engine].set(text, (statement = { text: spelling, order }));
  }
  return db.executeQuery<R>(
    CompiledQuery.raw(
      statement.text,
      statement.order.map((i) => args[i]),
    ),
  );
}
