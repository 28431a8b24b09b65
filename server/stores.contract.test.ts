// One contract for the stores, run against both engines: SQLite (a file in a temporary data
// folder) and PostgreSQL (a throwaway cluster, tests/support/services.ts, or DATABASE_URL).
// Each test gets a fresh, empty database and two sets of stores on it through two connections
// (two pools), as two server instances would have them. The outbox and subscriber contracts
// of their features run here on PostgreSQL too; the lead, measurement and usage-reading
// contract and the two-writers cases are this file's.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pgDriver from "pg";
import { freePort, testPostgres } from "../tests/support/services.ts";
import { describeCampaignStoreContract } from "./campaigns/campaign-store.contract.ts";
import { describeSubscriberImportContract } from "./subscriber-import/import-store.contract.ts";
import { describeConsoleStoreContract } from "./console/console-store.contract.ts";
import { describeEraseContract } from "./privacy/erase.contract.ts";
import { describeContentStoreContract } from "./content/content-store.contract.ts";
import { migrate, openDatabase } from "./db/database.ts";
import { describeInputContract } from "./input.contract.ts";
import { describeUploadStoreContract } from "./uploads/upload-store.contract.ts";
import { openEngine } from "./db/engine.ts";
import { migrations as sqliteMigrations } from "./db/migrations.ts";
import { postgresMigrations } from "./db/migrations-postgres.ts";
import { migratePostgres } from "./db/postgres.ts";
import { postgresQueries } from "./db/query.ts";
import { postgresLeadWrites } from "./leads/group-commit-postgres.ts";
import { leadStore } from "./leads/lead-store.ts";
import { describeSubscriberStoreContract } from "./leads/subscriber-store.contract.ts";
import { outboxStoreContract } from "./outbox/outbox-store.contract.ts";
import { describeMeasurementRetentionContract } from "./measurement/measurement-store.contract.ts";
import { rollupRebuild } from "../tests/support/usage-rollups.ts";
import { describeUsageReportContract } from "./measurement/usage-report.contract.ts";
import { priorityOf, priorityRank, type OutgoingMail } from "./outbox/mail.ts";
import { createHandoff, noHandoff } from "./outbox/handoff.ts";
import { engineStores, storesOn, type Stores } from "./stores.ts";

interface Fixture {
  a: Stores;
  b: Stores;
  /** DATA_DIR: the SQLite file's folder; on PostgreSQL an empty one (where mail would go as .eml files). */
  dataDir: string;
  /** count(*) of a table, read through a connection of its own. */
  count(table: "leads" | "subscribers" | "outbox" | "rum_beacons" | "analytics_events"): Promise<number>;
  /** The queued mails, oldest first. */
  mails(): Promise<OutgoingMail[]>;
  close(): Promise<void>;
}

interface Engine {
  name: string;
  open(): Promise<Fixture>;
}

