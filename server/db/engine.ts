/**
 * The stores' database: the SQLite file in DATA_DIR (the default, one instance) or PostgreSQL at
 * DATABASE_URL (several instances on one database), with the checks behind /healthz.
 */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import {
  databaseFile,
  openDatabase,
  retryWhileBusy,
  rollbackQuietly,
  serveWrites,
  type SqliteDatabase,
} from "./database.ts";
import { DatabaseUnavailable } from "./errors.ts";
import { watchFileIdentity } from "./file-identity.ts";
import { openPostgres, type Pool } from "./postgres.ts";
import { postgresQueries, sqliteQueries, type Db } from "./query.ts";

interface Common {
  /** The typed query layer every store is written against (query.ts). */
  queries: Db;
  /** Resolves when the database answers a query; rejects with why not. */
  ping(): Promise<void>;
  /** Resolves when a write could be committed now (the write lock taken, then rolled back, no fsync). */
  writeProbe(): Promise<void>;
  /** Throws DatabaseUnavailable when the database file is no longer the one at its path (SQLite). */
  checkFile(): void;
  /**
   * Clears what an erase's deleted rows left in the files. SQLite (secure_delete zeroes them): a TRUNCATE checkpoint
   * for the WAL's copies, false when readers kept it from finishing. PostgreSQL: VACUUM, which frees the dead rows
   * for reuse but does not zero them (WAL segments and base backups keep them until recycled).
   */
  scrub(tables: readonly string[]): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseEngine = ({ kind: "sqlite"; db: SqliteDatabase; file: string } | { kind: "postgres"; pool: Pool }) &
  Common;

/** How the server's own connection behaves (the operators' commands open plain ones). */
export interface ServeOptions {
  /** Milliseconds a write waits for a write lock held by another process, then 503 (DATABASE_LOCK_WAIT_MS). */
  lockWaitMs: number;
  /** Told once when the file stops being the one at the path (a message) and once when it is back (undefined). */
  onFileChange(problem: string | undefined): void;
}

/** The database URL without its password: host, port and database name. */
export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

/** Opens (and migrates) the database the configuration names; `serve` makes it the server's connection. */
export async function openEngine({
  databaseUrl,
  dataDir,
  serve,
}: {
  databaseUrl: string;
  dataDir: string;
  serve?: ServeOptions;
}): Promise<DatabaseEngine> {
  if (databaseUrl) {
    const { pool, close } = await openPostgres(databaseUrl);
    return {
      kind: "postgres",
      pool,
      queries: postgresQueries(pool),
      async ping() {
        await pool.query("SELECT 1");
      },
      async writeProbe() {
        // A row lock and a WAL record on a primary that accepts writes; rolled back, so never flushed.
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          await client.query("INSERT INTO settings (name, value) VALUES ($1, '')", [
            `healthz-probe-${randomBytes(8).toString("hex")}`,
          ]);
        } finally {
          await client.query("ROLLBACK").catch(() => {});
          client.release();
        }
      },
      checkFile() {},
      async scrub(tables) {
        // Not in a transaction (VACUUM cannot be); the names are this code's own, never input.
        await pool.query(`VACUUM ${tables.map((table) => `"${table}"`).join(", ")}`);
        return true;
      },
      close,
    };
  }
  const file = databaseFile(dataDir);
  const db = openDatabase(file);
  const identity = serve && watchFileIdentity(file);
  let reported: string | undefined;
  const checkFile = () => {
    if (!identity) return;
    const problem = identity.problem();
    if (problem !== reported) serve.onFileChange((reported = problem));
    if (problem) throw new DatabaseUnavailable("file", `the database file ${problem}`);
  };
  if (serve) serveWrites(db, { lockWaitMs: serve.lockWaitMs, assertFile: checkFile });
  const probeWaitMs = Math.min(serve?.lockWaitMs ?? 0, 1_000);
  return {
    kind: "sqlite",
    db,
    queries: sqliteQueries(db),
    file,
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async writeProbe() {
      await retryWhileBusy(() => {
        db.exec("BEGIN IMMEDIATE");
        rollbackQuietly(db);
      }, probeWaitMs);
    },
    checkFile,
    async scrub() {
      // A reader in the middle of a read holds the WAL; retried briefly off the event loop.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { busy } = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number };
        if (!busy) return true;
        await sleep(20);
      }
      return false;
    },
    async close() {
      if (identity) identity.close();
      db.close();
    },
  };
}
