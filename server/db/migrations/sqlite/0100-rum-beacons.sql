CREATE TABLE rum_beacons (
      id INTEGER PRIMARY KEY,
      received_at TEXT NOT NULL,
      site TEXT NOT NULL,
      page TEXT NOT NULL,
      uid TEXT,
      last_page TEXT,
      seconds_on_last_page INTEGER,
      load_ms INTEGER
    );
    CREATE INDEX rum_beacons_received_at ON rum_beacons (received_at);
