-- Leases for several workers (mail/outbox.ts): a claim moves next_attempt_at to the end of
-- its lease and records the worker in leased_by; high-priority mail (a lead's notification
-- to sales) is claimed first. The claim searches outbox_claim per priority in index order;
-- pruning finds old delivered rows by outbox_delivered.
      ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 1; -- 0 high, 1 normal
      ALTER TABLE outbox ADD COLUMN leased_by TEXT;
      DROP INDEX outbox_due;
      CREATE INDEX outbox_claim ON outbox (priority, next_attempt_at) WHERE delivered_at IS NULL;
      CREATE INDEX outbox_delivered ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;
