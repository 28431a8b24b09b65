-- Editors (content only): SQLite cannot change a CHECK, so the table is copied into a new one.
      CREATE TABLE console_users_next (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('owner', 'viewer', 'editor')),
        password_hash TEXT NOT NULL,
        totp_secret TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        totp_last_step INTEGER
      );
      INSERT INTO console_users_next (id, email, role, password_hash, totp_secret, created_at, updated_at, totp_last_step)
        SELECT id, email, role, password_hash, totp_secret, created_at, updated_at, totp_last_step FROM console_users;
      DROP TABLE console_users;
      ALTER TABLE console_users_next RENAME TO console_users;
