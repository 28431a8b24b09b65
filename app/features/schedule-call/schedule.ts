import type { SiteConfig } from "#common/site.ts";

/**
 * The site's one call-to-action vocabulary (issue 22): the spec's labels, each opening the scheduler with
 * its type. "call" is requirements §9's default "Schedule a Call"; a page may give it its own type (about,
 * demo_classic). "View recorded Demos" is a plain link to /demo, not a scheduler action.
 */
export const callsToAction = {
  demo: { label: "Schedule Demo", type: "demo" },
  setup: { label: "Schedule Installation / Setup", type: "setup" },
  call: { label: "Schedule a Call", type: "Lead" },
} as const;

export type CallToAction = keyof typeof callsToAction;

/**
 * The self-serve path beside the calls (issue #34): the marketplace listing, in the words the content
 * uses for what a buyer gets (faq/products' first answer).
 */
export const selfServe = {
  label: "Install from the marketplace",
  promise: "Try it in a sandbox org first; setup help is included.",
} as const;

/** The call type when a page names none. */
export const defaultScheduleCallType = callsToAction.call.type;

export interface ScheduleCallParams {
  /** Where the visitor came from; the marketing site unless a page says otherwise. */
  source?: string;
  /** What the call is about, e.g. "Lead", "demo_classic", "about", "setup". */
  type?: string;
  /** Which scheduler view to open: "page" for a full page, "embed" inside a frame. */
  ui?: "page" | "embed";
}

/** Link to the external scheduling app with source, type and ui (requirements §7). */
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
