      CREATE TABLE leads (
        id INTEGER PRIMARY KEY,
        created_at TEXT NOT NULL,
        domain TEXT NOT NULL,
        type TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        details TEXT NOT NULL
      );
      CREATE INDEX leads_created_at ON leads (created_at);
