/** Visits: the page views (and goals) of one visitor id with gaps under 30 minutes. */
import type { LandingSource } from "#common/attribution.ts";
import type { Goal } from "#common/goals.ts";
import { sourceOf, type VisitSource } from "./sources.ts";

export const visitGapMs = 30 * 60 * 1000;

/** One page view or goal, as the stores read it. */
export interface Activity {
  uid: string;
  /** ISO time received. */
  at: string;
  page: string;
  /** Set on goal events; null on page views. */
  goal: Goal | null;
  /** The landing source a page view carried, if any. */
  source: LandingSource | null;
  /** The sender's device and browser (devices.ts); null on rows stored before they were read. */
  device?: string | null;
  browser?: string | null;
}

export interface Visit extends VisitSource {
  uid: string;
  start: string;
  end: string;
  /** The first page viewed (or the page of the first goal when no page view came first). */
  landing: string;
  /** The last page viewed (the landing when the visit viewed none). */
  exit: string;
  /** Everything in the visit in order: pages viewed and goals reached. */
  steps: { page: string; goal: Goal | null }[];
  goals: Set<Goal>;
  /** Of the visit's first row, as its source is. */
  device: string | null;
  browser: string | null;
}

/** Splits rows ordered by uid, then time, into visits; a new visit starts at a new uid or after a gap of 30 minutes or more. */
export function splitVisits(rows: Iterable<Activity>, gapMs = visitGapMs): Visit[] {
  const visits: Visit[] = [];
  let current: Visit | undefined;
  let last = 0;
  for (const row of rows) {
    const at = Date.parse(row.at);
    if (!current || current.uid !== row.uid || at - last >= gapMs) {
      const landingView = row.goal === null ? row : undefined;
      current = {
        uid: row.uid,
        start: row.at,
        end: row.at,
        landing: row.page,
        exit: row.page,
        ...sourceOf(landingView?.source),
        steps: [],
        goals: new Set(),
        device: row.device ?? null,
        browser: row.browser ?? null,
      };
      visits.push(current);
    }
    last = at;
    current.end = row.at;
    current.steps.push({ page: row.page, goal: row.goal });
    if (row.goal === null) current.exit = row.page;
    if (row.goal) current.goals.add(row.goal);
  }
  return visits;
}

/** Where a lead came from: the visitor's first recorded visit and the visit it was sent in. */
export interface Touch {
  source: string;
  campaign: string | null;
  landing: string;
  /** The campaign's utm_medium ("cpc", "email"); absent when the landing URL had none. */
  medium?: string;
}
export interface LeadAttribution {
  first: Touch | null;
  visit: Touch | null;
}
export const noAttribution: LeadAttribution = { first: null, visit: null };

const touchOf = (visit: Visit | undefined): Touch | null =>
  visit
    ? {
        source: visit.source,
        campaign: visit.campaign,
        landing: visit.landing,
        ...(visit.medium ? { medium: visit.medium } : {}),
      }
    : null;

/** From one visitor's page views in time order: the first visit, and the last one if it is still going on at `now`. */
export function attributionOf(rows: Activity[], now: Date): LeadAttribution {
  const visits = splitVisits(rows);
  const latest = visits.at(-1);
  const ongoing = latest && now.getTime() - Date.parse(latest.end) < visitGapMs ? latest : undefined;
  return { first: touchOf(visits[0]), visit: touchOf(ongoing) };
}
