-- Issue 29: each solved challenge is accepted once by any instance: its challenge hash is
-- kept here until the challenge expires (pruned by the store).
      CREATE TABLE challenge_solutions (
        challenge TEXT PRIMARY KEY,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX challenge_solutions_expires ON challenge_solutions (expires_at);
