-- Issue 18: one confirmation mail per address a day, single-use links that expire, and the
-- time of every sign-up request (written on every path, so each costs the same).
      ALTER TABLE subscribers ADD COLUMN confirm_nonce TEXT;
      ALTER TABLE subscribers ADD COLUMN confirm_sent_at TEXT;
      ALTER TABLE subscribers ADD COLUMN requested_at TEXT;
