/** How long each COMMIT takes, on a diagnostics channel the metrics listen to (free without a subscriber). */
import { channel } from "node:diagnostics_channel";

export interface CommitTiming {
  engine: "sqlite" | "postgres";
  seconds: number;
}

export const commitTimings = channel("tallyway:database-commit");

/** Runs a COMMIT and publishes how long it took. */
export function timedCommit<T>(engine: CommitTiming["engine"], commit: () => T): T {
  if (!commitTimings.hasSubscribers) return commit();
  const started = process.hrtime.bigint();
  const publish = () =>
    commitTimings.publish({ engine, seconds: Number(process.hrtime.bigint() - started) / 1e9 } satisfies CommitTiming);
  const result = commit();
  if (result instanceof Promise) return result.finally(publish) as T;
  publish();
  return result;
}
