/**
 * The Usage page's state in its URL (issue 31): the range and the filters, so a view can be
 * shared and survives a refresh. The default (the last 30 days, no filter) is the bare path.
 */
import { isCalendarDay } from "#common/calendar-day.ts";
import { consolePath } from "#common/console.ts";
import { usageFilterKeys, usageFilterOf, type UsageFilter, type UsageFilterKey } from "#common/usage-filter.ts";

export const defaultDays = 30;
export const presetDays = [7, 30, 90] as const;

export type UsageRangeChoice = { days: number } | { from: string; to: string };
export interface UsageView {
  range: UsageRangeChoice;
  filter: UsageFilter;
}

const isDay = (value: string | null): value is string => isCalendarDay(value);

export function usageViewOf(params: URLSearchParams): UsageView {
  const from = params.get("from");
  const to = params.get("to");
  const days = Number(params.get("days"));
  const range: UsageRangeChoice =
    isDay(from) && isDay(to)
      ? { from, to }
      : { days: Number.isInteger(days) && days >= 1 && days <= 800 ? days : defaultDays };
  return { range, filter: usageFilterOf(params) };
}

/** The search string of a view ("" for the default), in a fixed order: range first, then filters. */
export function searchOf({ range, filter }: UsageView): string {
  const params = new URLSearchParams();
  if ("from" in range) {
    params.set("from", range.from);
    params.set("to", range.to);
  } else if (range.days !== defaultDays) params.set("days", String(range.days));
  for (const key of usageFilterKeys) if (filter[key] !== undefined) params.set(key, filter[key]);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The view with one filter set (or cleared with undefined). */
export const withFilter = (view: UsageView, key: UsageFilterKey, value: string | undefined): UsageView => {
  const filter = { ...view.filter };
  if (value === undefined) delete filter[key];
  else filter[key] = value;
  return { ...view, filter };
};

/** The lead list under the same source and campaign (the leads page reads these names), if any. */
export function leadsHrefOf(filter: Pick<UsageFilter, "source" | "campaign">): string {
  const params = new URLSearchParams();
  if (filter.source !== undefined) params.set("source", filter.source);
  if (filter.campaign !== undefined) params.set("campaign", filter.campaign);
  const text = params.toString();
  return `${consolePath}/leads${text ? `?${text}` : ""}`;
}
