/**
 * `npm run bench:rum`: requests per second and latency of the RUM pixel endpoint on loopback.
 * Starts the real server (node server/main.ts) as its own process with the rate limit raised
 * and a fresh database, drives it with autocannon for DURATION seconds (default 10) over
 * CONNECTIONS connections (default 50), checks that every beacon reached the database, and
 * writes bench/results/rum.md. Needs a build (npm run build).
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { databaseFile, openDatabase } from "../server/db/database.ts";
import { startServer } from "../tests/support/server.ts";

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);

const loadAverage = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(" / ");
const server = await startServer({ MEASURE_RATE_LIMIT: "100000000" });

const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";
const result = await autocannon({
  url: `${server.url}/rum/tallyway/features-billing.png?u=${uid}&l=home&d=12&t=340`,
  connections,
  duration,
});
await server.stop(); // the server flushes its queue before it exits

const db = openDatabase(databaseFile(server.dataDir));
const stored = (db.prepare("SELECT count(*) AS n FROM rum_beacons").get() as { n: number }).n;
db.close();

const ok = result["2xx"];
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"]).toString().trim();
const cpu = os.cpus();
const report = `# RUM pixel benchmark

\`GET /rum/tallyway/features-billing.png?u=…&l=home&d=12&t=340\` against the real server
(\`node server/main.ts\`, its own process) on loopback, driven by autocannon in this process
(both share the machine's cores), rate limit raised (\`MEASURE_RATE_LIMIT\`), fresh database.
Run with \`npm run bench:rum\` after \`npm run build\`.

| | |
| --- | --- |
| date | ${new Date().toISOString()} |
| commit | ${commit} |
| machine | ${cpu.length} cores, ${cpu[0]?.model ?? "unknown CPU"}, Node ${process.version} |
| load | ${connections} connections for ${duration} s |
| machine load average (1/5/15 min) at start | ${loadAverage} — other work on the machine lowers the figures |
| requests/s (mean) | ${Math.round(result.requests.average)} |
| latency p50 / p99 / max | ${result.latency.p50} ms / ${result.latency.p99} ms / ${result.latency.max} ms |
| responses | ${ok} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts |
| beacons in the database | ${stored} (≥ the ${ok} answered in the window; requests in flight at the end are stored too) |
`;
writeFileSync(path.resolve("bench/results/rum.md"), report);
console.log(report);
if (result.non2xx || result.errors || stored < ok) process.exitCode = 1;
