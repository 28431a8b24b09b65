-- Issue 29: vitals per day read one p75 row per day and vital (rollup-schema.ts).
    CREATE TABLE usage_day_vitals (
      day TEXT NOT NULL, metric TEXT NOT NULL,
      value REAL NOT NULL, samples INTEGER NOT NULL,
      PRIMARY KEY (day, metric)
    ) WITHOUT ROWID;
  INSERT INTO usage_day_vitals (day, metric, value, samples) 
  SELECT page AS day, metric, value, samples FROM (
  SELECT metric, page, value, total AS samples FROM (
    SELECT metric, page, value, n,
      CAST(sum(n) OVER (w ROWS UNBOUNDED PRECEDING) AS BIGINT) AS upto,
      CAST(sum(n) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS BIGINT) AS total
    FROM (SELECT metric, day AS page, value, n FROM usage_day_values WHERE 1 = 1 AND metric NOT IN ('load', 'seconds')) g
    WINDOW w AS (PARTITION BY metric, page ORDER BY value)
  ) r WHERE upto >= (75 * total + 99) / 100 AND upto - n < (75 * total + 99) / 100) p;
