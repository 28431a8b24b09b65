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
