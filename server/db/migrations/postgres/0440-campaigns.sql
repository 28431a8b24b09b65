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
