// Bounds on what anonymous measurement leaves in the database (issue 18): per address and
// day, control characters, HEAD, retention on a schedule, and the report over the window.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testApp, waitFor } from "../../tests/support/app.ts";
import { databaseFile, openDatabase } from "../db/database.ts";
import { createDailyBudget } from "./daily-budget.ts";
import { describeMeasurementRetentionContract } from "./measurement-store.contract.ts";
import { deleteExpiredMeasurements } from "./retention.ts";
import { dailyLimitError } from "./routes.ts";
import { sqliteQueries } from "../db/query.ts";
import { sqlMeasurementStore } from "./store-sql.ts";
import { printable, usageReport } from "./usage-report.ts";
import { formatUsageReport } from "./usage-report-text.ts";

const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";
const pageview = { type: "pageview", uid, page: "home", title: "Tallyway" };
const batchOf = (n: number) => ({ events: Array.from({ length: n }, () => pageview) });

describe("the daily budget per address", () => {
  it("takes rows and bytes until either runs out, per address, and starts again the next UTC day", () => {
    const budget = createDailyBudget({ rows: 10, bytes: 1000 });
    const day = new Date("2026-03-01T23:00:00Z");
    expect(budget.take("a", 6, 100, day)).toBe(true);
    expect(budget.take("a", 5, 100, day)).toBe(false);
    expect(budget.take("a", 4, 100, day)).toBe(true);
    expect(budget.take("a", 1, 1, day)).toBe(false);
    expect(budget.take("b", 1, 1001, day)).toBe(false);
    expect(budget.take("b", 1, 1000, day)).toBe(true);
    expect(budget.take("a", 10, 1000, new Date("2026-03-02T00:00:01Z"))).toBe(true);
  });

  it("holds a bounded number of addresses", () => {
    const budget = createDailyBudget({ rows: 10, bytes: 1000, maxAddresses: 2 });
    expect(budget.take("a", 1, 1)).toBe(true);
    expect(budget.take("b", 1, 1)).toBe(true);
    expect(budget.take("c", 1, 1)).toBe(false);
    expect(budget.addresses).toBe(2);
  });
});

describe("/api/collect and the pixel under the daily limits", () => {
  it("stores at most MEASURE_DAILY_ROWS rows a day from one address, pixel and collector together, and answers 429 beyond", async () => {
    const { app, db } = await testApp({ MEASURE_DAILY_ROWS: "120", MEASURE_RATE_LIMIT: "100000" });
    const post = (ip: string) =>
      app.inject({ method: "POST", url: "/api/collect", payload: batchOf(50), remoteAddress: ip });
    expect((await post("10.1.0.1")).statusCode).toBe(204);
    expect((await post("10.1.0.1")).statusCode).toBe(204);
    const refused = await post("10.1.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: dailyLimitError });
    for (let i = 0; i < 30; i++)
      expect((await app.inject({ url: "/rum/tallyway/home.png", remoteAddress: "10.1.0.1" })).statusCode).toBe(200);
    expect((await post("10.1.0.2")).statusCode).toBe(204);
    await app.close();
    expect(db.prepare("SELECT count(*) AS n FROM analytics_events").get()).toEqual({ n: 150 });
    // 120 - 100 events = 20 beacons of the 30 from the first address.
    expect(db.prepare("SELECT count(*) AS n FROM rum_beacons").get()).toEqual({ n: 20 });
  });

  it("stores at most MEASURE_DAILY_BYTES a day from one address", async () => {
    const { app, db } = await testApp({ MEASURE_DAILY_BYTES: "10000", MEASURE_RATE_LIMIT: "100000" });
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await app.inject({ method: "POST", url: "/api/collect", payload: batchOf(50), remoteAddress: "10.2.0.1" }))
          .statusCode,
      );
    // Each batch is 4,401 bytes of JSON: two fit in 10,000.
    expect(codes).toEqual([204, 204, 429, 429, 429]);
    await app.close();
    expect(db.prepare("SELECT count(*) AS n FROM analytics_events").get()).toEqual({ n: 100 });
  });

  it("refuses control characters and bidi overrides in free text", async () => {
    const { app, db } = await testApp();
    const bad = [
      { ...pageview, title: "\u001b[2J\u001b[31mred" },
      { type: "event", uid, page: "home", category: "video", action: "start", label: "a\u0007b" },
      { type: "event", uid, page: "home", category: "vid\u009beo", action: "start" },
      { type: "event", uid, page: "home", category: "video", action: "st\u202eart" },
    ];
    for (const event of bad) {
      const response = await app.inject({ method: "POST", url: "/api/collect", payload: { events: [event] } });
      expect(response.statusCode, JSON.stringify(event)).toBe(400);
      expect(response.json()).toEqual({ error: "text must not contain control characters" });
    }
    const fine = await app.inject({
      method: "POST",
      url: "/api/collect",
      payload: { events: [{ ...pageview, title: "Zeit – Übersicht ✓" }] },
    });
    expect(fine.statusCode).toBe(204);
    expect(fine.headers["cache-control"]).toBe("no-store");
    await app.close();
    expect(db.prepare("SELECT title FROM analytics_events").all()).toEqual([{ title: "Zeit – Übersicht ✓" }]);
  });

  it("records no beacon for HEAD", async () => {
    const { app, db } = await testApp();
    const head = await app.inject({ method: "HEAD", url: `/rum/tallyway/home.png?u=${uid}` });
    expect(head.statusCode).not.toBe(200);
    await app.close();
    expect(db.prepare("SELECT count(*) AS n FROM rum_beacons").get()).toEqual({ n: 0 });
  });
});

