/** Usage (owners and viewers: figures only, no personal data): a range's report beside the period before it. */
import type { FastifyInstance } from "fastify";
import { consoleApiPath, isConsolePath } from "#common/console.ts";
import { pathOfUnlistedName, pathsByName } from "#common/page-names.ts";
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
import type { staticSite } from "../static-files.ts";
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

/** "Billing" for "Billing | Tallyway", "Home" for the brand alone (the home page's title). */
export function pageTitleOf(documentTitle: string, brand: string): string {
  if (documentTitle === brand) return "Home";
  return documentTitle.endsWith(` | ${brand}`) ? documentTitle.slice(0, -` | ${brand}`.length) : documentTitle;
}

/** Every page name a report shows (its pages, entry and exit pages, the filter's), once each. */
const pageNamesIn = (report: UsageReport) =>
  new Set([
    ...report.pages.map((p) => p.page),
    ...report.visitsBy.entryPages.map((p) => p.name),
    ...report.visitsBy.exitPages.map((p) => p.name),
    ...(report.filter.page ? [report.filter.page] : []),
  ]);

export async function usageRoutes(
  app: FastifyInstance,
  { site }: { site?: Pick<ReturnType<typeof staticSite>, "titleOf"> },
) {
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
  // Each page's title as the site shows it now (posts and published edits included): "Billing", not a path.
  const pageTitlesOf = (report: UsageReport) => {
    const paths = pagePathsOf();
    const titles: Record<string, string> = {};
    for (const name of pageNamesIn(report)) {
      const title = site?.titleOf(paths[name] ?? pathOfUnlistedName(name));
      if (title) titles[name] = pageTitleOf(title, config.site.brand);
    }
    return titles;
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
        pageTitles: pageTitlesOf(report),
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
