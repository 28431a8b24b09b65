/**
 * Every schema change, in order. Never edit an applied migration: add a new one with the
 * next id. Ids are "NNNN-what" so they sort and say what they do. Lead capture owns
 * 0001-0099 (leads, subscribers and the mail outbox); measurement owns 0100-0199; what the
 * instances share (settings) 0200 and up. PostgreSQL has the same ids in its own SQL
 * (migrations-postgres.ts); migrations.test.ts keeps the two lists in step.
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
export interface Migration {
  id: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    id: "0001-leads",
    sql: `
      CREATE TABLE leads (
        id INTEGER PRIMARY KEY,
        created_at TEXT NOT NULL,
        domain TEXT NOT NULL,
        type TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        details TEXT NOT NULL
      );
      CREATE INDEX leads_created_at ON leads (created_at);
    `,
  },
  {
    id: "0002-subscribers",
    sql: `
      CREATE TABLE subscribers (
        id INTEGER PRIMARY KEY,
        list TEXT NOT NULL,
        email TEXT NOT NULL,
        -- lower-cased address: one row per list and address, however it is capitalised
        email_key TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        confirmed_at TEXT,
        UNIQUE (list, email_key)
      );
    `,
  },
  {
    id: "0003-outbox",
    sql: `
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        created_at TEXT NOT NULL,
        mail TEXT NOT NULL,            -- JSON of OutgoingMail
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        last_error TEXT,
        delivered_at TEXT
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
    `,
  },
  {
    // Leases for several workers (mail/outbox.ts): a claim moves next_attempt_at to the end of
    // its lease and records the worker in leased_by; high-priority mail (a lead's notification
    // to sales) is claimed first. The claim searches outbox_claim per priority in index order;
    // pruning finds old delivered rows by outbox_delivered.
    id: "0004-outbox-leases",
    sql: `
      ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 1; -- 0 high, 1 normal
      ALTER TABLE outbox ADD COLUMN leased_by TEXT;
      DROP INDEX outbox_due;
      CREATE INDEX outbox_claim ON outbox (priority, next_attempt_at) WHERE delivered_at IS NULL;
      CREATE INDEX outbox_delivered ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;
    `,
  },
  {
    // Issue 18: one confirmation mail per address a day, single-use links that expire, and the
    // time of every sign-up request (written on every path, so each costs the same).
    id: "0010-subscriber-confirmations",
    sql: `
      ALTER TABLE subscribers ADD COLUMN confirm_nonce TEXT;
      ALTER TABLE subscribers ADD COLUMN confirm_sent_at TEXT;
      ALTER TABLE subscribers ADD COLUMN requested_at TEXT;
    `,
  },
  {
    // Issue 25: confirmation-mail limits per inbox (mailbox_key: lower case, no +tag, no dots
    // where the provider ignores them, leads/mailbox.ts), per domain and per hour; a confirmation
    // over a budget waits (confirm_waiting_since) instead of being dropped. Existing rows get an
    // approximate key (lower case): their mails are older than any limit's window soon enough.
    id: "0011-confirmation-limits",
    sql: `
      ALTER TABLE subscribers ADD COLUMN mailbox_key TEXT;
      ALTER TABLE subscribers ADD COLUMN mailbox_domain TEXT;
      ALTER TABLE subscribers ADD COLUMN confirm_waiting_since TEXT;
      UPDATE subscribers SET mailbox_key = email_key, mailbox_domain = substr(email_key, instr(email_key, '@') + 1);
      CREATE INDEX subscribers_mailbox ON subscribers (mailbox_key, confirm_sent_at);
      CREATE INDEX subscribers_domain_sent ON subscribers (mailbox_domain, confirm_sent_at);
      CREATE INDEX subscribers_sent ON subscribers (confirm_sent_at);
      CREATE INDEX subscribers_waiting ON subscribers (confirm_waiting_since) WHERE confirm_waiting_since IS NOT NULL;
    `,
  },
  {
    // Issue 21: where a lead's visitor first came from and the visit it was sent in (source,
    // campaign, landing page), kept with the lead and the subscriber; the subscriber also keeps
    // the visitor id, so its confirmation counts as a goal of that visitor.
    id: "0020-lead-attribution",
    sql: `
      ALTER TABLE leads ADD COLUMN first_source TEXT;
      ALTER TABLE leads ADD COLUMN first_campaign TEXT;
      ALTER TABLE leads ADD COLUMN first_landing TEXT;
      ALTER TABLE leads ADD COLUMN visit_source TEXT;
      ALTER TABLE leads ADD COLUMN visit_campaign TEXT;
      ALTER TABLE leads ADD COLUMN visit_landing TEXT;
      ALTER TABLE subscribers ADD COLUMN visitor_id TEXT;
      ALTER TABLE subscribers ADD COLUMN first_source TEXT;
      ALTER TABLE subscribers ADD COLUMN first_campaign TEXT;
      ALTER TABLE subscribers ADD COLUMN first_landing TEXT;
      ALTER TABLE subscribers ADD COLUMN visit_source TEXT;
      ALTER TABLE subscribers ADD COLUMN visit_campaign TEXT;
      ALTER TABLE subscribers ADD COLUMN visit_landing TEXT;
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
      ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'mail';
      ALTER TABLE outbox ADD COLUMN ref TEXT;
      ALTER TABLE outbox ADD COLUMN once_key TEXT;
      ALTER TABLE outbox ADD COLUMN given_up_at TEXT;
      DROP INDEX outbox_claim;
      CREATE INDEX outbox_claim ON outbox (channel, priority, next_attempt_at) WHERE delivered_at IS NULL AND given_up_at IS NULL;
      CREATE INDEX outbox_ref ON outbox (ref) WHERE ref IS NOT NULL;
      CREATE UNIQUE INDEX outbox_once ON outbox (once_key) WHERE once_key IS NOT NULL;
      CREATE INDEX outbox_given_up ON outbox (given_up_at) WHERE given_up_at IS NOT NULL;
    `,
  },
  {
    // Issue 29: a lead keeps the visitor id it was sent with (as a subscriber does since 0020),
    // so erasing the person erases the measurement rows of their visits too.
    id: "0040-lead-visitor",
    sql: `ALTER TABLE leads ADD COLUMN visitor_id TEXT;`,
  },
  {
    // Issue 29: a "proven" rank between high (0) and normal for mail to a visitor whose sign-up
    // passed the proof-of-work challenge (leads/challenge.ts), claimed ahead of the others:
    // normal moves from 1 to 2. The claim's index (channel, priority, due time) stays as it is.
    id: "0050-outbox-proven-priority",
    sql: `UPDATE outbox SET priority = 2 WHERE priority = 1;`,
  },
  {
    // Issue 29: each solved challenge is accepted once by any instance: its challenge hash is
    // kept here until the challenge expires (pruned by the store).
    id: "0051-challenge-solutions",
    sql: `
      CREATE TABLE challenge_solutions (
        challenge TEXT PRIMARY KEY,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX challenge_solutions_expires ON challenge_solutions (expires_at);
    `,
  },
  {
    // Issue 29: a waiting confirmation of a sign-up that passed the challenge is released
    // first and queued with the proven priority.
    id: "0052-subscriber-proven",
    sql: `ALTER TABLE subscribers ADD COLUMN confirm_proven INTEGER NOT NULL DEFAULT 0;`,
  },
  // 0100-0199: measurement (RUM pixel beacons and first-party analytics, server/measurement/).
  {
    id: "0100-rum-beacons",
    sql: `CREATE TABLE rum_beacons (
      id INTEGER PRIMARY KEY,
      received_at TEXT NOT NULL,
      site TEXT NOT NULL,
      page TEXT NOT NULL,
      uid TEXT,
      last_page TEXT,
      seconds_on_last_page INTEGER,
      load_ms INTEGER
    );
    CREATE INDEX rum_beacons_received_at ON rum_beacons (received_at);`,
  },
  {
    id: "0101-analytics-events",
    sql: `CREATE TABLE analytics_events (
      id INTEGER PRIMARY KEY,
      received_at TEXT NOT NULL,
      type TEXT NOT NULL CHECK (type IN ('pageview', 'event', 'vital')),
      uid TEXT NOT NULL,
      page TEXT NOT NULL,
      title TEXT,
      category TEXT,
      action TEXT,
      label TEXT,
      value REAL,
      rating TEXT
    );
    CREATE INDEX analytics_events_received_at ON analytics_events (received_at, type);`,
  },
  {
    // Issue 21: a visit's landing page view carries its referring host and campaign (NULL on
    // every other row: one header byte each in SQLite); a visitor's page views by uid, for a lead.
    id: "0110-landing-source",
    sql: `
      ALTER TABLE analytics_events ADD COLUMN referrer_host TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_source TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_medium TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_campaign TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_term TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_content TEXT;
      ALTER TABLE analytics_events ADD COLUMN ref TEXT;
      CREATE INDEX analytics_events_visitor ON analytics_events (uid) WHERE type = 'pageview';
    `,
  },
  {
    // Issue 29: the usage report reads roll-ups the batch writer keeps (server/measurement/rollups.ts),
    // never the raw rows; built here from the rows already stored.
    id: "0120-usage-rollups",
    sql: rollupTables("sqlite") + rollupBackfill("sqlite", { clients: false }),
  },
  {
    // Issue 29: the 2-year report's visit groups read one covering index, not a visit row each.
    id: "0121-usage-reading-indexes",
    sql: rollupReadingIndexes("sqlite"),
  },
  {
    // Issue 29: a long range's percentiles read months, not every day (rollup-schema.ts).
    id: "0122-usage-month-values",
    sql: monthValuesTable("sqlite") + monthValuesBackfill,
  },
  {
    // Issue 29: vitals per day read one p75 row per day and vital (rollup-schema.ts).
    id: "0123-usage-day-vitals",
    sql: dayVitalsTable("sqlite") + dayVitalsBackfill,
  },
  {
    // Issue 31: devices and browsers per visit (categories only), and paid visits apart from unpaid.
    id: "0130-usage-visit-clients",
    sql: visitClientsSql("sqlite"),
  },
  {
    // Issue 31: page views, vitals and video plays per visit, so they follow the Usage page's filters.
    id: "0140-usage-visit-counts",
    sql: visitCountsTable("sqlite") + visitCountsBackfill("sqlite"),
  },
  {
    // Issue 29: visitors and visit groups summed per day and month by triggers (rollup-counts.ts).
    id: "0150-usage-visitor-counts",
    sql: rollupSumsSql("sqlite"),
  },
  {
    // Issue 29: the days of a range outside its whole months read as segments of a month (rollup-counts.ts).
    id: "0151-usage-segment-values",
    sql: rollupSumsSql("sqlite", segmentSums),
  },
  // 0200-0299: what every instance must agree on (server/db/settings.ts).
  {
    id: "0200-settings",
    sql: `CREATE TABLE settings (
      name TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    );`,
  },
  // 0300-0399: the console (server/console/): its accounts, sessions and audit log, and a lead's pipeline.
  {
    id: "0300-console",
    sql: `
      CREATE TABLE console_users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,    -- lower-cased
        role TEXT NOT NULL CHECK (role IN ('owner', 'viewer')),
        password_hash TEXT NOT NULL,   -- scrypt$N$r$p$salt$hash (console/passwords.ts)
        totp_secret TEXT,              -- base32, null: no second factor
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE console_sessions (
        id_hash TEXT PRIMARY KEY,      -- SHA-256 of the cookie's value: a copy of the table signs no one in
        user_id INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        seen_at TEXT NOT NULL
      );
      CREATE INDEX console_sessions_user ON console_sessions (user_id);
      CREATE TABLE console_audit (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        account TEXT NOT NULL,
        address TEXT NOT NULL,
        action TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX console_audit_at ON console_audit (at);
      ALTER TABLE leads ADD COLUMN handled_at TEXT;
    `,
  },
  {
    // A TOTP code is taken once (ASVS 2.8.4): the last time step used per account.
    id: "0310-console-totp-step",
    sql: "ALTER TABLE console_users ADD COLUMN totp_last_step INTEGER;",
  },
  {
    // Repeated entries (failed sign-ins) count up in one row per minute: a flood adds no rows.
    id: "0311-console-audit-repeats",
    sql: `
      ALTER TABLE console_audit ADD COLUMN times INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE console_audit ADD COLUMN bucket TEXT;  -- minute, action, account, address, detail; null: never merged
      CREATE UNIQUE INDEX console_audit_bucket ON console_audit (bucket);
    `,
  },
  {
    // Editors (content only): SQLite cannot change a CHECK, so the table is copied into a new one.
    id: "0312-console-editor-role",
    sql: `
      CREATE TABLE console_users_next (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('owner', 'viewer', 'editor')),
        password_hash TEXT NOT NULL,
        totp_secret TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        totp_last_step INTEGER
      );
      INSERT INTO console_users_next (id, email, role, password_hash, totp_secret, created_at, updated_at, totp_last_step)
        SELECT id, email, role, password_hash, totp_secret, created_at, updated_at, totp_last_step FROM console_users;
      DROP TABLE console_users;
      ALTER TABLE console_users_next RENAME TO console_users;
    `,
  },
  {
    // The lead pipeline (issue 31): a status past new/handled, an owner, notes, and every change in
    // the lead's own history. A handled lead had been answered: it becomes Contacted, at that time.
    id: "0330-lead-pipeline",
    sql: `
      ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'qualified', 'won', 'lost'));
      ALTER TABLE leads ADD COLUMN owner TEXT;       -- a console account's address; null: nobody yet
      ALTER TABLE leads ADD COLUMN changed_at TEXT;  -- the last status, owner or note change; null: none
      CREATE INDEX leads_status ON leads (status, created_at);
      CREATE TABLE lead_events (
        id INTEGER PRIMARY KEY,
        lead_id INTEGER NOT NULL,
        at TEXT NOT NULL,
        account TEXT NOT NULL,         -- who made the change; '': the handled mark this migration carried over
        kind TEXT NOT NULL CHECK (kind IN ('status', 'owner', 'note')),
        value TEXT NOT NULL,           -- the new status, the new owner ('' for nobody) or the note's text
        previous TEXT                  -- the status or owner before; null for a note
      );
      CREATE INDEX lead_events_lead ON lead_events (lead_id, id);
      UPDATE leads SET status = 'contacted', changed_at = handled_at WHERE handled_at IS NOT NULL;
      INSERT INTO lead_events (lead_id, at, account, kind, value, previous)
        SELECT id, handled_at, '', 'status', 'contacted', 'new' FROM leads WHERE handled_at IS NOT NULL ORDER BY id;
      ALTER TABLE leads DROP COLUMN handled_at;
    `,
  },
  {
    // utm_medium of a lead's or subscriber's first and sending visit ("cpc", "email"), for the CRM's CSV.
    id: "0331-attribution-medium",
    sql: `
      ALTER TABLE leads ADD COLUMN first_medium TEXT;
      ALTER TABLE leads ADD COLUMN visit_medium TEXT;
      ALTER TABLE subscribers ADD COLUMN first_medium TEXT;
      ALTER TABLE subscribers ADD COLUMN visit_medium TEXT;
    `,
  },
  // 0400-0409: content published at run time (server/content/): every saved version of a key,
  // what is published or scheduled per key, and a counter every publish moves (instances poll it).
  {
    id: "0400-content",
    sql: `
      CREATE TABLE content_versions (
        key TEXT NOT NULL,
        version INTEGER NOT NULL,      -- 1, 2, …: the primary key refuses a second save on one base
        body TEXT NOT NULL,
        account TEXT NOT NULL,
        created_at TEXT NOT NULL,
        base_version INTEGER NOT NULL, -- the version the editor started from; 0: the file in content/
        PRIMARY KEY (key, version)
      );
      CREATE TABLE content_state (
        key TEXT PRIMARY KEY,
        published_version INTEGER,
        published_at TEXT,
        published_by TEXT,
        scheduled_version INTEGER,
        scheduled_at TEXT,
        scheduled_by TEXT
      );
      CREATE INDEX content_state_due ON content_state (scheduled_at) WHERE scheduled_version IS NOT NULL;
      CREATE TABLE content_publications (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        generation INTEGER NOT NULL
      );
      INSERT INTO content_publications (id, generation) VALUES (1, 0);
    `,
  },
  // 0420-0429: images uploaded in the console (server/uploads/): one row per image (its id is the
  // SHA-256 prefix of the original, so the same file twice is one row) and the bytes of each resized
  // variant, which every instance serves from its disk cache, filled from here.
  {
    id: "0420-uploads",
    sql: `
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,           -- 16 hex digits of the original's SHA-256 (common/uploads.ts)
        ref TEXT NOT NULL,             -- /assets/uploads/<id>-<width>x<height>
        original_name TEXT NOT NULL,
        bytes INTEGER NOT NULL,        -- the original's size
        width INTEGER NOT NULL,        -- after EXIF orientation
        height INTEGER NOT NULL,
        type TEXT NOT NULL,            -- png, jpeg or webp, read from the bytes
        account TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX uploads_created ON uploads (created_at);
      CREATE TABLE upload_variants (
        path TEXT PRIMARY KEY,         -- /assets/uploads/<id>-<w>x<h>-<variant width>.<avif|webp>
        upload_id TEXT NOT NULL,
        body BLOB NOT NULL
      );
      CREATE INDEX upload_variants_upload ON upload_variants (upload_id);
    `,
  },
  // 0430-0439: the CDN purge of a publish (server/content/purge.ts). The token the claim of a
  // scheduled publish writes, so only the claiming transaction queues the purge.
  {
    id: "0430-content-publish-claim",
    sql: `ALTER TABLE content_state ADD COLUMN published_claim TEXT;`,
  },
  // 0440-0449: newsletter campaigns (server/campaigns/): a campaign, one row per recipient (the
  // unique key that sends each subscriber one mail per campaign, whichever instance queues it),
  // and when a campaign mail to a subscriber was refused for good (5xx: no more mail to them).
  {
    id: "0440-campaigns",
    sql: `
      CREATE TABLE campaigns (
        id INTEGER PRIMARY KEY,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        source TEXT,                   -- only subscribers whose first visit came from this source
        status TEXT NOT NULL CHECK (status IN ('draft', 'scheduled', 'sent')),
        send_at TEXT,
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_by TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        scheduled_by TEXT,
        enqueued_at TEXT               -- every recipient is in the outbox
      );
      CREATE INDEX campaigns_due ON campaigns (send_at) WHERE status = 'scheduled';
      CREATE TABLE campaign_recipients (
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
        subscriber_id INTEGER NOT NULL,
        batch TEXT NOT NULL,           -- the enqueue that inserted it: only that one queues its mail
        queued_at TEXT NOT NULL,
        PRIMARY KEY (campaign_id, subscriber_id)
      );
      ALTER TABLE subscribers ADD COLUMN bounced_at TEXT;
    `,
  },
  // 0450-0459: the console's audit log under a flood (server/console/store-sql.ts counts an
  // address's failed sign-ins in the last hour on every new minute's row).
  {
    id: "0450-console-audit-by-address",
    sql: "CREATE INDEX console_audit_address_at ON console_audit (address, at);",
  },
];
