/**
 * Operators' exports without SQL: `npm run leads -- --since 2026-01-01 --format csv` and
 * `npm run subscribers` write CSV to stdout from the database in DATA_DIR (default data/).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { databaseFile, openDatabase } from "../db/database.ts";
import { sqliteLeadStore, sqliteSubscriberStore } from "../leads/store-sqlite.ts";
import { sqliteOutboxStore } from "../mail/outbox-sqlite.ts";
import { csvRow } from "./csv.ts";

const [what, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: { since: { type: "string" }, format: { type: "string", default: "csv" }, list: { type: "string" } },
});
const fail = (message: string) => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};
if (what !== "leads" && what !== "subscribers") fail("usage: export.ts leads [--since YYYY-MM-DD] | subscribers [--list NAME] [--format csv]");
if (values.format !== "csv") fail(`--format ${values.format} is not supported; use csv`);
const since = values.since ? new Date(`${values.since}T00:00:00Z`) : new Date(0);
if (Number.isNaN(since.getTime())) fail(`--since must be a date such as 2026-01-01 (got ${values.since})`);

const file = databaseFile(path.resolve(process.env.DATA_DIR ?? "data"));
if (!existsSync(file)) fail(`no database at ${file}; set DATA_DIR`);
const db = openDatabase(file);
const outbox = sqliteOutboxStore(db);
const out = (line: string) => process.stdout.write(line);
if (what === "leads") {
  out(csvRow(["id", "created_at", "domain", "type", "name", "email", "subject", "details"]));
  for (const lead of sqliteLeadStore(db, outbox).leadsSince(since))
    out(csvRow([lead.id, lead.createdAt, lead.domain, lead.type, lead.name, lead.email, lead.subject, lead.details]));
} else {
  out(csvRow(["id", "list", "email", "first_name", "last_name", "status", "created_at", "confirmed_at"]));
  for (const s of sqliteSubscriberStore(db, outbox).subscribers(values.list))
    out(csvRow([s.id, s.list, s.email, s.firstName, s.lastName, s.status, s.createdAt, s.confirmedAt]));
}
db.close();
