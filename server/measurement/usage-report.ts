/**
 * The usage report behind `npm run stats`: page views and unique visitors per page, median
 * time on page (from the RUM pixel's d), web-vitals p75 with its spec §9 rating, video starts
 * and completes, and leads and subscribers per day. It reads through the interfaces below:
 * measurement rows from this feature's store, sign-ups from the leads feature's stores.
 */
import { goalNames, type Goal } from "#common/goals.ts";
import { acquisition, type Acquisition, type GoalCounts } from "./acquisition.ts";
import { splitVisits, type Activity } from "./visits.ts";
import { rateVital, vitalNames, type VitalName, type VitalRating } from "#common/web-vitals.ts";

/** What a store method gives: rows now (SQLite) or once the database answered (PostgreSQL). */
type Answer<T> = T | Promise<T>;

/** Rows since an ISO time, implemented by store-sqlite.ts and store-postgres.ts. */
export interface UsageReadings {
  pageViews(since: string): Answer<{ page: string; views: number; visitors: number }[]>;
  /** Page views and unique visitors per UTC day ("2026-03-09"). */
  pageViewsPerDay(since: string): Answer<{ day: string; views: number; visitors: number }[]>;
  /** Unique visitors over all page views. */
  visitors(since: string): Answer<number>;
  beacons(since: string): Answer<{ page: string; lastPage: string | null; secondsOnLastPage: number | null; loadMs: number | null }[]>;
  /** Each web-vitals measurement with its UTC day. */
  vitals(since: string): Answer<{ name: string; value: number; day: string }[]>;
  videoPlays(since: string): Answer<{ label: string; action: string; plays: number }[]>;
  /** Page views and goal events since then, ordered by visitor and time (visits.ts). */
  activity(since: string): Answer<Activity[]>;
  /** One visitor's page views in time order (the first `maxVisitorRows`), to attribute a lead. */
  visitorActivity(uid: string): Answer<Activity[]>;
}

/** Rows per UTC day ("2026-03-09") since an ISO time (leads/store-sqlite.ts). */
export interface DailyCounts {
  perDay(since: string): Answer<Map<string, number>>;
}

export interface UsageSources {
  measurement: UsageReadings;
  leads: DailyCounts;
  subscribers: DailyCounts;
}

export interface UsageReport {
  from: string;
  to: string;
  days: number;
  totals: { pageViews: number; visitors: number; rumBeacons: number };
  pages: { page: string; views: number; visitors: number; medianSecondsOnPage: number | null; medianLoadMs: number | null }[];
  vitals: { name: VitalName; samples: number; p75: number; rating: VitalRating }[];
  videos: { label: string; starts: number; completes: number; completionRate: number | null }[];
  signups: { day: string; leads: number; subscribers: number }[];
  /** Every UTC day of the window, oldest first, with nothing left out (zeros), for charts. */
  daily: { day: string; views: number; visitors: number; leads: number; subscribers: number }[];
  /** Each vital's p75 per day that has measurements. */
  vitalsDaily: { name: VitalName; day: string; p75: number; samples: number }[];
  /** Visits by source and campaign, goals with conversion rates, the funnel (acquisition.ts). */
  acquisition: Acquisition;
}

/** The UTC days from the one holding `since` to the one holding `now`, as "YYYY-MM-DD". */
export function daysBetween(since: Date, now: Date): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate()); t <= now.getTime(); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * Free text as every report may show it (terminal, JSON, HTML): control characters, bidi
 * overrides and other format characters written out as \u{…}. /api/collect refuses them now;
 * rows stored before that, or by another writer, must still not reach an operator's terminal raw.
 */
export const printable = (text: string) => text.replace(/[\p{Cc}\p{Cf}]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);

