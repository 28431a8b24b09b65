-- Issue 29: a long range's percentiles read months, not every day (rollup-schema.ts).
    CREATE TABLE usage_month_values (
      day text NOT NULL, metric text NOT NULL, page text NOT NULL,
      value double precision NOT NULL, n bigint NOT NULL,
      PRIMARY KEY (day, metric, page, value)
    );
  
  INSERT INTO usage_month_values (day, metric, page, value, n)
    SELECT substr(day, 1, 8) || '01', metric, page, value, sum(n) FROM usage_day_values GROUP BY 1, 2, 3, 4;
