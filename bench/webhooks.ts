/**
 * Webhooks through the outbox against a real HTTP receiver (node:http, in this process, on
 * loopback): the real server process (server/main.ts) starts with `--requests` webhook
 * deliveries already queued and sends them; measures deliveries per second unpaced and at the
 * default WEBHOOK_RATE_PER_SECOND, checks every one with the standardwebhooks verifier, and
 * counts duplicates. Then how late a real lead's webhook (GET /contactUs once the flood is
 * being sent) reaches the receiver behind `--mails` queued confirmation mails going to a real
 * SMTP server (bench/lib/smtp-sink.ts, its own process). Writes bench/results/webhooks.md.
 *   npm run bench:webhooks [-- --requests 5000 --mails 10000 --rounds 2]
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Webhook } from "standardwebhooks";
import { fixtureBuild } from "../tests/support/app.ts";
import { httpReceiver } from "../tests/support/http-receiver.ts";
import { startServer } from "../tests/support/server.ts";
import { databaseFile, openDatabase } from "../server/db/database.ts";
import { sqliteQueries } from "../server/db/query.ts";
import { createHandoff } from "../server/outbox/handoff.ts";
import { queueEntries } from "../server/outbox/outbox-row.ts";
import type { OutboxEntry } from "../server/outbox/outbox-store.ts";
import { confirmationMail, startSmtpSink, until } from "./lib/outbox-flood.ts";
import { median, provenance } from "./lib/results.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "5000" },
    mails: { type: "string", default: "10000" },
    rounds: { type: "string", default: "2" },
  },
});
const [requestCount, mailCount, rounds] = [Number(values.requests), Number(values.mails), Number(values.rounds)];
const buildDir = fixtureBuild();
const secret = `whsec_${randomBytes(32).toString("base64")}`;

/** A DATA_DIR whose outbox holds `webhooks` lead.created deliveries to `url` and `mails` confirmation mails. */
async function floodedDataDir(url: string, { webhooks = 0, mails = 0 }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-webhooks-"));
  const db = openDatabase(databaseFile(dataDir));
  const queued: { entry: OutboxEntry; now: Date; ref?: string }[] = [];
  const handoff = createHandoff({ webhooks: [{ url, secret }] });
  const now = new Date();
  {
    for (let i = 0; i < webhooks; i++) {
      const lead = {
        id: i + 1,
        createdAt: now.toISOString(),
        domain: "www.tallyway.example",
        type: "Lead",
        name: "Ann Lee",
      };
      for (const request of handoff.leadCreated(
        { ...lead, email: `lead${i}@example.com`, subject: "Pricing", details: "A question" },
        now,
      ))
        queued.push({ entry: request, now, ref: `lead:${i + 1}` });
    }
    for (let i = 0; i < mails; i++) queued.push({ entry: confirmationMail(i), now });
  }
  // In slices: one statement's parameters are limited on SQLite.
  for (let i = 0; i < queued.length; i += 1000) await queueEntries(sqliteQueries(db), queued.slice(i, i + 1000));
  db.close();
  return dataDir;
}

async function throughput(env: Record<string, string>, count: number) {
  const receiver = httpReceiver({ respond: () => 204 });
  const url = `http://127.0.0.1:${await receiver.listening}/hooks`;
  const server = await startServer({
    BUILD_DIR: buildDir,
    DATA_DIR: await floodedDataDir(url, { webhooks: count }),
    WEBHOOK_URL: url,
    WEBHOOK_SECRET: secret,
    ...env,
  });
  try {
    await until(() => receiver.received.length >= count, 600_000);
  } finally {
    await server.stop();
    await receiver.close();
  }
  const hook = new Webhook(secret);
  // Every one checked by the package's verifier (it throws on a bad signature or an old timestamp).
  for (const request of receiver.received) hook.verify(request.body, request.headers as Record<string, string>);
  const ids = receiver.received.map((request) => request.headers["webhook-id"]);
  return {
    perSecond: ((count - 1) / (receiver.received[count - 1].at - receiver.received[0].at)) * 1000,
    duplicates: ids.length - new Set(ids).size,
  };
}

