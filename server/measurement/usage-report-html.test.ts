import { describe, expect, it } from "vitest";
import { seedUsage } from "../../tests/support/usage-data.ts";
import { openDatabase } from "../db/database.ts";
import { perDay } from "../leads/lead-store.ts";
import { rollupRebuild } from "../../tests/support/usage-rollups.ts";
import { sqliteQueries } from "../db/query.ts";
import { sqlMeasurementStore } from "./store-sql.ts";
import { renderUsageReportHtml } from "./usage-report-html.ts";
import { usageReport } from "./usage-report.ts";

const now = new Date("2026-03-31T15:00:00.000Z");

async function reportOf(seed: (db: ReturnType<typeof openDatabase>) => unknown) {
  const db = openDatabase(":memory:");
  await seed(db);
  // Rows a seed inserted itself are rolled up as migration 0120 does.
  db.exec(rollupRebuild("sqlite"));
  const q = sqliteQueries(db);
  const sources = {
    measurement: sqlMeasurementStore(q),
    leads: { perDay: perDay(q, "leads") },
    subscribers: { perDay: perDay(q, "subscribers") },
  };
  return usageReport(sources, { days: 30, now });
}

describe("renderUsageReportHtml", () => {
  it("renders a month of usage as one self-contained page of SVG charts, each titled, described and with its table", async () => {
    const report = await reportOf((db) => seedUsage(db, { now }));
    const html = renderUsageReportHtml(report, { brand: "Tallyway" });
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    // 30 whole UTC days, the 31st the last.
    expect(html).toContain("<title>Tallyway usage report, Mar 2 – Mar 31</title>");
    // Readable without JavaScript and without the network: no script, no external file.
    expect(html).not.toMatch(/<script|<link|<img|\bsrc=|url\(/i);
    expect(html).not.toMatch(/https?:\/\//);
    const charts = [
      ...html.matchAll(/<svg\b[^>]*>\s*<title id="([^"]+)">([^<]+)<\/title><desc id="[^"]+">([^<]+)<\/desc>/g),
    ];
    // Traffic, top pages, videos, leads and sign-ups, one per vital the seed measures (LCP, CLS, INP, FCP, TTFB),
    // then sources, campaigns, the funnel and goals.
    expect(charts.map((m) => m[2])).toEqual([
      "Page views and unique visitors per day",
      "Top pages by page views",
      "Video starts and completions per video",
      "LCP p75 per day",
      "CLS p75 per day",
      "INP p75 per day",
      "FCP p75 per day",
      "TTFB p75 per day",
      "Leads and newsletter sign-ups per day",
      "Visits and leads per source",
      "Visits and leads per campaign",
      "Funnel from landing to lead",
      "Visits reaching each goal",
      "Goals per day",
    ]);
    expect(html.match(/<svg\b[^>]*role="img"[^>]*aria-labelledby=/g)).toHaveLength(charts.length);
    expect(html.match(/<table>/g)!.length).toBeGreaterThanOrEqual(5);
    // The spec's thresholds are drawn on each vital's chart.
    expect(html).toContain("good ≤ 2,500 ms");
    expect(html).toContain("poor &gt; 4,000 ms");
    expect(html).toContain("poor &gt; 0.250");
    expect(html).toContain(`<p class="kpi-value">${report.totals.pageViews.toLocaleString("en-US")}</p>`);
    // Sources by readable name, the seeded campaigns, each goal and the funnel's steps with their drops.
    for (const text of [
      "Google",
      "LinkedIn",
      "appexchange.example.com",
      "autumn",
      "timesheets-search",
      "Feature list PDF opened",
    ])
      expect(html).toContain(text);
    const [landing, , , sent] = report.acquisition.funnel.steps;
    expect(html).toContain(`Landing: ${landing.visits.toLocaleString("en-US")} visits; Feature or demo page:`);
    expect(html).toContain(`Lead sent: ${sent.visits} visits (`);
  });

  it("escapes what visitors sent, and says so when there is nothing to chart", async () => {
    const report = await reportOf((db) =>
      db
        .prepare(
          "INSERT INTO analytics_events (received_at, type, uid, page, category, action, label) VALUES (?, 'event', 'u', 'demo', 'video', 'start', ?)",
        )
        .run("2026-03-30T10:00:00.000Z", "<b>Timer</b> & co"),
    );
    expect(report.acquisition.visits).toBe(0);
    const html = renderUsageReportHtml(report, { brand: "A&B" });
    expect(html).toContain("&lt;b&gt;Timer&lt;/b&gt; &amp; co");
    expect(html).not.toContain("<b>Timer");
    expect(html).toContain("A&amp;B");
    expect(html).toContain("No page views in this period.");
    expect(html).toContain("No web-vitals measurements in this period.");
    expect(html).toContain("No leads or sign-ups in this period.");
    expect(html).toContain("No visits in this period.");
    expect(html).toContain("No campaign visits in this period.");
  });

  it("escapes a campaign's and a referrer's text in every place it is shown", async () => {
    const report = await reportOf((db) =>
      sqlMeasurementStore(sqliteQueries(db)).addEvents([
        {
          type: "pageview",
          uid: "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a",
          page: "home",
          source: { utm_source: "<i>src</i>", utm_campaign: "<b>x</b>&" },
          receivedAt: "2026-03-30T10:00:00.000Z",
        },
      ]),
    );
    const html = renderUsageReportHtml(report, { brand: "Tallyway" });
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;&amp;");
    expect(html).toContain("&lt;i&gt;src&lt;/i&gt;");
    expect(html).not.toMatch(/<b>x|<i>src/);
  });
});
