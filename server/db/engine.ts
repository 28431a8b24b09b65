/**
 * Which database the stores use: the SQLite file in DATA_DIR (the default, one instance) or
 * PostgreSQL at DATABASE_URL (several instances on one database). Each feature's plugin picks
 * its store implementation by `kind`; `ping()` is the readiness check behind /healthz.
 */
import { databaseFile, openDatabase, type Database } from "./database.ts";
import { openPostgres, type Pool } from "./postgres.ts";

interface Common {
  /** Where it is, without credentials, for logs and messages. */
  describe: string;
  /** Resolves when the database answers a query; rejects with why not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseEngine = ({ kind: "sqlite"; db: Database } | { kind: "postgres"; pool: Pool }) & Common;

/** The database URL without its password: host, port and database name. */
export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

/** Opens (and migrates) the database the configuration names. */
export async function openEngine({ databaseUrl, dataDir }: { databaseUrl: string; dataDir: string }): Promise<DatabaseEngine> {
  if (databaseUrl) {
    const { pool, close } = await openPostgres(databaseUrl);
    return {
      kind: "postgres",
      pool,
      describe: describePostgres(databaseUrl),
      async ping() {
        await pool.query("SELECT 1");
      },
      close,
    };
  }
  const file = databaseFile(dataDir);
  const db = openDatabase(file);
  return {
    kind: "sqlite",
    db,
    describe: `SQLite ${file}`,
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      db.close();
    },
  };
}
