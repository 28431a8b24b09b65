/**
 * What one batch of measurement changes in the roll-ups, as plain data the stores write in the
 * batch's transaction. Visits grow as visits.ts splits them.
 */
import type { Selectable } from "kysely";
import type { Collected } from "#common/measurement.ts";
import { goalNames, type Goal } from "#common/goals.ts";
import { nextFunnelDepth } from "./acquisition.ts";
import { sourceOf, type SourceKind } from "./sources.ts";
import { eventRow, eventRowColumns, toActivity, type ActivityRow, type Received, type RumBeacon } from "./store.ts";
import { visitGapMs } from "./visits.ts";
import { unknownClient } from "./devices.ts";
import { goalColumn, videoMetric, viewMetric, type ValueCount } from "./rollup-schema.ts";
import type { VisitDimension } from "./usage-report.ts";
import type { UsageVisitsTable } from "../db/schema-usage.ts";

export interface VisitRollup {
  /** Undefined until written. */
  id?: number;
  uid: string;
  start: string;
  end: string;
  day: string;
  landing: string;
  /** The last page viewed (the landing until a page view follows); null on visits rolled up before migration 0130. */
  exit: string | null;
  source: string;
  kind: SourceKind;
  campaign: string | null;
  medium: string | null;
  depth: number;
  views: number;
  goals: Set<Goal>;
  prevSourceDay: string | null;
  prevCampaignDay: string | null;
  device: string | null;
  browser: string | null;
}

/** What the roll-ups already hold of one visitor: the latest visit, and the last day of each source and campaign. */
export interface VisitorHistory {
  latest?: VisitRollup;
  sourceDays: Map<string, string>;
  campaignDays: Map<string, string>;
}

export const campaignKey = (campaign: string, source: string, medium: string | null) =>
  `${campaign}\n${source}\n${medium ?? ""}`;

export interface RollupChanges {
  /** New visits (no id) and visits that grew (with id), each once. */
  visits: VisitRollup[];
  dayPages: { day: string; page: string; views: number }[];
  /** Distinct visitor days and visitor page days seen in the batch; those already there are kept. */
  dayVisitors: { day: string; uid: string }[];
  dayPageVisitors: { day: string; page: string; uid: string }[];
  values: ValueCount[];
  videos: { day: string; label: string; action: string; plays: number }[];
  beacons: { day: string; beacons: number }[];
  /** Changes of usage_day_dimensions: +1 at a visit's key, −1 at the key it had before this batch. */
  dimensions: DimensionChange[];
  /** What to add to usage_visit_counts: each visit's page views, vitals and video plays per day (written once the visit has its id). */
  visitCounts: VisitCount[];
}

export interface VisitCount {
  visit: VisitRollup;
  day: string;
  metric: string;
  name: string;
  value: number;
  n: number;
}

export interface DimensionChange extends VisitDimension {
  day: string;
}

/** A visit's usage_day_dimensions key and its lead (0/1); "unknown" for what visits rolled up before 0130 lack. */
const dimensionOf = (v: VisitRollup) => ({
  day: v.day,
  landing: v.landing,
  exit: v.exit ?? unknownClient,
  device: v.device ?? unknownClient,
  browser: v.browser ?? unknownClient,
  leads: v.goals.has("contact-sent") ? 1 : 0,
});

const dayOf = (iso: string) => iso.slice(0, 10);
/** The columns of a raw event row as the visitor-activity reading returns them (the contract builds its reference with them). */
export const activityColumns = eventRowColumns.map((c) => (c === "received_at" ? "at" : c));

/** Counts per distinct row, read back as rows. */
class Tally<Row extends object> {
  private rows = new Map<string, { row: Row; n: number }>();
  add(row: Row, n = 1) {
    const k = JSON.stringify(Object.values(row));
    const found = this.rows.get(k);
    if (found) found.n += n;
    else this.rows.set(k, { row, n });
  }
  list<Out>(as: (row: Row, n: number) => Out): Out[] {
    return [...this.rows.values()].map(({ row, n }) => as(row, n));
  }
}

/** The uids whose history eventChanges needs (lower case, as stored). */
export const uidsOf = (events: Received<Collected>[]) => [...new Set(events.map((e) => e.uid.toLowerCase()))];

