/**
 * What every engine's roll-ups must give the usage report (issues 29 and 31), written against
 * the interfaces so SQLite (usage-report.test.ts) and PostgreSQL (stores.contract.test.ts) run
 * the same cases: the report equals the one computed from the raw rows in JS (visits.ts,
 * acquisition.ts, nearest-rank percentiles), whether the roll-ups were kept batch by batch or
 * built by the migration's backfill, and every section stops at both ends of the range.
 */
import { describe, expect, it } from "vitest";
import type { Collected } from "#common/measurement.ts";
import { acquisition } from "./acquisition.ts";
import {
  eventRow,
  toActivity,
  type ActivityRow,
  type MeasurementStore,
  type Received,
  type RumBeacon,
} from "./store.ts";
import {
  daysFromTo,
  usageReport,
  visitsByOf,
  withVisitorsUnder,
  type UsageReadings,
  type UsageReport,
} from "./usage-report.ts";
import { activityColumns } from "./rollups.ts";
import { splitVisits, visitGapMs, type Activity, type Visit } from "./visits.ts";
import type { Goal } from "#common/goals.ts";
import { hasFilter, type UsageFilter } from "#common/usage-filter.ts";
import { unknownClient } from "./devices.ts";
import { rateVital, vitalNames } from "#common/web-vitals.ts";

/** Nearest-rank percentile of unsorted numbers; null for none. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface UsageFixture {
  store: MeasurementStore & UsageReadings;
  /** Empties the roll-ups and builds them from the raw rows, as migration 0120 does. */
  rebuild(): Promise<void>;
  close(): void | Promise<void>;
}

const noSignups = { perDay: () => new Map<string, number>() };
const reportOf = (store: UsageReadings, from: string, to: string, filter: UsageFilter = {}) =>
  usageReport({ measurement: store, leads: noSignups, subscribers: noSignups }, { from, to }, filter);