describeMeasurementRetentionContract("SQLite", async () => {
  const db = openDatabase(":memory:");
  return { store: sqlMeasurementStore(sqliteQueries(db)), close: () => db.close() };
});

describe("retention", () => {
  it("deletes rows older than MEASURE_RETENTION_DAYS when the server starts (and every hour after)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-data-"));
    const seed = openDatabase(databaseFile(dataDir));
    const store = sqlMeasurementStore(sqliteQueries(seed));
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    await store.addEvents([
      { ...pageview, type: "pageview", receivedAt: daysAgo(400) },
      { ...pageview, type: "pageview", receivedAt: daysAgo(30) },
    ] as never);
    await store.addBeacons(
      [396, 394].map((days) => ({
        site: "tallyway",
        page: "home",
        uid: null,
        lastPage: null,
        secondsOnLastPage: null,
        loadMs: null,
        receivedAt: daysAgo(days),
      })),
    );
    seed.close();
    const { app } = await testApp({ DATA_DIR: dataDir });
    const db = openDatabase(databaseFile(dataDir));
    await waitFor(() => (db.prepare("SELECT count(*) AS n FROM rum_beacons").get() as { n: number }).n === 1);
    expect(db.prepare("SELECT count(*) AS n FROM analytics_events").get()).toEqual({ n: 1 });
    await app.close();
    db.close();
  });

  it("keeps the usage report over the retention window the same after a clean-up", async () => {
    const db = openDatabase(":memory:");
    const store = sqlMeasurementStore(sqliteQueries(db));
    const now = new Date("2026-06-01T12:00:00.000Z");
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const day = 24 * 60 * 60 * 1000;
    const events = [10 * day, 394 * day, 395 * day - 1, 395 * day + 1, 500 * day].map((ago) => ({
      type: "pageview" as const,
      uid,
      page: "home",
      receivedAt: at(ago),
    }));
    await store.addEvents(events);
    const sources = {
      measurement: store,
      leads: { perDay: () => new Map() },
      subscribers: { perDay: () => new Map() },
    };
    const before = await usageReport(sources as never, { days: 395, now });
    // 395 whole UTC days, today the last: 2025-05-03 to 2026-06-01.
    expect(before.totals.pageViews).toBe(2);
    // Two raw rows; the roll-ups (visit, visitor day, page visitor day, page day, visit dimensions, visit counts) of the day wholly before the cutoff.
    expect(await deleteExpiredMeasurements(store, 395, now)).toBe(2 + 6);
    expect(await usageReport(sources as never, { days: 395, now })).toEqual(before);
    db.close();
  });
});

describe("reports", () => {
  it("write control characters out instead of sending them to the terminal", async () => {
    expect(printable("a\u001b[2Jb\u0007c\u202ed")).toBe("a\\u{1b}[2Jb\\u{7}c\\u{202e}d");
    const db = openDatabase(":memory:");
    const store = sqlMeasurementStore(sqliteQueries(db));
    const receivedAt = new Date().toISOString();
    // Stored before /api/collect refused them.
    await store.addEvents([
      {
        type: "event",
        uid,
        page: "home",
        category: "video",
        action: "start",
        label: "\u001b[2J\u001b[31mred",
        receivedAt,
      },
    ]);
    const sources = {
      measurement: store,
      leads: { perDay: () => new Map() },
      subscribers: { perDay: () => new Map() },
    };
    const report = await usageReport(sources as never, { days: 30 });
    const text = formatUsageReport(report);
    expect(text.includes("\u001b")).toBe(false);
    expect(text).toContain("\\u{1b}[2J\\u{1b}[31mred");
    expect(JSON.stringify(report)).not.toMatch(/\\u001b/);
    db.close();
  });
});
