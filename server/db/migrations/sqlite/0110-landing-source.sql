-- Issue 21: a visit's landing page view carries its referring host and campaign (NULL on
-- every other row: one header byte each in SQLite); a visitor's page views by uid, for a lead.
      ALTER TABLE analytics_events ADD COLUMN referrer_host TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_source TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_medium TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_campaign TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_term TEXT;
      ALTER TABLE analytics_events ADD COLUMN utm_content TEXT;
      ALTER TABLE analytics_events ADD COLUMN ref TEXT;
      CREATE INDEX analytics_events_visitor ON analytics_events (uid) WHERE type = 'pageview';