/** A small random generator with a seed, so a failure can be replayed. */
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** Page views, goals, vitals, video plays and beacons of 40 visitors over 20–26 November, some visits across midnight. */
export function workload(seed = 7) {
  const next = random(seed);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const pages = ["home", "features", "features-timesheets", "demo", "contact", "support", "blog", "pricing"];
  const sources = [
    undefined,
    { referrer: "www.google.de" },
    { referrer: "partner.example" },
    { referrer: "t.co" },
    { utm_source: "newsletter", utm_medium: "email", utm_campaign: "autumn" },
    { utm_source: "LinkedIn", utm_campaign: "launch" },
    { ref: "producthunt", utm_campaign: "ph" },
    { utm_source: "google", utm_medium: "cpc", utm_campaign: "brand" },
    { referrer: "www.bing.com", utm_medium: "ppc" },
  ];
  // A device and browser per visitor, as the collector reads them; every fourth stored before it did (none).
  const clients = [
    { device: "phone", browser: "Safari" },
    { device: "desktop", browser: "Chrome" },
    { device: "tablet", browser: "Samsung Internet" },
    {},
  ] as const;
  const events: Received<Collected>[] = [];
  const beacons: Received<RumBeacon>[] = [];
  for (let v = 0; v < 40; v++) {
    const uid = `00000000-0000-4000-8000-${String(v).padStart(12, "0")}`;
    const client = clients[v % clients.length];
    let t = Date.UTC(2026, 10, 20) + Math.floor(next() * 6 * 86_400_000);
    for (let visit = 0; visit < 1 + Math.floor(next() * 4); visit++) {
      const source = pick(sources);
      for (let step = 0; step < 1 + Math.floor(next() * 6); step++) {
        const receivedAt = new Date(t).toISOString();
        const page = pick(pages);
        const roll = next();
        if (roll < 0.6 || step === 0)
          events.push({
            receivedAt,
            type: "pageview",
            uid,
            page,
            ...client,
            ...(step === 0 && source ? { source } : {}),
          });
        else if (roll < 0.75)
          events.push({
            receivedAt,
            type: "event",
            uid,
            page,
            category: "goal",
            action: pick(["contact-sent", "schedule-call", "newsletter-requested"]),
            ...client,
          });
        else if (roll < 0.85)
          events.push({
            receivedAt,
            type: "event",
            uid,
            page,
            category: "video",
            action: pick(["start", "complete"]),
            label: pick(["Timer", "Tour"]),
          });
        else
          events.push({
            receivedAt,
            type: "vital",
            uid,
            page,
            name: pick([...vitalNames]),
            value: Math.floor(next() * 40) * 50,
            rating: "good",
          });
        if (next() < 0.5)
          beacons.push({
            receivedAt,
            site: "s",
            page,
            uid,
            lastPage: pick([null, ...pages]),
            secondsOnLastPage: Math.floor(next() * 9),
            loadMs: pick([null, 100, 200, 300, 450]),
          });
        t += Math.floor(next() * 20 * 60_000);
      }
      t += 31 * 60_000 + Math.floor(next() * 30 * 3_600_000);
    }
  }
  // Measurements late in the month before: a range then reads whole months (usage_month_values) and days together.
  for (let i = 0; i < 30; i++) {
    const receivedAt = new Date(Date.UTC(2026, 9, 28) + Math.floor(next() * 4 * 86_400_000)).toISOString();
    const uid = "00000000-0000-4000-8000-0000000000a0";
    const page = pick(pages);
    beacons.push({
      receivedAt,
      site: "s",
      page,
      uid,
      lastPage: pick(pages),
      secondsOnLastPage: Math.floor(next() * 9),
      loadMs: pick([100, 200, 300, 450]),
    });
    events.push({
      receivedAt,
      type: "vital",
      uid,
      page,
      name: pick([...vitalNames]),
      value: Math.floor(next() * 40) * 50,
      rating: "good",
    });
  }
  // Visitors who came in September and October too: whole months then count visitors whose previous day is in the
  // month before, in the range or not (usage_month_page_visitors and usage_month_visitors, migration 0150).
  for (let v = 0; v < 12; v++) {
    const uid = `00000000-0000-4000-8000-${String(v).padStart(12, "0")}`;
    for (const day of [
      Date.UTC(2026, 8, 20 + (v % 3)),
      Date.UTC(2026, 9, 5 + (v % 2)),
      Date.UTC(2026, 9, 28 + (v % 4)),
    ])
      if (next() < 0.8)
        events.push({
          receivedAt: new Date(day + 12 * 3_600_000).toISOString(),
          type: "pageview",
          uid,
          page: pick(pages),
          // Sources and campaigns across months too (usage_month_source_firsts, usage_month_campaign_firsts).
          ...(v % 3 ? { source: pick(sources.slice(3, 6))! } : {}),
        });
  }
  // One visit down the whole funnel: feature page, contact page, lead sent.
  const uid = "00000000-0000-4000-8000-0000000000ff";
  for (const [minute, page, goal] of [
    [0, "home"],
    [1, "features"],
    [2, "contact"],
    [3, "contact", "contact-sent"],
  ] as const)
    events.push(
      goal
        ? {
            receivedAt: new Date(Date.UTC(2026, 10, 22, 23, 58 + minute)).toISOString(),
            type: "event",
            uid,
            page,
            category: "goal",
            action: goal,
          }
        : { receivedAt: new Date(Date.UTC(2026, 10, 22, 23, 58 + minute)).toISOString(), type: "pageview", uid, page },
    );
  return { events, beacons };
}

