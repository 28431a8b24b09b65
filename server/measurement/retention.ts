/**
 * Measurement rows are kept for MEASURE_RETENTION_DAYS (395 days, as the privacy policy says), deleted
 * in chunks so a large first clean-up never holds the database for long.
 */
import { periodicWork } from "../periodic-work.ts";
import type { MeasurementStore } from "./store.ts";

export const retentionCheckEveryMs = 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** Deletes every row received before the cutoff, `chunk` rows per table at a time; resolves with how many. */
export async function deleteExpiredMeasurements(
  store: Pick<MeasurementStore, "deleteReceivedBefore">,
  days: number,
  now = new Date(),
  chunk = 5_000,
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * dayMs).toISOString();
  let total = 0;
  for (;;) {
    const deleted = await store.deleteReceivedBefore(cutoff, chunk);
    total += deleted;
    if (deleted === 0) return total;
    // Let requests in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Runs the clean-up now and every `everyMs`; `stop()` ends it and waits for a run under way. */
export function scheduleRetention(
  store: Pick<MeasurementStore, "deleteReceivedBefore">,
  days: number,
  { everyMs = retentionCheckEveryMs, onDeleted = (_n: number) => {}, onError = (_e: unknown) => {} } = {},
) {
  const retention = periodicWork(async () => onDeleted(await deleteExpiredMeasurements(store, days)), {
    everyMs,
    onError,
  });
  retention.start();
  return retention;
}
