/**
 * The faults of issue 25 against the real server, measured: pages (wrk) while another process
 * holds the SQLite write lock for 20 s and leads keep arriving, against the same without the
 * lock; and leads sent while the database file is deleted under the server (how many were
 * answered with success, how many of those were kept). Writes bench/results/durability.md.
 *   npm run bench:durability
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fixtureBuild } from "../tests/support/app.ts";
import { holdWriteLock } from "../tests/support/lock-holder.ts";
import { startServer, type RunningServer } from "../tests/support/server.ts";
import { databaseFile, openDatabase } from "../server/db/database.ts";
import { assertWrkInstalled, runWrk } from "./lib/wrk.ts";
import { provenance } from "./lib/results.ts";

assertWrkInstalled();
const env = { BUILD_DIR: fixtureBuild(), RATE_LIMIT_PER_MINUTE: "1000000", QUESTIONS_PER_NETWORK_PER_HOUR: "1000000" };
const seconds = 20;
let sent = 0;

/** Leads, one after another from `workers` loops, until `stop()`; counts answers by status. */
function leadStream(server: RunningServer, workers = 2) {
  const statuses: Record<number, number> = {};
  const acked: string[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const email = `bench${sent++}@example.com`;
      const response = await fetch(`${server.url}/contactUs?email=${email}&details=Q`).catch(() => undefined);
      if (!response) continue;
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 200) acked.push(email);
      await response.arrayBuffer();
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    statuses,
    acked,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const pages = async (server: RunningServer, locked: boolean) => {
  const holder = locked ? await holdWriteLock(databaseFile(server.dataDir)) : undefined;
  const leads = leadStream(server);
  const figures = await runWrk(`${server.url}/`, { connections: 10, seconds });
  await leads.stop();
  await holder?.release();
  return { figures, leads: leads.statuses };
};

const server = await startServer(env);
const free = await pages(server, false);
const locked = await pages(server, true);
await server.stop();

// The deleted-file window: leads flowing, the files removed, 3 more seconds of leads.
const victim = await startServer(env);
const before = leadStream(victim);
await new Promise((resolve) => setTimeout(resolve, 2000));
await before.stop();
const file = databaseFile(victim.dataDir);
for (const name of [file, `${file}-wal`, `${file}-shm`]) rmSync(name, { force: true });
const after = leadStream(victim);
await new Promise((resolve) => setTimeout(resolve, 3000));
await after.stop();
const health = (await (await fetch(`${victim.url}/healthz`)).json()) as Record<string, string>;
await victim.stop();
const again = await startServer({ ...env, DATA_DIR: victim.dataDir });
await again.stop();
const db = openDatabase(file);
const kept = new Set((db.prepare("SELECT email FROM leads").all() as { email: string }[]).map((row) => row.email));
db.close();

const row = (label: string, r: typeof free) =>
  `| ${label} | ${r.figures.rps.toFixed(0)} | ${r.figures.p50.toFixed(2)} ms | ${r.figures.p99.toFixed(2)} ms | ${r.figures.non2xx} | ${JSON.stringify(r.leads)} |`;
const report = `# Durability faults, measured

${provenance()}

\`npm run bench:durability\` (bench/durability.ts), the real server process on loopback.

## Pages while another process holds the write lock for ${seconds} s

wrk, 1 thread, 10 connections, ${seconds} s on \`/\`, while two loops send leads one after another
(DATABASE_LOCK_WAIT_MS at its default, 2000); with the lock, a child process holds \`BEGIN IMMEDIATE\`
on site.sqlite (tests/support/lock-holder.ts) for the whole run.

| run | requests/s | p50 | p99 | non-2xx pages | lead answers by status |
| --- | --- | --- | --- | --- | --- |
${row("no lock", free)}
${row(`lock held ${seconds} s`, locked)}

## Leads while the database file is deleted

Two loops sent leads for 2 s, then \`rm site.sqlite site.sqlite-wal site.sqlite-shm\`, then 3 s more.

| | leads | answered 200 | answered otherwise |
| --- | --- | --- | --- |
| before the rm | ${Object.values(before.statuses).reduce((a, b) => a + b, 0)} | ${before.acked.length} | ${JSON.stringify(Object.fromEntries(Object.entries(before.statuses).filter(([s]) => s !== "200")))} |
| after the rm | ${Object.values(after.statuses).reduce((a, b) => a + b, 0)} | ${after.acked.length} | ${JSON.stringify(Object.fromEntries(Object.entries(after.statuses).filter(([s]) => s !== "200")))} |

After the rm, /healthz said: \`${JSON.stringify(health)}\`. After a restart the database holds
${kept.size} leads: answered 200 after the rm and kept: ${after.acked.filter((e) => kept.has(e)).length} of ${after.acked.length}
(the ones before the rm went with the deleted file: restore a backup).
`;
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/durability.md", report);
console.log(report);