/** The report from raw rows in JS, every section cut to the UTC days from..to: what the roll-ups must equal. */
export function referenceReport(
  events: Received<Collected>[],
  beacons: Received<RumBeacon>[],
  from: string,
  to: string,
  filter: UsageFilter = {},
): Omit<UsageReport, "signups"> {
  const dayOf = (iso: string) => iso.slice(0, 10);
  const inRange = (iso: string) => dayOf(iso) >= from && dayOf(iso) <= to;
  const days = daysFromTo(from, to);
  const uidOf = (e: Received<Collected>) => e.uid.toLowerCase();
  // Visits over all rows (a visit is whole whatever the range), counted on the day they started.
  const activity = events
    .map((e, i) => ({ e, i }))
    .sort((x, y) => uidOf(x.e).localeCompare(uidOf(y.e)) || x.e.receivedAt.localeCompare(y.e.receivedAt) || x.i - y.i)
    .flatMap(({ e }) => {
      if (e.type === "vital") return [];
      const row = Object.fromEntries(
        activityColumns.map((name, i) => [name, eventRow(e)[i]]),
      ) as unknown as ActivityRow;
      return toActivity(row) ?? [];
    }) as Activity[];
  const allVisits = splitVisits(activity);
  // Under a filter, an event counts if the visit it came in matches: the visitor's latest visit
  // started at or before it, if it came within a visit's gap of that visit's end.
  const visitOf = (e: Received<Collected>) => {
    const visit = allVisits.filter((v) => v.uid === uidOf(e) && v.start <= e.receivedAt).at(-1);
    return visit && Date.parse(e.receivedAt) - Date.parse(visit.end) < visitGapMs ? visit : undefined;
  };
  const filtered = hasFilter(filter);
  // Each visit's viewed pages (the viewed-page filter): its page views, on any day.
  const viewed = new Map<Visit, Set<string>>();
  for (const e of events)
    if (e.type === "pageview") {
      const visit = visitOf(e);
      if (visit) viewed.set(visit, (viewed.get(visit) ?? new Set()).add(e.page));
    }
  const matches = (v: Visit, f: UsageFilter) =>
    matchesVisit(v, f) && (f.viewed === undefined || !!viewed.get(v)?.has(f.viewed));
  const counted = (e: Received<Collected>) => {
    if (!filtered) return true;
    const visit = visitOf(e);
    return visit !== undefined && matches(visit, filter);
  };
  const views = events.filter((e) => e.type === "pageview" && inRange(e.receivedAt) && counted(e));
  const distinct = (rows: Received<Collected>[]) => new Set(rows.map(uidOf)).size;
  const inBeacons = beacons.filter((b) => inRange(b.receivedAt));
  const valuesBy = <T>(rows: T[], key: (row: T) => string | null, value: (row: T) => number | null) => {
    const groups = new Map<string, number[]>();
    for (const row of rows) {
      const [k, v] = [key(row), value(row)];
      if (k !== null && v !== null) groups.set(k, [...(groups.get(k) ?? []), v]);
    }
    return groups;
  };
  const load = valuesBy(
    inBeacons,
    (b) => b.page,
    (b) => b.loadMs,
  );
  const seconds = valuesBy(
    inBeacons,
    (b) => b.lastPage,
    (b) => (b.lastPage === null ? null : b.secondsOnLastPage),
  );
  // Load and time on page come from beacons, which belong to no visit: every visit's, and no page of their own under a filter.
  const pageNames = new Set([...views.map((e) => e.page), ...(filtered ? [] : load.keys())]);
  const pages = [...pageNames]
    .map((page) => ({
      page,
      views: views.filter((e) => e.page === page).length,
      visitors: distinct(views.filter((e) => e.page === page)),
      medianSecondsOnPage: percentile(seconds.get(page) ?? [], 50),
      medianLoadMs: percentile(load.get(page) ?? [], 50),
    }))
    .sort((a, b) => b.views - a.views || a.page.localeCompare(b.page));
  const vitalRows = events.flatMap((e) =>
    e.type === "vital" && inRange(e.receivedAt) && counted(e)
      ? [{ name: e.name, value: e.value, day: dayOf(e.receivedAt) }]
      : [],
  );
  const vitals = vitalNames.flatMap((name) => {
    const values = vitalRows.filter((r) => r.name === name).map((r) => r.value);
    const p75 = percentile(values, 75);
    return p75 === null ? [] : [{ name, samples: values.length, p75, rating: rateVital(name, p75) }];
  });
  const vitalsDaily = vitalNames.flatMap((name) =>
    days.flatMap((day) => {
      const values = vitalRows.filter((r) => r.name === name && r.day === day).map((r) => r.value);
      return values.length ? [{ name, day, p75: percentile(values, 75)!, samples: values.length }] : [];
    }),
  );
  const plays = events.filter(
    (e) => e.type === "event" && e.category === "video" && inRange(e.receivedAt) && counted(e),
  ) as Extract<Collected, { type: "event" }>[];
  const labels = [...new Set(plays.map((e) => e.label ?? ""))].sort();
  const videos = labels.map((label) => {
    const starts = plays.filter((e) => (e.label ?? "") === label && e.action === "start").length;
    const completes = plays.filter((e) => (e.label ?? "") === label && e.action === "complete").length;
    return { label, starts, completes, completionRate: starts ? completes / starts : null };
  });
  const visits = allVisits.filter((v) => inRange(v.start) && matches(v, filter));
  return {
    from,
    to,
    days: days.length,
    totals: { pageViews: views.length, visitors: distinct(views), rumBeacons: inBeacons.length },
    pages,
    vitals,
    videos,
    daily: days.map((day) => {
      const on = views.filter((e) => dayOf(e.receivedAt) === day);
      return { day, views: on.length, visitors: distinct(on), leads: 0, subscribers: 0 };
    }),
    vitalsDaily,
    acquisition: withVisitorsUnder(acquisition(visits, days), filter),
    filter,
    visitsBy: visitsByOf(
      visits.map((v) => ({
        landing: v.landing,
        exit: v.exit,
        device: v.device ?? unknownClient,
        browser: v.browser ?? unknownClient,
        visits: 1,
        leads: v.goals.has("contact-sent") ? 1 : 0,
      })),
    ),
  };
}

