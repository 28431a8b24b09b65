/**
 * The usage report behind `npm run stats`: page views and unique visitors per page, median
 * time on page (from the RUM pixel's d), web-vitals p75 with its spec §9 rating, video starts
 * and completes, and leads and subscribers per day. The lead tables belong to another feature
 * and may not exist yet; then they count as zero.
 */
import { rateVital, vitalNames, type VitalName, type VitalRating } from "../../common/web-vitals.ts";
import type { Database } from "../store/database.ts";

export interface UsageReport {
  from: string;
  to: string;
  days: number;
  totals: { pageViews: number; visitors: number; rumBeacons: number };
  pages: { page: string; views: number; visitors: number; medianSecondsOnPage: number | null; medianLoadMs: number | null }[];
  vitals: { name: VitalName; samples: number; p75: number; rating: VitalRating }[];
  videos: { label: string; starts: number; completes: number; completionRate: number | null }[];
  signups: { day: string; leads: number; subscribers: number }[];
}

/** Nearest-rank percentile of unsorted numbers; null for none. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

const groupValues = (rows: { key: string; value: number }[]) => {
  const groups = new Map<string, number[]>();
  for (const { key, value } of rows) groups.set(key, [...(groups.get(key) ?? []), value]);
  return groups;
};

function countPerDay(db: Database, table: string, since: string): Map<string, number> {
  const hasColumn = (db.prepare(`SELECT name FROM pragma_table_info(?) WHERE name = 'created_at'`).all(table) as unknown[]).length > 0;
  if (!hasColumn) return new Map();
  const rows = db.prepare(`SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM "${table}" WHERE created_at >= ? GROUP BY day`).all(since) as {
    day: string;
    n: number;
  }[];
  return new Map(rows.map((row) => [row.day, row.n]));
}

export function usageReport(db: Database, { days, now = new Date() }: { days: number; now?: Date }): UsageReport {
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  const all = <T>(sql: string, ...params: (string | number)[]) => db.prepare(sql).all(...params) as T[];

  const views = all<{ page: string; views: number; visitors: number }>(
    "SELECT page, count(*) AS views, count(DISTINCT uid) AS visitors FROM analytics_events WHERE type = 'pageview' AND received_at >= ? GROUP BY page",
    since,
  );
  const secondsOn = groupValues(
    all(
      "SELECT last_page AS key, seconds_on_last_page AS value FROM rum_beacons WHERE received_at >= ? AND last_page IS NOT NULL AND seconds_on_last_page IS NOT NULL",
      since,
    ),
  );
  const loadMs = groupValues(all("SELECT page AS key, load_ms AS value FROM rum_beacons WHERE received_at >= ? AND load_ms IS NOT NULL", since));
  const pageNames = new Set([...views.map((v) => v.page), ...loadMs.keys()]);
  const pages = [...pageNames]
    .map((page) => {
      const counted = views.find((v) => v.page === page);
      return {
        page,
        views: counted?.views ?? 0,
        visitors: counted?.visitors ?? 0,
        medianSecondsOnPage: percentile(secondsOn.get(page) ?? [], 50),
        medianLoadMs: percentile(loadMs.get(page) ?? [], 50),
      };
    })
    .sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));

  const vitalValues = groupValues(all("SELECT action AS key, value FROM analytics_events WHERE type = 'vital' AND received_at >= ?", since));
  const vitals = vitalNames.flatMap((name) => {
    const values = vitalValues.get(name) ?? [];
    const p75 = percentile(values, 75);
    return p75 === null ? [] : [{ name, samples: values.length, p75, rating: rateVital(name, p75) }];
  });

  const videoRows = all<{ label: string; action: string; n: number }>(
    "SELECT coalesce(label, '') AS label, action, count(*) AS n FROM analytics_events WHERE type = 'event' AND category = 'video' AND action IN ('start', 'complete') AND received_at >= ? GROUP BY label, action",
    since,
  );
  const videoLabels = [...new Set(videoRows.map((row) => row.label))].sort();
  const countOf = (label: string, action: string) =>
    videoRows.filter((row) => row.label === label && row.action === action).reduce((sum, row) => sum + row.n, 0);
  const videos = videoLabels.map((label) => {
    const starts = countOf(label, "start");
    const completes = countOf(label, "complete");
    return { label, starts, completes, completionRate: starts ? completes / starts : null };
  });

  const leads = countPerDay(db, "leads", since);
  const subscribers = countPerDay(db, "subscribers", since);
  const signups = [...new Set([...leads.keys(), ...subscribers.keys()])]
    .sort()
    .map((day) => ({ day, leads: leads.get(day) ?? 0, subscribers: subscribers.get(day) ?? 0 }));

  const visitors = (
    db.prepare("SELECT count(DISTINCT uid) AS n FROM analytics_events WHERE type = 'pageview' AND received_at >= ?").get(since) as { n: number }
  ).n;
  const rumBeacons = (db.prepare("SELECT count(*) AS n FROM rum_beacons WHERE received_at >= ?").get(since) as { n: number }).n;
  return {
    from: since,
    to: now.toISOString(),
    days,
    totals: { pageViews: views.reduce((sum, v) => sum + v.views, 0), visitors, rumBeacons },
    pages,
    vitals,
    videos,
    signups,
  };
}

const table = (head: string[], rows: (string | number)[][]) => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells.map((cell, i) => (typeof cell === "number" ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
};
const orDash = (value: number | null, digits = 0) => (value === null ? "-" : Number(value.toFixed(digits)));

export function formatUsageReport(report: UsageReport): string {
  const { totals } = report;
  const sections = [
    `Usage from ${report.from.slice(0, 10)} to ${report.to.slice(0, 10)} (${report.days} days): ${totals.pageViews} page views, ${totals.visitors} unique visitors, ${totals.rumBeacons} RUM beacons`,
    "Pages\n" +
      (report.pages.length
        ? table(
            ["page", "views", "visitors", "median s on page", "median load ms"],
            report.pages.map((p) => [p.page, p.views, p.visitors, orDash(p.medianSecondsOnPage), orDash(p.medianLoadMs)]),
          )
        : "(no page views)"),
    "Web vitals (p75)\n" +
      (report.vitals.length
        ? table(
            ["metric", "p75", "rating", "samples"],
            report.vitals.map((v) => [v.name, v.name === "CLS" ? Number(v.p75.toFixed(3)) : Math.round(v.p75), v.rating, v.samples]),
          )
        : "(no measurements)"),
    "Videos\n" +
      (report.videos.length
        ? table(
            ["video", "starts", "completes", "completion"],
            report.videos.map((v) => [
              v.label || "(unnamed)",
              v.starts,
              v.completes,
              v.completionRate === null ? "-" : `${Math.round(v.completionRate * 100)}%`,
            ]),
          )
        : "(no video plays)"),
    "Leads and subscribers per day\n" +
      (report.signups.length
        ? table(
            ["day", "leads", "subscribers"],
            report.signups.map((s) => [s.day, s.leads, s.subscribers]),
          )
        : "(none)"),
  ];
  return sections.join("\n\n") + "\n";
}
