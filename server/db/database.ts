/**
 * The embedded database: one SQLite file (node:sqlite, built into Node 24) in WAL mode with
 * synchronous=FULL, so a row is on disk before the answer that reports it is sent. Schema
 * changes are versioned migrations, applied in order at start-up inside a transaction and
 * recorded in schema_migrations (migrations.ts). No feature's SQL lives here: each feature's
store (leads/, mail/, measurement/) prepares its own statements on this connection.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { migrations as allMigrations, type Migration } from "./migrations.ts";

export type Database = DatabaseSync;

/** The database file inside DATA_DIR: one file for leads, subscribers, mail and measurements. */
export const databaseFile = (dataDir: string): string => path.join(dataDir, "site.sqlite");

export function openDatabase(file: string, migrations: readonly Migration[] = allMigrations): Database {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
  migrate(db, migrations);
  return db;
}

export function migrate(db: Database, migrations: readonly Migration[]): string[] {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
  const applied = new Set((db.prepare("SELECT id FROM schema_migrations").all() as { id: string }[]).map((row) => row.id));
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length) throw new Error(`Duplicate migration id in ${ids.join(", ")}`);
  const pending = migrations.filter((m) => !applied.has(m.id));
  for (const migration of pending) {
    transaction(db, () => {
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)").run(migration.id, new Date().toISOString());
    });
  }
  return pending.map((m) => m.id);
}

/**
 * Runs `work` in one transaction: all of it is committed, or none of it. With
 * `waitForDisk: false` the commit does not wait for an fsync (synchronous=NORMAL for this
 * transaction: in WAL mode it survives a crash of the server, not of the machine), for rows
 * that are not worth a disk sync each; everything else keeps synchronous=FULL.
 */
export function transaction<T>(db: Database, work: () => T, { waitForDisk = true } = {}): T {
  if (!waitForDisk) db.exec("PRAGMA synchronous = NORMAL");
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  } finally {
    if (!waitForDisk) db.exec("PRAGMA synchronous = FULL");
  }
}
