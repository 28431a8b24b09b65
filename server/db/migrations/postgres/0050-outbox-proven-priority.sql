      UPDATE outbox SET priority = 2 WHERE priority = 1;
      ALTER TABLE outbox ALTER COLUMN priority SET DEFAULT 2;