let postgres: Awaited<ReturnType<typeof testPostgres>> | undefined;
beforeAll(async () => {
  postgres = await testPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

const sqlite: Engine = {
  name: "SQLite",
  async open() {
    const dataDir = mkdtempSync(path.join(tmpdir(), "contract-"));
    const [a, b, reader] = await Promise.all(
      [1, 2, 3].map(() => openEngine({ dataDir, databaseUrl: "" }).then(storesOn)),
    );
    const db = reader.database.kind === "sqlite" ? reader.database.db : undefined;
    return {
      a,
      b,
      dataDir,
      count: async (table) => (db!.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
      mails: async () =>
        (
          db!.prepare("SELECT mail, priority FROM outbox ORDER BY id").all() as { mail: string; priority: number }[]
        ).map((row) => withPriority(JSON.parse(row.mail), row.priority)),
      close: async () => void (await Promise.all([a.close(), b.close(), reader.close()])),
    };
  },
};

/** A queued mail as it was added: its priority is kept in its own column, and said when not normal. */
const withPriority = (mail: OutgoingMail, rank: number): OutgoingMail =>
  rank === priorityRank.normal ? mail : { ...mail, priority: priorityOf(rank) };

const pg: Engine = {
  name: "PostgreSQL",
  async open() {
    const databaseUrl = await postgres!.databaseUrl();
    const [a, b, reader] = await Promise.all(
      [1, 2, 3].map(() => openEngine({ dataDir: "", databaseUrl }).then(storesOn)),
    );
    const pool = reader.database.kind === "postgres" ? reader.database.pool : undefined;
    // Both instances have a connection open, as running ones would: neither starts a race late.
    await Promise.all([a, b].map((stores) => stores.database.ping()));
    return {
      a,
      b,
      dataDir: mkdtempSync(path.join(tmpdir(), "contract-pg-")),
      count: async (table) => (await pool!.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n,
      mails: async () =>
        (
          await pool!.query<{ mail: OutgoingMail; priority: number }>("SELECT mail, priority FROM outbox ORDER BY id")
        ).rows.map((row) => withPriority(row.mail, row.priority)),
      close: async () => void (await Promise.all([a.close(), b.close(), reader.close()])),
    };
  },
};

const engines = [sqlite, pg];

const lead = (n: number) => ({
  domain: "www.tallyway.example",
  type: "Lead",
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: `Question ${n}`,
  details: `Line one\nline "two" of ${n} — ünïcode`,
});
const notification = (id: number): OutgoingMail => ({
  to: "sales@tallyway.example",
  subject: `Lead ${id}`,
  text: `lead ${id}`,
  html: "",
  priority: "high",
});
const t0 = new Date("2026-03-09T10:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe.each(engines)("stores on $name", (engine) => {
  const withFixture = (test: (f: Fixture) => Promise<void>) => async () => {
    const fixture = await engine.open();
    try {
      await test(fixture);
    } finally {
      await fixture.close();
    }
  };

  describe("LeadStore", () => {
    it(
      "stores a lead and queues its notification, built from the new id, in one transaction",
      withFixture(async (f) => {
        const { id } = await f.a.leads.addLead(lead(1), notification, t0);
        expect(id).toBeGreaterThan(0);
        // Committed when the promise resolves: another connection sees both rows.
        expect(await f.count("leads")).toBe(1);
        expect(await f.mails()).toEqual([notification(id)]);
        expect(await f.b.leads.leadsSince(new Date(0))).toEqual([
          { ...lead(1), id, createdAt: t0.toISOString(), attribution: { first: null, visit: null } },
        ]);
      }),
    );

    it(
      "keeps a lead's attribution (issue 21): the first visit's and this visit's source, campaign and landing page",
      withFixture(async (f) => {
        const attribution = {
          first: { source: "newsletter", campaign: "autumn", landing: "home" },
          visit: { source: "Google", campaign: null, landing: "features-billing" },
        };
        const { id } = await f.a.leads.addLead({ ...lead(1), attribution }, notification, t0);
        await f.a.leads.addLead(
          { ...lead(2), attribution: { first: attribution.first, visit: null } },
          notification,
          t0,
        );
        expect((await f.b.leads.leadsSince(new Date(0))).map((l) => [l.id === id, l.attribution])).toEqual([
          [true, attribution],
          [false, { first: attribution.first, visit: null }],
        ]);
      }),
    );

    it(
      "writes a burst of leads, each with its own id and mail, and lists them since a time in id order",
      withFixture(async (f) => {
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) => f.a.leads.addLead(lead(i), notification, at(i * 1000))),
        );
        const ids = results.map((r) => r.id);
        expect(new Set(ids).size).toBe(50);
        expect(await f.count("outbox")).toBe(50);
        const since = await f.b.leads.leadsSince(at(40_000));
        expect(since.map((l) => l.email)).toEqual(Array.from({ length: 10 }, (_, i) => `visitor${40 + i}@example.com`));
        expect(since.map((l) => l.id)).toEqual([...since.map((l) => l.id)].sort((x, y) => x - y));
        expect((await f.mails()).map((m) => m.subject).sort()).toEqual(ids.map((id) => `Lead ${id}`).sort());
      }),
    );

    it(
      "rejects only the lead whose mail cannot be built; the rest of its group is stored",
      withFixture(async (f) => {
        const broken = () => {
          throw new Error("no mail");
        };
        const results = await Promise.allSettled([
          f.a.leads.addLead(lead(1), notification, t0),
          f.a.leads.addLead(lead(2), broken, t0),
          f.a.leads.addLead(lead(3), notification, t0),
        ]);
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
        expect((await f.b.leads.leadsSince(new Date(0))).map((l) => l.email)).toEqual([
          "visitor1@example.com",
          "visitor3@example.com",
        ]);
        expect(await f.count("outbox")).toBe(2);
      }),
    );

    it(
      "counts leads and subscribers per UTC day",
      withFixture(async (f) => {
        await f.a.leads.addLead(lead(1), notification, new Date("2026-03-08T23:59:59.999Z"));
        await f.a.leads.addLead(lead(2), notification, new Date("2026-03-09T00:00:00.000Z"));
        await f.a.leads.addLead(lead(3), notification, new Date("2026-03-09T12:00:00.000Z"));
        await f.a.subscribers.addSubscriber(
          { list: "l", email: "s@example.com", firstName: "", lastName: "" },
          confirmation,
          t0,
        );
        expect(Object.fromEntries(await f.b.leads.perDay("2026-03-01T00:00:00.000Z"))).toEqual({
          "2026-03-08": 1,
          "2026-03-09": 2,
        });
        expect(Object.fromEntries(await f.b.leads.perDay("2026-03-09T00:00:00.000Z"))).toEqual({ "2026-03-09": 2 });
        expect(Object.fromEntries(await f.b.subscribers.perDay("2026-03-01T00:00:00.000Z"))).toEqual({
          "2026-03-09": 1,
        });
      }),
    );
  });

  const confirmation = (s: { email: string; confirmNonce: string | null }): OutgoingMail => ({
    to: s.email,
    subject: "Confirm",
    text: `nonce ${s.confirmNonce}`,
    html: "",
  });

  describe("hand-off (issue 21)", () => {
    const handoff = createHandoff({
      webhooks: [{ url: "https://hooks.example/in", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }],
      crm: { url: "https://crm.example/servlet/WebToLead", orgId: "00D", leadSource: "Web" },
    });

    it(
      "queues a lead's webhook and CRM post with its notification, in its transaction, readable per lead",
      withFixture(async (f) => {
        const stores = engineStores(f.a.database, handoff);
        const broken = () => {
          throw new Error("no mail");
        };
        const [first, , third] = await Promise.allSettled([
          stores.leads.addLead(lead(1), notification, t0),
          stores.leads.addLead(lead(2), broken, t0),
          stores.leads.addLead(lead(3), notification, t0),
        ]);
        // The failed lead left nothing behind: two leads, three rows each.
        expect(await f.count("outbox")).toBe(6);
        const id = (first as PromiseFulfilledResult<{ id: number }>).value.id;
        const states = await f.b.outbox.deliveries([`lead:${id}`]);
        expect(states.map((s) => [s.channel, s.target, s.what, s.state])).toEqual([
          ["mail", "sales@tallyway.example", `Lead ${id}`, "queued"],
          ["http", "https://hooks.example/in", "lead.created", "queued"],
          ["http", "https://crm.example/servlet/WebToLead", "crm.lead", "queued"],
        ]);
        expect(third.status).toBe("fulfilled");
        const requests = await f.b.outbox.claimDue("w", at(1), 60_000, 10, "http");
        expect(requests).toHaveLength(4);
        const webhook = requests.find(
          (r) => "url" in r && r.url === "https://hooks.example/in" && r.body.includes(`"id":${id},`),
        );
        expect(webhook && "body" in webhook && JSON.parse(webhook.body)).toMatchObject({
          type: "lead.created",
          data: { id, email: "visitor1@example.com" },
        });
      }),
    );

    it(
      "queues subscriber.confirmed and one subscriber.unsubscribed, in the change's transaction",
      withFixture(async (f) => {
        const stores = engineStores(f.a.database, handoff);
        const { subscriber } = await stores.subscribers.addSubscriber(
          { list: "l", email: "s@example.com", firstName: "S", lastName: "" },
          confirmation,
          t0,
        );
        expect(await stores.subscribers.confirmSubscriber(subscriber.id, subscriber.confirmNonce!, at(1))).toBe(true);
        await stores.subscribers.unsubscribe(subscriber.id, at(2), "link");
        await stores.subscribers.unsubscribe(subscriber.id, at(3), "console");
        const states = await f.b.outbox.deliveries([`subscriber:${subscriber.id}`]);
        expect(states.map((s) => s.what)).toEqual(["subscriber.confirmed", "subscriber.unsubscribed"]);
        // A pending address that unsubscribes was never confirmed: nothing to tell.
        const { subscriber: pending } = await stores.subscribers.addSubscriber(
          { list: "l", email: "p@example.com", firstName: "", lastName: "" },
          confirmation,
          t0,
        );
        await stores.subscribers.unsubscribe(pending.id, at(4), "console");
        expect(await f.b.outbox.deliveries([`subscriber:${pending.id}`])).toEqual([]);
      }),
    );
  });

  describe("SubscriberStore", () => {
    it(
      "keeps one row per list and address however it is capitalised, and exports them by list",
      withFixture(async (f) => {
        const first = await f.a.subscribers.addSubscriber(
          { list: "l", email: "Bo@Example.com", firstName: "Bo", lastName: "Ng" },
          confirmation,
          t0,
        );
        expect(first).toMatchObject({
          queued: true,
          subscriber: { list: "l", email: "Bo@Example.com", firstName: "Bo", lastName: "Ng", status: "pending" },
        });
        const again = await f.b.subscribers.addSubscriber(
          { list: "l", email: "bo@example.com", firstName: "", lastName: "" },
          confirmation,
          at(1),
        );
        expect(again.subscriber).toMatchObject({ id: first.subscriber.id, firstName: "Bo", lastName: "Ng" });
        await f.a.subscribers.addSubscriber(
          { list: "other", email: "bo@example.com", firstName: "", lastName: "" },
          confirmation,
          at(2),
        );
        expect(await f.count("subscribers")).toBe(2);
        expect((await f.b.subscribers.subscribers()).map((s) => s.list)).toEqual(["l", "other"]);
        expect((await f.b.subscribers.subscribers("other")).map((s) => s.email)).toEqual(["bo@example.com"]);
        expect(await f.b.subscribers.getSubscriber(first.subscriber.id)).toEqual(first.subscriber);
      }),
    );

    it(
      "keeps the visitor id and attribution of the first request that had them (issue 21)",
      withFixture(async (f) => {
        const entry = { list: "l", email: "v@example.com", firstName: "", lastName: "" };
        const first = { source: "LinkedIn", campaign: "spring", landing: "home" };
        const visitorId = "00000000-0000-4000-8000-000000000001";
        const plain = await f.a.subscribers.addSubscriber(entry, confirmation, t0);
        expect(plain.subscriber).toMatchObject({ visitorId: null, attribution: { first: null, visit: null } });
        await f.b.subscribers.addSubscriber(
          { ...entry, visitorId, attribution: { first, visit: first } },
          confirmation,
          at(1),
        );
        const later = { source: "Google", campaign: null, landing: "contact" };
        await f.a.subscribers.addSubscriber(
          { ...entry, visitorId: "00000000-0000-4000-8000-000000000002", attribution: { first: later, visit: later } },
          confirmation,
          at(2),
        );
        expect(await f.b.subscribers.getSubscriber(plain.subscriber.id)).toMatchObject({
          visitorId,
          attribution: { first, visit: first },
        });
        const fresh = await f.a.subscribers.addSubscriber(
          { ...entry, email: "w@example.com", visitorId, attribution: { first, visit: null } },
          confirmation,
          t0,
        );
        expect(fresh.subscriber).toMatchObject({ visitorId, attribution: { first, visit: null } });
      }),
    );

    it(
      "answers undefined and false for a subscriber that is not there",
      withFixture(async (f) => {
        expect(await f.a.subscribers.getSubscriber(424242)).toBeUndefined();
        expect(await f.a.subscribers.confirmSubscriber(424242, "nonce", t0)).toBe(false);
        expect(await f.a.subscribers.unsubscribe(424242, t0, "link")).toBe(false);
      }),
    );

    it(
      "records the confirmation and the unsubscription with their times",
      withFixture(async (f) => {
        const { subscriber } = await f.a.subscribers.addSubscriber(
          { list: "l", email: "c@example.com", firstName: "", lastName: "" },
          confirmation,
          t0,
        );
        expect(await f.b.subscribers.confirmSubscriber(subscriber.id, subscriber.confirmNonce!, at(1000))).toBe(true);
        expect(await f.a.subscribers.getSubscriber(subscriber.id)).toMatchObject({
          status: "subscribed",
          confirmedAt: at(1000).toISOString(),
        });
        expect(await f.b.subscribers.unsubscribe(subscriber.id, at(2000), "link")).toBe(true);
        expect(await f.a.subscribers.getSubscriber(subscriber.id)).toMatchObject({
          status: "unsubscribed",
          confirmedAt: at(1000).toISOString(),
        });
      }),
    );
  });

  describe("MeasurementStore and the usage readings", () => {
    const uid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    /** Visitor 1's play of the demo's "Timer" video. */
    const timerVideo = (receivedAt: string, action: string) =>
      ({ receivedAt, type: "event", uid: uid(1), page: "demo", category: "video", action, label: "Timer" }) as const;
    it(
      "keeps a landing's source and reads visits' activity: page views and goals by visitor and time, one visitor's page views",
      withFixture(async (f) => {
        const t = (minute: number) => new Date(Date.UTC(2026, 2, 9, 10, minute)).toISOString();
        const source = {
          referrer: "www.google.com",
          utm_source: "newsletter",
          utm_medium: "email",
          utm_campaign: "autumn",
          utm_term: "t",
          utm_content: "c",
          ref: "r",
        };
        await f.a.measurement.addEvents([
          { receivedAt: t(2), type: "pageview", uid: uid(2), page: "home", source: { referrer: "t.co" } },
          { receivedAt: t(0), type: "pageview", uid: uid(1), page: "home", source },
          { receivedAt: t(1), type: "pageview", uid: uid(1), page: "contact" },
          { receivedAt: t(1), type: "vital", uid: uid(1), page: "contact", name: "LCP", value: 900, rating: "good" },
          { receivedAt: t(2), type: "event", uid: uid(1), page: "contact", category: "goal", action: "contact-sent" },
          { receivedAt: t(2), type: "event", uid: uid(1), page: "contact", category: "goal", action: "not-a-goal" },
          timerVideo(t(3), "complete"),
          timerVideo(t(3), "start"),
        ]);
        // Two visits: uid 1's from the newsletter campaign reaching contact and a lead, uid 2's from X.
        const groups = await f.b.measurement.visitGroups("2026-03-09", "2026-03-09");
        expect([...groups].sort((x, y) => x.source.localeCompare(y.source))).toEqual([
          {
            day: "2026-03-09",
            source: "newsletter",
            kind: "campaign",
            campaign: "autumn",
            medium: "email",
            depth: 1,
            visits: 1,
            sourceVisitors: 1,
            campaignVisitors: 1,
            goals: {
              "contact-sent": 1,
              "newsletter-requested": 0,
              "subscription-confirmed": 0,
              "schedule-call": 0,
              "video-completed": 1,
              "feature-list-pdf": 0,
            },
          },
          {
            day: "2026-03-09",
            source: "X (Twitter)",
            kind: "social",
            campaign: null,
            medium: null,
            depth: 1,
            visits: 1,
            sourceVisitors: 1,
            campaignVisitors: 0,
            goals: {
              "contact-sent": 0,
              "newsletter-requested": 0,
              "subscription-confirmed": 0,
              "schedule-call": 0,
              "video-completed": 0,
              "feature-list-pdf": 0,
            },
          },
        ]);
        const activity = [
          { uid: uid(1), at: t(0), page: "home", goal: null, source },
          { uid: uid(1), at: t(1), page: "contact", goal: null, source: null },
        ];
        expect(await f.b.measurement.visitorActivity(uid(1).toUpperCase())).toEqual(activity);
      }),
    );

    it(
      "writes beacons and events in batches and reads them back for the usage report",
      withFixture(async (f) => {
        const recent = "2026-03-09T10:00:00.000Z";
        const yesterday = "2026-03-08T22:00:00.000Z";
        const old = "2026-01-01T10:00:00.000Z";
        await f.a.measurement.addBeacons([
          {
            receivedAt: recent,
            site: "tallyway",
            page: "home",
            uid: uid(1),
            lastPage: null,
            secondsOnLastPage: 0,
            loadMs: 900,
          },
          {
            receivedAt: recent,
            site: "tallyway",
            page: "features",
            uid: null,
            lastPage: "home",
            secondsOnLastPage: 12,
            loadMs: null,
          },
          {
            receivedAt: old,
            site: "tallyway",
            page: "home",
            uid: uid(1),
            lastPage: null,
            secondsOnLastPage: null,
            loadMs: 5,
          },
        ]);
        await f.b.measurement.addEvents([
          { receivedAt: recent, type: "pageview", uid: uid(1).toUpperCase(), page: "home", title: "Home" },
          { receivedAt: recent, type: "pageview", uid: uid(2), page: "home" },
          { receivedAt: yesterday, type: "pageview", uid: uid(1), page: "features" },
          { receivedAt: old, type: "pageview", uid: uid(3), page: "home" },
          { ...timerVideo(recent, "start"), value: 3 },
          { receivedAt: recent, type: "event", uid: uid(2), page: "demo", category: "video", action: "start" },
          timerVideo(recent, "complete"),
          {
            receivedAt: yesterday,
            type: "vital",
            uid: uid(1),
            page: "home",
            name: "LCP",
            value: 1234.5,
            rating: "good",
          },
          {
            receivedAt: recent,
            type: "vital",
            uid: uid(1),
            page: "home",
            name: "CLS",
            value: 0.25,
            rating: "needs-improvement",
          },
        ] as Parameters<Stores["measurement"]["addEvents"]>[0]);
        expect(await f.count("rum_beacons")).toBe(3);
        expect(await f.count("analytics_events")).toBe(9);
        const [from, to] = ["2026-03-01", "2026-03-09"];
        const m = f.a.measurement;
        const byPage = (rows: { page: string }[]) => [...rows].sort((x, y) => x.page.localeCompare(y.page));
        expect(byPage(await m.pageViews(from, to))).toEqual([
          { page: "features", views: 1, visitors: 1 },
          { page: "home", views: 2, visitors: 2 },
        ]);
        expect(await m.pageViewsPerDay(from, to)).toEqual([
          { day: "2026-03-08", views: 1, visitors: 1 },
          { day: "2026-03-09", views: 2, visitors: 2 },
        ]);
        expect(await m.visitors(from, to)).toBe(2);
        expect(await m.beaconCount(from, to)).toBe(2);
        const byMetric = (rows: { metric: string; page: string }[]) =>
          [...rows].sort((x, y) => x.metric.localeCompare(y.metric) || x.page.localeCompare(y.page));
        expect(byMetric(await m.percentiles(from, to))).toEqual([
          { metric: "CLS", page: "", value: 0.25, samples: 1 },
          { metric: "LCP", page: "", value: 1234.5, samples: 1 },
          { metric: "load", page: "home", value: 900, samples: 1 },
          { metric: "seconds", page: "home", value: 12, samples: 1 },
        ]);
        expect(byMetric(await m.vitalsPerDay(from, to))).toEqual([
          { metric: "CLS", page: "2026-03-09", value: 0.25, samples: 1 },
          { metric: "LCP", page: "2026-03-08", value: 1234.5, samples: 1 },
        ]);
        expect(
          [...(await m.videoPlays(from, to))].sort(
            (x, y) => x.label.localeCompare(y.label) || x.action.localeCompare(y.action),
          ),
        ).toEqual([
          { label: "", action: "start", plays: 1 },
          { label: "Timer", action: "complete", plays: 1 },
          { label: "Timer", action: "start", plays: 1 },
        ]);
      }),
    );

    it(
      "writes nothing of a batch that fails",
      withFixture(async (f) => {
        const bad = [
          { receivedAt: "2026-03-09T10:00:00.000Z", type: "pageview", uid: uid(1), page: "home" },
          { receivedAt: "2026-03-09T10:00:00.000Z", type: "nonsense", uid: uid(1), page: "home" },
        ] as unknown as Parameters<Stores["measurement"]["addEvents"]>[0];
        await expect(async () => f.a.measurement.addEvents(bad)).rejects.toThrow();
        expect(await f.count("analytics_events")).toBe(0);
      }),
    );
  });

  describeConsoleStoreContract(withFixture);
  describeEraseContract(withFixture);
  describeContentStoreContract(withFixture);
  describeUploadStoreContract(withFixture);
  describeCampaignStoreContract(withFixture);
  describeSubscriberImportContract(withFixture);
  describeInputContract(withFixture);

  describe("two writers at once", () => {
    it(
      "two instances adding leads at the same time: every lead stored once, with its own id and its mail",
      withFixture(async (f) => {
        const each = 200;
        const write = (stores: Stores, offset: number) =>
          Promise.all(
            Array.from({ length: each }, (_, i) => stores.leads.addLead(lead(offset + i), notification, at(i))),
          );
        const [one, two] = await Promise.all([write(f.a, 0), write(f.b, 1000)]);
        const ids = [...one, ...two].map((r) => r.id);
        expect(new Set(ids).size).toBe(2 * each);
        const stored = await f.a.leads.leadsSince(new Date(0));
        expect(stored).toHaveLength(2 * each);
        expect(new Set(stored.map((l) => l.email)).size).toBe(2 * each);
        expect(await f.count("outbox")).toBe(2 * each);
      }),
    );

    it(
      "two instances subscribing the same address at the same time: one row, one confirmation mail",
      withFixture(async (f) => {
        const entry = { list: "l", email: "race@example.com", firstName: "", lastName: "" };
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (i % 2 ? f.a : f.b).subscribers.addSubscriber(entry, confirmation, at(i)),
          ),
        );
        expect(new Set(results.map((r) => r.subscriber.id)).size).toBe(1);
        expect(results.filter((r) => r.queued)).toHaveLength(1);
        expect(await f.count("subscribers")).toBe(1);
        expect(await f.count("outbox")).toBe(1);
      }),
    );

    it(
      "two workers claiming the queued mails at the same time never share one",
      withFixture(async (f) => {
        await Promise.all(Array.from({ length: 100 }, (_, i) => f.a.leads.addLead(lead(i), notification, t0)));
        const claim = async (stores: Stores, worker: string) => {
          const ids: number[] = [];
          for (let batch; (batch = await stores.outbox.claimDue(worker, at(1), 60_000, 5)).length;)
            ids.push(...batch.map((m) => m.id));
          return ids;
        };
        const [one, two] = await Promise.all([claim(f.a, "w1"), claim(f.b, "w2")]);
        expect(one.length + two.length).toBe(100);
        expect(new Set([...one, ...two]).size).toBe(100);
      }),
    );
  });
});

