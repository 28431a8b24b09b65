import { describe, expect, it } from "vitest";
import { openDatabase, type SqliteDatabase } from "../db/database.ts";
import { perDay } from "../leads/lead-store.ts";
import { rollupRebuild } from "../../tests/support/usage-rollups.ts";
import { sqliteQueries } from "../db/query.ts";
import { sqlMeasurementStore } from "./store-sql.ts";
import { usageReport as reportOf } from "./usage-report.ts";
import { formatUsageReport } from "./usage-report-text.ts";
import { describeUsageReportContract, percentile } from "./usage-report.contract.ts";

const now = new Date("2026-03-10T12:00:00.000Z");
const recent = "2026-03-09T10:00:00.000Z";
const old = "2026-01-01T10:00:00.000Z";
const a = "00000000-0000-4000-8000-00000000000a";
const b = "00000000-0000-4000-8000-00000000000b";

/** The report over one database, read through each feature's store as `npm run stats` does. */
const usageReport = (db: SqliteDatabase, options: { days: number; now: Date }) => {
  const q = sqliteQueries(db);
  return reportOf(
    {
      measurement: sqlMeasurementStore(q),
      leads: { perDay: perDay(q, "leads") },
      subscribers: { perDay: perDay(q, "subscribers") },
    },
    options,
  );
};

function seededDatabase() {
  const db = openDatabase(":memory:");
  const event = db.prepare(
    "INSERT INTO analytics_events (received_at, type, uid, page, category, action, label, value, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const view = (uid: string, page: string, at = recent) =>
    event.run(at, "pageview", uid, page, null, null, null, null, null);
  view(a, "home");
  view(b, "home");
  view(a, "home");
  view(a, "features");
  view(b, "features", old);
  for (const [uid, action, label] of [
    [a, "start", "Timesheet"],
    [b, "start", "Timesheet"],
    [a, "complete", "Timesheet"],
    [a, "start", "Timer"],
  ])
    event.run(recent, "event", uid, "demo-timesheet", "video", action, label, action === "start" ? 5 : 10, null);
  event.run(recent, "event", a, "home", "schedule-call", "click", "Lead", null, null);
  for (const value of [1000, 2000, 3000, 5000]) event.run(recent, "vital", a, "home", null, "LCP", null, value, "good");
  event.run(recent, "vital", a, "home", null, "CLS", null, 0.3, "poor");
  const beacon = db.prepare(
    "INSERT INTO rum_beacons (received_at, site, page, uid, last_page, seconds_on_last_page, load_ms) VALUES (?, 'tallyway', ?, ?, ?, ?, ?)",
  );
  beacon.run(recent, "home", a, null, 0, 900);
  beacon.run(recent, "features", a, "home", 10, 120);
  beacon.run(recent, "home", a, "features", 30, 80);
  beacon.run(recent, "features", b, "home", 20, 100);
  beacon.run(recent, "demo", b, "features", 99, 300);
  db.exec(rollupRebuild("sqlite"));
  return db;
}

describe("percentile", () => {
  it("takes the nearest rank", () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([5], 75)).toBe(5);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile([4, 1, 3, 2], 75)).toBe(3);
  });
});