/** Whether a visit counts under `filter` (but its viewed page), in JS: what the roll-ups' filtered readings must pick. */
function matchesVisit(v: Visit, filter: UsageFilter): boolean {
  return (
    (filter.source === undefined || v.source === filter.source) &&
    (filter.campaign === undefined || v.campaign === filter.campaign) &&
    (filter.page === undefined || v.landing === filter.page) &&
    (filter.goal === undefined || v.goals.has(filter.goal as Goal)) &&
    (filter.device === undefined || (v.device ?? unknownClient) === filter.device) &&
    (filter.browser === undefined || (v.browser ?? unknownClient) === filter.browser)
  );
}

const ranges: [string, string][] = [
  ["2026-11-20", "2026-11-26"],
  ["2026-11-22", "2026-11-23"],
  ["2026-11-24", "2026-11-24"],
  ["2026-11-01", "2026-11-21"],
  ["2026-11-26", "2026-11-30"],
  // Whole months with and without the days around them (usage_month_values, wholeMonths).
  ["2026-11-01", "2026-11-30"],
  ["2026-10-30", "2026-11-30"],
  ["2026-10-01", "2026-11-24"],
  ["2026-09-15", "2026-12-31"],
  ["2026-10-29", "2026-11-30"],
  ["2026-09-21", "2026-10-31"],
  ["2026-09-01", "2026-09-30"],
];

/** Each case writes and reads a few thousand rows many times over: on a loaded machine that outlasts vitest's 5 s. */
const slowCase = 60_000;

