/**
 * The measurement tables' types (schema.ts has the rest, and the Database type that names
 * them all): the visits and the daily and monthly roll-ups the usage report reads.
 */
import type { Generated } from "kysely";

export interface UsageDayBeaconsTable {
  day: string;
  beacons: number;
}

export interface UsageDayCampaignFirstsTable {
  day: string;
  campaign: string;
  source: string;
  medium: string;
  prev_day: string;
  n: number;
}

export interface UsageDayDimensionsTable {
  day: string;
  landing: string;
  exit_page: string;
  device: string;
  browser: string;
  visits: number;
  leads: number;
}

export interface UsageDayGroupsTable {
  day: string;
  source: string;
  kind: string;
  campaign: string;
  medium: string;
  depth: number;
  visits: number;
  g_contact_sent: number;
  g_newsletter_requested: number;
  g_subscription_confirmed: number;
  g_schedule_call: number;
  g_video_completed: number;
  g_feature_list_pdf: number;
}

export interface UsageDayPageFirstsTable {
  day: string;
  page: string;
  prev_day: string;
  n: number;
}

export interface UsageDayPageVisitorsTable {
  day: string;
  page: string;
  uid: string;
  prev_day: string | null;
}

export interface UsageDayPagesTable {
  day: string;
  page: string;
  views: number;
}

export interface UsageDaySourceFirstsTable {
  day: string;
  source: string;
  prev_day: string;
  n: number;
}

export interface UsageDayValuesTable {
  day: string;
  metric: string;
  page: string;
  value: number;
  n: number;
}

export interface UsageDayVideosTable {
  day: string;
  label: string;
  action: string;
  plays: number;
}

export interface UsageDayVisitorCountsTable {
  day: string;
  n: number;
}

export interface UsageDayVisitorFirstsTable {
  day: string;
  prev_day: string;
  n: number;
}

export interface UsageDayVisitorsTable {
  day: string;
  uid: string;
  prev_day: string | null;
}

export interface UsageDayVitalsTable {
  day: string;
  metric: string;
  value: number;
  samples: number;
}

export interface UsageMonthCampaignFirstsTable {
  day: string;
  campaign: string;
  source: string;
  medium: string;
  prev_day: string;
  n: number;
}

export interface UsageMonthPageFirstsTable {
  day: string;
  page: string;
  prev_day: string;
  n: number;
}

export interface UsageMonthSourceFirstsTable {
  day: string;
  source: string;
  prev_day: string;
  n: number;
}

export interface UsageMonthValuesTable {
  day: string;
  metric: string;
  page: string;
  value: number;
  n: number;
}

export interface UsageMonthVisitorFirstsTable {
  day: string;
  prev_day: string;
  n: number;
}

export interface UsageSegmentValuesTable {
  day: string;
  metric: string;
  page: string;
  value: number;
  n: number;
}

export interface UsageVisitCountsTable {
  visit_id: number;
  day: string;
  metric: string;
  name: string;
  value: number;
  n: number;
}

export interface UsageVisitsTable {
  id: Generated<number>;
  uid: string;
  start_at: string;
  end_at: string;
  day: string;
  landing: string;
  source: string;
  kind: string;
  campaign: string | null;
  medium: string | null;
  depth: number;
  views: number;
  g_contact_sent: Generated<number>;
  g_newsletter_requested: Generated<number>;
  g_subscription_confirmed: Generated<number>;
  g_schedule_call: Generated<number>;
  g_video_completed: Generated<number>;
  g_feature_list_pdf: Generated<number>;
  prev_source_day: string | null;
  prev_campaign_day: string | null;
  device: string | null;
  browser: string | null;
  exit_page: string | null;
}
