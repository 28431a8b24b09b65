/**
 * `npm run bench:usage-readings`: each usage reading timed on its own, in process (no
 * server, no worker), over the last 30 days and the last 730 days and the ranges before them,
 * as one console request reads them: where a report's time goes (issue 29). SCALE as in
 * bench/usage.ts; ENGINES=sqlite or postgres; SQLITE_DATA_DIR keeps (or reuses) the SQLite data.
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseFile, openDatabase } from "../server/db/database.ts";
import { openPostgres } from "../server/db/postgres.ts";
import { postgresQueries, sqliteQueries } from "../server/db/query.ts";
import { usageReadings } from "../server/measurement/usage-readings.ts";
import { lastDays, previousRange, type UsageReadings } from "../server/measurement/usage-report.ts";
import { testPostgres } from "../tests/support/services.ts";
import { generatePostgres, generateSqlite, type UsageData } from "../tests/support/usage-volume.ts";

const scale = Number(process.env.SCALE ?? 0.1);
const data: UsageData = {
  pageViews: Math.round(10_000_000 * scale),
  visitors: Math.round(1_000_000 * scale),
  days: 730,
};
const filters = { source: { source: "newsletter" }, device: { device: "phone" } };
const plain = (name: keyof UsageReadings) => (r: UsageReadings, from: string, to: string) =>
  (r[name] as (a: string, b: string) => unknown)(from, to);
// Issue 31: the entry-page and device reading, and the readings under a filter.
const readings: [string, (r: UsageReadings, from: string, to: string) => unknown][] = [
  ...(
    [
      "pageViews",
      "pageViewsPerDay",
      "visitors",
      "beaconCount",
      "percentiles",
      "vitalsPerDay",
      "videoPlays",
      "visitGroups",
      "visitsPerDay",
      "visitDimensions",
    ] as const
  ).map((name) => [name, plain(name)] as [string, ReturnType<typeof plain>]),
  ["visitGroups source", (r, from, to) => r.visitGroups(from, to, filters.source)],
  ["visitDimensions source", (r, from, to) => r.visitDimensions(from, to, filters.source)],
  ["visitGroups device", (r, from, to) => r.visitGroups(from, to, filters.device)],
  // Issue 31, migration 0140: page views, visitors, vitals and videos of the filter's visits (usage_visit_counts).
  ["visitCounts source", (r, from, to) => r.visitCounts(from, to, filters.source)],
  ["visitCounts device", (r, from, to) => r.visitCounts(from, to, filters.device)],
  ["visitDimensions device", (r, from, to) => r.visitDimensions(from, to, filters.device)],
];
/** What a report under each filter reads: its filtered readings, and the beacons and percentiles (the whole site's). */
const filteredReport = (key: string) => (name: string) =>
  name.endsWith(` ${key}`) || name === "beaconCount" || name === "percentiles";
const runs = Number(process.env.RUNS ?? 3);

async function profile(engine: string, r: UsageReadings) {
  for (const days of [30, 730]) {
    const range = lastDays(days);
    const ranges = [range, previousRange(range)];
    const rows: string[] = [];
    let total = 0;
    const totals = { source: 0, device: 0 };
    for (const [name, read] of readings) {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        for (const { from, to } of ranges) await read(r, from, to);
        times.push(performance.now() - start);
      }
      const best = Math.min(...times);
      // The total is a report's own readings: the filtered ones (names with a space) are alternatives to two of them.
      if (!name.includes(" ")) total += best;
      for (const key of ["source", "device"] as const) if (filteredReport(key)(name)) totals[key] += best;
      rows.push(`  ${name.padEnd(32)} ${best.toFixed(1).padStart(8)} ms`);
    }
    const line = (label: string, ms: number) => `  ${label.padEnd(32)} ${ms.toFixed(1).padStart(8)} ms`;
    console.log(
      `${engine} ${days} days, both ranges, best of ${runs}:\n${rows.join("\n")}\n${line("total", total)}\n${line("total, source filter", totals.source)}\n${line("total, device filter", totals.device)}`,
    );
  }
}

const engines = (process.env.ENGINES ?? "sqlite,postgres").split(",");
if (engines.includes("sqlite")) {
  const dir = process.env.SQLITE_DATA_DIR ?? path.join(tmpdir(), `usage-readings-${scale}`);
  const fresh = !existsSync(databaseFile(dir));
  const db = openDatabase(databaseFile(dir));
  if (fresh) {
    const start = performance.now();
    generateSqlite(db, data);
    db.exec("ANALYZE");
    console.log(`SQLite data in ${dir}: ${((performance.now() - start) / 1000).toFixed(0)} s`);
  }
  await profile("SQLite", usageReadings(sqliteQueries(db)));
  db.close();
}
if (engines.includes("postgres")) {
  const postgres = await testPostgres();
  try {
    const { pool, close } = await openPostgres(await postgres.databaseUrl());
    const start = performance.now();
    await generatePostgres(pool, data);
    console.log(`PostgreSQL data: ${((performance.now() - start) / 1000).toFixed(0)} s`);
    await profile("PostgreSQL", usageReadings(postgresQueries(pool)));
    await close();
  } finally {
    await postgres.stop();
  }
}
