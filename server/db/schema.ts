/**
 * Every table as the query layer reads it on both engines; `schema.test.ts` fails, naming the column, when this and
 * the migrations disagree. Timestamps read as ISO text, whole numbers as numbers; typed as both: `outbox.mail` (JSON
 * text or jsonb: read it with `jsonOf`) and `subscribers.confirm_proven` (0/1 or a boolean).
 */
import type { ColumnType, Generated } from "kysely";
import type {
  UsageDayBeaconsTable,
  UsageCampaignFirstsTable,
  UsageDayDimensionsTable,
  UsageDayGroupsTable,
  UsagePageFirstsTable,
  UsageDayPageVisitorsTable,
  UsageDayPagesTable,
  UsageSourceFirstsTable,
  UsageValuesTable,
  UsageDayVideosTable,
  UsageDayVisitorCountsTable,
  UsageVisitorFirstsTable,
  UsageDayVisitorsTable,
  UsageDayVitalsTable,
  UsageVisitCountsTable,
  UsageVisitsTable,
} from "./schema-usage.ts";

type JsonObject = Record<string, unknown>;
/** A flag: written as a boolean, read back as 0/1 (SQLite) or a boolean (PostgreSQL). */
type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface AnalyticsEventsTable {
  id: Generated<number>;
  received_at: string;
  type: string;
  uid: string;
  page: string;
  title: string | null;
  category: string | null;
  action: string | null;
  label: string | null;
  value: number | null;
  rating: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  ref: string | null;
  device: string | null;
  browser: string | null;
}

export interface CampaignRecipientsTable {
  campaign_id: number;
  subscriber_id: number;
  batch: string;
  queued_at: string;
}

export interface CampaignsTable {
  id: Generated<number>;
  subject: string;
  body: string;
  source: string | null;
  status: string;
  send_at: string | null;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
  scheduled_by: string | null;
  enqueued_at: string | null;
}

export interface ChallengeSolutionsTable {
  challenge: string;
  expires_at: string;
}

export interface ConsoleAuditTable {
  id: Generated<number>;
  at: string;
  account: string;
  address: string;
  action: string;
  detail: Generated<string>;
  times: Generated<number>;
  bucket: string | null;
}

export interface ConsoleSessionsTable {
  id_hash: string;
  user_id: number;
  created_at: string;
  seen_at: string;
}

export interface ConsoleUsersTable {
  id: Generated<number>;
  email: string;
  role: string;
  password_hash: string;
  totp_secret: string | null;
  created_at: string;
  updated_at: string;
  totp_last_step: number | null;
  name: string | null;
}

export interface ContentPublicationsTable {
  id: number;
  generation: number;
}

export interface ContentStateTable {
  key: string;
  published_version: number | null;
  published_at: string | null;
  published_by: string | null;
  scheduled_version: number | null;
  scheduled_at: string | null;
  scheduled_by: string | null;
  published_claim: string | null;
}

/** The editor's text as typed, one per key and account (migration 0470): never a version. */
export interface ContentAutosavesTable {
  key: string;
  account: string;
  base_version: number;
  body: string;
  saved_at: string;
}

export interface ContentVersionsTable {
  key: string;
  version: number;
  body: string;
  account: string;
  created_at: string;
  base_version: number;
}

export interface LeadEventsTable {
  id: Generated<number>;
  lead_id: number;
  at: string;
  account: string;
  kind: string;
  value: string;
  previous: string | null;
}

export interface LeadsTable {
  id: Generated<number>;
  created_at: string;
  domain: string;
  type: string;
  name: string;
  email: string;
  subject: string;
  details: string;
  first_source: string | null;
  first_campaign: string | null;
  first_landing: string | null;
  visit_source: string | null;
  visit_campaign: string | null;
  visit_landing: string | null;
  visitor_id: string | null;
  status: Generated<string>;
  owner: string | null;
  changed_at: string | null;
  first_medium: string | null;
  visit_medium: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  created_at: string;
  mail: ColumnType<string | JsonObject, string, string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  delivered_at: string | null;
  priority: Generated<number>;
  leased_by: string | null;
  channel: Generated<string>;
  ref: string | null;
  once_key: string | null;
  given_up_at: string | null;
}

