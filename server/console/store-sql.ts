/**
 * What is left of the hand-made SQL dialect, for the features not yet written against the query
 * layer (content, uploads, campaigns, subscriber import): deleted once none imports it. The
 * console's own store no longer uses it (store.ts).
 */
import { writeTransaction, type SqliteDatabase } from "../db/database.ts";
import { pgTransaction, type Pool } from "../db/postgres.ts";

export type Row = Record<string, unknown>;
export type Statement = [sql: string, params: unknown[]];

export interface Dialect {
  all(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Rows changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  /** Runs the statements in one transaction; rows changed by each. */
  transaction(statements: Statement[]): Promise<number[]>;
  /** A text field of the outbox row's mail JSON. */
  mailField(field: "to" | "replyTo" | "subject"): string;
  like: "LIKE" | "ILIKE";
}

/** ISO text for what the driver read as a Date; whole numbers PostgreSQL sends as text (bigint) as numbers. */
const plain = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Date
        ? value.toISOString()
        : (key === "id" || key.endsWith("_id") || key === "n") && typeof value === "string" && /^\d+$/.test(value)
          ? Number(value)
          : value,
    ]),
  );

export function sqliteDialect(db: SqliteDatabase): Dialect {
  const changes = (sql: string, params: unknown[]) => Number(db.prepare(sql).run(...(params as never[])).changes);
  return {
    all: async (sql, params = []) => (db.prepare(sql).all(...(params as never[])) as Row[]).map((row) => ({ ...row })),
    run: async (sql, params = []) => changes(sql, params),
    transaction: (statements) => writeTransaction(db, () => statements.map(([sql, params]) => changes(sql, params))),
    mailField: (field) => `json_extract(mail, '$.${field}')`,
    like: "LIKE",
  };
}

export function postgresDialect(pool: Pool): Dialect {
  // "?" placeholders become $1, $2, … (no statement here has a "?" of its own).
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    all: async (sql, params = []) => (await pool.query(numbered(sql), params)).rows.map(plain),
    run: async (sql, params = []) => (await pool.query(numbered(sql), params)).rowCount ?? 0,
    transaction: (statements) =>
      pgTransaction(pool, async (client) => {
        const counts: number[] = [];
        for (const [sql, params] of statements) counts.push((await client.query(numbered(sql), params)).rowCount ?? 0);
        return counts;
      }),
    mailField: (field) => `(mail->>'${field}')`,
    like: "ILIKE",
  };
}
