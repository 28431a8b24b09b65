/** `npm run stats`: the usage report (measurement/usage-report.ts) as text, JSON or one HTML page. */
import { ConfigError, loadSiteConfig } from "#common/site.ts";
import { renderUsageReportHtml } from "../measurement/usage-report-html.ts";
import { formatUsageReport } from "../measurement/usage-report-text.ts";
import { lastDays, maxReportDays, parseRange, usageReport, type UsageRange } from "../measurement/usage-report.ts";
import { exitQuietlyOnClosedPipe, fail, readOptions, storageSettings } from "./command-line.ts";
import { openCommandStores } from "./command-stores.ts";
import { commandOutput } from "./npm-banner.ts";

exitQuietlyOnClosedPipe();

const usage = `
Usage: npm run -s stats -- [--days N | --from YYYY-MM-DD --to YYYY-MM-DD] [--format text|json|html] [--data-dir DIR]

The site's usage from the server's database: page views and visitors, top pages, web vitals
(p75 with the spec's ratings), video starts and completions, leads and newsletter sign-ups,
visits per source and campaign, goals with conversion rates, and the funnel from landing to lead.
  --days N          the last N UTC days, today included (default 30)
  --from DAY        the first UTC day of the report (with --to; both days included)
  --to DAY          the last UTC day of the report, today at the latest
  --format FORMAT   text (default, tables), json (for machines) or html (one self-contained
                    page with charts: npm run -s stats -- --format html > report.html)
  --data-dir DIR    the server's data folder (default: DATA_DIR or data); with DATABASE_URL
                    set, the rows come from that PostgreSQL database instead
  -h, --help        this text`;

const { values } = readOptions(
  process.argv.slice(2),
  {
    days: { type: "string", default: "30" },
    from: { type: "string" },
    to: { type: "string" },
    format: { type: "string", default: "text" },
    "data-dir": { type: "string", default: storageSettings().dataDir },
  },
  { usage, command: "npm run stats" },
);
let range: UsageRange;
if (values.from !== undefined || values.to !== undefined) {
  const parsed = parseRange(values.from, values.to);
  if ("error" in parsed) fail(`--from and --to: ${parsed.error}`);
  range = parsed as UsageRange;
} else {
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > maxReportDays)
    fail(`--days must be a whole number of days from 1 to ${maxReportDays} (got ${JSON.stringify(values.days)}).`);
  range = lastDays(days);
}
if (!["text", "json", "html"].includes(values.format))
  fail(`--format must be text, json or html (got ${JSON.stringify(values.format)}).`);
let brand = "";
try {
  brand = loadSiteConfig(process.env).brand;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.message.replace(/\n\s*/g, " "));
}

const stores = await openCommandStores(values["data-dir"]);
try {
  const report = await usageReport(stores, range);
  commandOutput()(
    values.format === "json"
      ? `${JSON.stringify(report, null, 2)}\n`
      : values.format === "html"
        ? renderUsageReportHtml(report, { brand })
        : formatUsageReport(report),
  );
} finally {
  await stores.close();
}
