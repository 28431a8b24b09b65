-- A console account's own name, as people read it (the author a new post starts with). Set with
-- `npm run users` or by the person in the console; NULL until then.
ALTER TABLE console_users ADD COLUMN name TEXT;
