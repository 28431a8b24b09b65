-- Issue 29: a waiting confirmation of a sign-up that passed the challenge is released
-- first and queued with the proven priority.
ALTER TABLE subscribers ADD COLUMN confirm_proven INTEGER NOT NULL DEFAULT 0;
