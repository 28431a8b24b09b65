-- Issue 21: requests to other systems (webhooks, the CRM) share the outbox with mail, each
-- channel claimed by its own worker (outbox_claim now leads with the channel); `ref` names
-- what a row is about (lead:42) for the console; `once_key` queues a row at most once (the
-- weekly digest, whatever the number of instances); `given_up_at` marks a request the
-- receiver refused for good (a 4xx), which is never retried.
      ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'mail';
      ALTER TABLE outbox ADD COLUMN ref TEXT;
      ALTER TABLE outbox ADD COLUMN once_key TEXT;
      ALTER TABLE outbox ADD COLUMN given_up_at TEXT;
      DROP INDEX outbox_claim;
      CREATE INDEX outbox_claim ON outbox (channel, priority, next_attempt_at) WHERE delivered_at IS NULL AND given_up_at IS NULL;
      CREATE INDEX outbox_ref ON outbox (ref) WHERE ref IS NOT NULL;
      CREATE UNIQUE INDEX outbox_once ON outbox (once_key) WHERE once_key IS NOT NULL;
      CREATE INDEX outbox_given_up ON outbox (given_up_at) WHERE given_up_at IS NOT NULL;
