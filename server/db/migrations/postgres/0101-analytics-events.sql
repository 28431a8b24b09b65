      CREATE TABLE analytics_events (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL,
        type text NOT NULL CHECK (type IN ('pageview', 'event', 'vital')),
        uid text NOT NULL,
        page text NOT NULL,
        title text,
        category text,
        action text,
        label text,
        value double precision,
        rating text
      );
      CREATE INDEX analytics_events_received_at ON analytics_events (received_at, type);
