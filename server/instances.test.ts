// Several server instances on one PostgreSQL and one Redis, as behind a load balancer: real
// server processes (tests/support/server.ts), a real PostgreSQL cluster and redis-server
// (tests/support/services.ts) and a real SMTP peer. The fault test kills one instance with
// SIGKILL in the middle of a stream of leads and restarts it; then every lead answered with
// success must be stored exactly once and every notification must reach the SMTP peer, a
// resend carrying the same Message-ID. Then: the per-IP limit is one limit across instances,
// a confirm link made by one instance works on the other, the newsletter secret is never made
// per instance, /healthz reports the services, and an outage answers errors, never success.
import { execFileSync } from "node:child_process";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureBuild, waitFor as waitUntil } from "../tests/support/app.ts";
import { spawnServer, startServer, type RunningServer } from "../tests/support/server.ts";
import { smtpPeer, type Received } from "../tests/support/smtp-peer.ts";
import { startPostgres, startRedis, testPostgres, testRedis, type Service } from "../tests/support/services.ts";
import { openEngine } from "./db/engine.ts";

// Safety nets, not expectations: every wait below is for a condition. On two cores under
// `stress-ng --cpu 4` and other work (load 10-16) a server start takes up to half a minute and a
// test several times its idle duration, so the limits are generous.
const slowMs = 300_000;
const waitFor = <T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 120_000,
  what = "it",
) => waitUntil(check, timeoutMs, what);

let postgres: Awaited<ReturnType<typeof testPostgres>>;
let redis: Service;
let peer: ReturnType<typeof smtpPeer>;
let smtpUrl: string;
const buildDir = fixtureBuild();
const servers: RunningServer[] = [];
const clients: { end(): Promise<unknown> }[] = [];

beforeAll(async () => {
  [postgres, redis] = await Promise.all([testPostgres(), testRedis()]);
  // 250 only 40 ms after the data: a sender killed in between resends with the same Message-ID.
  peer = smtpPeer(0, { replyDelayMs: 40, maxClients: 200 });
  smtpUrl = `smtp://127.0.0.1:${await peer.listening}`;
}, slowMs);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const client of clients) await client.end().catch(() => {});
  await peer?.close();
  await redis?.stop();
  await postgres?.stop();
}, slowMs);

/** An instance on the shared services; no NEWSLETTER_SECRET: it must come from the database. */
async function instance(env: Record<string, string> = {}) {
  const server = await startServer({
    BUILD_DIR: buildDir,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    SMTP_URL: smtpUrl,
    MAIL_LEASE_SECONDS: "2",
    MAIL_RATE_PER_SECOND: "1000",
    RATE_LIMIT_PER_MINUTE: "100000",
    QUESTIONS_PER_NETWORK_PER_HOUR: "100000",
    ...env,
  });
  servers.push(server);
  return server;
}