export interface RumBeaconsTable {
  id: Generated<number>;
  received_at: string;
  site: string;
  page: string;
  uid: string | null;
  last_page: string | null;
  seconds_on_last_page: number | null;
  load_ms: number | null;
}

export interface SchemaMigrationsTable {
  id: string;
  applied_at: string;
}

export interface SettingsTable {
  name: string;
  value: string;
  created_at: Generated<string>;
}

export interface SubscribersTable {
  id: Generated<number>;
  list: string;
  email: string;
  email_key: string;
  first_name: string;
  last_name: string;
  status: string;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  confirm_nonce: string | null;
  confirm_sent_at: string | null;
  requested_at: string | null;
  mailbox_key: string | null;
  mailbox_domain: string | null;
  confirm_waiting_since: string | null;
  visitor_id: string | null;
  first_source: string | null;
  first_campaign: string | null;
  first_landing: string | null;
  visit_source: string | null;
  visit_campaign: string | null;
  visit_landing: string | null;
  confirm_proven: Flag;
  first_medium: string | null;
  visit_medium: string | null;
  bounced_at: string | null;
  /** When and how it left (migration 0460): by the link in a mail, or by hand in the console. */
  left_at: string | null;
  left_by: string | null;
}

export interface UploadVariantsTable {
  path: string;
  upload_id: string;
  body: Uint8Array;
}

export interface UploadsTable {
  id: string;
  ref: string;
  original_name: string;
  bytes: number;
  width: number;
  height: number;
  type: string;
  account: string;
  created_at: string;
}

export interface Database {
  analytics_events: AnalyticsEventsTable;
  campaign_recipients: CampaignRecipientsTable;
  campaigns: CampaignsTable;
  challenge_solutions: ChallengeSolutionsTable;
  console_audit: ConsoleAuditTable;
  console_sessions: ConsoleSessionsTable;
  console_users: ConsoleUsersTable;
  content_autosaves: ContentAutosavesTable;
  content_publications: ContentPublicationsTable;
  content_state: ContentStateTable;
  content_versions: ContentVersionsTable;
  lead_events: LeadEventsTable;
  leads: LeadsTable;
  outbox: OutboxTable;
  rum_beacons: RumBeaconsTable;
  schema_migrations: SchemaMigrationsTable;
  settings: SettingsTable;
  subscribers: SubscribersTable;
  upload_variants: UploadVariantsTable;
  uploads: UploadsTable;
  usage_day_beacons: UsageDayBeaconsTable;
  usage_day_campaign_firsts: UsageCampaignFirstsTable;
  usage_day_dimensions: UsageDayDimensionsTable;
  usage_day_groups: UsageDayGroupsTable;
  usage_day_page_firsts: UsagePageFirstsTable;
  usage_day_page_visitors: UsageDayPageVisitorsTable;
  usage_day_pages: UsageDayPagesTable;
  usage_day_source_firsts: UsageSourceFirstsTable;
  usage_day_values: UsageValuesTable;
  usage_day_videos: UsageDayVideosTable;
  usage_day_visitor_counts: UsageDayVisitorCountsTable;
  usage_day_visitor_firsts: UsageVisitorFirstsTable;
  usage_day_visitors: UsageDayVisitorsTable;
  usage_day_vitals: UsageDayVitalsTable;
  usage_month_campaign_firsts: UsageCampaignFirstsTable;
  usage_month_page_firsts: UsagePageFirstsTable;
  usage_month_source_firsts: UsageSourceFirstsTable;
  usage_month_values: UsageValuesTable;
  usage_month_visitor_firsts: UsageVisitorFirstsTable;
  usage_segment_values: UsageValuesTable;
  usage_visit_counts: UsageVisitCountsTable;
  usage_visits: UsageVisitsTable;
}
