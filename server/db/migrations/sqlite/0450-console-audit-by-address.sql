-- The console's audit log under a flood (server/console/store-sql.ts counts an address's failed
-- sign-ins in the last hour on every new minute's row).
CREATE INDEX console_audit_address_at ON console_audit (address, at);
