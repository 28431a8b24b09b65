      ALTER TABLE console_users DROP CONSTRAINT console_users_role_check;
      ALTER TABLE console_users ADD CONSTRAINT console_users_role_check CHECK (role IN ('owner', 'viewer', 'editor'));
