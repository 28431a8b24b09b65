      CREATE TABLE content_versions (
        key text NOT NULL,
        version integer NOT NULL,
        body text NOT NULL,
        account text NOT NULL,
        created_at timestamptz NOT NULL,
        base_version integer NOT NULL,
        PRIMARY KEY (key, version)
      );
      CREATE TABLE content_state (
        key text PRIMARY KEY,
        published_version integer,
        published_at timestamptz,
        published_by text,
        scheduled_version integer,
        scheduled_at timestamptz,
        scheduled_by text
      );
      CREATE INDEX content_state_due ON content_state (scheduled_at) WHERE scheduled_version IS NOT NULL;
      CREATE TABLE content_publications (
        id integer PRIMARY KEY CHECK (id = 1),
        generation bigint NOT NULL
      );
      INSERT INTO content_publications (id, generation) VALUES (1, 0);