async function leadBehindMails() {
  const receiver = httpReceiver({ respond: () => 204 });
  const url = `http://127.0.0.1:${await receiver.listening}/hooks`;
  const smtp = await startSmtpSink();
  const server = await startServer({
    BUILD_DIR: buildDir,
    DATA_DIR: await floodedDataDir(url, { mails: mailCount }),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    WEBHOOK_URL: url,
    WEBHOOK_SECRET: secret,
    RATE_LIMIT_PER_MINUTE: "100000",
    QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
  });
  try {
    await until(() => smtp.arrivals.length >= 200, 120_000);
    const sentAt = performance.now();
    const response = await fetch(
      `${server.url}/contactUs?${new URLSearchParams({ email: "ann@example.com", details: "A real question" })}`,
    );
    if (!response.ok) throw new Error(`lead answered ${response.status}`);
    await until(() => receiver.received.length >= 1, 600_000);
    const mailsSent = smtp.arrivals.length;
    new Webhook(secret).verify(receiver.received[0].body, receiver.received[0].headers as Record<string, string>);
    return { lateMs: Math.round(receiver.received[0].at - sentAt), mailsStillQueued: mailCount - mailsSent };
  } finally {
    await server.stop();
    smtp.close();
    await receiver.close();
  }
}

const rates: string[] = [];
for (const [label, env] of [
  ["unpaced (WEBHOOK_RATE_PER_SECOND=100000)", { WEBHOOK_RATE_PER_SECOND: "100000" }],
  ["default (20 per second)", {}],
] as const) {
  const count = label.startsWith("default") ? Math.min(requestCount, 200) : requestCount;
  const results = [];
  for (let round = 0; round < rounds; round++) results.push(await throughput(env, count));
  const line = `| ${label} | ${count.toLocaleString("en")} | ${median(results.map((r) => r.perSecond)).toFixed(1)} | ${results.map((r) => r.perSecond.toFixed(1)).join(", ")} | ${results.reduce((n, r) => n + r.duplicates, 0)} |`;
  rates.push(line);
  console.log(line);
}

const late = [];
for (let round = 0; round < rounds; round++) late.push(await leadBehindMails());
const lateLine = `| ${median(late.map((r) => r.lateMs))} ms | ${late.map((r) => `${r.lateMs} ms (${r.mailsStillQueued.toLocaleString("en")} mails still queued)`).join(", ")} |`;
console.log(lateLine);

const report = `# Webhook benchmark

${provenance()}
- setup: the real server process (\`node server/main.ts\`) on a fresh SQLite file whose outbox is filled before it starts; a real HTTP receiver (node:http, answering 204) in the benchmark's process on loopback; every delivery checked afterwards with the \`standardwebhooks\` verifier; the SMTP server for the second part is smtp-server in a process of its own; median of ${rounds} runs
- command: \`npm run bench:webhooks\`

## Webhook deliveries per second to a local receiver

| pacing | deliveries | deliveries/s (median) | runs | duplicate webhook-ids |
| --- | --- | --- | --- | --- |
${rates.join("\n")}

From the first delivery received to the last; the http worker sends over 4 concurrent requests,
signing each at its attempt (HMAC-SHA256). Every delivery verified.

## A lead's webhook behind ${mailCount.toLocaleString("en")} queued mails

| lead's webhook received after its GET /contactUs (median) | runs |
| --- | --- |
${lateLine}

The lead is sent once 200 of the ${mailCount.toLocaleString("en")} queued confirmations have been accepted by the SMTP
server (default mail settings: 4 connections, 20 mails/s). Webhooks are a channel of their
own (their own worker, claim and pace), so the mails still queued do not delay it.
`;
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/webhooks.md", report);
process.stdout.write(report);
