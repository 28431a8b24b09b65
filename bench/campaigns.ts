/**
 * Campaign sending against a real SMTP peer (smtp-server in a process of its own on loopback):
 * the real server process (server/main.ts) starts on a SQLite file holding confirmed
 * subscribers and a campaign due now; its sender queues the recipients in batches and the
 * outbox sends them. Measures mails per second at the default pace (MAIL_RATE_PER_SECOND 20)
 * and unpaced, and how late a real lead's notification to sales (GET /contactUs, sent while
 * the campaign goes out) arrives. Writes bench/results/campaigns.md.
 *   npm run bench:campaigns [-- --paced 400 --unpaced 5000 --rounds 2]
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fixtureBuild } from "../tests/support/app.ts";
import { startServer } from "../tests/support/server.ts";
import { databaseFile, openDatabase, transaction } from "../server/db/database.ts";
import { startSmtpSink, until } from "./lib/outbox-flood.ts";
import { median, provenance } from "./lib/results.ts";

const { values } = parseArgs({
  options: {
    paced: { type: "string", default: "400" },
    unpaced: { type: "string", default: "5000" },
    rounds: { type: "string", default: "2" },
  },
});
const rounds = Number(values.rounds);
const buildDir = fixtureBuild();
const sales = "sales@tallyway.example";

/** A DATA_DIR with `count` confirmed subscribers and one campaign due now. */
function campaignDataDir(count: number): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-campaigns-"));
  const db = openDatabase(databaseFile(dataDir));
  const at = new Date().toISOString();
  const insert = db.prepare(
    `INSERT INTO subscribers (list, email, email_key, first_name, last_name, status, created_at, updated_at, confirmed_at)
     VALUES ('tallyway.example', ?, ?, '', '', 'subscribed', ?, ?, ?)`,
  );
  transaction(db, () => {
    for (let i = 0; i < count; i++) insert.run(`reader${i}@example.com`, `reader${i}@example.com`, at, at, at);
    db.prepare(
      `INSERT INTO campaigns (subject, body, status, send_at, created_by, created_at, updated_by, updated_at)
       VALUES ('Bench news', ?, 'scheduled', ?, 'owner@example.com', ?, 'owner@example.com', ?)`,
    ).run(
      "## What is new\n\nA paragraph of **news**, and [a link](https://www.tallyway.example/features).\n",
      at,
      at,
      at,
    );
  });
  db.close();
  return dataDir;
}

/** One campaign of `count` recipients; a lead once `leadAfter` campaign mails have arrived. */
async function run(count: number, env: Record<string, string>, leadAfter?: number) {
  const peer = await startSmtpSink();
  const server = await startServer({
    BUILD_DIR: buildDir,
    DATA_DIR: campaignDataDir(count),
    SMTP_URL: `smtp://127.0.0.1:${peer.port}`,
    RATE_LIMIT_PER_MINUTE: "100000",
    QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
    ...env,
  });
  const campaignMails = () => peer.arrivals.filter((a) => a.to !== sales);
  let lead: { lateMs: number; behind: number } | undefined;
  try {
    if (leadAfter !== undefined) {
      await until(() => campaignMails().length >= leadAfter, 120_000);
      const sentAt = Date.now();
      const query = new URLSearchParams({ email: "ann@example.com", name: "Ann", details: "A real question" });
      const response = await fetch(`${server.url}/contactUs?${query}`);
      if (!response.ok) throw new Error(`lead answered ${response.status}`);
      await until(() => peer.arrivals.some((a) => a.to === sales), 600_000);
      const arrival = peer.arrivals.find((a) => a.to === sales)!;
      lead = {
        lateMs: arrival.at - sentAt,
        behind: campaignMails().filter((a) => a.at > sentAt && a.at < arrival.at).length,
      };
    }
    await until(() => campaignMails().length >= count, 900_000);
  } finally {
    await server.stop();
    peer.close();
  }
  const mails = campaignMails();
  return {
    perSecond: ((count - 1) / (mails[count - 1].at - mails[0].at)) * 1000,
    startMs: mails[0].at,
    lead,
    duplicates: mails.length - new Set(mails.map((a) => a.messageId)).size,
  };
}

const rows: string[] = [];
for (const [label, count, env] of [
  ["default: 4 connections, 20 mails/s", Number(values.paced), {}],
  ["4 connections, unpaced", Number(values.unpaced), { MAIL_RATE_PER_SECOND: "100000" }],
] as const) {
  const results = [];
  for (let round = 0; round < rounds; round++) results.push(await run(count, env, 100));
  const line = `| ${label} | ${count.toLocaleString("en")} | ${median(results.map((r) => r.perSecond)).toFixed(1)} | ${results.map((r) => r.perSecond.toFixed(1)).join(", ")} | ${median(results.map((r) => r.lead!.lateMs))} ms | ${results.map((r) => `${r.lead!.lateMs} ms (${r.lead!.behind} before it)`).join(", ")} | ${results.reduce((n, r) => n + r.duplicates, 0)} |`;
  rows.push(line);
  console.log(line);
}

const report = `# Campaign benchmark

${provenance()}
- setup: the real server process (\`node server/main.ts\`) on a fresh SQLite file with the confirmed subscribers and one campaign due now; its sender queues the recipients (batches of 200, one transaction each) and the outbox sends them to a real SMTP server (smtp-server, \`bench/lib/smtp-sink.ts\`) in a process of its own on loopback; median of ${rounds} runs
- command: \`npm run bench:campaigns\`

| outbox | recipients | campaign mails/s (median) | runs | lead's notification accepted after GET /contactUs (median) | runs (campaign mails accepted in between) | duplicates |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}

Mails per second from the first accepted campaign mail to the last. The lead is sent once 100
campaign mails have been accepted. Campaign mail is ranked below every other mail ("bulk"), so
the notification is claimed first: it waits only for the mails already claimed (at most two per
connection, fewer at the default rate) and its turn at the pace.
`;
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/campaigns.md", report);
process.stdout.write(report);