describe("usageReport", () => {
  it("counts page views and unique visitors per page within the window, with median time on page and load", async () => {
    const report = await usageReport(seededDatabase(), { days: 30, now });
    expect(report.totals).toEqual({ pageViews: 4, visitors: 2, rumBeacons: 5 });
    expect(report.pages).toEqual([
      { page: "home", views: 3, visitors: 2, medianSecondsOnPage: 10, medianLoadMs: 80 },
      { page: "features", views: 1, visitors: 1, medianSecondsOnPage: 30, medianLoadMs: 100 },
      { page: "demo", views: 0, visitors: 0, medianSecondsOnPage: null, medianLoadMs: 300 },
    ]);
  });

  it("rates each vital's p75 by the spec's thresholds", async () => {
    expect((await usageReport(seededDatabase(), { days: 30, now })).vitals).toEqual([
      { name: "LCP", samples: 4, p75: 3000, rating: "needs-improvement" },
      { name: "CLS", samples: 1, p75: 0.3, rating: "poor" },
    ]);
  });

  it("counts video starts and completes per video with the completion rate", async () => {
    expect((await usageReport(seededDatabase(), { days: 30, now })).videos).toEqual([
      { label: "Timer", starts: 1, completes: 0, completionRate: 0 },
      { label: "Timesheet", starts: 2, completes: 1, completionRate: 0.5 },
    ]);
  });

  it("counts leads and subscribers per day within the window", async () => {
    const db = seededDatabase();
    expect((await usageReport(db, { days: 30, now })).signups).toEqual([]);
    const lead = db.prepare(
      "INSERT INTO leads (created_at, domain, type, name, email, subject, details) VALUES (?, 'x', 'Lead', '', 'a@example.com', 's', 'q')",
    );
    for (const at of ["2026-03-08T09:00:00Z", "2026-03-08T17:00:00Z", "2026-03-09T09:00:00Z", old]) lead.run(at);
    db.prepare(
      "INSERT INTO subscribers (list, email, email_key, first_name, last_name, status, created_at, updated_at) VALUES ('l', 'b@example.com', 'b@example.com', '', '', 'pending', ?, ?)",
    ).run("2026-03-09T10:00:00Z", "2026-03-09T10:00:00Z");
    expect((await usageReport(db, { days: 30, now })).signups).toEqual([
      { day: "2026-03-08", leads: 2, subscribers: 0 },
      { day: "2026-03-09", leads: 1, subscribers: 1 },
    ]);
  });

  it("gives every day of the window, zeros included, with page views, visitors and sign-ups, and each vital's p75 per day", async () => {
    const db = seededDatabase();
    db.prepare(
      "INSERT INTO analytics_events (received_at, type, uid, page, action, value) VALUES (?, 'vital', ?, 'home', 'LCP', ?)",
    ).run("2026-03-05T08:00:00.000Z", b, 1800);
    db.exec(rollupRebuild("sqlite"));
    const report = await usageReport(db, { days: 7, now });
    // Seven UTC days, today the last: not eight partial ones (issue 31).
    expect(report.daily.map((d) => d.day)).toEqual([
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
    ]);
    expect(report.daily.find((d) => d.day === "2026-03-09")).toEqual({
      day: "2026-03-09",
      views: 4,
      visitors: 2,
      leads: 0,
      subscribers: 0,
    });
    expect(report.daily.find((d) => d.day === "2026-03-04")).toEqual({
      day: "2026-03-04",
      views: 0,
      visitors: 0,
      leads: 0,
      subscribers: 0,
    });
    expect(report.vitalsDaily).toEqual([
      { name: "LCP", day: "2026-03-05", p75: 1800, samples: 1 },
      { name: "LCP", day: "2026-03-09", p75: 3000, samples: 4 },
      { name: "CLS", day: "2026-03-09", p75: 0.3, samples: 1 },
    ]);
  });

  it("formats a readable text report", async () => {
    const text = formatUsageReport(await usageReport(seededDatabase(), { days: 30, now }));
    expect(text).toContain("4 page views, 2 unique visitors, 5 RUM beacons");
    expect(text).toMatch(/home\s+3\s+2\s+10\s+80/);
    expect(text).toMatch(/LCP\s+3000\s+needs-improvement\s+4/);
    expect(text).toMatch(/Timesheet\s+2\s+1\s+50%/);
    expect(text).toContain("(none)");
  });

  it("erases a visitor's visit counts with their visits (usage_visit_counts has no uid of its own)", async () => {
    const db = seededDatabase();
    const store = sqlMeasurementStore(sqliteQueries(db));
    const countsOf = () =>
      db
        .prepare(
          "SELECT v.uid, count(*) AS n FROM usage_visit_counts c JOIN usage_visits v ON v.id = c.visit_id GROUP BY v.uid",
        )
        .all()
        .map((row) => [row.uid, row.n]);
    expect(countsOf().map(([uid]) => uid)).toEqual([a, b]);
    await store.deleteVisitors([a.toUpperCase()]);
    expect(countsOf().map(([uid]) => uid)).toEqual([b]);
    expect(db.prepare("SELECT count(*) AS n FROM usage_visit_counts").get()).toEqual({ n: countsOf()[0][1] });
  });
});

describeUsageReportContract("SQLite", async () => {
  const db = openDatabase(":memory:");
  return {
    store: sqlMeasurementStore(sqliteQueries(db)),
    rebuild: async () => db.exec(rollupRebuild("sqlite")),
    close: () => db.close(),
  };
});
