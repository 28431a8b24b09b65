      CREATE TABLE challenge_solutions (
        challenge text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX challenge_solutions_expires ON challenge_solutions (expires_at);
