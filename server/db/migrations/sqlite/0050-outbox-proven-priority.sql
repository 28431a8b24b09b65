-- Issue 29: a "proven" rank between high (0) and normal for mail to a visitor whose sign-up
-- passed the proof-of-work challenge (leads/challenge.ts), claimed ahead of the others:
-- normal moves from 1 to 2. The claim's index (channel, priority, due time) stays as it is.
UPDATE outbox SET priority = 2 WHERE priority = 1;
