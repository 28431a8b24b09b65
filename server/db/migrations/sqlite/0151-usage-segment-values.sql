-- Issue 29: the days of a range outside its whole months read as segments of a month (rollup-counts.ts).
    CREATE TABLE usage_segment_values (
      day TEXT NOT NULL, metric TEXT NOT NULL, page TEXT NOT NULL, value REAL NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day, metric, page, value)
    ) WITHOUT ROWID;
    INSERT INTO usage_segment_values (day, metric, page, value, n)
      SELECT substr(r.day, 1, 8) || CASE WHEN substr(r.day, 9, 2) >= '29' THEN '29' WHEN substr(r.day, 9, 2) >= '22' THEN '22'
      WHEN substr(r.day, 9, 2) >= '15' THEN '15' WHEN substr(r.day, 9, 2) >= '08' THEN '08' ELSE '01' END, r.metric, r.page, r.value, sum(r.n) FROM usage_day_values r WHERE true
      GROUP BY 1, 2, 3, 4;
    CREATE TRIGGER usage_segment_values_add AFTER INSERT ON usage_day_values BEGIN INSERT INTO usage_segment_values (day, metric, page, value, n) SELECT substr(NEW.day, 1, 8) || CASE WHEN substr(NEW.day, 9, 2) >= '29' THEN '29' WHEN substr(NEW.day, 9, 2) >= '22' THEN '22'
      WHEN substr(NEW.day, 9, 2) >= '15' THEN '15' WHEN substr(NEW.day, 9, 2) >= '08' THEN '08' ELSE '01' END, NEW.metric, NEW.page, NEW.value, NEW.n WHERE true
       ON CONFLICT (day, metric, page, value) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_segment_values_take AFTER DELETE ON usage_day_values BEGIN 
       UPDATE usage_segment_values SET n = n - OLD.n
         WHERE day = substr(OLD.day, 1, 8) || CASE WHEN substr(OLD.day, 9, 2) >= '29' THEN '29' WHEN substr(OLD.day, 9, 2) >= '22' THEN '22'
      WHEN substr(OLD.day, 9, 2) >= '15' THEN '15' WHEN substr(OLD.day, 9, 2) >= '08' THEN '08' ELSE '01' END AND metric = OLD.metric AND page = OLD.page AND value = OLD.value;
       DELETE FROM usage_segment_values WHERE day = substr(OLD.day, 1, 8) || CASE WHEN substr(OLD.day, 9, 2) >= '29' THEN '29' WHEN substr(OLD.day, 9, 2) >= '22' THEN '22'
      WHEN substr(OLD.day, 9, 2) >= '15' THEN '15' WHEN substr(OLD.day, 9, 2) >= '08' THEN '08' ELSE '01' END AND metric = OLD.metric AND page = OLD.page AND value = OLD.value AND n <= 0; END;
    CREATE TRIGGER usage_segment_values_move AFTER UPDATE OF day, metric, page, value, n ON usage_day_values BEGIN 
       UPDATE usage_segment_values SET n = n - OLD.n
         WHERE day = substr(OLD.day, 1, 8) || CASE WHEN substr(OLD.day, 9, 2) >= '29' THEN '29' WHEN substr(OLD.day, 9, 2) >= '22' THEN '22'
      WHEN substr(OLD.day, 9, 2) >= '15' THEN '15' WHEN substr(OLD.day, 9, 2) >= '08' THEN '08' ELSE '01' END AND metric = OLD.metric AND page = OLD.page AND value = OLD.value;
       DELETE FROM usage_segment_values WHERE day = substr(OLD.day, 1, 8) || CASE WHEN substr(OLD.day, 9, 2) >= '29' THEN '29' WHEN substr(OLD.day, 9, 2) >= '22' THEN '22'
      WHEN substr(OLD.day, 9, 2) >= '15' THEN '15' WHEN substr(OLD.day, 9, 2) >= '08' THEN '08' ELSE '01' END AND metric = OLD.metric AND page = OLD.page AND value = OLD.value AND n <= 0; INSERT INTO usage_segment_values (day, metric, page, value, n) SELECT substr(NEW.day, 1, 8) || CASE WHEN substr(NEW.day, 9, 2) >= '29' THEN '29' WHEN substr(NEW.day, 9, 2) >= '22' THEN '22'
      WHEN substr(NEW.day, 9, 2) >= '15' THEN '15' WHEN substr(NEW.day, 9, 2) >= '08' THEN '08' ELSE '01' END, NEW.metric, NEW.page, NEW.value, NEW.n WHERE true
       ON CONFLICT (day, metric, page, value) DO UPDATE SET n = n + excluded.n; END;
