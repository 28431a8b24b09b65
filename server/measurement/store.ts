/** What the measurement endpoints write, a batch per transaction (store-sql.ts). */
import { campaignParams, cleanLandingSource } from "#common/attribution.ts";
import { goalOf } from "#common/goals.ts";
import type { Collected } from "#common/measurement.ts";
import type { Activity } from "./visits.ts";
import type { BrowserName, DeviceKind } from "./devices.ts";

/** One RUM pixel request, read by parseRumBeacon: anything malformed is null. */
export interface RumBeacon {
  site: string;
  page: string;
  uid: string | null;
  lastPage: string | null;
  secondsOnLastPage: number | null;
  loadMs: number | null;
}

/** As the batch writer gets it: the time received and, for analytics events, the sender's device and browser (devices.ts). */
export type Received<T> = T & { receivedAt: string; device?: DeviceKind; browser?: BrowserName };

/** Each call resolves once its transaction has committed. */
export interface MeasurementStore {
  addBeacons(beacons: Received<RumBeacon>[]): Promise<void>;
  addEvents(events: Received<Collected>[]): Promise<void>;
  /**
   * Deletes up to `limit` rows of each table received before `before` (ISO), oldest first, in
   * one transaction; returns how many it deleted (0: none left). For the retention clean-up.
   */
  deleteReceivedBefore(before: string, limit: number): Promise<number>;
  /** Deletes every raw row and every roll-up row that holds one of these visitor ids (a GDPR erase). */
  deleteVisitors(uids: string[]): Promise<void>;
}

/** Retention deletes roll-up days wholly before its cutoff: a visitor id outlives its raw rows by less than a day. */
export const rollupCutoffDay = (before: string) => before.slice(0, 10);

/** The ids as the tables hold them (lower case) and as sent, without repeats. */
export const visitorKeys = (uids: string[]): string[] => [...new Set(uids.flatMap((uid) => [uid, uid.toLowerCase()]))];

/** The analytics_events columns eventRow gives, in its order (both engines insert these). */
export const eventRowColumns = [
  "received_at",
  "type",
  "uid",
  "page",
  "title",
  "category",
  "action",
  "label",
  "value",
  "rating",
  "referrer_host",
  ...campaignParams,
  "device",
  "browser",
] as const;

/** An event's analytics_events row: the columns its type fills, null in the others. */
export function eventRow(e: Received<Collected>): (string | number | null)[] {
  const own: Partial<Record<(typeof eventRowColumns)[number], string | number>> =
    e.type === "pageview"
      ? { title: e.title, referrer_host: e.source?.referrer, ...e.source }
      : e.type === "event"
        ? { category: e.category, action: e.action, label: e.label, value: e.value }
        : { action: e.name, value: e.value, rating: e.rating };
  const { receivedAt, type, uid, page, device, browser } = e;
  const row = { ...own, received_at: receivedAt, type, uid: uid.toLowerCase(), page, device, browser };
  return eventRowColumns.map((c) => row[c] ?? null);
}

/** The columns of analytics_events a visitor's activity reads, besides its time (`received_at` as `at`). */
export const activityColumns = [
  "uid",
  "page",
  "type",
  "category",
  "action",
  "referrer_host",
  ...campaignParams,
  "device",
  "browser",
] as const;
/** At most this many of one visitor's page views are read to attribute a lead (the first ones). */
export const maxVisitorRows = 5000;

export interface ActivityRow extends Partial<Record<(typeof campaignParams)[number], string | null>> {
  uid: string;
  at: string;
  page: string;
  type: string;
  category: string | null;
  action: string | null;
  referrer_host: string | null;
  device?: string | null;
  browser?: string | null;
}

/** A row as visits.ts reads it; undefined for an event that counts as no goal. */
export function toActivity(row: ActivityRow): Activity | undefined {
  const goal = row.type === "pageview" ? null : goalOf(row.category, row.action);
  if (goal === undefined) return undefined;
  // Cleaned again: rows stored before e-mail addresses and tokens were dropped may hold them.
  const source = cleanLandingSource({ ...row, referrer: row.referrer_host });
  return {
    uid: row.uid,
    at: row.at,
    page: row.page,
    goal,
    source: Object.keys(source).length ? source : null,
    // Only when the collector read them: rows from before migration 0130 and other readers' activity stay as they were.
    ...(row.device ? { device: row.device } : {}),
    ...(row.browser ? { browser: row.browser } : {}),
  };
}
