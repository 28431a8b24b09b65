/**
 * The usage report's filters (issue 31), one name each for the console's URL, its API and the
 * report: every figure of the visits follows them. The lead list reads `source` and `campaign`
 * under the same names, so a source's "leads" link is the same query.
 */
/** `page`: visits that entered at the page; `viewed`: visits that viewed it anywhere in them. */
export const usageFilterKeys = ["source", "campaign", "page", "goal", "device", "browser", "viewed"] as const;
export type UsageFilterKey = (typeof usageFilterKeys)[number];
export type UsageFilter = Partial<Record<UsageFilterKey, string>>;

/** What each filter is called on the page ("Source: Google"). */
export const usageFilterLabels: Record<UsageFilterKey, string> = {
  source: "Source",
  campaign: "Campaign",
  page: "Entry page",
  goal: "Goal",
  device: "Device",
  browser: "Browser",
  viewed: "Viewed page",
};

/** The filters whose value is a page's name, shown by the page's title. */
export const pageFilterKeys: readonly UsageFilterKey[] = ["page", "viewed"];

const maxFilterLength = 200;

/** The filters of a query (URL search params or a parsed query string); empty and overlong values are no filter. */
export function usageFilterOf(query: Record<string, unknown> | URLSearchParams): UsageFilter {
  const get = (key: string) => (query instanceof URLSearchParams ? query.get(key) : query[key]);
  const filter: UsageFilter = {};
  for (const key of usageFilterKeys) {
    const value = get(key);
    if (typeof value === "string" && value !== "" && value.length <= maxFilterLength) filter[key] = value;
  }
  return filter;
}

/** Only a source filter keeps visitors exact: the roll-ups mark a visitor's first visit per source, not per entry page or goal. */
export const visitorsExactUnder = (filter: UsageFilter) => Object.keys(filter).every((key) => key === "source");

export const hasFilter = (filter: UsageFilter) => Object.keys(filter).length > 0;