/** Nearest-rank percentile of unsorted numbers; null for none. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

const groupValues = (rows: { key: string; value: number | null }[]) => {
  const groups = new Map<string, number[]>();
  for (const { key, value } of rows) if (value !== null) groups.set(key, [...(groups.get(key) ?? []), value]);
  return groups;
};

export async function usageReport(
  { measurement, leads, subscribers }: UsageSources,
  { days, now = new Date() }: { days: number; now?: Date },
): Promise<UsageReport> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

  const views = await measurement.pageViews(since);
  const beacons = await measurement.beacons(since);
  const secondsOn = groupValues(beacons.flatMap((b) => (b.lastPage === null ? [] : [{ key: b.lastPage, value: b.secondsOnLastPage }])));
  const loadMs = groupValues(beacons.map((b) => ({ key: b.page, value: b.loadMs })));
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

  const vitalRows = await measurement.vitals(since);
  const vitalValues = groupValues(vitalRows.map(({ name, value }) => ({ key: name, value })));
  const vitalValuesPerDay = groupValues(vitalRows.map(({ name, value, day }) => ({ key: `${name} ${day}`, value })));
  const vitalsDaily = vitalNames.flatMap((name) =>
    [...vitalValuesPerDay]
      .filter(([key]) => key.startsWith(`${name} `))
      .map(([key, values]) => ({ name, day: key.slice(name.length + 1), p75: percentile(values, 75)!, samples: values.length }))
      .sort((x, y) => x.day.localeCompare(y.day)),
  );
  const vitals = vitalNames.flatMap((name) => {
    const values = vitalValues.get(name) ?? [];
    const p75 = percentile(values, 75);
    return p75 === null ? [] : [{ name, samples: values.length, p75, rating: rateVital(name, p75) }];
  });

  const videoRows = await measurement.videoPlays(since);
  const videoLabels = [...new Set(videoRows.map((row) => row.label))].sort();
  const countOf = (label: string, action: string) =>
    videoRows.filter((row) => row.label === label && row.action === action).reduce((sum, row) => sum + row.plays, 0);
  const videos = videoLabels.map((label) => {
    const starts = countOf(label, "start");
    const completes = countOf(label, "complete");
    return { label: printable(label), starts, completes, completionRate: starts ? completes / starts : null };
  });

  const leadsPerDay = await leads.perDay(since);
  const subscribersPerDay = await subscribers.perDay(since);
  const signups = [...new Set([...leadsPerDay.keys(), ...subscribersPerDay.keys()])]
    .sort()
    .map((day) => ({ day, leads: leadsPerDay.get(day) ?? 0, subscribers: subscribersPerDay.get(day) ?? 0 }));
  const viewsPerDay = new Map((await measurement.pageViewsPerDay(since)).map((row) => [row.day, row]));
  const daily = daysBetween(new Date(since), now).map((day) => ({
    day,
    views: viewsPerDay.get(day)?.views ?? 0,
    visitors: viewsPerDay.get(day)?.visitors ?? 0,
    leads: leadsPerDay.get(day) ?? 0,
    subscribers: subscribersPerDay.get(day) ?? 0,
  }));

  // Visits that started in the window; a visit's rows come ordered by visitor and time.
  const visits = splitVisits(await measurement.activity(since));

  return {
    from: since,
    to: now.toISOString(),
    days,
    totals: { pageViews: views.reduce((sum, v) => sum + v.views, 0), visitors: await measurement.visitors(since), rumBeacons: beacons.length },
    pages,
    vitals,
    videos,
    signups,
    daily,
    vitalsDaily,
    acquisition: acquisition(
      visits,
      daily.map((d) => d.day),
    ),
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
    ...acquisitionSections(report.acquisition),
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

/** Short column names for the goals in text tables. */
const goalHeads: Record<Goal, string> = {
  "contact-sent": "contact",
  "newsletter-requested": "newsletter",
  "subscription-confirmed": "confirmed",
  "schedule-call": "call",
  "video-completed": "video",
  "feature-list-pdf": "pdf",
};
const asPercent = (rate: number | null) => (rate === null ? "-" : `${Number((rate * 100).toFixed(1))}%`);
const goalCells = (counts: GoalCounts) =>
  goalNames.map((goal) => (counts[goal].visits ? `${counts[goal].visits} (${asPercent(counts[goal].rate)})` : "0"));

function acquisitionSections(a: Acquisition): string[] {
  const shown = (text: string | null) => (text === null ? "-" : printable(text));
  return [
    `Sources (${a.visits} visits; goals as visits with the goal and their share of the visits)\n` +
      (a.sources.length
        ? table(
            ["source", "kind", "visits", "visitors", ...goalNames.map((g) => goalHeads[g])],
            a.sources.map((s) => [shown(s.source), s.kind, s.visits, s.visitors, ...goalCells(s.goals)]),
          )
        : "(no visits)"),
    "Campaigns\n" +
      (a.campaigns.length
        ? table(
            ["campaign", "source", "medium", "visits", "visitors", ...goalNames.map((g) => goalHeads[g])],
            a.campaigns.map((c) => [shown(c.campaign), shown(c.source), shown(c.medium), c.visits, c.visitors, ...goalCells(c.goals)]),
          )
        : "(no campaign visits)"),
    "Goals\n" +
      table(
        ["goal", "visits", "conversion"],
        a.goals.map((g) => [g.label, g.visits, asPercent(g.rate)]),
      ),
    "Goals per day (visits with the goal)\n" +
      table(
        ["day", "visits", ...goalNames.map((g) => goalHeads[g])],
        a.goalsDaily.filter((d) => d.visits).map((d) => [d.day, d.visits, ...goalNames.map((g) => d.goals[g])]),
      ),
    "Funnel (visits reaching each step in order)\n" +
      table(
        ["step", "visits", "of landings", "drop from previous"],
        a.funnel.steps.map((s) => [s.step, s.visits, asPercent(a.visits ? s.visits / a.visits : null), asPercent(s.drop)]),
      ) +
      "\n\nFunnel per source\n" +
      (a.funnel.bySource.length
        ? table(
            ["source", "landing", "feature/demo", "contact/support", "lead sent"],
            a.funnel.bySource.map((f) => [shown(f.source), ...f.steps.map((s) => s.visits)]),
          )
        : "(no visits)"),
  ];
}