// The feature contracts, on PostgreSQL (SQLite runs them in outbox-store.test.ts, subscriber-store.test.ts and limits.test.ts).
outboxStoreContract("PostgreSQL, two pools on one database", async () => {
  const f = await pg.open();
  return { stores: [f.a.outbox, f.b.outbox], close: () => f.close() };
});

describeSubscriberStoreContract("PostgreSQL", async () => {
  const f = await pg.open();
  return { store: f.a.subscribers, queuedMails: () => f.mails(), close: () => f.close() };
});

describeMeasurementRetentionContract("PostgreSQL", async () => {
  const f = await pg.open();
  return { store: f.a.measurement, close: () => f.close() };
});

describeUsageReportContract("PostgreSQL", async () => {
  const f = await pg.open();
  const pool = f.a.database.kind === "postgres" ? f.a.database.pool : undefined;
  return {
    store: f.a.measurement,
    rebuild: async () => void (await pool!.query(rollupRebuild("postgres"))),
    close: () => f.close(),
  };
});

// Migration 0330 on each engine: a lead marked handled before the pipeline is Contacted, since
// then, with that step in its history; the others are New with none.
describe("the lead pipeline's migration (0330)", () => {
  const before = <T extends { id: string }>(all: readonly T[]) => all.filter((m) => m.id < "0330");
  const insert =
    "INSERT INTO leads (id, created_at, domain, type, name, email, subject, details, handled_at) VALUES " +
    "(1, '2026-01-01T10:00:00.000Z', 'd', 'Lead', 'Ann', 'ann@example.com', 's', 'q', '2026-01-02T09:00:00.000Z'), " +
    "(2, '2026-01-03T10:00:00.000Z', 'd', 'Lead', 'Bo', 'bo@example.com', 's', 'q', NULL)";
  const expected = {
    leads: [
      { id: 1, status: "contacted", changed_at: "2026-01-02T09:00:00.000Z" },
      { id: 2, status: "new", changed_at: null },
    ],
    events: [
      { lead_id: 1, at: "2026-01-02T09:00:00.000Z", account: "", kind: "status", value: "contacted", previous: "new" },
    ],
  };

  it("on SQLite", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "pipeline-")), "site.sqlite");
    const db = openDatabase(file, before(sqliteMigrations));
    db.exec(insert);
    migrate(db, sqliteMigrations);
    expect(
      db
        .prepare("SELECT id, status, changed_at FROM leads ORDER BY id")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual(expected.leads);
    expect(
      db
        .prepare("SELECT lead_id, at, account, kind, value, previous FROM lead_events")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual(expected.events);
    expect(
      db
        .prepare("SELECT * FROM leads")
        .columns()
        .map((c) => c.name),
    ).not.toContain("handled_at");
    db.close();
  });

  it("on PostgreSQL", async () => {
    const pool = new pgDriver.Pool({ connectionString: await postgres!.databaseUrl() });
    try {
      await migratePostgres(pool, before(postgresMigrations));
      await pool.query(insert);
      await migratePostgres(pool, postgresMigrations);
      const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
      const leads = await pool.query("SELECT id::int, status, changed_at FROM leads ORDER BY id");
      expect(leads.rows.map((r) => ({ ...r, changed_at: iso(r.changed_at) }))).toEqual(expected.leads);
      const events = await pool.query("SELECT lead_id::int, at, account, kind, value, previous FROM lead_events");
      expect(events.rows.map((r) => ({ ...r, at: iso(r.at) }))).toEqual(expected.events);
    } finally {
      await pool.end();
    }
  });
});

