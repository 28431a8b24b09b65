/**
 * `npm run stats -- --days 30 [--format json] [--data-dir data]`: the usage report of
 * server/measurement/usage-report.ts from the server's database (DATA_DIR/site.sqlite).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { databaseFile, openDatabase } from "../db/database.ts";
import { sqliteLeadStore, sqliteSubscriberStore } from "../leads/store-sqlite.ts";
import { sqliteOutboxStore } from "../mail/outbox-sqlite.ts";
import { sqliteMeasurementStore } from "../measurement/store-sqlite.ts";
import { formatUsageReport, usageReport } from "../measurement/usage-report.ts";

const { values } = parseArgs({
  options: {
    days: { type: "string", default: "30" },
    format: { type: "string", default: "text" },
    "data-dir": { type: "string", default: process.env.DATA_DIR ?? "data" },
  },
});
const days = Number(values.days);
if (!Number.isFinite(days) || days <= 0 || !["text", "json"].includes(values.format)) {
  console.error("usage: npm run stats -- [--days N] [--format text|json] [--data-dir DIR]");
  process.exit(2);
}
const db = openDatabase(databaseFile(path.resolve(values["data-dir"])));
try {
  const outbox = sqliteOutboxStore(db);
  const sources = { measurement: sqliteMeasurementStore(db), leads: sqliteLeadStore(db, outbox), subscribers: sqliteSubscriberStore(db, outbox) };
  const report = usageReport(sources, { days });
  process.stdout.write(values.format === "json" ? `${JSON.stringify(report, null, 2)}\n` : formatUsageReport(report));
} finally {
  db.close();
}
