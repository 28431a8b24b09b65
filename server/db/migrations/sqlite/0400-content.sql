      CREATE TABLE content_versions (
        key TEXT NOT NULL,
        version INTEGER NOT NULL,      -- 1, 2, …: the primary key refuses a second save on one base
        body TEXT NOT NULL,
        account TEXT NOT NULL,
        created_at TEXT NOT NULL,
        base_version INTEGER NOT NULL, -- the version the editor started from; 0: the file in content/
        PRIMARY KEY (key, version)
      );
      CREATE TABLE content_state (
        key TEXT PRIMARY KEY,
        published_version INTEGER,
        published_at TEXT,
        published_by TEXT,
        scheduled_version INTEGER,
        scheduled_at TEXT,
        scheduled_by TEXT
      );
      CREATE INDEX content_state_due ON content_state (scheduled_at) WHERE scheduled_version IS NOT NULL;
      CREATE TABLE content_publications (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        generation INTEGER NOT NULL
      );
      INSERT INTO content_publications (id, generation) VALUES (1, 0);
