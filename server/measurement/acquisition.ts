/** The acquisition part of the usage report: sources, campaigns, goals with conversion rates and the funnel. */
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
  /** Null under a filter that leaves them inexact (common/usage-filter.ts). */
  visitors: number | null;
  goals: GoalCounts;
}

export interface CampaignRow {
  campaign: string;
  source: string;
  medium: string | null;
  visits: number;
  visitors: number | null;
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

/** One step of the funnel fold: the depth after `step`, given the depth before it (1 at landing). */
export function nextFunnelDepth(depth: number, { page, goal }: { page: string; goal: Goal | null }): number {
  if (depth === 1 && goal === null && isFeatureOrDemo(page)) return 2;
  if (depth === 2 && goal === null && isContactOrSupport(page)) return 3;
  if (depth === 3 && goal === "contact-sent") return 4;
  return depth;
}

/** How far along the funnel a visit got, in order: 1 (landed) to 4 (sent a lead after the contact or support page). */
export function funnelDepth(visit: Visit): number {
  return visit.steps.reduce(nextFunnelDepth, 1);
}

/** A number per goal. */
export const perGoal = (count: (goal: Goal) => number) =>
  Object.fromEntries(goalNames.map((goal) => [goal, count(goal)])) as Record<Goal, number>;

const rate = (part: number, whole: number) => (whole ? part / whole : null);

const byVisits = <T extends { visits: number }>(a: T, b: T) => b.visits - a.visits;

/** The acquisition figures of `visits` (in JS, for the contract's reference): each visit a group of one. */
export function acquisition(visits: Visit[], days: string[]): Acquisition {
  const seen = new Set<string>();
  const first = (key: unknown[]) => {
    const k = JSON.stringify(key);
    if (seen.has(k)) return 0;
    seen.add(k);
    return 1;
  };
  return acquisitionOf(
    visits.map((v) => ({
      day: v.start.slice(0, 10),
      source: v.source,
      kind: v.kind,
      campaign: v.campaign,
      medium: v.medium,
      depth: funnelDepth(v),
      visits: 1,
      sourceVisitors: first(["source", v.uid, v.source]),
      campaignVisitors: v.campaign === null ? 0 : first(["campaign", v.uid, v.campaign, v.source, v.medium]),
      goals: perGoal((goal) => (v.goals.has(goal) ? 1 : 0)),
    })),
    days,
  );
}

/** Visits and visits reaching each goal on one UTC day (usage_day_groups): the goals per day. */
export type DayVisits = Acquisition["goalsDaily"][number];

/**
 * One group of visits that started on `day` (usage_visits): what acquisitionOf sums. The unfiltered
 * reading sums each group over the range instead (`day` its first) and gives the days apart (DayVisits).
 */
export interface VisitGroup {
  day: string;
  source: string;
  kind: SourceKind;
  campaign: string | null;
  medium: string | null;
  depth: number;
  visits: number;
  /** Visits that are their visitor's first of this source (campaign) in the range: distinct visitors when summed. */
  sourceVisitors: number;
  campaignVisitors: number;
  goals: Record<Goal, number>;
}

const sum = (groups: VisitGroup[], count: (g: VisitGroup) => number) =>
  groups.reduce((total, g) => total + count(g), 0);

function groupGoalCounts(groups: VisitGroup[]): GoalCounts {
  const visits = sum(groups, (g) => g.visits);
  return Object.fromEntries(
    goalNames.map((goal) => {
      const reached = sum(groups, (g) => g.goals[goal]);
      return [goal, { visits: reached, rate: rate(reached, visits) }];
    }),
  ) as GoalCounts;
}

function groupFunnel(groups: VisitGroup[]): FunnelStep[] {
  return funnelSteps.map((step, i) => {
    const reached = sum(groups, (g) => (g.depth > i ? g.visits : 0));
    const before = i === 0 ? null : sum(groups, (g) => (g.depth > i - 1 ? g.visits : 0));
    return { step, visits: reached, drop: before === null || before === 0 ? null : (before - reached) / before };
  });
}

function bucket<K>(groups: VisitGroup[], key: (g: VisitGroup) => K | null): Map<K, VisitGroup[]> {
  const buckets = new Map<K, VisitGroup[]>();
  for (const g of groups) {
    const k = key(g);
    if (k === null) continue;
    const found = buckets.get(k);
    if (found) found.push(g);
    else buckets.set(k, [g]);
  }
  return buckets;
}

/** The acquisition figures from visit groups: their visitors add up to distinct visitors (VisitGroup). */
export function acquisitionOf(groups: VisitGroup[], days: string[], perDay?: DayVisits[]): Acquisition {
  const mostCommon = (bySource: VisitGroup[]): SourceKind => {
    const counts = new Map<SourceKind, number>();
    for (const g of bySource) counts.set(g.kind, (counts.get(g.kind) ?? 0) + g.visits);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
  };
  const sources = [...bucket(groups, (g) => g.source)]
    .map(([source, group]) => ({
      source,
      kind: mostCommon(group),
      visits: sum(group, (g) => g.visits),
      visitors: sum(group, (g) => g.sourceVisitors),
      goals: groupGoalCounts(group),
    }))
    .sort((a, b) => byVisits(a, b) || a.source.localeCompare(b.source));
  const campaigns = [
    ...bucket(groups, (g) => (g.campaign === null ? null : `${g.campaign}\n${g.source}\n${g.medium ?? ""}`)),
  ]
    .map(([, group]) => ({
      campaign: group[0].campaign!,
      source: group[0].source,
      medium: group[0].medium,
      visits: sum(group, (g) => g.visits),
      visitors: sum(group, (g) => g.campaignVisitors),
      goals: groupGoalCounts(group),
    }))
    .sort((a, b) => byVisits(a, b) || a.campaign.localeCompare(b.campaign) || a.source.localeCompare(b.source));
  const all = groupGoalCounts(groups);
  const byDay = new Map(perDay?.map((d) => [d.day, d]));
  const dayGroups = perDay ? undefined : bucket(groups, (g) => g.day);
  const none = { visits: 0, goals: perGoal(() => 0) };
  return {
    visits: sum(groups, (g) => g.visits),
    sources,
    campaigns,
    goals: goalNames.map((goal) => ({ goal, label: goalLabels[goal], ...all[goal] })),
    goalsDaily: days.map((day) => {
      if (!dayGroups) return { day, ...none, ...byDay.get(day) };
      const group = dayGroups.get(day) ?? [];
      return {
        day,
        visits: sum(group, (g) => g.visits),
        goals: perGoal((goal) => sum(group, (g) => g.goals[goal])),
      };
    }),
    funnel: {
      steps: groupFunnel(groups),
      bySource: sources.map(({ source }) => ({
        source,
        steps: groupFunnel(groups.filter((g) => g.source === source)),
      })),
    },
  };
}