describe("PostgreSQL specifics", () => {
  it("applies the migrations once, also when two instances start at the same time", async () => {
    const databaseUrl = await postgres!.databaseUrl();
    const engines = await Promise.all([
      openEngine({ dataDir: "", databaseUrl }),
      openEngine({ dataDir: "", databaseUrl }),
    ]);
    try {
      if (engines[0].kind !== "postgres") throw new Error("not PostgreSQL");
      const { rows } = await engines[0].pool.query<{ id: string }>("SELECT id FROM schema_migrations ORDER BY id");
      expect(rows.map((r) => r.id)).toEqual(postgresMigrations.map((m) => m.id));
      expect(await migratePostgres(engines[0].pool, postgresMigrations)).toEqual([]);
    } finally {
      await Promise.all(engines.map((e) => e.close()));
    }
  });

  it("writes the leads of one turn in one transaction, answered after its COMMIT", async () => {
    const f = await pg.open();
    try {
      if (f.a.database.kind !== "postgres") throw new Error("not PostgreSQL");
      const pool = f.a.database.pool;
      const statements: string[] = [];
      const connect = pool.connect.bind(pool);
      // Record what each pooled connection is asked to run.
      pool.connect = (async () => {
        const client = await connect();
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          const first = args[0] as string | { name?: string; text: string };
          statements.push(typeof first === "string" ? first : (first.name ?? first.text));
          return query(...args);
        }) as typeof client.query;
        return client;
      }) as typeof pool.connect;
      const committed: number[] = [];
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          f.a.leads
            .addLead(lead(i), notification, t0)
            .then(async () => committed.push(statements.filter((s) => s === "COMMIT").length)),
        ),
      );
      expect(statements.filter((s) => s === "BEGIN")).toHaveLength(1);
      expect(statements.filter((s) => s === "COMMIT")).toHaveLength(1);
      // Every answer came after the COMMIT, and a handful of statements wrote all thirty.
      expect(committed.every((n) => n === 1)).toBe(true);
      expect(statements.length).toBeLessThanOrEqual(5);
      expect(await f.count("leads")).toBe(30);
    } finally {
      await f.close();
    }
  });

  it("rejects the leads of a group when the database cannot be reached, and reports nothing as stored", async () => {
    const port = await freePort();
    const pool = new pgDriver.Pool({ host: "127.0.0.1", port, user: "postgres", connectionTimeoutMillis: 1000 });
    try {
      const leads = leadStore(postgresQueries(pool), postgresLeadWrites(pool, noHandoff));
      const results = await Promise.allSettled([
        leads.addLead(lead(1), notification, t0),
        leads.addLead(lead(2), notification, t0),
      ]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
      expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/ECONNREFUSED/);
    } finally {
      await pool.end();
    }
  });

  it("keeps what a day is in UTC whatever the session's time zone", async () => {
    const url = new URL(await postgres!.databaseUrl());
    url.searchParams.set("options", "-c TimeZone=Pacific/Kiritimati");
    const stores = storesOn(await openEngine({ dataDir: "", databaseUrl: url.toString() }));
    try {
      await stores.leads.addLead(lead(1), notification, new Date("2026-03-08T23:30:00.000Z"));
      expect(Object.fromEntries(await stores.leads.perDay("2026-03-01T00:00:00.000Z"))).toEqual({ "2026-03-08": 1 });
      expect((await stores.leads.leadsSince(new Date(0)))[0].createdAt).toBe("2026-03-08T23:30:00.000Z");
    } finally {
      await stores.close();
    }
  });
});

describe("the write probe behind /healthz", () => {
  it("passes on a writable database on both engines", async () => {
    for (const databaseUrl of ["", await postgres!.databaseUrl()]) {
      const engine = await openEngine({ dataDir: mkdtempSync(path.join(tmpdir(), "probe-")), databaseUrl });
      try {
        await expect(engine.writeProbe()).resolves.toBeUndefined();
      } finally {
        await engine.close();
      }
    }
  });

  it("fails on a PostgreSQL database that refuses writes, as a standby or a read-only database does", async () => {
    const databaseUrl = await postgres!.databaseUrl();
    const setup = await openEngine({ dataDir: "", databaseUrl });
    if (setup.kind !== "postgres") throw new Error("expected PostgreSQL");
    const name = new URL(databaseUrl).pathname.slice(1);
    await setup.pool.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
    await setup.close();
    const engine = await openEngine({ dataDir: "", databaseUrl });
    try {
      await expect(engine.ping()).resolves.toBeUndefined();
      await expect(engine.writeProbe()).rejects.toThrow(/read-only transaction/);
    } finally {
      await engine.close();
    }
  });
});