export function describeUsageReportContract(engine: string, open: () => Promise<UsageFixture>): void {
  /** The workload of `seed`, written in time order (events) in one batch per kind. */
  const written = async (store: UsageFixture["store"], seed: number) => {
    const { events, beacons } = workload(seed);
    await store.addEvents([...events].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt)));
    await store.addBeacons(beacons);
    return { events, beacons };
  };
  const withFixture = (test: (f: UsageFixture) => Promise<void>) => async () => {
    const fixture = await open();
    try {
      await test(fixture);
    } finally {
      await fixture.close();
    }
  };

  describe(`usage report on ${engine}'s roll-ups`, () => {
    it(
      "counts exactly what the raw rows say over ranges cut at both ends, kept batch by batch and built by the backfill",
      withFixture(async ({ store, rebuild }) => {
        const { events, beacons } = workload();
        const inOrder = [...events].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
        for (let i = 0; i < inOrder.length; i += 37) await store.addEvents(inOrder.slice(i, i + 37));
        for (let i = 0; i < beacons.length; i += 50) await store.addBeacons(beacons.slice(i, i + 50));
        expect(
          referenceReport(events, beacons, "2026-11-20", "2026-11-26").acquisition.funnel.steps.at(-1)!.visits,
        ).toBeGreaterThan(0);
        const check = async () => {
          for (const [from, to] of ranges) {
            const { signups, ...report } = await reportOf(store, from, to);
            expect(signups).toEqual([]);
            expect(report, `${from}..${to}`).toEqual(referenceReport(events, beacons, from, to));
          }
        };
        await check();
        await rebuild();
        await check();
      }),
      slowCase,
    );

    it(
      "follows every filter (source, campaign, entry page, viewed page, goal, device, browser) from the roll-ups, and counts devices and paid search apart (issue 31)",
      withFixture(async ({ store, rebuild }) => {
        const { events, beacons } = workload(3);
        const inOrder = [...events].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
        for (let i = 0; i < inOrder.length; i += 41) await store.addEvents(inOrder.slice(i, i + 41));
        await store.addBeacons(beacons);
        const [from, to] = ["2026-11-20", "2026-11-26"];
        const whole = referenceReport(events, beacons, from, to);
        expect(whole.visitsBy.devices.map((d) => d.name).sort()).toEqual(["desktop", "phone", "tablet", "unknown"]);
        expect(whole.acquisition.sources.find((s) => s.source === "Google (paid)")?.kind).toBe("paid");
        const filters: UsageFilter[] = [
          { source: "Google (paid)" },
          { source: "newsletter" },
          { campaign: "autumn" },
          { page: "features" },
          { viewed: "features" },
          { viewed: "contact", device: "phone" },
          { goal: "contact-sent" },
          { device: "phone" },
          { device: "unknown" },
          { browser: "Chrome" },
          { source: "Direct", device: "tablet" },
          { source: "nowhere.example" },
        ];
        const check = async () => {
          expect((await reportOf(store, from, to)).visitsBy).toEqual(whole.visitsBy);
          for (const filter of filters) {
            const { signups, ...report } = await reportOf(store, from, to, filter);
            const reference = referenceReport(events, beacons, from, to, filter);
            expect(signups).toEqual([]);
            // Every section follows: page views per page and per day, visitors, vitals, videos, visits.
            expect(report, JSON.stringify(filter)).toEqual(reference);
            expect(report.totals.rumBeacons).toBe(whole.totals.rumBeacons);
          }
        };
        // A viewed page takes more visits than the same page as their entry (issue 44).
        const entered = referenceReport(events, beacons, from, to, { page: "features" }).acquisition.visits;
        const viewedThere = referenceReport(events, beacons, from, to, { viewed: "features" }).acquisition.visits;
        expect(viewedThere).toBeGreaterThan(entered);
        const newsletter = referenceReport(events, beacons, from, to, { source: "newsletter" });
        expect(newsletter.acquisition.visits).toBeGreaterThan(0);
        // The filter leaves fewer page views, vitals and video plays than the whole site, yet some.
        expect(newsletter.totals.pageViews).toBeGreaterThan(0);
        expect(newsletter.totals.pageViews).toBeLessThan(whole.totals.pageViews);
        expect(newsletter.vitals.length + newsletter.videos.length).toBeGreaterThan(0);
        await check();
        await rebuild();
        await check();
      }),
      slowCase,
    );

    it(
      "shows nothing of the day after a range without traffic: all zeros, every day labelled (issue 31)",
      withFixture(async ({ store }) => {
        const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";
        const at = "2026-11-24T09:00:00.000Z";
        await store.addEvents([
          {
            receivedAt: at,
            type: "pageview",
            uid,
            page: "features",
            source: { utm_source: "newsletter", utm_campaign: "autumn" },
          },
          { receivedAt: "2026-11-24T09:01:00.000Z", type: "pageview", uid, page: "contact" },
          {
            receivedAt: "2026-11-24T09:02:00.000Z",
            type: "event",
            uid,
            page: "contact",
            category: "goal",
            action: "contact-sent",
          },
          { receivedAt: at, type: "vital", uid, page: "home", name: "LCP", value: 1200, rating: "good" },
          { receivedAt: at, type: "event", uid, page: "demo", category: "video", action: "start", label: "Tour" },
        ]);
        await store.addBeacons([
          { receivedAt: at, site: "s", page: "home", uid, lastPage: "features", secondsOnLastPage: 5, loadMs: 300 },
        ]);
        const report = await reportOf(store, "2026-11-01", "2026-11-23");
        expect(report.from).toBe("2026-11-01");
        expect(report.to).toBe("2026-11-23");
        expect(report.days).toBe(23);
        expect(report.totals).toEqual({ pageViews: 0, visitors: 0, rumBeacons: 0 });
        expect([report.pages, report.vitals, report.videos, report.vitalsDaily, report.signups]).toEqual([
          [],
          [],
          [],
          [],
          [],
        ]);
        expect(report.daily.every((d) => d.views + d.visitors + d.leads + d.subscribers === 0)).toBe(true);
        const { acquisition: a } = report;
        expect([a.visits, a.sources, a.campaigns]).toEqual([0, [], []]);
        expect(a.goals.every((g) => g.visits === 0)).toBe(true);
        expect(a.funnel.steps.map((s) => s.visits)).toEqual([0, 0, 0, 0]);
        expect(a.goalsDaily).toHaveLength(23);
        // The day itself has it all.
        const day = await reportOf(store, "2026-11-24", "2026-11-24");
        expect([day.totals.pageViews, day.acquisition.visits, day.acquisition.funnel.steps.at(-1)!.visits]).toEqual([
          2, 1, 1,
        ]);
      }),
      slowCase,
    );

    it(
      "keeps month and day percentiles in step when retention deletes days inside a month (migration 0122)",
      withFixture(async ({ store }) => {
        const { events, beacons } = await written(store, 5);
        // Midnight: the roll-ups' days before it go with the raw rows, in small chunks.
        const cutoff = "2026-10-30T00:00:00.000Z";
        while ((await store.deleteReceivedBefore(cutoff, 7)) > 0);
        const keptEvents = events.filter((e) => e.receivedAt >= cutoff);
        const keptBeacons = beacons.filter((b) => b.receivedAt >= cutoff);
        expect(keptBeacons.length).toBeLessThan(beacons.length);
        for (const [from, to] of [
          ["2026-10-01", "2026-11-30"],
          ["2026-10-29", "2026-11-30"],
        ]) {
          const report = await reportOf(store, from, to);
          const reference = referenceReport(keptEvents, keptBeacons, from, to);
          expect([report.pages, report.vitals], `${from}..${to}`).toEqual([reference.pages, reference.vitals]);
        }
      }),
      slowCase,
    );

    it(
      "keeps visitors and visit groups of whole months exact through late rows, erases and retention (migration 0150)",
      withFixture(async ({ store, rebuild }) => {
        const { events } = workload(13);
        let kept = events.filter((e) => e.type === "pageview");
        // Newest batches first: every earlier day written later relinks the visitor's next day.
        const newestFirst = [...kept].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
        for (let i = 0; i < newestFirst.length; i += 29) await store.addEvents(newestFirst.slice(i, i + 29));
        // Visitors (an erase leaves the anonymous page view counts), and visits once written in order.
        const countsOf = ({ totals, pages, daily, acquisition }: Omit<UsageReport, "signups">, visits: boolean) => ({
          total: totals.visitors,
          pages: Object.fromEntries(pages.filter((p) => p.visitors).map((p) => [p.page, p.visitors])),
          daily: daily.map((d) => d.visitors),
          acquisition: visits ? acquisition : null,
        });
        const check = async (when: string, visits = true) => {
          for (const [from, to] of ranges)
            expect(countsOf(await reportOf(store, from, to), visits), `${when} ${from}..${to}`).toEqual(
              countsOf(referenceReport(kept, [], from, to), visits),
            );
        };
        // Rows out of order by more than a visit's gap start visits of their own (a known limit): visitors only.
        await check("written late", false);
        await rebuild();
        await check("rebuilt");
        const gone = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000004"];
        await store.deleteVisitors(gone);
        kept = kept.filter((e) => !gone.includes(e.uid));
        await check("after an erase");
        const cutoff = "2026-10-06T00:00:00.000Z";
        while ((await store.deleteReceivedBefore(cutoff, 5)) > 0);
        kept = kept.filter((e) => e.receivedAt >= cutoff);
        await check("after retention");
      }),
      slowCase,
    );

    it(
      "deleteVisitors removes a visitor's raw rows and every roll-up row naming it",
      withFixture(async ({ store }) => {
        const { events, beacons } = await written(store, 11);
        const gone = [...new Set(events.map((e) => e.uid))].slice(0, 3);
        await store.deleteVisitors(gone.map((uid) => uid.toUpperCase()));
        const kept = events.filter((e) => !gone.includes(e.uid));
        const { visitors } = referenceReport(kept, [], "2026-11-20", "2026-11-26").totals;
        expect(await store.visitors("2026-11-20", "2026-11-26")).toBe(visitors);
        const groups = await store.visitGroups("2026-11-20", "2026-11-26");
        expect(groups.reduce((n, g) => n + g.visits, 0)).toBe(
          referenceReport(kept, [], "2026-11-20", "2026-11-26").acquisition.visits,
        );
        for (const uid of gone) expect(await store.visitorActivity(uid)).toEqual([]);
        // A filtered report no longer counts their page views, vitals or video plays (usage_visit_counts); the
        // beacons' anonymous per-day counts (load, time on page) stay, as for the unfiltered report.
        for (const filter of [{ device: "phone" }, { device: "desktop" }]) {
          const { signups, ...report } = await reportOf(store, "2026-11-20", "2026-11-26", filter);
          expect(signups).toEqual([]);
          expect(report).toEqual(referenceReport(kept, beacons, "2026-11-20", "2026-11-26", filter));
        }
      }),
      slowCase,
    );
  });
}
