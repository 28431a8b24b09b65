/** The usage report behind `npm run stats` and the console's Usage page, read through the interfaces below. */
import { calendarDayError, isCalendarDay } from "#common/calendar-day.ts";
import { acquisitionOf, type Acquisition, type DayVisits, type VisitGroup } from "./acquisition.ts";
import type { Activity } from "./visits.ts";
import { rateVital, vitalNames, type VitalName, type VitalRating } from "#common/web-vitals.ts";
import { hasFilter, visitorsExactUnder, type UsageFilter } from "#common/usage-filter.ts";

export type { DayVisits, VisitGroup };

/** Visits of one entry page, exit page, device and browser (usage_visits), and how many of them sent the contact form. */
export interface VisitDimension {
  landing: string;
  /** The last page viewed ("unknown" for visits rolled up before migration 0130). */
  exit: string;
  device: string;
  browser: string;
  visits: number;
  leads: number;
}

/** Visits (and those that sent the contact form) per value of one dimension, most first. */
export type DimensionRow = { name: string; visits: number; leads: number };

/** What a store method gives: rows now (SQLite) or once the database answered (PostgreSQL). */
type Answer<T> = T | Promise<T>;

/** A nearest-rank percentile over the range: p50 of "load" and "seconds" per page, p75 of each vital ("" page). */
export interface Percentile {
  metric: string;
  page: string;
  value: number;
  samples: number;
}

/** The report's readings over UTC days `from`..`to` (both included): aggregates of the roll-ups, never raw rows. */
export interface UsageReadings {
  pageViews(from: string, to: string): Answer<{ page: string; views: number; visitors: number }[]>;
  /** Page views and unique visitors per UTC day that has any. */
  pageViewsPerDay(from: string, to: string): Answer<{ day: string; views: number; visitors: number }[]>;
  /** Unique visitors over all page views. */
  visitors(from: string, to: string): Answer<number>;
  beaconCount(from: string, to: string): Answer<number>;
  percentiles(from: string, to: string): Answer<Percentile[]>;
  /** Each vital's p75 per day ("page" is the day). */
  vitalsPerDay(from: string, to: string): Answer<Percentile[]>;
  videoPlays(from: string, to: string): Answer<{ label: string; action: string; plays: number }[]>;
  /** Visit groups of the visits that match `filter` per day; without one, each summed over the range (visitsPerDay has the days). */
  visitGroups(from: string, to: string, filter?: UsageFilter): Answer<VisitGroup[]>;
  /** Visits and goals per UTC day that has any (all visits). */
  visitsPerDay(from: string, to: string): Answer<DayVisits[]>;
  /** Visits per entry page, device and browser that match `filter`. */
  visitDimensions(from: string, to: string, filter?: UsageFilter): Answer<VisitDimension[]>;
  /** One visitor's page views in time order (the first `maxVisitorRows`), to attribute a lead. */
  visitorActivity(uid: string): Answer<Activity[]>;
  /** Page views, visitors, vitals and video plays of the visits that match `filter` (usage_visit_counts): the report's under one. */
  visitCounts(from: string, to: string, filter: UsageFilter): Answer<VisitCounts>;
}

/** What the visits of a filter counted: the unfiltered readings' figures, of those visits only. */
export interface VisitCounts {
  pages: { page: string; views: number; visitors: number }[];
  perDay: { day: string; views: number; visitors: number }[];
  visitors: number;
  /** Each vital's p75 over the range (page ""); load and time on page come from the RUM pixel, tied to no visit. */
  vitals: Percentile[];
  /** Each vital's p75 per day ("page" is the day). */
  vitalsPerDay: Percentile[];
  videos: { label: string; action: string; plays: number }[];
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
  /** First and last UTC day of the report, both included. */
  from: string;
  to: string;
  days: number;
  totals: { pageViews: number; visitors: number; rumBeacons: number };
  pages: {
    page: string;
    views: number;
    visitors: number;
    medianSecondsOnPage: number | null;
    medianLoadMs: number | null;
  }[];
  vitals: { name: VitalName; samples: number; p75: number; rating: VitalRating }[];
  videos: { label: string; starts: number; completes: number; completionRate: number | null }[];
  signups: { day: string; leads: number; subscribers: number }[];
  /** Every UTC day of the window, oldest first, with nothing left out (zeros), for charts. */
  daily: { day: string; views: number; visitors: number; leads: number; subscribers: number }[];
  /** Each vital's p75 per day that has measurements. */
  vitalsDaily: { name: VitalName; day: string; p75: number; samples: number }[];
  /** Visits by source and campaign, goals with conversion rates, the funnel (acquisition.ts); of the filter's visits. */
  acquisition: Acquisition;
  /**
   * The filter every measured figure follows (page views, visitors, pages, vitals, videos, acquisition,
   * visitsBy): those of its visits. Not the RUM pixel's (rumBeacons, the pages' median load and time on
   * page: beacons belong to no visit) nor sign-ups (signups, daily leads and subscribers): the whole site's.
   */
  filter: UsageFilter;
  /** The filter's visits per entry page, device and browser. */
  visitsBy: {
    entryPages: DimensionRow[];
    exitPages: DimensionRow[];
    devices: DimensionRow[];
    browsers: DimensionRow[];
  };
}

