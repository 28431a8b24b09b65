/**
 * `npm run bench:attribution-storage`: what attribution (issue 21, migration 0110) adds to the
 * storage of a page view, measured, not estimated. The same 50,000 page views are written
 * through the measurement store into a database without migration 0110 (the columns and the
 * visitor index missing) and into one with it, on SQLite (dbstat: bytes of the table and each
 * index) and PostgreSQL (pg_total_relation_size after VACUUM). Three kinds of rows: an ordinary
 * page view (no source), a landing with a referrer host, a landing with a full campaign.
 * Writes bench/results/attribution-storage.md.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LandingSource } from "#common/attribution.ts";
import type { Collected } from "#common/measurement.ts";
import { migrations } from "../server/db/migrations.ts";
import { postgresMigrations } from "../server/db/migrations-postgres.ts";
import { openDatabase, type SqliteDatabase } from "../server/db/database.ts";
import { openPostgres } from "../server/db/postgres.ts";
import { postgresQueries, sqliteQueries } from "../server/db/query.ts";
import { sqlMeasurementStore } from "../server/measurement/store-sql.ts";
import type { Received } from "../server/measurement/store.ts";
import { testPostgres } from "../tests/support/services.ts";
import { provenance } from "./lib/results.ts";

const rows = 50_000;
const kinds: [string, LandingSource | undefined][] = [
  ["page view without a source (most rows)", undefined],
  ["landing from a search engine (referrer host)", { referrer: "www.google.com" }],
  [
    "landing with a full campaign",
    {
      referrer: "www.linkedin.com",
      utm_source: "linkedin",
      utm_medium: "social",
      utm_campaign: "spring-webinar",
      utm_term: "timesheets",
      utm_content: "carousel-2",
    },
  ],
];

function pageViews(source: LandingSource | undefined, withSource: boolean): Received<Collected>[] {
  const start = Date.UTC(2026, 2, 1);
  return Array.from({ length: rows }, (_, i) => ({
    type: "pageview" as const,
    uid: `00000000-0000-4000-8000-${String(i % 20_000).padStart(12, "0")}`,
    page: ["home", "features", "features-billing", "contact"][i % 4],
    title: "Features | Tallyway",
    receivedAt: new Date(start + i * 1000).toISOString(),
    ...(withSource && source && { source }),
  }));
}

const before = migrations.filter((m) => m.id !== "0110-landing-source");
const beforePg = postgresMigrations.filter((m) => m.id !== "0110-landing-source");

/** Bytes of analytics_events and its indexes on SQLite, per row. */
async function sqliteBytes(withMigration: boolean, source: LandingSource | undefined) {
  const db: SqliteDatabase = openDatabase(
    path.join(mkdtempSync(path.join(tmpdir(), "attribution-storage-")), "site.sqlite"),
    withMigration ? migrations : before,
  );
  const events = pageViews(source, withMigration);
  if (withMigration) await sqlMeasurementStore(sqliteQueries(db)).addEvents(events);
  else {
    const insert = db.prepare(
      "INSERT INTO analytics_events (received_at, type, uid, page, title) VALUES (?, ?, ?, ?, ?)",
    );
    db.exec("BEGIN");
    for (const e of events) insert.run(e.receivedAt, e.type, e.uid, e.page, (e as { title: string }).title);
    db.exec("COMMIT");
  }
  db.exec("VACUUM");
  const bytesOf = (names: string) =>
    (db.prepare(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE ${names}`).get() as { bytes: number }).bytes / rows;
  const sizes = {
    total: bytesOf("name = 'analytics_events' OR name LIKE 'analytics_events_%'"),
    table: bytesOf("name = 'analytics_events'"),
    visitorIndex: bytesOf("name = 'analytics_events_visitor'") || 0,
  };
  db.close();
  return sizes;
}

async function postgresBytes(
  databaseUrl: string,
  withMigration: boolean,
  source: LandingSource | undefined,
): Promise<number> {
  const { pool } = await openPostgres(databaseUrl, { migrations: withMigration ? postgresMigrations : beforePg });
  try {
    const events = pageViews(source, withMigration);
    if (withMigration)
      for (let i = 0; i < rows; i += 5000)
        await sqlMeasurementStore(postgresQueries(pool)).addEvents(events.slice(i, i + 5000));
    else
      for (let i = 0; i < rows; i += 5000) {
        const batch = events.slice(i, i + 5000);
        await pool.query(
          `INSERT INTO analytics_events (received_at, type, uid, page, title) SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[])`,
          [
            batch.map((e) => e.receivedAt),
            batch.map((e) => e.type),
            batch.map((e) => e.uid),
            batch.map((e) => e.page),
            batch.map(() => "Features | Tallyway"),
          ],
        );
      }
    await pool.query("VACUUM FULL ANALYZE analytics_events");
    const { rows: result } = await pool.query<{ bytes: string }>(
      "SELECT pg_total_relation_size('analytics_events') AS bytes",
    );
    return Number(result[0].bytes) / rows;
  } finally {
    await pool.end();
  }
}

const postgres = await testPostgres();
const lines: string[] = [];
try {
  for (const [kind, source] of kinds) {
    const sqliteBefore = await sqliteBytes(false, source);
    const sqliteAfter = await sqliteBytes(true, source);
    const pgBefore = await postgresBytes(await postgres.databaseUrl(), false, source);
    const pgAfter = await postgresBytes(await postgres.databaseUrl(), true, source);
    const row = (b: number, a: number) => `${b.toFixed(1)} → ${a.toFixed(1)} (+${(a - b).toFixed(1)})`;
    lines.push(
      `| ${kind} | ${row(sqliteBefore.total, sqliteAfter.total)} | +${(sqliteAfter.table - sqliteBefore.table).toFixed(1)} | ${sqliteAfter.visitorIndex.toFixed(1)} | ${row(pgBefore, pgAfter)} |`,
    );
    console.log(kind, sqliteBefore, sqliteAfter, pgBefore, pgAfter);
  }
} finally {
  await postgres.stop();
}

const report = `# Storage added per page view by attribution (issue 21)

${provenance()}

${rows.toLocaleString("en-US")} page views written through the measurement store, with and without migration
0110 (seven nullable source columns on \`analytics_events\`, and the partial index
\`analytics_events_visitor (uid) WHERE type = 'pageview'\` that finds a lead's visits).
Bytes per row of \`analytics_events\` with all its indexes, after VACUUM: SQLite from \`dbstat\`,
PostgreSQL 15 from \`pg_total_relation_size\`. Each row carries a 36-character visitor id, a page
name and a title, as the collector writes them. \`npm run bench:attribution-storage\`.

| row | SQLite bytes/row: before → after | of which the table's columns | of which the visitor index | PostgreSQL bytes/row: before → after |
| --- | --- | --- | --- | --- |
${lines.join("\n")}

Most rows are ordinary page views, events and vitals: only the first page view of a page load
carries a source, and the seeded month has about one landing per two page views.
`;
writeFileSync("bench/results/attribution-storage.md", report);
console.log(report);
