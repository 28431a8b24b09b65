/**
 * A test's own connection to the SQLite file a running server holds (e2e specs, gates). The
 * server takes the write lock whenever a request or a worker writes; a connection without a busy
 * timeout meets it with "database is locked" at once (console.spec.ts failed so at load ~5), so
 * this one waits for the lock, reading or writing. Writes that the server's API can make go
 * through the API instead; this is for what no API does (backdating a row, reading the tables).
 */
import { DatabaseSync } from "node:sqlite";
import { databaseFile } from "../../server/db/database.ts";

/** Far longer than any of the server's write transactions, even on a loaded machine. */
export const busyTimeoutMs = 30_000;

export function serverDatabase(dataDir: string, { readOnly = false } = {}): DatabaseSync {
  return new DatabaseSync(databaseFile(dataDir), { readOnly, timeout: busyTimeoutMs });
}