/** Rows summed per entry page, device and browser, most visits first. */
export function visitsByOf(rows: VisitDimension[]): UsageReport["visitsBy"] {
  const by = (key: "landing" | "exit" | "device" | "browser") => {
    const sums = new Map<string, DimensionRow>();
    for (const row of rows) {
      const found = sums.get(row[key]) ?? { name: row[key], visits: 0, leads: 0 };
      found.visits += row.visits;
      found.leads += row.leads;
      sums.set(row[key], found);
    }
    return [...sums.values()].sort((a, b) => b.visits - a.visits || a.name.localeCompare(b.name));
  };
  return { entryPages: by("landing"), exitPages: by("exit"), devices: by("device"), browsers: by("browser") };
}

/** Under a filter that leaves visitors inexact (visitorsExactUnder), the visitors columns say so: null. */
export function withVisitorsUnder(a: Acquisition, filter: UsageFilter): Acquisition {
  if (visitorsExactUnder(filter)) return a;
  return {
    ...a,
    sources: a.sources.map((row) => ({ ...row, visitors: null })),
    campaigns: a.campaigns.map((row) => ({ ...row, visitors: null })),
  };
}

const dayMs = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The UTC days from `from` to `to` ("YYYY-MM-DD"), both included. */
export function daysFromTo(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += dayMs) days.push(dayOf(t));
  return days;
}

/** A report's UTC days, both included. */
export interface UsageRange {
  from: string;
  to: string;
}

/** The last `days` UTC days, ending with the day of `now` (today counts as one). */
export const lastDays = (days: number, now = new Date()): UsageRange => ({
  from: dayOf(Date.parse(dayOf(now.getTime())) - (days - 1) * dayMs),
  to: dayOf(now.getTime()),
});

/** The range of the same length just before `range`. */
export function previousRange({ from, to }: UsageRange): UsageRange {
  const length = Date.parse(to) - Date.parse(from) + dayMs;
  return { from: dayOf(Date.parse(from) - length), to: dayOf(Date.parse(from) - dayMs) };
}

export const maxReportDays = 800;

/** A range from what a person typed (the console's from/to, `npm run stats`), or why not. */
export function parseRange(from: unknown, to: unknown, now = new Date()): UsageRange | { error: string } {
  if (!isCalendarDay(from)) return { error: calendarDayError("from", String(from ?? "")) };
  if (!isCalendarDay(to)) return { error: calendarDayError("to", String(to ?? "")) };
  if (from > to) return { error: `The range starts (${from}) after it ends (${to}).` };
  const today = dayOf(now.getTime());
  if (to > today)
    return { error: `The range ends on ${to}, after today (${today}, UTC): there is no data for the future yet.` };
  if (daysFromTo(from, to).length > maxReportDays) return { error: `Choose at most ${maxReportDays} days.` };
  return { from, to };
}

/**
 * Control and format characters (bidi overrides) written out as \u{…}: rows stored before /api/collect
 * refused them, or by another writer, must not reach an operator's terminal raw.
 */
export const printable = (text: string) =>
  text.replace(/[\p{Cc}\p{Cf}]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);

