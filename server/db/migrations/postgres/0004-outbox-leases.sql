      ALTER TABLE outbox ADD COLUMN priority integer NOT NULL DEFAULT 1; -- 0 high, 1 normal
      ALTER TABLE outbox ADD COLUMN leased_by text;
      DROP INDEX outbox_due;
      CREATE INDEX outbox_claim ON outbox (priority, next_attempt_at) WHERE delivered_at IS NULL;
      CREATE INDEX outbox_delivered ON outbox (delivered_at) WHERE delivered_at IS NOT NULL;
