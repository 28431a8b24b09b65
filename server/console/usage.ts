/**
 * Usage (owners and viewers: figures only, no personal data): the report of a range of days, or of
 * the last `days`, beside the period before it, with the filter's visits and goals.
 */
import type { FastifyInstance } from "fastify";
import { consoleApiPath, isConsolePath } from "#common/console.ts";
import { pathsByName } from "#common/page-names.ts";
import { usageFilterOf } from "#common/usage-filter.ts";
import { createUsageRunner } from "../measurement/usage-runner.ts";
import {
  lastDays,
  maxReportDays,
  parseRange,
  previousRange,
  UsageReportTimeout,
  type UsageReport,
  type UsageRange,
} from "../measurement/usage-report.ts";
import { loadCspManifest } from "../security-headers.ts";
import { only } from "./access.ts";

const sum = (rows: UsageReport["daily"], key: "views" | "visitors" | "leads" | "subscribers") =>
  rows.reduce((total, row) => total + row[key], 0);
const figures = (rows: UsageReport["daily"]) => ({
  pageViews: sum(rows, "views"),
  // Unique visitors cannot be added up over days: the change is of visitors per day, summed.
  dailyVisitors: sum(rows, "visitors"),
  leads: sum(rows, "leads"),
  subscribers: sum(rows, "subscribers"),
});
// The filter's visits and those that sent the contact form (the measured side of Leads).
const visits = ({ acquisition: a }: UsageReport) => ({
  visits: a.visits,
  contactSent: a.goals.find((g) => g.goal === "contact-sent")?.visits ?? 0,
  signupRequests: a.goals.find((g) => g.goal === "newsletter-requested")?.visits ?? 0,
});

/** `from` and `to`, or the last `days` (30 when none is named); an error to answer 400 otherwise. */
function rangeOf(query: Record<string, unknown>): UsageRange | { error: string } {
  if (query.from !== undefined || query.to !== undefined) return parseRange(query.from, query.to);
  const days = Number(query.days ?? 30);
  if (!(Number.isInteger(days) && days >= 1 && days <= maxReportDays))
    return { error: `Choose between 1 and ${maxReportDays} days.` };
  return lastDays(days);
}

export async function usageRoutes(app: FastifyInstance) {
  const { config, stores } = app;
  const usage = createUsageRunner(
    { measurement: stores.usage, leads: stores.leads, subscribers: stores.subscribers },
    { budgetMs: config.usageReportBudgetMs },
  );
  // The site's page paths by measurement name, so the page shows paths (none without a build: names then).
  let pagePaths: Record<string, string> | undefined;
  const pagePathsOf = () => {
    try {
      pagePaths ??= pathsByName(
        Object.keys(loadCspManifest(config.buildDir).pages).filter((urlPath) => !isConsolePath(urlPath)),
      );
    } catch {
      pagePaths = {};
    }
    return pagePaths;
  };

  const readers = only(["owner", "viewer"], "An editor account may change content only.");
  app.get(`${consoleApiPath}/usage`, { preHandler: readers }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const range = rangeOf(query);
    if ("error" in range) return reply.code(400).send({ error: range.error });
    // The period before is as long as the range and ends the day before it starts.
    const before = previousRange(range);
    try {
      const filter = usageFilterOf(query);
      const [report, previous] = await Promise.all([usage.report(range, filter), usage.report(before, filter)]);
      return {
        report,
        pagePaths: pagePathsOf(),
        current: { ...figures(report.daily), ...visits(report) },
        previous: { ...before, ...figures(previous.daily), ...visits(previous) },
      };
    } catch (error) {
      if (error instanceof UsageReportTimeout)
        return reply.code(503).header("retry-after", "60").send({ error: error.message });
      throw error;
    }
  });
}
