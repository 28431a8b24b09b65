// The stores the export and stats commands read, apart from command-line.ts so commands that need no database load none of it.
import { existsSync } from "node:fs";
import path from "node:path";
import { databaseFile } from "../db/database.ts";
import type { PurgeRequests } from "../content/purge.ts";
import { openStores } from "../stores.ts";
import { fail, storageSettings } from "./command-line.ts";

/** The stores: PostgreSQL, else the SQLite file in `dataDir`, which must exist; `purge`: for npm run content. */
export async function openCommandStores(dataDir: string, purge?: PurgeRequests) {
  const { databaseUrl } = storageSettings();
  const file = databaseFile(path.resolve(dataDir));
  if (!databaseUrl && !existsSync(file))
    fail(`No database at ${file}: set DATA_DIR (or --data-dir) to the server's data folder.`);
  return openStores({ databaseUrl, dataDir: path.resolve(dataDir), purge }).catch((error: Error) =>
    fail(`Cannot open the database: ${(error as { code?: string }).code ?? error.message}.`),
  );
}
