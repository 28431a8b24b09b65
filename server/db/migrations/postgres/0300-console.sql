      CREATE TABLE console_users (
        id bigserial PRIMARY KEY,
        email text NOT NULL UNIQUE,
        role text NOT NULL CHECK (role IN ('owner', 'viewer')),
        password_hash text NOT NULL,
        totp_secret text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE console_sessions (
        id_hash text PRIMARY KEY,
        user_id bigint NOT NULL,
        created_at timestamptz NOT NULL,
        seen_at timestamptz NOT NULL
      );
      CREATE INDEX console_sessions_user ON console_sessions (user_id);
      CREATE TABLE console_audit (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        account text NOT NULL,
        address text NOT NULL,
        action text NOT NULL,
        detail text NOT NULL DEFAULT ''
      );
      CREATE INDEX console_audit_at ON console_audit (at);
      ALTER TABLE leads ADD COLUMN handled_at timestamptz;
