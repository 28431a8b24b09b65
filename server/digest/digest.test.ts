// The weekly digest: ISO weeks, figures that match the rows of each week (counted here with
// SQL, not through the report), one digest per week across two instances and restarts on one
// database, and the mail the real SMTP peer receives.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, describe, expect, it } from "vitest";
import { testApp, waitFor } from "../../tests/support/app.ts";
import { smtpPeer } from "../../tests/support/smtp-peer.ts";
import { seedUsage } from "../../tests/support/usage-data.ts";
import { databaseFile, openDatabase, type SqliteDatabase } from "../db/database.ts";
import { openStores } from "../stores.ts";
import { loadSiteConfig } from "#common/site.ts";
import { change, isoWeek, queueWeeklyDigest, weekStart, weeklyDigest } from "./digest.ts";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const seeded = (now: Date) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "digest-"));
  const db = openDatabase(databaseFile(dataDir));
  seedUsage(db, { now, days: 30 });
  cleanups.push(() => db.close());
  return { dataDir, db };
};
const count = (db: SqliteDatabase, table: string, from: string, to: string) =>
  (
    db.prepare(`SELECT count(*) AS n FROM ${table} WHERE created_at >= ? AND created_at < ?`).get(from, to) as {
      n: number;
    }
  ).n;

describe("weeks", () => {
  it("are ISO weeks starting Monday 00:00 UTC", () => {
    expect(weekStart(new Date("2026-11-24T06:00:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(weekStart(new Date("2026-11-22T23:59:59Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(isoWeek(new Date("2026-11-24T06:00:00Z"))).toBe("2026-W48");
    expect(isoWeek(new Date("2021-01-03T12:00:00Z"))).toBe("2020-W53");
    expect(isoWeek(new Date("2024-12-30T00:00:00Z"))).toBe("2025-W01");
    expect([change(12, 10), change(9, 10), change(3, 0), change(0, 0), change(10, 10)]).toEqual([
      "+20%",
      "-10%",
      "new",
      "±0%",
      "±0%",
    ]);
  });
});

// Seeding a month and building the report takes seconds on a busy machine.
describe("the weekly digest (issue 21)", { timeout: 30_000 }, () => {
  const now = new Date("2026-11-24T06:00:00Z");

  it("counts last week's and the week before's leads and sign-ups as the rows say", async () => {
    const { dataDir, db } = seeded(now);
    const stores = await openStores({ dataDir });
    cleanups.push(() => stores.close());
    const digest = await weeklyDigest(stores, now);
    expect(digest).toMatchObject({ week: "2026-W47", from: "2026-11-16", to: "2026-11-22" });
    expect(digest.lastWeek.leads).toBe(count(db, "leads", "2026-11-16", "2026-11-23"));
    expect(digest.weekBefore.leads).toBe(count(db, "leads", "2026-11-09", "2026-11-16"));
    expect(digest.lastWeek.subscribers).toBe(count(db, "subscribers", "2026-11-16", "2026-11-23"));
    const views = (from: string, to: string) =>
      (
        db
          .prepare(
            "SELECT count(*) AS n FROM analytics_events WHERE type = 'pageview' AND received_at >= ? AND received_at < ?",
          )
          .get(from, to) as {
          n: number;
        }
      ).n;
    expect(digest.lastWeek.pageViews).toBe(views("2026-11-16", "2026-11-23"));
    expect(digest.lastWeek.pageViews).toBeGreaterThan(0);
    expect(digest.topPages.length).toBeGreaterThan(0);
    expect(digest.topSources.map((row) => row.source)).toContain("newsletter");
    expect(digest.topCampaigns.map((row) => row.campaign)).toContain("autumn");
  });

  it("is queued once a week, whatever the number of instances and runs", async () => {
    const { dataDir, db } = seeded(now);
    const site = loadSiteConfig({});
    const [one, two] = [await openStores({ dataDir }), await openStores({ dataDir })];
    cleanups.push(
      () => one.close(),
      () => two.close(),
    );
    const queue = (stores: typeof one, at: Date) =>
      queueWeeklyDigest({ store: stores.outbox, sources: stores, site, to: "sales@tallyway.example" }, at);
    expect((await Promise.all([queue(one, now), queue(two, now)])).sort()).toEqual([false, true]);
    // A later run in the same week, on either instance.
    expect(await queue(two, new Date("2026-11-27T10:00:00Z"))).toBe(false);
    expect(db.prepare("SELECT once_key, channel FROM outbox WHERE once_key IS NOT NULL").all()).toEqual([
      { once_key: "digest:2026-W47", channel: "mail" },
    ]);
    // The next week gets its own.
    expect(await queue(one, new Date("2026-11-30T01:00:00Z"))).toBe(true);
  });

  it("queues nothing for a site with two empty weeks", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "digest-empty-"));
    const stores = await openStores({ dataDir });
    cleanups.push(() => stores.close());
    const site = loadSiteConfig({});
    expect(
      await queueWeeklyDigest({ store: stores.outbox, sources: stores, site, to: "sales@tallyway.example" }, now),
    ).toBe(false);
  });

  // The digest's clock is fixed (DigestOptions.now) and the month seeded up to it: the figures,
  // and which campaign leads, change with the day of the week. Past dates: the outbox sends
  // what is due by the real clock, and keeps the seeded month past measurement's retention.
  it.each([
    ["a Monday just after midnight", "2026-03-02T00:30:00Z"],
    ["a Wednesday", "2026-03-04T12:00:00Z"],
    ["a Friday", "2026-03-06T09:00:00Z"],
    ["a Sunday night", "2026-03-08T23:30:00Z"],
  ])("reaches the sales address once from two running instances, on %s", async (_, date) => {
    const at = new Date(date);
    const { dataDir } = seeded(at);
    const peer = smtpPeer();
    const port = await peer.listening;
    cleanups.push(peer.close);
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DIGEST_TO: "team@tallyway.example",
      MEASURE_RETENTION_DAYS: "36500",
    };
    const clock = { digest: { now: () => at } };
    const first = await testApp(env, {}, clock);
    const second = await testApp(env, {}, clock);
    cleanups.push(
      () => first.app.close(),
      () => second.app.close(),
    );
    const digest = await waitFor(() => peer.received.find((mail) => mail.to === "team@tallyway.example"));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.received.filter((mail) => mail.to === "team@tallyway.example")).toHaveLength(1);
    expect(digest.subject).toMatch(/^Tallyway week \d\d: \d+ leads, \d+ sign-ups$/);
    const { text, html } = await simpleParser(digest.raw);
    expect(text).toContain("https://www.tallyway.example/admin");
    expect(html).toContain('<a href="https://www.tallyway.example/admin">');
    expect(text).toMatch(/^Leads: \d+ \(\d+, (new|[+-]\d+%|±0%)\)$/m);
    // A source's name may hold spaces and brackets ("Google (paid)").
    expect(text).toMatch(/^Top campaigns \(visits\):\n {2}\S+ \(.+\): \d+$/m);
    const [top] = (await weeklyDigest(first.app.stores, at)).topCampaigns;
    expect(text).toContain(`Top campaigns (visits):\n  ${top.campaign} (${top.source}): ${top.visits}\n`);
  });

  it("is off when DIGEST_TO is empty", async () => {
    const { dataDir } = seeded(now);
    const { app, db } = await testApp({ DATA_DIR: dataDir, DIGEST_TO: "" }, {}, { digest: { now: () => now } });
    cleanups.push(() => app.close());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(db.prepare("SELECT count(*) AS n FROM outbox WHERE once_key IS NOT NULL").get()).toEqual({ n: 0 });
  });
});
