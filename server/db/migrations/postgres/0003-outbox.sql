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
