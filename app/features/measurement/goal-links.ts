/**
 * Goals reached by following a link (common/goals.ts): any link to the scheduling app, and the
 * feature list PDF. Read from the link's address, so every such link counts, wherever it is.
 */
import type { Goal } from "#common/goals.ts";

export function linkGoal(href: string, schedulerUrl: string): Goal | undefined {
  let link: URL;
  let scheduler: URL;
  try {
    link = new URL(href);
    scheduler = new URL(schedulerUrl);
  } catch {
    return undefined;
  }
  if (link.origin === scheduler.origin && link.pathname.startsWith(scheduler.pathname)) return "schedule-call";
  if (/_FeatureList\.pdf$/i.test(link.pathname)) return "feature-list-pdf";
  return undefined;
}
