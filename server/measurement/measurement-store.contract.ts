/**
 * What every MeasurementStore must do for the retention clean-up (retention.ts), written
 * against the interface so each engine runs the same case: limits.test.ts calls it with
 * SQLite; a PostgreSQL test calls it with its pool.
 */
import { describe, expect, it } from "vitest";
import type { UsageReadings } from "./usage-report.ts";
import type { MeasurementStore } from "./store.ts";
import { rollupKeys } from "./rollup-schema.ts";

export function describeMeasurementRetentionContract(
  engine: string,
  open: () => Promise<{ store: MeasurementStore & UsageReadings; close(): void | Promise<void> }>,
): void {
  describe(`MeasurementStore on ${engine}: deleteReceivedBefore`, () => {
    it("deletes rows received before the cutoff, oldest first, at most `limit` per table a call, and nothing newer", async () => {
      const { store, close } = await open();
      try {
        const uid = "0b6c1a52-7f0e-4c39-9d2e-4d8f3b0f1e2a";
        const times = [
          "2025-01-01T00:00:00.000Z",
          "2025-01-02T00:00:00.000Z",
          "2025-01-03T00:00:00.000Z",
          "2026-01-01T00:00:00.000Z",
        ];
        await store.addEvents(
          times.map((receivedAt) => ({ type: "pageview" as const, uid, page: "home", receivedAt })),
        );
        await store.addBeacons(
          times.map((receivedAt) => ({
            site: "s",
            page: "home",
            uid: null,
            lastPage: null,
            secondsOnLastPage: null,
            loadMs: 100,
            receivedAt,
          })),
        );
        const cutoff = "2025-06-01T00:00:00.000Z";
        // Raw rows: 3 + 3; roll-ups per day: 3 visits, 3 visitor days, 3 page-visitor days, 3 page days, 3 load values,
        // 3 beacon days, 3 visit-dimension days, 3 visit counts (page views per visit and day).
        let deleted = 0;
        for (let n; (n = await store.deleteReceivedBefore(cutoff, 2));) {
          // At most the limit from each raw table and each roll-up.
          expect(n).toBeLessThanOrEqual(2 * (2 + Object.keys(rollupKeys).length));
          deleted += n;
        }
        expect(deleted).toBe(6 + 24);
        // The roll-ups go with the days wholly before the cutoff.
        expect(await store.pageViews("2000-01-01", "2026-12-31")).toEqual([{ page: "home", views: 1, visitors: 1 }]);
        expect(await store.beaconCount("2000-01-01", "2026-12-31")).toBe(1);
        expect(await store.visitGroups("2000-01-01", "2026-12-31")).toHaveLength(1);
      } finally {
        await close();
      }
    });
  });
}