async function database(url = postgres.url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

async function redisClient(url = redis.url) {
  const client = new Redis(url);
  clients.push({ end: () => client.quit() });
  return client;
}

describe("two instances on one PostgreSQL and one Redis", () => {
  it(
    "keeps every lead answered with success exactly once and mails each, when one instance is killed mid-stream and restarted",
    async () => {
      // Rate-limit counts expire with their one-minute window; Redis's command counts do not.
      const limits = await redisClient();
      await limits.config("RESETSTAT");
      const a = await instance();
      let b = await instance();
      const urls = [a.url, b.url];
      const acknowledged: string[] = [];
      const answeredBy = [0, 0];
      let failed = 0;
      let sent = 0;
      let restarted = false;
      let answeredAfterRestart = 0;
      // The stream runs until the restarted instance has answered leads, however long its start
      // takes on this machine: a count of requests could all be spent before it is back.
      const enoughAfterRestart = 20;
      let deadline = Infinity;
      const done = () => (restarted && answeredAfterRestart >= enoughAfterRestart) || Date.now() > deadline;

      const worker = async () => {
        while (!done()) {
          const n = sent++;
          const target = n % 2;
          const email = `fault${n}@example.com`;
          try {
            const response = await fetch(
              `${urls[target]}/contactUs?email=${email}&name=Visitor%20${n}&details=Question%20${n}`,
            );
            const body = (await response.json()) as { message?: string };
            if (response.status === 200 && body.message) {
              acknowledged.push(email);
              answeredBy[target]++;
              if (target === 1 && restarted) answeredAfterRestart++;
            } else failed++;
          } catch {
            // The connection died with the instance, or nothing listens: no answer, no promise made.
            failed++;
          }
          // A steady stream, not a flood: it must still be going when the instance is back.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const stream = Promise.all(Array.from({ length: 8 }, worker));
      // Kill the second instance once 100 leads were answered, with requests in flight; restart it
      // only after a request to it has failed, so the test always covers the instance being down.
      await waitFor(() => acknowledged.length >= 100, slowMs, "100 leads answered");
      const killedAt = acknowledged.length;
      b.child.kill("SIGKILL");
      await b.exited;
      await waitFor(() => failed > 0, slowMs, "a request to the killed instance to fail");
      b = await instance();
      urls[1] = b.url;
      restarted = true;
      deadline = Date.now() + slowMs;
      await stream;
      expect(
        answeredAfterRestart,
        "leads answered by the restarted instance before the time limit",
      ).toBeGreaterThanOrEqual(enoughAfterRestart);

      const db = await database();
      const stored = (
        await db.query<{ id: number; email: string }>("SELECT id::int AS id, email FROM leads ORDER BY id")
      ).rows;
      const storedCount = new Map<string, number>();
      for (const row of stored) storedCount.set(row.email, (storedCount.get(row.email) ?? 0) + 1);
      // Every lead answered with success is stored, exactly once; nothing is stored twice.
      expect(acknowledged.filter((email) => storedCount.get(email) !== 1)).toEqual([]);
      expect([...storedCount.values()].every((count) => count === 1)).toBe(true);
      expect(failed).toBeGreaterThan(0);

      // Every stored lead's notification reaches the peer: at least once, a resend with the same Message-ID.
      await waitFor(
        async () => {
          const { rows } = await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL",
          );
          return rows[0].n === 0;
        },
        slowMs,
        "every mail delivered",
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mailsOf = new Map<number, Received[]>();
      for (const mail of peer.received) {
        const id = Number(/^Lead (\d+):/.exec(mail.subject)?.[1]);
        if (id) mailsOf.set(id, [...(mailsOf.get(id) ?? []), mail]);
      }
      const lost = stored.filter((lead) => !mailsOf.has(lead.id));
      expect(lost).toEqual([]);
      expect(mailsOf.size).toBe(stored.length);
      const duplicated = [...mailsOf.values()].filter((mails) => mails.length > 1);
      for (const mails of duplicated) expect(new Set(mails.map((m) => m.messageId)).size).toBe(1);
      expect(new Set([...mailsOf.values()].map((mails) => mails[0].messageId)).size).toBe(stored.length);

      // Both instances count in Redis: every request that reached either ran the limit's script
      // there (a stream longer than a minute outlives the counts themselves).
      const stats = (await limits.info("commandstats")) as string;
      const counted = [...stats.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gm)].reduce(
        (sum, m) => sum + Number(m[1]),
        0,
      );
      expect(counted).toBeGreaterThanOrEqual(acknowledged.length);

      const figures = {
        leadsSent: sent,
        answeredWithSuccess: acknowledged.length,
        answeredByInstance: answeredBy,
        notAnswered: failed,
        killedAfterAnswers: killedAt,
        answeredByRestartedInstance: answeredAfterRestart,
        stored: stored.length,
        storedTwice: [...storedCount.values()].filter((count) => count > 1).length,
        mailsReceived: [...mailsOf.values()].reduce((sum, mails) => sum + mails.length, 0),
        leadsWithDuplicateMail: duplicated.length,
        mailsLost: lost.length,
        rateLimitCountInRedis: counted,
      };
      console.log(`fault test: ${JSON.stringify(figures)}`);
    },
    3 * slowMs,
  );

  it(
    "holds the per-IP limit across both instances: a limit of 5 allows 5 in all, not 5 each",
    async () => {
      const limits = await redisClient();
      await limits.flushdb();
      const [a, b] = await Promise.all([
        instance({ RATE_LIMIT_PER_MINUTE: "5" }),
        instance({ RATE_LIMIT_PER_MINUTE: "5" }),
      ]);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await fetch(`${[a, b][i % 2].url}/contactUs?email=limit${i}@example.com&details=Q`);
        statuses.push(response.status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      await limits.flushdb();
    },
    slowMs,
  );

  it(
    "confirms a subscription on one instance with the link the other mailed, and both use one secret from the database",
    async () => {
      const [a, b] = await Promise.all([instance(), instance()]);
      const email = "cross@example.com";
      const subscribe = await fetch(`${a.url}/mailingList?list=tallyway.example&what=subscribe&email=${email}`);
      expect(subscribe.status).toBe(200);
      const mail = await waitFor(() => peer.received.find((m) => m.to === email), slowMs, "the confirmation mail");
      const unfolded = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const token = /\/mailingList\/confirm\?token=([\w.-]+)/.exec(unfolded)?.[1];
      expect(token).toBeTruthy();
      // The link opens a page with a button on the other instance, and its button confirms there.
      const page = await fetch(`${b.url}/mailingList/confirm?token=${token}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Confirm subscription");
      const confirm = await fetch(`${b.url}/mailingList/confirm`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: token! }).toString(),
      });
      expect(confirm.status).toBe(200);
      expect(await confirm.text()).toContain("You are subscribed");
      const db = await database();
      expect((await db.query("SELECT status FROM subscribers WHERE email = $1", [email])).rows).toEqual([
        { status: "subscribed" },
      ]);
      expect((await db.query("SELECT count(*)::int AS n FROM settings WHERE name = 'newsletter_secret'")).rows).toEqual(
        [{ n: 1 }],
      );
    },
    slowMs,
  );

  it(
    "reports the database and Redis on /healthz",
    async () => {
      const a = await instance();
      const health = await fetch(`${a.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "ok", redis: "ok" });
    },
    slowMs,
  );

  it(
    "runs npm run leads, subscribers and stats on PostgreSQL",
    async () => {
      const env = { ...process.env, DATABASE_URL: postgres.url, DATA_DIR: "/nonexistent" };
      const run = (...args: string[]) => execFileSync(process.execPath, args, { env }).toString();
      const leads = run("server/cli/export.ts", "leads", "--since", "2000-01-01");
      expect(leads.split("\r\n")[0]).toMatch(/^id,created_at,domain,type,name,email,subject,details,first_source,/);
      expect(leads).toMatch(
        /^\d+,\d{4}-\d\d-\d\dT[\d:.]+Z,www\.tallyway\.example,Lead,Visitor 0,fault0@example\.com,/m,
      );
      expect(run("server/cli/export.ts", "subscribers")).toMatch(
        /^\d+,tallyway\.example,cross@example\.com,,,subscribed,/m,
      );
      const report = JSON.parse(run("server/cli/stats.ts", "--format", "json", "--days", "1")) as {
        daily: { leads: number }[];
      };
      const db = await database();
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM leads");
      expect(report.daily.reduce((sum, d) => sum + d.leads, 0)).toBe(rows[0].n);
    },
    slowMs,
  );
});

describe("the newsletter secret with several instances", () => {
  it(
    "refuses to start with DATABASE_URL when neither NEWSLETTER_SECRET nor the database can give one",
    async () => {
      const url = await postgres.databaseUrl();
      await openEngine({ dataDir: "", databaseUrl: url }).then((engine) => engine.close());
      // A database user who may read the tables but not write the settings.
      const admin = await database(url);
      const role = `reader_${Date.now()}`;
      await admin.query(`CREATE ROLE ${role} LOGIN`);
      await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
      const readerUrl = new URL(url);
      readerUrl.username = role;
      const server = spawnServer({ BUILD_DIR: buildDir, DATABASE_URL: readerUrl.toString() });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(
        /No newsletter secret: NEWSLETTER_SECRET is not set and the shared database \(DATABASE_URL\) could not give one/,
      );
      // With NEWSLETTER_SECRET it starts on the same database, and /healthz says that this user
      // cannot write a lead (its write probe is refused).
      const withSecret = await startServer({
        BUILD_DIR: buildDir,
        DATABASE_URL: readerUrl.toString(),
        NEWSLETTER_SECRET: "s".repeat(32),
      });
      servers.push(withSecret);
      const health = await fetch(`${withSecret.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({
        status: "unavailable",
        database: "error: permission denied for table settings",
      });
    },
    slowMs,
  );

  it(
    "refuses to start when DATABASE_URL or REDIS_URL cannot be reached, saying which",
    async () => {
      const noDatabase = spawnServer({ BUILD_DIR: buildDir, DATABASE_URL: "postgres://postgres@127.0.0.1:1/none" });
      expect(await noDatabase.exited).toBe(1);
      expect(noDatabase.output()).toMatch(
        /Cannot use the database at DATABASE_URL \(PostgreSQL 127\.0\.0\.1:1\/none\): ECONNREFUSED/,
      );
      const noRedis = spawnServer({
        BUILD_DIR: buildDir,
        DATABASE_URL: postgres.url,
        REDIS_URL: "redis://127.0.0.1:1",
      });
      expect(await noRedis.exited).toBe(1);
      expect(noRedis.output()).toMatch(/Cannot reach Redis 127\.0\.0\.1:1 at REDIS_URL \(ECONNREFUSED\)/);
    },
    slowMs,
  );
});

describe("an instance whose services go away", () => {
  it(
    "answers leads with an error, never a false success, and /healthz 503, while PostgreSQL or Redis is down",
    async () => {
      const [ownPostgres, ownRedis] = await Promise.all([startPostgres(), startRedis()]);
      try {
        const server = await instance({ DATABASE_URL: ownPostgres.url, REDIS_URL: ownRedis.url });
        const lead = (n: number) => fetch(`${server.url}/contactUs?email=down${n}@example.com&details=Q`);
        expect((await lead(1)).status).toBe(200);
        const db = await database(ownPostgres.url);
        expect((await db.query("SELECT email FROM leads")).rows).toEqual([{ email: "down1@example.com" }]);
        await db.end();

        /** Lead `n` is answered with an error, and /healthz 503 with what it says of the services. */
        const expectRefused = async (n: number, services: { database: unknown; redis: unknown }) => {
          const answer = await lead(n);
          expect(answer.status).toBe(500);
          expect(await answer.json()).toEqual({ error: expect.stringMatching(/went wrong/) });
          const health = await fetch(`${server.url}/healthz`);
          expect(health.status).toBe(503);
          expect(await health.json()).toEqual({ status: "unavailable", ...services });
        };

        // PostgreSQL gone (Redis still there): the lead is answered with an error.
        await ownPostgres.stop();
        await expectRefused(2, { database: expect.stringMatching(/^error: /), redis: "ok" });

        // Redis gone too: the rate limit cannot be counted, so the lead is refused before it is read.
        await ownRedis.stop();
        await expectRefused(3, {
          database: expect.stringMatching(/^error: /),
          redis: expect.stringMatching(/^error: /),
        });
      } finally {
        await ownRedis.stop().catch(() => {});
        await ownPostgres.stop().catch(() => {});
      }
    },
    slowMs,
  );
});
