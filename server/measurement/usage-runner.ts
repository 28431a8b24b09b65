/**
 * Runs usage reports within a time budget, and all reports' readings through a few slots, so
 * reports never hold every database connection a lead or a page needs.
 */
import type { UsageFilter } from "#common/usage-filter.ts";
import type { UsageReadings } from "./usage-report.ts";
import {
  usageReport,
  UsageReportTimeout,
  withinBudget,
  type UsageRange,
  type UsageReport,
  type UsageSources,
} from "./usage-report.ts";

export interface UsageRunnerOptions {
  budgetMs?: number;
  /** Readings of all reports at once (each holds one connection: PostgreSQL's pool has 10). */
  slots?: number;
}

type Deadlined = UsageReadings & { withDeadline?(deadline: number): UsageReadings };

export function createUsageRunner(
  sources: Omit<UsageSources, "measurement"> & { measurement: Deadlined },
  { budgetMs = 10_000, slots = 2 }: UsageRunnerOptions = {},
) {
  let free = slots;
  const waiting: (() => void)[] = [];
  const acquire = () =>
    free > 0 ? (free--, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };

  /** The readings of one report: through the slots, and none started after its deadline. */
  const readingsUntil = (deadline: number): UsageReadings => {
    const base = sources.measurement.withDeadline?.(deadline) ?? sources.measurement;
    return new Proxy(base, {
      get:
        (target, method: keyof UsageReadings) =>
        async (...args: unknown[]) => {
          await acquire();
          try {
            if (Date.now() > deadline) throw new UsageReportTimeout(budgetMs);
            return await (target[method] as (...a: unknown[]) => unknown)(...args);
          } finally {
            release();
          }
        },
    });
  };

  return {
    budgetMs,
    /** The report over `range` (its visits' figures under `filter`), or a UsageReportTimeout once `budgetMs` has passed. */
    report(range: UsageRange, filter: UsageFilter = {}): Promise<UsageReport> {
      const deadline = Date.now() + budgetMs;
      const report = usageReport({ ...sources, measurement: readingsUntil(deadline) }, range, filter);
      // A report given up still settles: its rejection must not be unhandled.
      report.catch(() => {});
      return withinBudget(report, budgetMs);
    },
  };
}
