-- Issue 29: a long range's percentiles read months, not every day (rollup-schema.ts).
    CREATE TABLE usage_month_values (
      day TEXT NOT NULL, metric TEXT NOT NULL, page TEXT NOT NULL,
      value REAL NOT NULL, n INTEGER NOT NULL,
      PRIMARY KEY (day, metric, page, value)
    ) WITHOUT ROWID;
  
  INSERT INTO usage_month_values (day, metric, page, value, n)
    SELECT substr(day, 1, 8) || '01', metric, page, value, sum(n) FROM usage_day_values GROUP BY 1, 2, 3, 4;
