      CREATE TABLE rum_beacons (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL,
        site text NOT NULL,
        page text NOT NULL,
        uid text,
        last_page text,
        seconds_on_last_page integer,
        load_ms integer
      );
      CREATE INDEX rum_beacons_received_at ON rum_beacons (received_at);
