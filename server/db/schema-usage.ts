/** The measurement tables (schema.ts has the rest): the visits and the roll-ups the usage report reads. */
import type { Generated } from "kysely";

export interface UsageDayBeaconsTable {
  day: string;
  beacons: number;
}

/** usage_day_campaign_firsts and usage_month_campaign_firsts (day: the month's first day). */
export interface UsageCampaignFirstsTable {
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

/** usage_day_page_firsts and usage_month_page_firsts (day: the month's first day). */
export interface UsagePageFirstsTable {
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

/** usage_day_source_firsts and usage_month_source_firsts (day: the month's first day). */
export interface UsageSourceFirstsTable {
  day: string;
  source: string;
  prev_day: string;
  n: number;
}

/** The value histograms: usage_day_values, usage_month_values (day: the month's first day) and usage_segment_values. */
export interface UsageValuesTable {
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

/** usage_day_visitor_firsts and usage_month_visitor_firsts (day: the month's first day). */
export interface UsageVisitorFirstsTable {
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
