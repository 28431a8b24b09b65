/**
 * The acquisition part of the usage report, from visits (visits.ts): visits per source and per
 * campaign, each goal per day, source and campaign with its conversion rate (visits with the
 * goal / visits), and the funnel landing → feature or demo page → /contact or /support → lead sent.
 */
import { goalNames, goals as goalLabels, type Goal } from "#common/goals.ts";
import type { SourceKind } from "./sources.ts";
import type { Visit } from "./visits.ts";

/** Visits that reached a goal, and their share of the visits counted. */
export interface GoalCount {
  visits: number;
  rate: number | null;
}
export type GoalCounts = Record<Goal, GoalCount>;

export interface SourceRow {
  source: string;
  kind: SourceKind;
  visits: number;
  visitors: number;
  goals: GoalCounts;
}

export interface CampaignRow {
  campaign: string;
  source: string;
  medium: string | null;
  visits: number;
  visitors: number;
  goals: GoalCounts;
}

export interface FunnelStep {
  step: string;
  visits: number;
  /** Share of the previous step's visits that did not reach this one (null for the first, or after none). */
  drop: number | null;
}

export interface Acquisition {
  visits: number;
  sources: SourceRow[];
  campaigns: CampaignRow[];
  goals: { goal: Goal; label: string; visits: number; rate: number | null }[];
  /** Every day of the window: visits and visits with each goal. */
  goalsDaily: { day: string; visits: number; goals: Record<Goal, number> }[];
  funnel: { steps: FunnelStep[]; bySource: { source: string; steps: FunnelStep[] }[] };
}

export const funnelSteps = ["Landing", "Feature or demo page", "Contact or support page", "Lead sent"] as const;

const isFeatureOrDemo = (page: string) => /^(features|demo)(-|$)/.test(page);
const isContactOrSupport = (page: string) => /^(contact|support)(-|$)/.test(page);

/** How far along the funnel a visit got, in order: 1 (landed) to 4 (sent a lead after the contact or support page). */
export function funnelDepth(visit: Visit): number {
  let depth = 1;
  for (const { page, goal } of visit.steps) {
    if (depth === 1 && goal === null && isFeatureOrDemo(page)) depth = 2;
    if (depth === 2 && goal === null && isContactOrSupport(page)) depth = 3;
    else if (depth === 3 && goal === "contact-sent") return 4;
  }
  return depth;
}

const rate = (part: number, whole: number) => (whole ? part / whole : null);

function goalCounts(visits: Visit[]): GoalCounts {
  return Object.fromEntries(
    goalNames.map((goal) => {
      const reached = visits.filter((v) => v.goals.has(goal)).length;
      return [goal, { visits: reached, rate: rate(reached, visits.length) }];
    }),
  ) as GoalCounts;
}

function funnelOf(visits: Visit[]): FunnelStep[] {
  const depths = visits.map(funnelDepth);
  return funnelSteps.map((step, i) => {
    const reached = depths.filter((d) => d > i).length;
    const before = i === 0 ? null : depths.filter((d) => d > i - 1).length;
    return { step, visits: reached, drop: before === null || before === 0 ? null : (before - reached) / before };
  });
}

function groupBy<K>(visits: Visit[], key: (visit: Visit) => K | null): Map<K, Visit[]> {
  const groups = new Map<K, Visit[]>();
  for (const visit of visits) {
    const k = key(visit);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), visit]);
  }
  return groups;
}

/** A source reached both by campaign links and plainly (LinkedIn posts and ads) shows the kind most of its visits had. */
function mostCommonKind(visits: Visit[]): SourceKind {
  const counts = new Map<SourceKind, number>();
  for (const { kind } of visits) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

const visitorsOf = (visits: Visit[]) => new Set(visits.map((v) => v.uid)).size;
const byVisits = <T extends { visits: number }>(a: T, b: T) => b.visits - a.visits;

/** The acquisition figures of `visits` (those that started in the window), with `days` the window's UTC days. */
export function acquisition(visits: Visit[], days: string[]): Acquisition {
  const sources = [...groupBy(visits, (v) => v.source)]
    .map(([source, group]) => ({ source, kind: mostCommonKind(group), visits: group.length, visitors: visitorsOf(group), goals: goalCounts(group) }))
    .sort((a, b) => byVisits(a, b) || a.source.localeCompare(b.source));
  const campaigns = [...groupBy(visits, (v) => (v.campaign === null ? null : `${v.campaign}\n${v.source}\n${v.medium ?? ""}`))]
    .map(([, group]) => ({
      campaign: group[0].campaign!,
      source: group[0].source,
      medium: group[0].medium,
      visits: group.length,
      visitors: visitorsOf(group),
      goals: goalCounts(group),
    }))
    .sort((a, b) => byVisits(a, b) || a.campaign.localeCompare(b.campaign));
  const all = goalCounts(visits);
  const perDay = groupBy(visits, (v) => v.start.slice(0, 10));
  return {
    visits: visits.length,
    sources,
    campaigns,
    goals: goalNames.map((goal) => ({ goal, label: goalLabels[goal], ...all[goal] })),
    goalsDaily: days.map((day) => {
      const group = perDay.get(day) ?? [];
      return {
        day,
        visits: group.length,
        goals: Object.fromEntries(goalNames.map((goal) => [goal, group.filter((v) => v.goals.has(goal)).length])) as Record<Goal, number>,
      };
    }),
    funnel: {
      steps: funnelOf(visits),
      bySource: sources.map(({ source }) => ({ source, steps: funnelOf(visits.filter((v) => v.source === source)) })),
    },
  };
}
