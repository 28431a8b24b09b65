/**
 * The erase of one person (a data request, console routes): everything stored about an
 * address goes, wherever it is. In order: its leads, subscriptions and outbox rows (queued
 * deliveries included) with the lead.erased / subscriber.erased webhooks queued in the same
 * transaction (store-sql.ts); the measurement rows of the visitor ids they came with; the mails
 * written as .eml files to or about it; then what deleted rows left in the database's files
 * (engine.ts: scrub). The CRM's web-to-lead copy cannot be taken back from here.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { DatabaseEngine } from "../db/engine.ts";
import { visitorTables } from "../measurement/rollup-schema.ts";
import type { EngineStores } from "../stores.ts";

/** The tables an erase deletes from: scrubbed afterwards. */
const erasedTables = ["leads", "subscribers", "outbox", "analytics_events", "rum_beacons", ...visitorTables];

export interface Erased {
  leads: number;
  subscribers: number;
  mails: number;
  /** Visitor ids whose measurement rows were deleted. */
  visitors: number;
  /** .eml files deleted from DATA_DIR/mail. */
  mailFiles: number;
  /** lead.erased and subscriber.erased webhooks queued. */
  webhooks: number;
  /** False when the database's files could not be cleaned yet (SQLite: a reader held the WAL). */
  scrubbed: boolean;
}

/** Deletes the .eml files that name the address (a header or the text); returns how many. */
function deleteMailFiles(folder: string, address: string): number {
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith(".eml"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    // Quoted-printable soft line breaks could split the address: joined before looking.
    const text = readFileSync(file, "latin1")
      .replace(/=\r?\n/g, "")
      .toLowerCase();
    if (!text.includes(address)) continue;
    rmSync(file, { force: true });
    deleted++;
  }
  return deleted;
}

export async function eraseAddress(
  {
    stores,
    database,
    mailFolder,
  }: {
    stores: Pick<EngineStores, "console" | "measurement">;
    database: Pick<DatabaseEngine, "scrub">;
    mailFolder?: string;
  },
  email: string,
  now: Date,
): Promise<Erased> {
  const address = email.trim().toLowerCase();
  const { visitorIds, ...counts } = await stores.console.erase(address, now);
  await stores.measurement.deleteVisitors(visitorIds);
  const mailFiles = mailFolder ? deleteMailFiles(mailFolder, address) : 0;
  const scrubbed = await database.scrub(erasedTables);
  return { ...counts, visitors: visitorIds.length, mailFiles, scrubbed };
}
