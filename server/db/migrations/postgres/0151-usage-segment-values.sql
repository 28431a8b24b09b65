-- Issue 29: the days of a range outside its whole months read as segments of a month (rollup-counts.ts).
    CREATE TABLE usage_segment_values (
      day text NOT NULL, metric text NOT NULL, page text NOT NULL, value double precision NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day, metric, page, value)
    );
    INSERT INTO usage_segment_values (day, metric, page, value, n)
      SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END, r.metric, r.page, r.value, sum(r.n) FROM usage_day_values r
      GROUP BY 1, 2, 3, 4;
    CREATE FUNCTION usage_segment_values_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_segment_values (day, metric, page, value, n)
          SELECT day, metric, page, value, sum(n) FROM (SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END AS day, r.metric AS metric, r.page AS page, r.value AS value, 1 * r.n AS n
     FROM new_rows r) c GROUP BY day, metric, page, value ORDER BY day, metric, page, value
          ON CONFLICT (day, metric, page, value) DO UPDATE SET n = usage_segment_values.n + excluded.n;
        DELETE FROM usage_segment_values t USING (SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END AS day, r.metric AS metric, r.page AS page, r.value AS value, 1 * r.n AS n
     FROM new_rows r) c
          WHERE t.day = c.day AND t.metric = c.metric AND t.page = c.page AND t.value = c.value AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_segment_values (day, metric, page, value, n)
          SELECT day, metric, page, value, sum(n) FROM (SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END AS day, r.metric AS metric, r.page AS page, r.value AS value, -1 * r.n AS n
     FROM old_rows r) c GROUP BY day, metric, page, value ORDER BY day, metric, page, value
          ON CONFLICT (day, metric, page, value) DO UPDATE SET n = usage_segment_values.n + excluded.n;
        DELETE FROM usage_segment_values t USING (SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END AS day, r.metric AS metric, r.page AS page, r.value AS value, -1 * r.n AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.metric = c.metric AND t.page = c.page AND t.value = c.value AND t.n <= 0;
      ELSE 
        INSERT INTO usage_segment_values (day, metric, page, value, n)
          SELECT day, metric, page, value, sum(n) FROM (SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END AS day, r.metric AS metric, r.page AS page, r.value AS value, 1 * r.n AS n
     FROM new_rows r UNION ALL SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END AS day, r.metric AS metric, r.page AS page, r.value AS value, -1 * r.n AS n
     FROM old_rows r) c GROUP BY day, metric, page, value ORDER BY day, metric, page, value
          ON CONFLICT (day, metric, page, value) DO UPDATE SET n = usage_segment_values.n + excluded.n;
        DELETE FROM usage_segment_values t USING (SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END AS day, r.metric AS metric, r.page AS page, r.value AS value, 1 * r.n AS n
     FROM new_rows r UNION ALL SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END AS day, r.metric AS metric, r.page AS page, r.value AS value, -1 * r.n AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.metric = c.metric AND t.page = c.page AND t.value = c.value AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_segment_values_add AFTER INSERT ON usage_day_values REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_segment_values_keep();
    CREATE TRIGGER usage_segment_values_take AFTER DELETE ON usage_day_values REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_segment_values_keep();
    CREATE TRIGGER usage_segment_values_move AFTER UPDATE ON usage_day_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_segment_values_keep();
