/**
 * What every MeasurementStore must do for the retention clean-up (retention.ts), written
 * against the interface so each engine runs the same case: limits.test.ts calls it with
 * SQLite; a PostgreSQL test calls it with its pool.
 */
import { describe, expect, it } from "vitest";
import type { UsageReadings } from "./usage-report.ts";
import type { MeasurementStore } from "./store.ts";

export function describeMeasurementRetentionContract(
  engine: string,
  open: () => Promise<{ store: MeasurementStore & UsageReadings; close(): void | Promise<void> }>,
): void {
  describe(`MeasurementStore on ${engine}: deleteReceivedBefore`, () => {
    it("deletes rows received before the cutoff, oldest first, at most `limit` per table a call, and nothing newer", async () => {
      const { store, close } = await open();
      try {
        const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";
        const times = ["2025-01-01T00:00:00.000Z", "2025-01-02T00:00:00.000Z", "2025-01-03T00:00:00.000Z", "2026-01-01T00:00:00.000Z"];
        await store.addEvents(times.map((receivedAt) => ({ type: "pageview" as const, uid, page: "home", receivedAt })));
        await store.addBeacons(
          times.map((receivedAt) => ({ site: "s", page: "home", uid: null, lastPage: null, secondsOnLastPage: null, loadMs: 100, receivedAt })),
        );
        const cutoff = "2025-06-01T00:00:00.000Z";
        expect(await store.deleteReceivedBefore(cutoff, 2)).toBe(4);
        expect(await store.deleteReceivedBefore(cutoff, 2)).toBe(2);
        expect(await store.deleteReceivedBefore(cutoff, 2)).toBe(0);
        const since = "2000-01-01T00:00:00.000Z";
        expect(await store.pageViews(since)).toEqual([{ page: "home", views: 1, visitors: 1 }]);
        expect(await store.beacons(since)).toHaveLength(1);
      } finally {
        await close();
      }
    });
  });
}