/** The roll-up changes of a batch of events, given each of its visitors' history (uidsOf). */
export function eventChanges(events: Received<Collected>[], histories: Map<string, VisitorHistory>): RollupChanges {
  const dayPages = new Tally<{ day: string; page: string }>();
  const dayVisitors = new Map<string, { day: string; uid: string }>();
  const dayPageVisitors = new Map<string, { day: string; page: string; uid: string }>();
  const values = new Tally<{ day: string; metric: string; page: string; value: number }>();
  const videos = new Tally<{ day: string; label: string; action: string }>();
  const touched = new Set<VisitRollup>();
  const perVisit = new Map<VisitRollup, Tally<Omit<VisitCount, "visit" | "n">>>();
  const countIn = (visit: VisitRollup | undefined, day: string, metric: string, name: string, value = 0) => {
    if (!visit) return;
    const tally = perVisit.get(visit) ?? new Tally();
    perVisit.set(visit, tally);
    tally.add({ day, metric, name, value });
  };
  // A stored visit's key before this batch changed it (its exit page or lead), to move its count.
  const before = new Map<VisitRollup, ReturnType<typeof dimensionOf>>();
  // In time order, as the backfill and visits.ts read them (a stable sort keeps the batch's order on ties).
  const ordered = [...events].sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0));
  for (const e of ordered) {
    const columns = eventRow(e);
    const row = Object.fromEntries(activityColumns.map((name, i) => [name, columns[i]])) as unknown as ActivityRow & {
      label: string | null;
    };
    const day = dayOf(e.receivedAt);
    const uid = row.uid;
    if (e.type === "vital") values.add({ day, metric: e.name, page: "", value: e.value });
    if (e.type === "event" && e.category === "video" && (e.action === "start" || e.action === "complete")) {
      const label = e.label ?? "";
      videos.add({ day, label, action: e.action });
    }
    if (e.type === "pageview") {
      dayPages.add({ day, page: e.page });
      dayVisitors.set(JSON.stringify([day, uid]), { day, uid });
      dayPageVisitors.set(JSON.stringify([day, e.page, uid]), { day, page: e.page, uid });
    }
    const activity = e.type === "vital" ? undefined : toActivity(row);
    const history: VisitorHistory = histories.get(uid) ?? { sourceDays: new Map(), campaignDays: new Map() };
    histories.set(uid, history);
    const latest = history.latest;
    if (!activity) {
      // A vital or a video start counts in the visit it came in (as the backfill attaches it), and extends none.
      const at = Date.parse(e.receivedAt);
      const visit =
        latest && at >= Date.parse(latest.start) && at - Date.parse(latest.end) < visitGapMs ? latest : undefined;
      if (e.type === "vital") countIn(visit, day, e.name, "", e.value);
      else if (e.type === "event" && e.category === "video" && e.action === "start")
        countIn(visit, day, videoMetric("start"), e.label ?? "");
      continue;
    }
    // A page view and a video completion count in their visit (usage_visit_counts).
    const countActivity = (visit: VisitRollup) => {
      if (e.type === "pageview") countIn(visit, day, viewMetric, e.page);
      else if (activity.goal === "video-completed") countIn(visit, day, videoMetric("complete"), row.label ?? "");
    };
    const at = Date.parse(activity.at);
    if (latest && at - Date.parse(latest.end) < visitGapMs) {
      if (latest.id !== undefined && !before.has(latest)) before.set(latest, dimensionOf(latest));
      if (activity.at > latest.end) latest.end = activity.at;
      latest.depth = nextFunnelDepth(latest.depth, activity);
      if (activity.goal) latest.goals.add(activity.goal);
      else {
        latest.views++;
        latest.exit = activity.page;
      }
      touched.add(latest);
      countActivity(latest);
      continue;
    }
    const source = sourceOf(activity.goal === null ? activity.source : undefined);
    const key = source.campaign === null ? null : campaignKey(source.campaign, source.source, source.medium);
    const visit: VisitRollup = {
      uid,
      start: activity.at,
      end: activity.at,
      day,
      landing: activity.page,
      exit: activity.page,
      ...source,
      depth: nextFunnelDepth(1, activity),
      views: activity.goal ? 0 : 1,
      goals: new Set(activity.goal ? [activity.goal] : []),
      prevSourceDay: history.sourceDays.get(source.source) ?? null,
      prevCampaignDay: key === null ? null : (history.campaignDays.get(key) ?? null),
      device: activity.device ?? null,
      browser: activity.browser ?? null,
    };
    history.latest = visit;
    history.sourceDays.set(source.source, day);
    if (key !== null) history.campaignDays.set(key, day);
    touched.add(visit);
    countActivity(visit);
  }
  const dimensions = new Map<string, DimensionChange>();
  const move = ({ leads, ...key }: ReturnType<typeof dimensionOf>, sign: number) => {
    const k = JSON.stringify(Object.values(key));
    const found = dimensions.get(k) ?? { ...key, visits: 0, leads: 0 };
    found.visits += sign;
    found.leads += sign * leads;
    dimensions.set(k, found);
  };
  for (const visit of touched) {
    const old = before.get(visit);
    if (old) move(old, -1);
    move(dimensionOf(visit), 1);
  }
  return {
    dimensions: [...dimensions.values()].filter((d) => d.visits !== 0 || d.leads !== 0),
    visits: [...touched],
    dayPages: dayPages.list((row, views) => ({ ...row, views })),
    dayVisitors: [...dayVisitors.values()],
    dayPageVisitors: [...dayPageVisitors.values()],
    values: values.list((row, n) => ({ ...row, n })),
    videos: videos.list((row, plays) => ({ ...row, plays })),
    beacons: [],
    visitCounts: [...perVisit].flatMap(([visit, tally]) => tally.list((row, n) => ({ visit, ...row, n }))),
  };
}

