      ALTER TABLE console_audit ADD COLUMN times integer NOT NULL DEFAULT 1;
      ALTER TABLE console_audit ADD COLUMN bucket text;
      CREATE UNIQUE INDEX console_audit_bucket ON console_audit (bucket);
