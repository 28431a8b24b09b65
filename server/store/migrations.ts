/**
 * Every schema change, in order. Never edit an applied migration: add a new one with the
 * next id. Ids are "NNNN-what" so they sort and say what they do.
 */
export interface Migration {
  id: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  // 0100-0199: measurement (RUM pixel beacons and first-party analytics, server/api/measurement.ts).
  {
    id: "0100-rum-beacons",
    sql: `CREATE TABLE rum_beacons (
      id INTEGER PRIMARY KEY,
      received_at TEXT NOT NULL,
      site TEXT NOT NULL,
      page TEXT NOT NULL,
      uid TEXT,
      last_page TEXT,
      seconds_on_last_page INTEGER,
      load_ms INTEGER
    );
    CREATE INDEX rum_beacons_received_at ON rum_beacons (received_at);`,
  },
  {
    id: "0101-analytics-events",
    sql: `CREATE TABLE analytics_events (
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
    CREATE INDEX analytics_events_received_at ON analytics_events (received_at, type);`,
  },
];