/** The report over `range`, or over the last `days` days up to `now`. */
export async function usageReport(
  { measurement, leads, subscribers }: UsageSources,
  range: UsageRange | { days: number; now?: Date },
  filter: UsageFilter = {},
): Promise<UsageReport> {
  const { from, to } = "from" in range ? range : lastDays(range.days, range.now);
  const days = daysFromTo(from, to);
  const filtered = hasFilter(filter);
  // Under a filter, page views, visitors, vitals and videos come from one reading of the filter's visits.
  const counts = filtered ? Promise.resolve(measurement.visitCounts(from, to, filter)) : undefined;
  const countsOf = <K extends keyof VisitCounts>(part: K) => counts!.then((c) => c[part]);
  const [
    views,
    perDay,
    visitors,
    beacons,
    percentiles,
    vitalsPerDay,
    videoRows,
    groups,
    perDayVisits,
    dimensions,
    leadsPerDay,
    subscribersPerDay,
    filteredVitals,
  ] = await Promise.all([
    filtered ? countsOf("pages") : measurement.pageViews(from, to),
    filtered ? countsOf("perDay") : measurement.pageViewsPerDay(from, to),
    filtered ? countsOf("visitors") : measurement.visitors(from, to),
    measurement.beaconCount(from, to),
    // Load and time on page per page come from the RUM pixel, whose beacons belong to no visit: the whole site's.
    measurement.percentiles(from, to),
    filtered ? countsOf("vitalsPerDay") : measurement.vitalsPerDay(from, to),
    filtered ? countsOf("videos") : measurement.videoPlays(from, to),
    measurement.visitGroups(from, to, filter),
    // Only the unfiltered groups come summed over the range: their days apart.
    filtered ? undefined : measurement.visitsPerDay(from, to),
    measurement.visitDimensions(from, to, filter),
    // Sign-ups are few: read from the range's start, cut at its end here.
    leads.perDay(`${from}T00:00:00.000Z`),
    subscribers.perDay(`${from}T00:00:00.000Z`),
    filtered ? countsOf("vitals") : [],
  ]);

  const medians = new Map(
    percentiles
      .filter((p) => p.metric === "load" || p.metric === "seconds")
      .map((p) => [`${p.metric} ${p.page}`, p.value]),
  );
  const viewsOf = new Map(views.map((v) => [v.page, v]));
  // Under a filter, only the pages its visits viewed (load times are every visit's).
  const pageNames = new Set([
    ...views.map((v) => v.page),
    ...(filtered ? [] : percentiles.filter((p) => p.metric === "load").map((p) => p.page)),
  ]);
  const pages = [...pageNames]
    .map((page) => ({
      page,
      views: viewsOf.get(page)?.views ?? 0,
      visitors: viewsOf.get(page)?.visitors ?? 0,
      medianSecondsOnPage: medians.get(`seconds ${page}`) ?? null,
      medianLoadMs: medians.get(`load ${page}`) ?? null,
    }))
    .sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));

  const vitals = vitalNames.flatMap((name) => {
    const found = (filtered ? filteredVitals : percentiles).find((p) => p.metric === name);
    return found ? [{ name, samples: found.samples, p75: found.value, rating: rateVital(name, found.value) }] : [];
  });
  const vitalsDaily = vitalNames.flatMap((name) =>
    vitalsPerDay
      .filter((p) => p.metric === name)
      .map((p) => ({ name, day: p.page, p75: p.value, samples: p.samples }))
      .sort((x, y) => x.day.localeCompare(y.day)),
  );

  const videoLabels = [...new Set(videoRows.map((row) => row.label))].sort();
  const countOf = (label: string, action: string) =>
    videoRows.filter((row) => row.label === label && row.action === action).reduce((sum, row) => sum + row.plays, 0);
  const videos = videoLabels.map((label) => {
    const starts = countOf(label, "start");
    const completes = countOf(label, "complete");
    return { label: printable(label), starts, completes, completionRate: starts ? completes / starts : null };
  });

  const inRange = (counts: Map<string, number>) => new Map([...counts].filter(([day]) => day >= from && day <= to));
  const leadsIn = inRange(leadsPerDay);
  const subscribersIn = inRange(subscribersPerDay);
  const signups = [...new Set([...leadsIn.keys(), ...subscribersIn.keys()])]
    .sort()
    .map((day) => ({ day, leads: leadsIn.get(day) ?? 0, subscribers: subscribersIn.get(day) ?? 0 }));
  const viewsPerDay = new Map(perDay.map((row) => [row.day, row]));
  const daily = days.map((day) => ({
    day,
    views: viewsPerDay.get(day)?.views ?? 0,
    visitors: viewsPerDay.get(day)?.visitors ?? 0,
    leads: leadsIn.get(day) ?? 0,
    subscribers: subscribersIn.get(day) ?? 0,
  }));

  return {
    from,
    to,
    days: days.length,
    totals: { pageViews: views.reduce((sum, v) => sum + v.views, 0), visitors, rumBeacons: beacons },
    pages,
    vitals,
    videos,
    signups,
    daily,
    vitalsDaily,
    acquisition: withVisitorsUnder(acquisitionOf(groups, days, perDayVisits), filter),
    filter,
    visitsBy: visitsByOf(dimensions),
  };
}

/** The past-its-budget error: the console answers 503 with its message. */
export class UsageReportTimeout extends Error {
  readonly budgetMs: number;
  constructor(budgetMs: number) {
    super(`The usage report took longer than ${budgetMs / 1000} s and was given up; try a shorter range.`);
    this.name = "UsageReportTimeout";
    this.budgetMs = budgetMs;
  }
}

/** `report` or a UsageReportTimeout after `budgetMs`, whichever comes first. */
export function withinBudget<T>(report: Promise<T>, budgetMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UsageReportTimeout(budgetMs)), budgetMs);
  });
  return Promise.race([report, timeout]).finally(() => clearTimeout(timer));
}
