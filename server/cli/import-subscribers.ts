/** `npm run subscribers -- import <file.csv>`: the console's subscriber import, audited as `cli@<host>`. */
import { hostname } from "node:os";
import { loadSiteConfig } from "#common/site.ts";
import { importRowsOf } from "../subscriber-import/import-rows.ts";
import { fail, readInputFile, readOptions, storageSettings } from "./command-line.ts";
import { openCommandStores } from "./command-stores.ts";

const usage = `
Usage: npm run subscribers -- import FILE.csv [--list NAME] [--data-dir DIR]

Imports newsletter subscribers from a CSV whose first line names the columns: email (required),
first_name, last_name, consent_date, source. Rows with a consent date are imported as confirmed;
the others get a confirmation mail within the confirmation limits. A file with any malformed row
imports nothing: each is reported with its line. Addresses already on the list are left as they are.
  --list NAME       the mailing list (default: MAILING_LIST of the site configuration)
  --data-dir DIR    the server's data folder (default: DATA_DIR or data); with DATABASE_URL
                    set, the subscribers go to that PostgreSQL database instead
  -h, --help        this text`;

export async function importSubscribersCommand(args: string[]) {
  // The file comes first; the options after it.
  const file = args[0]?.startsWith("-") ? undefined : args[0];
  const { values } = readOptions(
    file ? args.slice(1) : args,
    { list: { type: "string" }, "data-dir": { type: "string", default: storageSettings().dataDir } },
    { usage, command: "npm run subscribers -- import" },
  );
  if (!file) fail(`Name the CSV file: see "npm run subscribers -- import --help".`);
  const text = readInputFile(file);
  const now = new Date();
  const { rows, problems } = importRowsOf(text, now);
  if (problems.length) {
    for (const problem of problems) process.stderr.write(`line ${problem.line}: ${problem.message}\n`);
    fail(`Nothing was imported: ${problems.length} ${problems.length === 1 ? "row needs" : "rows need"} fixing first.`);
  }
  const list = values.list ?? loadSiteConfig(process.env).mailingList;
  const stores = await openCommandStores(values["data-dir"]);
  try {
    const outcome = await stores.subscriberImport.importSubscribers(list, rows, now);
    const detail = `${rows.length} rows: ${outcome.confirmed} confirmed with a consent date, ${outcome.awaitingConfirmation} to confirm by mail, ${outcome.alreadyListed} already listed`;
    await stores.console.audit({
      at: now.toISOString(),
      account: `cli@${hostname()}`,
      address: `cli@${hostname()}`,
      action: "subscriber-import",
      detail,
    });
    process.stdout.write(`Imported ${detail}.\n`);
  } finally {
    await stores.close();
  }
}
