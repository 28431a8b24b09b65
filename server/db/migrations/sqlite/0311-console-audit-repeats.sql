-- Repeated entries (failed sign-ins) count up in one row per minute: a flood adds no rows.
      ALTER TABLE console_audit ADD COLUMN times INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE console_audit ADD COLUMN bucket TEXT;  -- minute, action, account, address, detail; null: never merged
      CREATE UNIQUE INDEX console_audit_bucket ON console_audit (bucket);
