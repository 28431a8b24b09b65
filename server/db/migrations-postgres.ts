/**
 * The schema of migrations.ts for PostgreSQL: the same ids in the same order, each in
 * PostgreSQL's words (timestamptz for times, bigserial ids, jsonb for a queued mail).
 * migrations.test.ts fails when the two lists differ in ids, so a migration added for one
 * engine is added for the other in the same change. Never edit an applied migration.
 */
import {
  dayVitalsBackfill,
  dayVitalsTable,
  monthValuesBackfill,
  monthValuesTable,
  rollupBackfill,
  rollupReadingIndexes,
  rollupTables,
  visitClientsSql,
  visitCountsBackfill,
  visitCountsTable,
} from "../measurement/rollup-schema.ts";
import { rollupSumsSql, segmentSums } from "../measurement/rollup-counts.ts";
export interface PostgresMigration {
  id: string;
  sql: string;
}

export const postgresMigrations: readonly PostgresMigration[] = [
  {
    id: "0001-leads",
    sql: `
      CREATE TABLE leads (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL,
        domain text NOT NULL,
        type text NOT NULL,
        name text NOT NULL,
        email text NOT NULL,
        subject text NOT NULL,
        details text NOT NULL
      );
      CREATE INDEX leads_created_at ON leads (created_at);
    `,
  },
  {
    id: "0002-subscribers",
    sql: `
      CREATE TABLE subscribers (
        id bigserial PRIMARY KEY,
        list text NOT NULL,
        email text NOT NULL,
        email_key text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        UNIQUE (list, email_key)
      );
    `,
  },
  {
    id: "0003-outbox",
    sql: `
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL,
        mail jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        last_error text,
        delivered_at timestamptz
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
    `,
  },
  {
    id: "0004-outbox-leases",
    sql: `
      ALTER TABLE outbox ADD COLUMN priority integer NOT NULL DEFAULT 1; -- 0 high, 1 normal
      ALTER TABLE outbox ADD COLUMN leased_by text;
      DROP INDEX outbox_due;
      CREATE INDEX outbox_claim ON outbox (priority, next_attempt_at) WHERE delivered_at IS NULL;
      CREATE INDEX outbox_delivered ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;
    `,
  },
  {
    id: "0010-subscriber-confirmations",
    sql: `
      ALTER TABLE subscribers ADD COLUMN confirm_nonce text;
      ALTER TABLE subscribers ADD COLUMN confirm_sent_at timestamptz;
      ALTER TABLE subscribers ADD COLUMN requested_at timestamptz;
    `,
  },
  {
    id: "0011-confirmation-limits",
    sql: `
      ALTER TABLE subscribers ADD COLUMN mailbox_key text;
      ALTER TABLE subscribers ADD COLUMN mailbox_domain text;
      ALTER TABLE subscribers ADD COLUMN confirm_waiting_since timestamptz;
      UPDATE subscribers SET mailbox_key = email_key, mailbox_domain = split_part(email_key, '@', 2);
      CREATE INDEX subscribers_mailbox ON subscribers (mailbox_key, confirm_sent_at);
      CREATE INDEX subscribers_domain_sent ON subscribers (mailbox_domain, confirm_sent_at);
      CREATE INDEX subscribers_sent ON subscribers (confirm_sent_at);
      CREATE INDEX subscribers_waiting ON subscribers (confirm_waiting_since) WHERE confirm_waiting_since IS NOT NULL;
    `,
  },
  {
    id: "0020-lead-attribution",
    sql: `
      ALTER TABLE leads ADD COLUMN first_source text, ADD COLUMN first_campaign text, ADD COLUMN first_landing text,
        ADD COLUMN visit_source text, ADD COLUMN visit_campaign text, ADD COLUMN visit_landing text;
      ALTER TABLE subscribers ADD COLUMN visitor_id text, ADD COLUMN first_source text, ADD COLUMN first_campaign text,
        ADD COLUMN first_landing text, ADD COLUMN visit_source text, ADD COLUMN visit_campaign text, ADD COLUMN visit_landing text;
      `,
  },
  {
    // Issue 21: requests to other systems (webhooks, the CRM) share the outbox with mail, each
    // channel claimed by its own worker (outbox_claim now leads with the channel); `ref` names
    // what a row is about (lead:42) for the console; `once_key` queues a row at most once (the
    // weekly digest, whatever the number of instances); `given_up_at` marks a request the
    // receiver refused for good (a 4xx), which is never retried.
    id: "0030-outbox-channels",
    sql: `
      ALTER TABLE outbox ADD COLUMN channel text NOT NULL DEFAULT 'mail';
      ALTER TABLE outbox ADD COLUMN ref text;
      ALTER TABLE outbox ADD COLUMN once_key text;
      ALTER TABLE outbox ADD COLUMN given_up_at timestamptz;
      DROP INDEX outbox_claim;
      CREATE INDEX outbox_claim ON outbox (channel, priority, next_attempt_at) WHERE delivered_at IS NULL AND given_up_at IS NULL;
      CREATE INDEX outbox_ref ON outbox (ref) WHERE ref IS NOT NULL;
      CREATE UNIQUE INDEX outbox_once ON outbox (once_key) WHERE once_key IS NOT NULL;
      CREATE INDEX outbox_given_up ON outbox (given_up_at) WHERE given_up_at IS NOT NULL;
    `,
  },
  {
    // Issue 29: a lead keeps the visitor id it was sent with, for the erase of its measurement rows.
    id: "0040-lead-visitor",
    sql: `ALTER TABLE leads ADD COLUMN visitor_id text;`,
  },
  {
    id: "0050-outbox-proven-priority",
    sql: `
      UPDATE outbox SET priority = 2 WHERE priority = 1;
      ALTER TABLE outbox ALTER COLUMN priority SET DEFAULT 2;
    `,
  },
  {
    id: "0051-challenge-solutions",
    sql: `
      CREATE TABLE challenge_solutions (
        challenge text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX challenge_solutions_expires ON challenge_solutions (expires_at);
    `,
  },
  {
    id: "0052-subscriber-proven",
    sql: `ALTER TABLE subscribers ADD COLUMN confirm_proven boolean NOT NULL DEFAULT false;`,
  },
  {
    id: "0100-rum-beacons",
    sql: `
      CREATE TABLE rum_beacons (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL,
        site text NOT NULL,
        page text NOT NULL,
        uid text,
        last_page text,
        seconds_on_last_page integer,
        load_ms integer
      );
      CREATE INDEX rum_beacons_received_at ON rum_beacons (received_at);
    `,
  },
  {
    id: "0101-analytics-events",
    sql: `
      CREATE TABLE analytics_events (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL,
        type text NOT NULL CHECK (type IN ('pageview', 'event', 'vital')),
        uid text NOT NULL,
        page text NOT NULL,
        title text,
        category text,
        action text,
        label text,
        value double precision,
        rating text
      );
      CREATE INDEX analytics_events_received_at ON analytics_events (received_at, type);
    `,
  },
  {
    id: "0110-landing-source",
    sql: `
      ALTER TABLE analytics_events ADD COLUMN referrer_host text, ADD COLUMN utm_source text, ADD COLUMN utm_medium text,
        ADD COLUMN utm_campaign text, ADD COLUMN utm_term text, ADD COLUMN utm_content text, ADD COLUMN ref text;
      CREATE INDEX analytics_events_visitor ON analytics_events (uid) WHERE type = 'pageview';
    `,
  },
  {
    // Issue 29: the usage report reads roll-ups the batch writer keeps (server/measurement/rollups.ts),
    // never the raw rows; built here from the rows already stored.
    id: "0120-usage-rollups",
    sql: rollupTables("postgres") + rollupBackfill("postgres", { clients: false }),
  },
  {
    // Issue 29: the 2-year report's visit groups read one covering index, not a visit row each.
    id: "0121-usage-reading-indexes",
    sql: rollupReadingIndexes("postgres"),
  },
  {
    // Issue 29: a long range's percentiles read months, not every day (rollup-schema.ts).
    id: "0122-usage-month-values",
    sql: monthValuesTable("postgres") + monthValuesBackfill,
  },
  {
    // Issue 29: vitals per day read one p75 row per day and vital (rollup-schema.ts).
    id: "0123-usage-day-vitals",
    sql: dayVitalsTable("postgres") + dayVitalsBackfill,
  },
  {
    // Issue 31: devices and browsers per visit (categories only), and paid visits apart from unpaid.
    id: "0130-usage-visit-clients",
    sql: visitClientsSql("postgres"),
  },
  {
    // Issue 31: page views, vitals and video plays per visit, so they follow the Usage page's filters.
    id: "0140-usage-visit-counts",
    sql: visitCountsTable("postgres") + visitCountsBackfill("postgres"),
  },
  {
    // Issue 29: visitors and visit groups summed per day and month by triggers (rollup-counts.ts).
    id: "0150-usage-visitor-counts",
    sql: rollupSumsSql("postgres"),
  },
  {
    // Issue 29: the days of a range outside its whole months read as segments of a month (rollup-counts.ts).
    id: "0151-usage-segment-values",
    sql: rollupSumsSql("postgres", segmentSums),
  },
  {
    id: "0200-settings",
    sql: `
      CREATE TABLE settings (
        name text PRIMARY KEY,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: "0300-console",
    sql: `
      CREATE TABLE console_users (
        id bigserial PRIMARY KEY,
        email text NOT NULL UNIQUE,
        role text NOT NULL CHECK (role IN ('owner', 'viewer')),
        password_hash text NOT NULL,
        totp_secret text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE console_sessions (
        id_hash text PRIMARY KEY,
        user_id bigint NOT NULL,
        created_at timestamptz NOT NULL,
        seen_at timestamptz NOT NULL
      );
      CREATE INDEX console_sessions_user ON console_sessions (user_id);
      CREATE TABLE console_audit (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        account text NOT NULL,
        address text NOT NULL,
        action text NOT NULL,
        detail text NOT NULL DEFAULT ''
      );
      CREATE INDEX console_audit_at ON console_audit (at);
      ALTER TABLE leads ADD COLUMN handled_at timestamptz;
    `,
  },
  {
    id: "0310-console-totp-step",
    sql: "ALTER TABLE console_users ADD COLUMN totp_last_step bigint;",
  },
  {
    id: "0311-console-audit-repeats",
    sql: `
      ALTER TABLE console_audit ADD COLUMN times integer NOT NULL DEFAULT 1;
      ALTER TABLE console_audit ADD COLUMN bucket text;
      CREATE UNIQUE INDEX console_audit_bucket ON console_audit (bucket);
    `,
  },
  {
    id: "0312-console-editor-role",
    sql: `
      ALTER TABLE console_users DROP CONSTRAINT console_users_role_check;
      ALTER TABLE console_users ADD CONSTRAINT console_users_role_check CHECK (role IN ('owner', 'viewer', 'editor'));
    `,
  },
  {
    id: "0330-lead-pipeline",
    sql: `
      ALTER TABLE leads ADD COLUMN status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'qualified', 'won', 'lost'));
      ALTER TABLE leads ADD COLUMN owner text;
      ALTER TABLE leads ADD COLUMN changed_at timestamptz;
      CREATE INDEX leads_status ON leads (status, created_at);
      CREATE TABLE lead_events (
        id bigserial PRIMARY KEY,
        lead_id bigint NOT NULL,
        at timestamptz NOT NULL,
        account text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('status', 'owner', 'note')),
        value text NOT NULL,
        previous text
      );
      CREATE INDEX lead_events_lead ON lead_events (lead_id, id);
      UPDATE leads SET status = 'contacted', changed_at = handled_at WHERE handled_at IS NOT NULL;
      INSERT INTO lead_events (lead_id, at, account, kind, value, previous)
        SELECT id, handled_at, '', 'status', 'contacted', 'new' FROM leads WHERE handled_at IS NOT NULL ORDER BY id;
      ALTER TABLE leads DROP COLUMN handled_at;
    `,
  },
  {
    id: "0331-attribution-medium",
    sql: `
      ALTER TABLE leads ADD COLUMN first_medium text;
      ALTER TABLE leads ADD COLUMN visit_medium text;
      ALTER TABLE subscribers ADD COLUMN first_medium text;
      ALTER TABLE subscribers ADD COLUMN visit_medium text;
    `,
  },
  {
    id: "0400-content",
    sql: `
      CREATE TABLE content_versions (
        key text NOT NULL,
        version integer NOT NULL,
        body text NOT NULL,
        account text NOT NULL,
        created_at timestamptz NOT NULL,
        base_version integer NOT NULL,
        PRIMARY KEY (key, version)
      );
      CREATE TABLE content_state (
        key text PRIMARY KEY,
        published_version integer,
        published_at timestamptz,
        published_by text,
        scheduled_version integer,
        scheduled_at timestamptz,
        scheduled_by text
      );
      CREATE INDEX content_state_due ON content_state (scheduled_at) WHERE scheduled_version IS NOT NULL;
      CREATE TABLE content_publications (
        id integer PRIMARY KEY CHECK (id = 1),
        generation bigint NOT NULL
      );
      INSERT INTO content_publications (id, generation) VALUES (1, 0);
    `,
  },
  {
    id: "0420-uploads",
    sql: `
      CREATE TABLE uploads (
        id text PRIMARY KEY,
        ref text NOT NULL,
        original_name text NOT NULL,
        bytes integer NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        type text NOT NULL,
        account text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX uploads_created ON uploads (created_at);
      CREATE TABLE upload_variants (
        path text PRIMARY KEY,
        upload_id text NOT NULL,
        body bytea NOT NULL
      );
      CREATE INDEX upload_variants_upload ON upload_variants (upload_id);
    `,
  },
  // 0430-0439: the CDN purge of a publish (server/content/purge.ts). The token the claim of a
  // scheduled publish writes, so only the claiming transaction queues the purge.
  {
    id: "0430-content-publish-claim",
    sql: `ALTER TABLE content_state ADD COLUMN published_claim text;`,
  },
  {
    id: "0440-campaigns",
    sql: `
      CREATE TABLE campaigns (
        id bigserial PRIMARY KEY,
        subject text NOT NULL,
        body text NOT NULL,
        source text,
        status text NOT NULL CHECK (status IN ('draft', 'scheduled', 'sent')),
        send_at timestamptz,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_by text NOT NULL,
        updated_at timestamptz NOT NULL,
        scheduled_by text,
        enqueued_at timestamptz
      );
      CREATE INDEX campaigns_due ON campaigns (send_at) WHERE status = 'scheduled';
      CREATE TABLE campaign_recipients (
        campaign_id bigint NOT NULL REFERENCES campaigns (id),
        subscriber_id bigint NOT NULL,
        batch text NOT NULL,
        queued_at timestamptz NOT NULL,
        PRIMARY KEY (campaign_id, subscriber_id)
      );
      ALTER TABLE subscribers ADD COLUMN bounced_at timestamptz;
    `,
  },
  {
    id: "0450-console-audit-by-address",
    sql: "CREATE INDEX console_audit_address_at ON console_audit (address, at);",
  },
];
