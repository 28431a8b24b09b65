      CREATE TABLE console_users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,    -- lower-cased
        role TEXT NOT NULL CHECK (role IN ('owner', 'viewer')),
        password_hash TEXT NOT NULL,   -- scrypt$N$r$p$salt$hash (console/passwords.ts)
        totp_secret TEXT,              -- base32, null: no second factor
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE console_sessions (
        id_hash TEXT PRIMARY KEY,      -- SHA-256 of the cookie's value: a copy of the table signs no one in
        user_id INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        seen_at TEXT NOT NULL
      );
      CREATE INDEX console_sessions_user ON console_sessions (user_id);
      CREATE TABLE console_audit (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        account TEXT NOT NULL,
        address TEXT NOT NULL,
        action TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX console_audit_at ON console_audit (at);
      ALTER TABLE leads ADD COLUMN handled_at TEXT;
