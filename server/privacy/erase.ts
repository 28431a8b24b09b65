/**
 * The erase of one person's inbox, in every spelling: their rows (data-requests.ts), their visitors' measurement
 * rows, their .eml mails, then what the deleted rows left in the database's files. The CRM's copy stays.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { DatabaseEngine } from "../db/engine.ts";
import { mailboxOf } from "../leads/mailbox.ts";
import { visitorTables } from "../measurement/rollup-schema.ts";
import type { EngineStores } from "../stores.ts";

/** The tables an erase deletes from: scrubbed afterwards. */
const erasedTables = ["leads", "subscribers", "outbox", "analytics_events", "rum_beacons", ...visitorTables];

// An address as a mail's text spells it (lower case): local part, @, domain.
const addressInText = /[\w.!#$%&'*+/?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/g;

/** Deletes the .eml files that name the inbox in any spelling (a header or the text); returns how many. */
function deleteMailFiles(folder: string, inbox: string): number {
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
    if (!(text.match(addressInText) ?? []).some((address) => mailboxOf(address).key === inbox)) continue;
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
) {
  const { visitorIds, ...counts } = await stores.console.erase(email, now);
  await stores.measurement.deleteVisitors(visitorIds);
  const mailFiles = mailFolder ? deleteMailFiles(mailFolder, mailboxOf(email).key) : 0;
  // False when the database's files could not be cleaned yet (SQLite: a reader held the WAL).
  const scrubbed = await database.scrub(erasedTables);
  // `webhooks`: the lead.erased and subscriber.erased webhooks queued; `mailFiles`: .eml files deleted.
  return { ...counts, visitors: visitorIds.length, mailFiles, scrubbed };
}
