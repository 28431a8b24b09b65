/**
 * The outbox against a real SMTP peer (smtp-server in a process of its own on loopback): the
 * real server process (server/main.ts) starts with 10,000 confirmation mails already queued,
 * as after a flood of sign-ups, and sends them. Measures mails per second for 1, 4 and 8 pool
 * connections (MAIL_RATE_PER_SECOND out of the way), and how late a real lead's notification
 * to sales (GET /contactUs, sent once the flood is being delivered) arrives behind them, at
 * the default rate (20 per second) and unpaced. Writes bench/results/outbox.md.
 *   npm run bench:outbox [-- --mails 10000]
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fixtureBuild } from "../tests/support/app.ts";
import { startServer } from "../tests/support/server.ts";
import { databaseFile, openDatabase } from "../server/db/database.ts";
import { sqliteQueries } from "../server/db/query.ts";
import { queueEntries } from "../server/outbox/outbox-row.ts";
import { confirmationMail, startSmtpSink, until } from "./lib/outbox-flood.ts";
import { median, provenance } from "./lib/results.ts";

const { values } = parseArgs({
  options: { mails: { type: "string", default: "10000" }, rounds: { type: "string", default: "2" } },
});
const queued = Number(values.mails);
const rounds = Number(values.rounds);
const buildDir = fixtureBuild();
const sales = "sales@tallyway.example";

/** A DATA_DIR whose outbox holds `count` confirmation mails, queued before the server starts. */
async function floodedDataDir(count: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-outbox-"));
  const db = openDatabase(databaseFile(dataDir));
  // In slices: one statement's parameters are limited on SQLite.
  for (let i = 0; i < count; i += 1000)
    await queueEntries(
      sqliteQueries(db),
      Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
        entry: confirmationMail(i + j),
        now: new Date(),
      })),
    );
  db.close();
  return dataDir;
}

/** Starts a server on a flooded outbox; sends a lead once `leadAfter` mails have arrived; waits for `waitFor` mails. */
async function run(env: Record<string, string>, { leadAfter, waitFor }: { leadAfter?: number; waitFor: number }) {
  const peer = await startSmtpSink();
  const server = await startServer({
    BUILD_DIR: buildDir,
    DATA_DIR: await floodedDataDir(queued),
    SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
    RATE_LIMIT_PER_MINUTE: "100000",
    QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
    ...env,
  });
  let lead: { sentAt: number; lateMs: number; behind: number } | undefined;
  try {
    if (leadAfter !== undefined) {
      await until(() => peer.arrivals.length >= leadAfter, 120_000);
      const sentAt = Date.now();
      const query = new URLSearchParams({ email: "ann@example.com", name: "Ann", details: "A real question" });
      const response = await fetch(`${server.url}/contactUs?${query}`);
      if (!response.ok) throw new Error(`lead answered ${response.status}`);
      await until(() => peer.arrivals.some((a) => a.to === sales), 600_000);
      const index = peer.arrivals.findIndex((a) => a.to === sales);
      lead = {
        sentAt,
        lateMs: peer.arrivals[index].at - sentAt,
        behind: index - peer.arrivals.filter((a) => a.at <= sentAt).length,
      };
    }
    await until(() => peer.arrivals.length >= waitFor, 600_000);
  } finally {
    await server.stop();
    peer.close();
  }
  const first = peer.arrivals[0].at;
  const last = peer.arrivals[waitFor - 1].at;
  return {
    perSecond: ((waitFor - 1) / (last - first)) * 1000,
    lead,
    duplicates: peer.arrivals.length - new Set(peer.arrivals.map((a) => a.messageId)).size,
  };
}

const unpaced = { MAIL_RATE_PER_SECOND: "100000" };
const throughput: string[] = [];
for (const connections of [1, 4, 8]) {
  const results = [];
  for (let round = 0; round < rounds; round++)
    results.push(await run({ ...unpaced, MAIL_CONNECTIONS: String(connections) }, { waitFor: queued }));
  const line = `| ${connections} | ${median(results.map((r) => r.perSecond)).toFixed(0)} | ${results.map((r) => r.perSecond.toFixed(0)).join(", ")} | ${results.reduce((n, r) => n + r.duplicates, 0)} |`;
  throughput.push(line);
  console.log(line);
}

const lateness: string[] = [];
for (const [label, env] of [
  ["default: 4 connections, 20 mails/s", {}],
  ["4 connections, unpaced", unpaced],
] as const) {
  const results = [];
  for (let round = 0; round < rounds; round++) {
    // The lead comes while the flood is being sent; at 20/s only a few hundred of the 10,000 go out meanwhile.
    const { lead, perSecond } = await run(env, { leadAfter: 200, waitFor: 201 });
    results.push({ ...lead!, perSecond });
  }
  const line = `| ${label} | ${median(results.map((r) => r.lateMs))} ms | ${results.map((r) => `${r.lateMs} ms (${r.behind} before it)`).join(", ")} | ${median(results.map((r) => r.perSecond)).toFixed(1)} |`;
  lateness.push(line);
  console.log(line);
}

const report = `# Outbox benchmark

${provenance()}
- setup: the real server process (\`node server/main.ts\`) on a fresh SQLite file with ${queued.toLocaleString("en")} confirmation mails queued before it starts; a real SMTP server (smtp-server, \`bench/lib/smtp-sink.ts\`) in a process of its own on loopback; median of ${rounds} runs
- command: \`npm run bench:outbox\`

## Mails per second to the SMTP peer (MAIL_RATE_PER_SECOND out of the way)

| MAIL_CONNECTIONS | mails/s (median) | runs | duplicates |
| --- | --- | --- | --- |
${throughput.join("\n")}

From the first accepted mail to the ${queued.toLocaleString("en")}th. Before the change the worker sent at most 50 mails every 5 s when nothing new came in (10 mails/s, one connection per mail).

## A real lead behind ${queued.toLocaleString("en")} queued confirmations

| outbox | lead's notification accepted by the SMTP peer after GET /contactUs (median) | runs (mails accepted after the lead's request, before its notification) | mails/s meanwhile (the pacing) |
| --- | --- | --- | --- |
${lateness.join("\n")}

The lead is sent once 200 of the confirmations have been accepted. Its notification is claimed
ahead of every confirmation (priority), so it waits only for the mails already claimed (at most
two per connection) and its turn at the rate. Before the change it was queued behind all of
them in id order: at 10 mails/s, about ${(queued / 10 / 60).toFixed(0)} minutes.
`;
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/outbox.md", report);
process.stdout.write(report);
