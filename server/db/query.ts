/**
 * The one typed query layer both engines run: Kysely on the `Database` type (schema.ts), on PostgreSQL's pool or on
 * the server's node:sqlite connection (kysely-sqlite.ts); what the engines do differently is in sql.ts.
 */
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type KyselyPlugin,
  type Transaction,
  type UnknownRow,
} from "kysely";
import { timedCommit } from "./commit-timing.ts";
import { rollbackQuietly, setConnectionGate, type SqliteDatabase } from "./database.ts";
import { beginImmediate, commit, nodeSqliteDialect } from "./kysely-sqlite.ts";
import type { Pool } from "./postgres.ts";
import type { Database } from "./schema.ts";

export type { Database } from "./schema.ts";
/** The query layer on either engine; a transaction (`Tx`) is one too. */
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type EngineKind = "sqlite" | "postgres";

/** Which engine `db` (or a transaction on it) runs on, for the few differences sql.ts spells out. */
export const engineOf = (db: Db): EngineKind =>
  db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";

/** PostgreSQL's Dates (timestamptz) as the ISO text both engines' rows carry. */
const isoDates: KyselyPlugin = {
  transformQuery: ({ node }) => node,
  async transformResult({ result }) {
    for (const row of result.rows as UnknownRow[])
      for (const key in row) if (row[key] instanceof Date) row[key] = (row[key] as Date).toISOString();
    return result;
  },
};

/** Kysely's PostgreSQL driver, with each COMMIT's duration published (commit-timing.ts). */
class TimedPostgresDriver extends PostgresDriver {
  override commitTransaction(connection: DatabaseConnection): Promise<void> {
    return timedCommit("postgres", () => super.commitTransaction(connection));
  }
}

export function postgresQueries(pool: Pool): Db {
  return new Kysely<Database>({
    dialect: Object.assign(new PostgresDialect({ pool }), { createDriver: () => new TimedPostgresDriver({ pool }) }),
    plugins: [isoDates],
  });
}

const onConnection = new WeakMap<SqliteDatabase, Db>();
const connectionOf = new WeakMap<Db, SqliteDatabase>();

/** The query layer on `connection`: one per connection, since it is what takes the connection in turn. */
export function sqliteQueries(connection: SqliteDatabase): Db {
  const known = onConnection.get(connection);
  if (known) return known;
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(connection) });
  onConnection.set(connection, db);
  connectionOf.set(db, connection);
  // Raw work on the connection (group commit, backups) waits its turn like a query (exclusive).
  setConnectionGate(connection, (work) => db.connection().execute(work));
  return db;
}

/** Runs `work` in one transaction; `waitForDisk: false` for rows not worth a disk sync each. */
export async function transaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  { waitForDisk = true }: { waitForDisk?: boolean } = {},
): Promise<T> {
  if (waitForDisk) return db.transaction().execute(work);
  if (engineOf(db) === "postgres")
    return db.transaction().execute(async (tx) => {
      await tx.executeQuery(CompiledQuery.raw("SET LOCAL synchronous_commit = off"));
      return work(tx);
    });
  // BEGIN and COMMIT on the held connection, not Kysely's transaction(), which builds a Kysely per call: a third
  // of a quick write's CPU, and the outbox makes one per mail (bench:contact, bench:campaigns).
  const raw = connectionOf.get(db)!;
  return db.connection().execute(async (connection) => {
    raw.exec("PRAGMA synchronous = NORMAL");
    try {
      await beginImmediate(raw);
      try {
        const result = await work(connection as Tx);
        commit(raw);
        return result;
      } catch (error) {
        rollbackQuietly(raw);
        throw error;
      }
    } finally {
      raw.exec("PRAGMA synchronous = FULL");
    }
  });
}
