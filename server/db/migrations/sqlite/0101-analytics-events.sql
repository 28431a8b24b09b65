CREATE TABLE analytics_events (
      id INTEGER PRIMARY KEY,
      received_at TEXT NOT NULL,
      type TEXT NOT NULL CHECK (type IN ('pageview', 'event', 'vital')),
      uid TEXT NOT NULL,
      page TEXT NOT NULL,
      title TEXT,
      category TEXT,
      action TEXT,
      label TEXT,
      value REAL,
      rating TEXT
    );
    CREATE INDEX analytics_events_received_at ON analytics_events (received_at, type);
