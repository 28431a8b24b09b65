import type { SiteConfig } from "#common/site.ts";

/** Spec §9: the schedule-call button's default title. */
export const scheduleCallTitle = "Schedule a Call";

/** The call type when a page names none. */
export const defaultScheduleCallType = "Lead";

export interface ScheduleCallParams {
  /** Where the visitor came from; the marketing site unless a page says otherwise. */
  source?: string;
  /** What the call is about, e.g. "Lead", "demo_classic", "about", "setup". */
  type?: string;
  /** Which scheduler view to open: "page" for a full page, "embed" inside a frame. */
  ui?: "page" | "embed";
}

/** Link to the external scheduling app with source, type and ui (spec §7). */
export function scheduleCallUrl(
  site: SiteConfig,
  { source = "marketing site", type = defaultScheduleCallType, ui = "page" }: ScheduleCallParams = {},
): string {
  const url = new URL(site.schedulerUrl);
  url.searchParams.set("source", source);
  url.searchParams.set("type", type);
  url.searchParams.set("ui", ui);
  return url.toString();
}
