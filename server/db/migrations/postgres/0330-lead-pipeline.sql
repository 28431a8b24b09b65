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
