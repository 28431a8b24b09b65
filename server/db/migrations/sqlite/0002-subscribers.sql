      CREATE TABLE subscribers (
        id INTEGER PRIMARY KEY,
        list TEXT NOT NULL,
        email TEXT NOT NULL,
        -- lower-cased address: one row per list and address, however it is capitalised
        email_key TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        confirmed_at TEXT,
        UNIQUE (list, email_key)
      );
