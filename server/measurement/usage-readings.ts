/** The usage report's readings (usage-queries.ts) on the server's database or the usage worker's connection. */
import { hasFilter } from "#common/usage-filter.ts";
import type { Db } from "../db/query.ts";
import { fixedQuery } from "../db/sql.ts";
import { activityColumns, maxVisitorRows, toActivity, type ActivityRow } from "./store.ts";
import {
  countArgs,
  filterArgs,
  segmentSplit,
  toDayVisits,
  toVisitCounts,
  toVisitDimension,
  toVisitGroup,
  usageQueries,
  visitorSplit,
} from "./usage-queries.ts";
import type { Percentile, UsageReadings } from "./usage-report.ts";

type Row = Record<string, unknown>;

export function usageReadings(db: Db): UsageReadings {
  /** A reading with its $n bound as the engine spells parameters (db/sql.ts: fixedQuery). */
  const read = async <T = Row>(name: keyof typeof usageQueries, args: unknown[]) =>
    (await fixedQuery<T>(db, usageQueries[name], args)).rows;
  return {
    pageViews: (from, to) => read("pageViews", [from, to, ...visitorSplit(from, to)]),
    pageViewsPerDay: (from, to) => read("pageViewsPerDay", [from, to]),
    visitors: async (from, to) => (await read<{ n: number }>("visitors", [from, to, ...visitorSplit(from, to)]))[0].n,
    beaconCount: async (from, to) => (await read<{ n: number }>("beaconCount", [from, to]))[0].n,
    percentiles: (from, to) => read<Percentile>("percentiles", segmentSplit(from, to)),
    vitalsPerDay: (from, to) => read<Percentile>("vitalsPerDay", [from, to]),
    videoPlays: (from, to) => read("videoPlays", [from, to]),
    visitGroups: async (from, to, filter = {}) =>
      (hasFilter(filter)
        ? await read("visitGroupsFiltered", [from, to, ...filterArgs(filter)])
        : await read("visitGroups", [from, to, ...visitorSplit(from, to)])
      ).map(toVisitGroup),
    visitsPerDay: async (from, to) => (await read("visitsPerDay", [from, to])).map(toDayVisits),
    visitDimensions: async (from, to, filter = {}) =>
      (hasFilter(filter)
        ? await read("visitDimensionsFiltered", [from, to, ...filterArgs(filter)])
        : await read("visitDimensions", [from, to])
      ).map(toVisitDimension),
    visitCounts: async (from, to, filter) => toVisitCounts(await read("visitCounts", countArgs(from, to, filter))),
    visitorActivity: async (uid) =>
      (
        await db
          .selectFrom("analytics_events")
          .select([...activityColumns, "received_at as at"])
          .where("uid", "=", uid.toLowerCase())
          .where("type", "=", "pageview")
          .orderBy("received_at")
          .orderBy("id")
          .limit(maxVisitorRows)
          .execute()
      ).flatMap((row) => toActivity(row as ActivityRow) ?? []),
  };
}
