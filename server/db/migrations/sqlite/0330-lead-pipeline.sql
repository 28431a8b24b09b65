-- The lead pipeline (issue 31): a status past new/handled, an owner, notes, and every change in
-- the lead's own history. A handled lead had been answered: it becomes Contacted, at that time.
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
