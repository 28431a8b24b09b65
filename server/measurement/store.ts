/**
 * What the measurement endpoints write (store-sqlite.ts, store-postgres.ts implement it).
 * Each call writes its rows in one transaction: the batch writer hands over a batch at a time.
 */
import type { Collected } from "../../common/measurement.ts";

/** One RUM pixel request, read by parseRumBeacon: anything malformed is null. */
export interface RumBeacon {
  site: string;
  page: string;
  uid: string | null;
  lastPage: string | null;
  secondsOnLastPage: number | null;
  loadMs: number | null;
}

export type Received<T> = T & { receivedAt: string };

/** SQLite writes before it returns; PostgreSQL resolves once committed. */
export interface MeasurementStore {
  addBeacons(beacons: Received<RumBeacon>[]): void | Promise<void>;
  addEvents(events: Received<Collected>[]): void | Promise<void>;
  /**
   * Deletes up to `limit` rows of each table received before `before` (ISO), oldest first, in
   * one transaction; returns how many it deleted (0: none left). For the retention clean-up.
   */
  deleteReceivedBefore(before: string, limit: number): number | Promise<number>;
}
