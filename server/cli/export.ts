/**
 * `npm run leads` and `npm run subscribers`: CSV on stdout from the server's database, without SQL;
 * `npm run subscribers -- import file.csv` is import-subscribers.ts.
 */
import { calendarDayError, isCalendarDay } from "#common/calendar-day.ts";
import { exitQuietlyOnClosedPipe, fail, readOptions, storageSettings } from "./command-line.ts";
import { openCommandStores } from "./command-stores.ts";
import { commandOutput } from "./npm-banner.ts";
import { leadCsvHeader, leadCsvRow, subscriberCsvHeader, subscriberCsvRow } from "./csv.ts";

exitQuietlyOnClosedPipe();

const usages = {
  leads: `
Usage: npm run leads -- [--since YYYY-MM-DD] [--data-dir DIR] > leads.csv

Writes the contact-form leads received since the date (default: all) as CSV (RFC 4180) to stdout,
with where each visitor came from: source, campaign and landing page of the first visit and of
the visit the lead was sent in (first_* and visit_*; empty when not recorded).
  --since DATE      first day to include, e.g. 2026-01-01 (UTC)
  --format csv      the only format
  --data-dir DIR    the server's data folder (default: DATA_DIR or data); with DATABASE_URL
                    set, the rows come from that PostgreSQL database instead
  -h, --help        this text
Into a pipe, add -s (npm run -s leads | …): without it npm's own lines go first.`,
  subscribers: `
Usage: npm run subscribers -- [--list NAME] [--data-dir DIR] > subscribers.csv

Writes the newsletter subscribers (pending, subscribed and unsubscribed) as CSV (RFC 4180) to stdout,
with the first_* and visit_* source, campaign and landing page of the visitor who signed up.
  --list NAME       only this mailing list
  --format csv      the only format
  --data-dir DIR    the server's data folder (default: DATA_DIR or data); with DATABASE_URL
                    set, the rows come from that PostgreSQL database instead
  -h, --help        this text
Into a pipe, add -s (npm run -s subscribers | …): without it npm's own lines go first.
Import: npm run subscribers -- import FILE.csv (see its --help).`,
};

const [what, ...args] = process.argv.slice(2);
if (what === "subscribers" && args[0] === "import") {
  const { importSubscribersCommand } = await import("./import-subscribers.ts");
  await importSubscribersCommand(args.slice(1));
  process.exit(0);
}
if (what !== "leads" && what !== "subscribers") fail("usage: node server/cli/export.ts leads|subscribers [--help]");
const { values } = readOptions(
  args,
  {
    since: { type: "string" },
    list: { type: "string" },
    format: { type: "string", default: "csv" },
    "data-dir": { type: "string", default: storageSettings().dataDir },
  },
  { usage: usages[what], command: `npm run ${what}` },
);
if (values.format !== "csv") fail(`--format ${values.format} is not supported: csv is the only format.`);
if (what === "subscribers" && values.since)
  fail(`--since is for leads; subscribers take --list: see "npm run subscribers -- --help".`);
if (what === "leads" && values.list) fail(`--list is for subscribers: see "npm run leads -- --help".`);
if (values.since !== undefined && !isCalendarDay(values.since)) fail(calendarDayError("--since", values.since));
const since = values.since ? new Date(`${values.since}T00:00:00Z`) : new Date(0);

const stores = await openCommandStores(values["data-dir"]);
const out = commandOutput();
if (what === "leads") {
  out(leadCsvHeader);
  for (const lead of await stores.leads.leadsSince(since)) out(leadCsvRow(lead));
} else {
  out(subscriberCsvHeader);
  for (const s of await stores.subscribers.subscribers(values.list)) out(subscriberCsvRow(s));
}
await stores.close();
