      ALTER TABLE analytics_events ADD COLUMN referrer_host text, ADD COLUMN utm_source text, ADD COLUMN utm_medium text,
        ADD COLUMN utm_campaign text, ADD COLUMN utm_term text, ADD COLUMN utm_content text, ADD COLUMN ref text;
      CREATE INDEX analytics_events_visitor ON analytics_events (uid) WHERE type = 'pageview';
