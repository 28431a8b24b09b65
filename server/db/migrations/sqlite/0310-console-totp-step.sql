-- A TOTP code is taken once (ASVS 2.8.4): the last time step used per account.
ALTER TABLE console_users ADD COLUMN totp_last_step INTEGER;
