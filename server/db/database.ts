/**
 * The embedded database: one SQLite file (node:sqlite) in WAL mode with synchronous=FULL, so a row is on disk
 * before the answer that reports it is sent; migrated in order at start-up (migrations.ts).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DatabaseSync } from "node:sqlite";
import { DatabaseUnavailable, describeDatabaseError, isBusy } from "./errors.ts";
import { migrations as allMigrations, type Migration } from "./migrations.ts";
import { refuseUnstorableOnSqlite } from "./storable.ts";

export type SqliteDatabase = DatabaseSync;

/** The database file inside DATA_DIR: one file for leads, subscribers, mail and measurements. */
export const databaseFile = (dataDir: string): string => path.join(dataDir, "site.sqlite");

/** What a server connection adds to a plain one: how long writes wait for the lock, and the file check. */
interface WritePolicy {
  /** Milliseconds a write keeps retrying while another process holds the write lock. */
  lockWaitMs: number;
  /** Throws DatabaseUnavailable when the file at the path is no longer the one this connection writes. */
  assertFile(): void;
}

const policies = new WeakMap<SqliteDatabase, WritePolicy>();

/** Makes `db` a server connection: no blocking wait for locks (busy_timeout 0), the file checked at each commit. */
export function serveWrites(db: SqliteDatabase, policy: WritePolicy): void {
  db.exec("PRAGMA busy_timeout = 0");
  policies.set(db, policy);
}

type Gate = <T>(work: () => Promise<T>) => Promise<T>;
const gates = new WeakMap<SqliteDatabase, Gate>();

/** How raw work takes the connection in turn with the query layer's queries (query.ts sets it). */
export function setConnectionGate(db: SqliteDatabase, gate: Gate): void {
  gates.set(db, gate);
}

/** Runs raw `work` on `db` when no query layer transaction holds it: a statement run inside one would join it. */
export function exclusive<T>(db: SqliteDatabase, work: () => T | Promise<T>): Promise<T> {
  const gate = gates.get(db);
  return gate ? gate(async () => work()) : Promise.resolve().then(work);
}

/** The server connection's file check (nothing for a plain connection). */
export const assertDatabaseFile = (db: SqliteDatabase): void => policies.get(db)?.assertFile();

export function openDatabase(file: string, migrations: readonly Migration[] = allMigrations): SqliteDatabase {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // secure_delete: a deleted row's bytes are overwritten, not left in free space (the erase of a person).
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON;",
  );
  migrate(db, migrations);
  refuseUnstorableOnSqlite(db);
  return db;
}

export function migrate(db: SqliteDatabase, migrations: readonly Migration[]): string[] {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
  const applied = new Set(
    (db.prepare("SELECT id FROM schema_migrations").all() as { id: string }[]).map((row) => row.id),
  );
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length) throw new Error(`Duplicate migration id in ${ids.join(", ")}`);
  const pending = migrations.filter((m) => !applied.has(m.id));
  for (const migration of pending) {
    transaction(db, () => {
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)").run(
        migration.id,
        new Date().toISOString(),
      );
    });
  }
  return pending.map((m) => m.id);
}

/** Ends a failed transaction; the error that failed it is what the caller reports, never the rollback's own. */
export function rollbackQuietly(db: SqliteDatabase): void {
  // SQLite may have rolled back already (SQLITE_FULL, SQLITE_IOERR): "cannot rollback" is no news.
  if (!db.isTransaction) return;
  try {
    db.exec("ROLLBACK");
  } catch {
    // The rollback's failure adds nothing to the original error.
  }
}

/**
 * Runs `work` in one transaction: all of it is committed, or none of it. `waitForDisk: false`: synchronous=NORMAL
 * for this transaction (in WAL mode it survives a crash of the server, not of the machine).
 */
export function transaction<T>(db: SqliteDatabase, work: () => T, { waitForDisk = true } = {}): T {
  assertDatabaseFile(db);
  if (!waitForDisk) db.exec("PRAGMA synchronous = NORMAL");
  try {
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      db.exec("COMMIT");
      // Committed into a file that is no longer at the path: as good as lost, not a success.
      assertDatabaseFile(db);
      return result;
    } catch (error) {
      rollbackQuietly(db);
      throw error;
    }
  } finally {
    if (!waitForDisk) db.exec("PRAGMA synchronous = FULL");
  }
}

/** `transaction` for a server connection: retried while another process holds the write lock (retryWhileBusy). */
export function writeTransaction<T>(
  db: SqliteDatabase,
  work: () => T,
  options: { waitForDisk?: boolean } = {},
): Promise<T> {
  return exclusive(db, () => retryWhileBusy(() => transaction(db, work, options), policies.get(db)?.lockWaitMs ?? 0));
}

/** Runs `attempt` again after short, growing pauses while it is SQLITE_BUSY, for `waitMs`; then DatabaseUnavailable. */
export async function retryWhileBusy<T>(attempt: () => T, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    try {
      return attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() >= deadline)
        throw new DatabaseUnavailable(
          "busy",
          `the database is locked by another process (${describeDatabaseError(error)})`,
        );
    }
    await sleep(pause);
  }
}

/** How long a server connection's writes wait for the lock; 0 for a plain connection. */
export const lockWaitOf = (db: SqliteDatabase): number => policies.get(db)?.lockWaitMs ?? 0;