/** The roll-up changes of a batch of RUM beacons: beacons per day, load times and times on page. */
export function beaconChanges(
  beacons: Received<RumBeacon>[],
): Pick<RollupChanges, "values" | "beacons" | "dimensions" | "visitCounts"> {
  const perDay = new Tally<{ day: string }>();
  const values = new Tally<{ day: string; metric: string; page: string; value: number }>();
  for (const b of beacons) {
    const day = dayOf(b.receivedAt);
    perDay.add({ day });
    if (b.loadMs !== null) values.add({ day, metric: "load", page: b.page, value: b.loadMs });
    if (b.lastPage !== null && b.secondsOnLastPage !== null)
      values.add({ day, metric: "seconds", page: b.lastPage, value: b.secondsOnLastPage });
  }
  return {
    values: values.list((row, n) => ({ ...row, n })),
    beacons: perDay.list((row, n) => ({ ...row, beacons: n })),
    dimensions: [],
    visitCounts: [],
  };
}

/** A usage_visits row as the stores read it (goal columns g_*, 0/1; PostgreSQL gives bigints as text, times as Date). */
export type VisitRecord = Selectable<UsageVisitsTable>;

const iso = (t: string | Date) => (typeof t === "string" ? t : t.toISOString());

/** A visitor's history from its latest usage_visits row and its last day per source and campaign. */
export function historyOf(
  latest: VisitRecord | undefined,
  days: { source: string; campaign: string | null; medium: string | null; day: string }[],
): VisitorHistory {
  const sourceDays = new Map<string, string>();
  const campaignDays = new Map<string, string>();
  for (const { source, campaign, medium, day } of days) {
    if ((sourceDays.get(source) ?? "") < day) sourceDays.set(source, day);
    if (campaign !== null) campaignDays.set(campaignKey(campaign, source, medium), day);
  }
  return {
    sourceDays,
    campaignDays,
    latest: latest && {
      id: Number(latest.id),
      uid: latest.uid,
      start: iso(latest.start_at),
      end: iso(latest.end_at),
      day: latest.day,
      landing: latest.landing,
      exit: latest.exit_page,
      source: latest.source,
      kind: latest.kind as SourceKind,
      campaign: latest.campaign,
      medium: latest.medium,
      depth: Number(latest.depth),
      views: Number(latest.views),
      goals: new Set(goalNames.filter((goal) => Number(latest[goalColumn(goal) as keyof VisitRecord]) === 1)),
      prevSourceDay: latest.prev_source_day,
      prevCampaignDay: latest.prev_campaign_day,
      device: latest.device,
      browser: latest.browser,
    },
  };
}
