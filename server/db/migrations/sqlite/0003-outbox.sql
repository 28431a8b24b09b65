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
