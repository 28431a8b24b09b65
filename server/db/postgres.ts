/**
 * PostgreSQL (DATABASE_URL) for several server instances: one pg Pool per process, migrated at start-up under an
 * advisory lock so that instances starting together apply each migration once.
 */
import { timedCommit } from "./commit-timing.ts";
import pg from "pg";
import { postgresMigrations } from "./migrations-postgres.ts";
import type { Migration } from "./migrations.ts";
import { runPreparedByName } from "./prepared.ts";
import { refuseUnstorableOnPostgres } from "./storable.ts";

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export interface Postgres {
  pool: Pool;
  close(): Promise<void>;
}

// bigint (ids, counts) and numeric as JavaScript numbers, for this pool only: the stores'
// interfaces speak numbers, and no id or count here comes near 2^53.
const numberParsers: Record<number, (value: string) => unknown> = { 20: Number, 1700: Number };
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    numberParsers[oid] ?? pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** A pool on DATABASE_URL, migrated. Connection errors reject here with the server's own words. */
export async function openPostgres(url: string, { max = 10, migrations = postgresMigrations } = {}): Promise<Postgres> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A connection lost idle or checked out (the database restarted) must not crash the process: its queries reject.
  pool.on("error", () => {});
  pool.on("connect", (client) => void client.on("error", () => {}));
  // Text neither engine can store is refused before it is sent, as on SQLite (storable.ts).
  refuseUnstorableOnPostgres(pool);
  pool.on("connect", runPreparedByName);
  try {
    await migratePostgres(pool, migrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { pool, close: () => pool.end() };
}

/** Any number will do, as long as it is this project's: the lock that serialises migrations. */
const migrationLock = 7_311_016;

export async function migratePostgres(pool: Pool, migrations: readonly Migration[]): Promise<string[]> {
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length) throw new Error(`Duplicate migration id in ${ids.join(", ")}`);
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [migrationLock]);
    // Created only when missing: a database user without CREATE rights starts on a migrated database.
    if ((await client.query("SELECT to_regclass('schema_migrations') AS t")).rows[0].t === null)
      await client.query("CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL)");
    const applied = new Set(
      (await client.query<{ id: string }>("SELECT id FROM schema_migrations")).rows.map((row) => row.id),
    );
    const pending = migrations.filter((m) => !applied.has(m.id));
    for (const migration of pending) {
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query("INSERT INTO schema_migrations (id, applied_at) VALUES ($1, now())", [migration.id]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    }
    return pending.map((m) => m.id);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [migrationLock]).catch(() => {});
    client.release();
  }
}

/** Runs `work` in one transaction on one connection of the pool: all of it is committed, or none of it. */
export async function pgTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await timedCommit("postgres", () => client.query("COMMIT"));
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError: unknown) => (broken = rollbackError));
    throw error;
  } finally {
    // A connection that could not even roll back is not given to anyone else.
    client.release(broken as Error | undefined);
  }
}
