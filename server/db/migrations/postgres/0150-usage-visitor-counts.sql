-- Issue 29: visitors and visit groups summed per day and month by triggers (rollup-counts.ts).
    CREATE TABLE usage_day_page_firsts (
      day text NOT NULL, page text NOT NULL, prev_day text NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day, page, prev_day)
    );
    INSERT INTO usage_day_page_firsts (day, page, prev_day, n)
      SELECT r.day, r.page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END, sum(1) FROM usage_day_page_visitors r
      GROUP BY 1, 2, 3;
    CREATE FUNCTION usage_day_page_firsts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_day_page_firsts (day, page, prev_day, n)
          SELECT day, page, prev_day, sum(n) FROM (SELECT r.day AS day, r.page AS page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r) c GROUP BY day, page, prev_day ORDER BY day, page, prev_day
          ON CONFLICT (day, page, prev_day) DO UPDATE SET n = usage_day_page_firsts.n + excluded.n;
        DELETE FROM usage_day_page_firsts t USING (SELECT r.day AS day, r.page AS page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r) c
          WHERE t.day = c.day AND t.page = c.page AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_day_page_firsts (day, page, prev_day, n)
          SELECT day, page, prev_day, sum(n) FROM (SELECT r.day AS day, r.page AS page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, page, prev_day ORDER BY day, page, prev_day
          ON CONFLICT (day, page, prev_day) DO UPDATE SET n = usage_day_page_firsts.n + excluded.n;
        DELETE FROM usage_day_page_firsts t USING (SELECT r.day AS day, r.page AS page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.page = c.page AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSE 
        INSERT INTO usage_day_page_firsts (day, page, prev_day, n)
          SELECT day, page, prev_day, sum(n) FROM (SELECT r.day AS day, r.page AS page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT r.day AS day, r.page AS page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, page, prev_day ORDER BY day, page, prev_day
          ON CONFLICT (day, page, prev_day) DO UPDATE SET n = usage_day_page_firsts.n + excluded.n;
        DELETE FROM usage_day_page_firsts t USING (SELECT r.day AS day, r.page AS page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT r.day AS day, r.page AS page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.page = c.page AND t.prev_day = c.prev_day AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_day_page_firsts_add AFTER INSERT ON usage_day_page_visitors REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_page_firsts_keep();
    CREATE TRIGGER usage_day_page_firsts_take AFTER DELETE ON usage_day_page_visitors REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_page_firsts_keep();
    CREATE TRIGGER usage_day_page_firsts_move AFTER UPDATE ON usage_day_page_visitors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_page_firsts_keep();
  

    CREATE TABLE usage_month_page_firsts (
      day text NOT NULL, page text NOT NULL, prev_day text NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day, page, prev_day)
    );
    INSERT INTO usage_month_page_firsts (day, page, prev_day, n)
      SELECT substr(r.day, 1, 8) || '01', r.page, coalesce(r.prev_day, ''), sum(1) FROM usage_day_page_visitors r
      GROUP BY 1, 2, 3;
    CREATE FUNCTION usage_month_page_firsts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_month_page_firsts (day, page, prev_day, n)
          SELECT day, page, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, r.page AS page, coalesce(r.prev_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r) c GROUP BY day, page, prev_day ORDER BY day, page, prev_day
          ON CONFLICT (day, page, prev_day) DO UPDATE SET n = usage_month_page_firsts.n + excluded.n;
        DELETE FROM usage_month_page_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, r.page AS page, coalesce(r.prev_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r) c
          WHERE t.day = c.day AND t.page = c.page AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_month_page_firsts (day, page, prev_day, n)
          SELECT day, page, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, r.page AS page, coalesce(r.prev_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, page, prev_day ORDER BY day, page, prev_day
          ON CONFLICT (day, page, prev_day) DO UPDATE SET n = usage_month_page_firsts.n + excluded.n;
        DELETE FROM usage_month_page_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, r.page AS page, coalesce(r.prev_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.page = c.page AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSE 
        INSERT INTO usage_month_page_firsts (day, page, prev_day, n)
          SELECT day, page, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, r.page AS page, coalesce(r.prev_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT substr(r.day, 1, 8) || '01' AS day, r.page AS page, coalesce(r.prev_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, page, prev_day ORDER BY day, page, prev_day
          ON CONFLICT (day, page, prev_day) DO UPDATE SET n = usage_month_page_firsts.n + excluded.n;
        DELETE FROM usage_month_page_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, r.page AS page, coalesce(r.prev_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT substr(r.day, 1, 8) || '01' AS day, r.page AS page, coalesce(r.prev_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.page = c.page AND t.prev_day = c.prev_day AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_month_page_firsts_add AFTER INSERT ON usage_day_page_visitors REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_page_firsts_keep();
    CREATE TRIGGER usage_month_page_firsts_take AFTER DELETE ON usage_day_page_visitors REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_page_firsts_keep();
    CREATE TRIGGER usage_month_page_firsts_move AFTER UPDATE ON usage_day_page_visitors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_page_firsts_keep();
  

    CREATE TABLE usage_day_visitor_firsts (
      day text NOT NULL, prev_day text NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day, prev_day)
    );
    INSERT INTO usage_day_visitor_firsts (day, prev_day, n)
      SELECT r.day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END, sum(1) FROM usage_day_visitors r
      GROUP BY 1, 2;
    CREATE FUNCTION usage_day_visitor_firsts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_day_visitor_firsts (day, prev_day, n)
          SELECT day, prev_day, sum(n) FROM (SELECT r.day AS day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r) c GROUP BY day, prev_day ORDER BY day, prev_day
          ON CONFLICT (day, prev_day) DO UPDATE SET n = usage_day_visitor_firsts.n + excluded.n;
        DELETE FROM usage_day_visitor_firsts t USING (SELECT r.day AS day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r) c
          WHERE t.day = c.day AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_day_visitor_firsts (day, prev_day, n)
          SELECT day, prev_day, sum(n) FROM (SELECT r.day AS day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, prev_day ORDER BY day, prev_day
          ON CONFLICT (day, prev_day) DO UPDATE SET n = usage_day_visitor_firsts.n + excluded.n;
        DELETE FROM usage_day_visitor_firsts t USING (SELECT r.day AS day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSE 
        INSERT INTO usage_day_visitor_firsts (day, prev_day, n)
          SELECT day, prev_day, sum(n) FROM (SELECT r.day AS day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT r.day AS day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, prev_day ORDER BY day, prev_day
          ON CONFLICT (day, prev_day) DO UPDATE SET n = usage_day_visitor_firsts.n + excluded.n;
        DELETE FROM usage_day_visitor_firsts t USING (SELECT r.day AS day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT r.day AS day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.prev_day = c.prev_day AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_day_visitor_firsts_add AFTER INSERT ON usage_day_visitors REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_visitor_firsts_keep();
    CREATE TRIGGER usage_day_visitor_firsts_take AFTER DELETE ON usage_day_visitors REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_visitor_firsts_keep();
    CREATE TRIGGER usage_day_visitor_firsts_move AFTER UPDATE ON usage_day_visitors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_visitor_firsts_keep();
  

    CREATE TABLE usage_month_visitor_firsts (
      day text NOT NULL, prev_day text NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day, prev_day)
    );
    INSERT INTO usage_month_visitor_firsts (day, prev_day, n)
      SELECT substr(r.day, 1, 8) || '01', coalesce(r.prev_day, ''), sum(1) FROM usage_day_visitors r
      GROUP BY 1, 2;
    CREATE FUNCTION usage_month_visitor_firsts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_month_visitor_firsts (day, prev_day, n)
          SELECT day, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, coalesce(r.prev_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r) c GROUP BY day, prev_day ORDER BY day, prev_day
          ON CONFLICT (day, prev_day) DO UPDATE SET n = usage_month_visitor_firsts.n + excluded.n;
        DELETE FROM usage_month_visitor_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, coalesce(r.prev_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r) c
          WHERE t.day = c.day AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_month_visitor_firsts (day, prev_day, n)
          SELECT day, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, coalesce(r.prev_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, prev_day ORDER BY day, prev_day
          ON CONFLICT (day, prev_day) DO UPDATE SET n = usage_month_visitor_firsts.n + excluded.n;
        DELETE FROM usage_month_visitor_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, coalesce(r.prev_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSE 
        INSERT INTO usage_month_visitor_firsts (day, prev_day, n)
          SELECT day, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, coalesce(r.prev_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT substr(r.day, 1, 8) || '01' AS day, coalesce(r.prev_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, prev_day ORDER BY day, prev_day
          ON CONFLICT (day, prev_day) DO UPDATE SET n = usage_month_visitor_firsts.n + excluded.n;
        DELETE FROM usage_month_visitor_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, coalesce(r.prev_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT substr(r.day, 1, 8) || '01' AS day, coalesce(r.prev_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.prev_day = c.prev_day AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_month_visitor_firsts_add AFTER INSERT ON usage_day_visitors REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_visitor_firsts_keep();
    CREATE TRIGGER usage_month_visitor_firsts_take AFTER DELETE ON usage_day_visitors REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_visitor_firsts_keep();
    CREATE TRIGGER usage_month_visitor_firsts_move AFTER UPDATE ON usage_day_visitors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_visitor_firsts_keep();
  

    CREATE TABLE usage_day_visitor_counts (
      day text NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day)
    );
    INSERT INTO usage_day_visitor_counts (day, n)
      SELECT r.day, sum(1) FROM usage_day_visitors r
      GROUP BY 1;
    CREATE FUNCTION usage_day_visitor_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_day_visitor_counts (day, n)
          SELECT day, sum(n) FROM (SELECT r.day AS day, 1 * 1 AS n
     FROM new_rows r) c GROUP BY day ORDER BY day
          ON CONFLICT (day) DO UPDATE SET n = usage_day_visitor_counts.n + excluded.n;
        DELETE FROM usage_day_visitor_counts t USING (SELECT r.day AS day, 1 * 1 AS n
     FROM new_rows r) c
          WHERE t.day = c.day AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_day_visitor_counts (day, n)
          SELECT day, sum(n) FROM (SELECT r.day AS day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day ORDER BY day
          ON CONFLICT (day) DO UPDATE SET n = usage_day_visitor_counts.n + excluded.n;
        DELETE FROM usage_day_visitor_counts t USING (SELECT r.day AS day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.n <= 0;
      ELSE 
        INSERT INTO usage_day_visitor_counts (day, n)
          SELECT day, sum(n) FROM (SELECT r.day AS day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT r.day AS day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day ORDER BY day
          ON CONFLICT (day) DO UPDATE SET n = usage_day_visitor_counts.n + excluded.n;
        DELETE FROM usage_day_visitor_counts t USING (SELECT r.day AS day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT r.day AS day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_day_visitor_counts_add AFTER INSERT ON usage_day_visitors REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_visitor_counts_keep();
    CREATE TRIGGER usage_day_visitor_counts_take AFTER DELETE ON usage_day_visitors REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_visitor_counts_keep();
    CREATE TRIGGER usage_day_visitor_counts_move AFTER UPDATE ON usage_day_visitors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_visitor_counts_keep();
  

    CREATE TABLE usage_day_groups (
      day text NOT NULL, source text NOT NULL, kind text NOT NULL, campaign text NOT NULL, medium text NOT NULL, depth bigint NOT NULL,
      visits bigint NOT NULL, g_contact_sent bigint NOT NULL, g_newsletter_requested bigint NOT NULL, g_subscription_confirmed bigint NOT NULL, g_schedule_call bigint NOT NULL, g_video_completed bigint NOT NULL, g_feature_list_pdf bigint NOT NULL, PRIMARY KEY (day, source, kind, campaign, medium, depth)
    );
    INSERT INTO usage_day_groups (day, source, kind, campaign, medium, depth, visits, g_contact_sent, g_newsletter_requested, g_subscription_confirmed, g_schedule_call, g_video_completed, g_feature_list_pdf)
      SELECT r.day, r.source, r.kind, coalesce(r.campaign, ''), coalesce(r.medium, ''), r.depth, sum(1), sum(r.g_contact_sent), sum(r.g_newsletter_requested), sum(r.g_subscription_confirmed), sum(r.g_schedule_call), sum(r.g_video_completed), sum(r.g_feature_list_pdf) FROM usage_visits r
      GROUP BY 1, 2, 3, 4, 5, 6;
    CREATE FUNCTION usage_day_groups_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_day_groups (day, source, kind, campaign, medium, depth, visits, g_contact_sent, g_newsletter_requested, g_subscription_confirmed, g_schedule_call, g_video_completed, g_feature_list_pdf)
          SELECT day, source, kind, campaign, medium, depth, sum(visits), sum(g_contact_sent), sum(g_newsletter_requested), sum(g_subscription_confirmed), sum(g_schedule_call), sum(g_video_completed), sum(g_feature_list_pdf) FROM (SELECT r.day AS day, r.source AS source, r.kind AS kind, coalesce(r.campaign, '') AS campaign, coalesce(r.medium, '') AS medium, r.depth AS depth, 1 * 1 AS visits, 1 * r.g_contact_sent AS g_contact_sent, 1 * r.g_newsletter_requested AS g_newsletter_requested, 1 * r.g_subscription_confirmed AS g_subscription_confirmed, 1 * r.g_schedule_call AS g_schedule_call, 1 * r.g_video_completed AS g_video_completed, 1 * r.g_feature_list_pdf AS g_feature_list_pdf
     FROM new_rows r) c GROUP BY day, source, kind, campaign, medium, depth ORDER BY day, source, kind, campaign, medium, depth
          ON CONFLICT (day, source, kind, campaign, medium, depth) DO UPDATE SET visits = usage_day_groups.visits + excluded.visits, g_contact_sent = usage_day_groups.g_contact_sent + excluded.g_contact_sent, g_newsletter_requested = usage_day_groups.g_newsletter_requested + excluded.g_newsletter_requested, g_subscription_confirmed = usage_day_groups.g_subscription_confirmed + excluded.g_subscription_confirmed, g_schedule_call = usage_day_groups.g_schedule_call + excluded.g_schedule_call, g_video_completed = usage_day_groups.g_video_completed + excluded.g_video_completed, g_feature_list_pdf = usage_day_groups.g_feature_list_pdf + excluded.g_feature_list_pdf;
        DELETE FROM usage_day_groups t USING (SELECT r.day AS day, r.source AS source, r.kind AS kind, coalesce(r.campaign, '') AS campaign, coalesce(r.medium, '') AS medium, r.depth AS depth, 1 * 1 AS visits, 1 * r.g_contact_sent AS g_contact_sent, 1 * r.g_newsletter_requested AS g_newsletter_requested, 1 * r.g_subscription_confirmed AS g_subscription_confirmed, 1 * r.g_schedule_call AS g_schedule_call, 1 * r.g_video_completed AS g_video_completed, 1 * r.g_feature_list_pdf AS g_feature_list_pdf
     FROM new_rows r) c
          WHERE t.day = c.day AND t.source = c.source AND t.kind = c.kind AND t.campaign = c.campaign AND t.medium = c.medium AND t.depth = c.depth AND t.visits <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_day_groups (day, source, kind, campaign, medium, depth, visits, g_contact_sent, g_newsletter_requested, g_subscription_confirmed, g_schedule_call, g_video_completed, g_feature_list_pdf)
          SELECT day, source, kind, campaign, medium, depth, sum(visits), sum(g_contact_sent), sum(g_newsletter_requested), sum(g_subscription_confirmed), sum(g_schedule_call), sum(g_video_completed), sum(g_feature_list_pdf) FROM (SELECT r.day AS day, r.source AS source, r.kind AS kind, coalesce(r.campaign, '') AS campaign, coalesce(r.medium, '') AS medium, r.depth AS depth, -1 * 1 AS visits, -1 * r.g_contact_sent AS g_contact_sent, -1 * r.g_newsletter_requested AS g_newsletter_requested, -1 * r.g_subscription_confirmed AS g_subscription_confirmed, -1 * r.g_schedule_call AS g_schedule_call, -1 * r.g_video_completed AS g_video_completed, -1 * r.g_feature_list_pdf AS g_feature_list_pdf
     FROM old_rows r) c GROUP BY day, source, kind, campaign, medium, depth ORDER BY day, source, kind, campaign, medium, depth
          ON CONFLICT (day, source, kind, campaign, medium, depth) DO UPDATE SET visits = usage_day_groups.visits + excluded.visits, g_contact_sent = usage_day_groups.g_contact_sent + excluded.g_contact_sent, g_newsletter_requested = usage_day_groups.g_newsletter_requested + excluded.g_newsletter_requested, g_subscription_confirmed = usage_day_groups.g_subscription_confirmed + excluded.g_subscription_confirmed, g_schedule_call = usage_day_groups.g_schedule_call + excluded.g_schedule_call, g_video_completed = usage_day_groups.g_video_completed + excluded.g_video_completed, g_feature_list_pdf = usage_day_groups.g_feature_list_pdf + excluded.g_feature_list_pdf;
        DELETE FROM usage_day_groups t USING (SELECT r.day AS day, r.source AS source, r.kind AS kind, coalesce(r.campaign, '') AS campaign, coalesce(r.medium, '') AS medium, r.depth AS depth, -1 * 1 AS visits, -1 * r.g_contact_sent AS g_contact_sent, -1 * r.g_newsletter_requested AS g_newsletter_requested, -1 * r.g_subscription_confirmed AS g_subscription_confirmed, -1 * r.g_schedule_call AS g_schedule_call, -1 * r.g_video_completed AS g_video_completed, -1 * r.g_feature_list_pdf AS g_feature_list_pdf
     FROM old_rows r) c
          WHERE t.day = c.day AND t.source = c.source AND t.kind = c.kind AND t.campaign = c.campaign AND t.medium = c.medium AND t.depth = c.depth AND t.visits <= 0;
      ELSE 
        INSERT INTO usage_day_groups (day, source, kind, campaign, medium, depth, visits, g_contact_sent, g_newsletter_requested, g_subscription_confirmed, g_schedule_call, g_video_completed, g_feature_list_pdf)
          SELECT day, source, kind, campaign, medium, depth, sum(visits), sum(g_contact_sent), sum(g_newsletter_requested), sum(g_subscription_confirmed), sum(g_schedule_call), sum(g_video_completed), sum(g_feature_list_pdf) FROM (SELECT r.day AS day, r.source AS source, r.kind AS kind, coalesce(r.campaign, '') AS campaign, coalesce(r.medium, '') AS medium, r.depth AS depth, 1 * 1 AS visits, 1 * r.g_contact_sent AS g_contact_sent, 1 * r.g_newsletter_requested AS g_newsletter_requested, 1 * r.g_subscription_confirmed AS g_subscription_confirmed, 1 * r.g_schedule_call AS g_schedule_call, 1 * r.g_video_completed AS g_video_completed, 1 * r.g_feature_list_pdf AS g_feature_list_pdf
     FROM new_rows r UNION ALL SELECT r.day AS day, r.source AS source, r.kind AS kind, coalesce(r.campaign, '') AS campaign, coalesce(r.medium, '') AS medium, r.depth AS depth, -1 * 1 AS visits, -1 * r.g_contact_sent AS g_contact_sent, -1 * r.g_newsletter_requested AS g_newsletter_requested, -1 * r.g_subscription_confirmed AS g_subscription_confirmed, -1 * r.g_schedule_call AS g_schedule_call, -1 * r.g_video_completed AS g_video_completed, -1 * r.g_feature_list_pdf AS g_feature_list_pdf
     FROM old_rows r) c GROUP BY day, source, kind, campaign, medium, depth ORDER BY day, source, kind, campaign, medium, depth
          ON CONFLICT (day, source, kind, campaign, medium, depth) DO UPDATE SET visits = usage_day_groups.visits + excluded.visits, g_contact_sent = usage_day_groups.g_contact_sent + excluded.g_contact_sent, g_newsletter_requested = usage_day_groups.g_newsletter_requested + excluded.g_newsletter_requested, g_subscription_confirmed = usage_day_groups.g_subscription_confirmed + excluded.g_subscription_confirmed, g_schedule_call = usage_day_groups.g_schedule_call + excluded.g_schedule_call, g_video_completed = usage_day_groups.g_video_completed + excluded.g_video_completed, g_feature_list_pdf = usage_day_groups.g_feature_list_pdf + excluded.g_feature_list_pdf;
        DELETE FROM usage_day_groups t USING (SELECT r.day AS day, r.source AS source, r.kind AS kind, coalesce(r.campaign, '') AS campaign, coalesce(r.medium, '') AS medium, r.depth AS depth, 1 * 1 AS visits, 1 * r.g_contact_sent AS g_contact_sent, 1 * r.g_newsletter_requested AS g_newsletter_requested, 1 * r.g_subscription_confirmed AS g_subscription_confirmed, 1 * r.g_schedule_call AS g_schedule_call, 1 * r.g_video_completed AS g_video_completed, 1 * r.g_feature_list_pdf AS g_feature_list_pdf
     FROM new_rows r UNION ALL SELECT r.day AS day, r.source AS source, r.kind AS kind, coalesce(r.campaign, '') AS campaign, coalesce(r.medium, '') AS medium, r.depth AS depth, -1 * 1 AS visits, -1 * r.g_contact_sent AS g_contact_sent, -1 * r.g_newsletter_requested AS g_newsletter_requested, -1 * r.g_subscription_confirmed AS g_subscription_confirmed, -1 * r.g_schedule_call AS g_schedule_call, -1 * r.g_video_completed AS g_video_completed, -1 * r.g_feature_list_pdf AS g_feature_list_pdf
     FROM old_rows r) c
          WHERE t.day = c.day AND t.source = c.source AND t.kind = c.kind AND t.campaign = c.campaign AND t.medium = c.medium AND t.depth = c.depth AND t.visits <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_day_groups_add AFTER INSERT ON usage_visits REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_groups_keep();
    CREATE TRIGGER usage_day_groups_take AFTER DELETE ON usage_visits REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_groups_keep();
    CREATE TRIGGER usage_day_groups_move AFTER UPDATE ON usage_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_groups_keep();
  

    CREATE TABLE usage_day_source_firsts (
      day text NOT NULL, source text NOT NULL, prev_day text NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day, source, prev_day)
    );
    INSERT INTO usage_day_source_firsts (day, source, prev_day, n)
      SELECT r.day, r.source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END, sum(1) FROM usage_visits r
      GROUP BY 1, 2, 3;
    CREATE FUNCTION usage_day_source_firsts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_day_source_firsts (day, source, prev_day, n)
          SELECT day, source, prev_day, sum(n) FROM (SELECT r.day AS day, r.source AS source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r) c GROUP BY day, source, prev_day ORDER BY day, source, prev_day
          ON CONFLICT (day, source, prev_day) DO UPDATE SET n = usage_day_source_firsts.n + excluded.n;
        DELETE FROM usage_day_source_firsts t USING (SELECT r.day AS day, r.source AS source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r) c
          WHERE t.day = c.day AND t.source = c.source AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_day_source_firsts (day, source, prev_day, n)
          SELECT day, source, prev_day, sum(n) FROM (SELECT r.day AS day, r.source AS source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, source, prev_day ORDER BY day, source, prev_day
          ON CONFLICT (day, source, prev_day) DO UPDATE SET n = usage_day_source_firsts.n + excluded.n;
        DELETE FROM usage_day_source_firsts t USING (SELECT r.day AS day, r.source AS source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.source = c.source AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSE 
        INSERT INTO usage_day_source_firsts (day, source, prev_day, n)
          SELECT day, source, prev_day, sum(n) FROM (SELECT r.day AS day, r.source AS source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT r.day AS day, r.source AS source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, source, prev_day ORDER BY day, source, prev_day
          ON CONFLICT (day, source, prev_day) DO UPDATE SET n = usage_day_source_firsts.n + excluded.n;
        DELETE FROM usage_day_source_firsts t USING (SELECT r.day AS day, r.source AS source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT r.day AS day, r.source AS source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.source = c.source AND t.prev_day = c.prev_day AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_day_source_firsts_add AFTER INSERT ON usage_visits REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_source_firsts_keep();
    CREATE TRIGGER usage_day_source_firsts_take AFTER DELETE ON usage_visits REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_source_firsts_keep();
    CREATE TRIGGER usage_day_source_firsts_move AFTER UPDATE ON usage_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_source_firsts_keep();
  

    CREATE TABLE usage_month_source_firsts (
      day text NOT NULL, source text NOT NULL, prev_day text NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day, source, prev_day)
    );
    INSERT INTO usage_month_source_firsts (day, source, prev_day, n)
      SELECT substr(r.day, 1, 8) || '01', r.source, coalesce(r.prev_source_day, ''), sum(1) FROM usage_visits r
      GROUP BY 1, 2, 3;
    CREATE FUNCTION usage_month_source_firsts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_month_source_firsts (day, source, prev_day, n)
          SELECT day, source, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, r.source AS source, coalesce(r.prev_source_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r) c GROUP BY day, source, prev_day ORDER BY day, source, prev_day
          ON CONFLICT (day, source, prev_day) DO UPDATE SET n = usage_month_source_firsts.n + excluded.n;
        DELETE FROM usage_month_source_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, r.source AS source, coalesce(r.prev_source_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r) c
          WHERE t.day = c.day AND t.source = c.source AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_month_source_firsts (day, source, prev_day, n)
          SELECT day, source, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, r.source AS source, coalesce(r.prev_source_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, source, prev_day ORDER BY day, source, prev_day
          ON CONFLICT (day, source, prev_day) DO UPDATE SET n = usage_month_source_firsts.n + excluded.n;
        DELETE FROM usage_month_source_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, r.source AS source, coalesce(r.prev_source_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.source = c.source AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSE 
        INSERT INTO usage_month_source_firsts (day, source, prev_day, n)
          SELECT day, source, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, r.source AS source, coalesce(r.prev_source_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT substr(r.day, 1, 8) || '01' AS day, r.source AS source, coalesce(r.prev_source_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c GROUP BY day, source, prev_day ORDER BY day, source, prev_day
          ON CONFLICT (day, source, prev_day) DO UPDATE SET n = usage_month_source_firsts.n + excluded.n;
        DELETE FROM usage_month_source_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, r.source AS source, coalesce(r.prev_source_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r UNION ALL SELECT substr(r.day, 1, 8) || '01' AS day, r.source AS source, coalesce(r.prev_source_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r) c
          WHERE t.day = c.day AND t.source = c.source AND t.prev_day = c.prev_day AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_month_source_firsts_add AFTER INSERT ON usage_visits REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_source_firsts_keep();
    CREATE TRIGGER usage_month_source_firsts_take AFTER DELETE ON usage_visits REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_source_firsts_keep();
    CREATE TRIGGER usage_month_source_firsts_move AFTER UPDATE ON usage_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_source_firsts_keep();
  

    CREATE TABLE usage_day_campaign_firsts (
      day text NOT NULL, campaign text NOT NULL, source text NOT NULL, medium text NOT NULL, prev_day text NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day, campaign, source, medium, prev_day)
    );
    INSERT INTO usage_day_campaign_firsts (day, campaign, source, medium, prev_day, n)
      SELECT r.day, r.campaign, r.source, coalesce(r.medium, ''), CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END, sum(1) FROM usage_visits r WHERE r.campaign IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5;
    CREATE FUNCTION usage_day_campaign_firsts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_day_campaign_firsts (day, campaign, source, medium, prev_day, n)
          SELECT day, campaign, source, medium, prev_day, sum(n) FROM (SELECT r.day AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r WHERE r.campaign IS NOT NULL) c GROUP BY day, campaign, source, medium, prev_day ORDER BY day, campaign, source, medium, prev_day
          ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = usage_day_campaign_firsts.n + excluded.n;
        DELETE FROM usage_day_campaign_firsts t USING (SELECT r.day AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r WHERE r.campaign IS NOT NULL) c
          WHERE t.day = c.day AND t.campaign = c.campaign AND t.source = c.source AND t.medium = c.medium AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_day_campaign_firsts (day, campaign, source, medium, prev_day, n)
          SELECT day, campaign, source, medium, prev_day, sum(n) FROM (SELECT r.day AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r WHERE r.campaign IS NOT NULL) c GROUP BY day, campaign, source, medium, prev_day ORDER BY day, campaign, source, medium, prev_day
          ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = usage_day_campaign_firsts.n + excluded.n;
        DELETE FROM usage_day_campaign_firsts t USING (SELECT r.day AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r WHERE r.campaign IS NOT NULL) c
          WHERE t.day = c.day AND t.campaign = c.campaign AND t.source = c.source AND t.medium = c.medium AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSE 
        INSERT INTO usage_day_campaign_firsts (day, campaign, source, medium, prev_day, n)
          SELECT day, campaign, source, medium, prev_day, sum(n) FROM (SELECT r.day AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r WHERE r.campaign IS NOT NULL UNION ALL SELECT r.day AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r WHERE r.campaign IS NOT NULL) c GROUP BY day, campaign, source, medium, prev_day ORDER BY day, campaign, source, medium, prev_day
          ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = usage_day_campaign_firsts.n + excluded.n;
        DELETE FROM usage_day_campaign_firsts t USING (SELECT r.day AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END AS prev_day, 1 * 1 AS n
     FROM new_rows r WHERE r.campaign IS NOT NULL UNION ALL SELECT r.day AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= to_char(date_trunc('month', r.day::date) - interval '1 month', 'YYYY-MM-DD') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END AS prev_day, -1 * 1 AS n
     FROM old_rows r WHERE r.campaign IS NOT NULL) c
          WHERE t.day = c.day AND t.campaign = c.campaign AND t.source = c.source AND t.medium = c.medium AND t.prev_day = c.prev_day AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_day_campaign_firsts_add AFTER INSERT ON usage_visits REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_campaign_firsts_keep();
    CREATE TRIGGER usage_day_campaign_firsts_take AFTER DELETE ON usage_visits REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_campaign_firsts_keep();
    CREATE TRIGGER usage_day_campaign_firsts_move AFTER UPDATE ON usage_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_day_campaign_firsts_keep();
  

    CREATE TABLE usage_month_campaign_firsts (
      day text NOT NULL, campaign text NOT NULL, source text NOT NULL, medium text NOT NULL, prev_day text NOT NULL,
      n bigint NOT NULL, PRIMARY KEY (day, campaign, source, medium, prev_day)
    );
    INSERT INTO usage_month_campaign_firsts (day, campaign, source, medium, prev_day, n)
      SELECT substr(r.day, 1, 8) || '01', r.campaign, r.source, coalesce(r.medium, ''), coalesce(r.prev_campaign_day, ''), sum(1) FROM usage_visits r WHERE r.campaign IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5;
    CREATE FUNCTION usage_month_campaign_firsts_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP = 'INSERT' THEN 
        INSERT INTO usage_month_campaign_firsts (day, campaign, source, medium, prev_day, n)
          SELECT day, campaign, source, medium, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, coalesce(r.prev_campaign_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r WHERE r.campaign IS NOT NULL) c GROUP BY day, campaign, source, medium, prev_day ORDER BY day, campaign, source, medium, prev_day
          ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = usage_month_campaign_firsts.n + excluded.n;
        DELETE FROM usage_month_campaign_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, coalesce(r.prev_campaign_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r WHERE r.campaign IS NOT NULL) c
          WHERE t.day = c.day AND t.campaign = c.campaign AND t.source = c.source AND t.medium = c.medium AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSIF TG_OP = 'DELETE' THEN 
        INSERT INTO usage_month_campaign_firsts (day, campaign, source, medium, prev_day, n)
          SELECT day, campaign, source, medium, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, coalesce(r.prev_campaign_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r WHERE r.campaign IS NOT NULL) c GROUP BY day, campaign, source, medium, prev_day ORDER BY day, campaign, source, medium, prev_day
          ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = usage_month_campaign_firsts.n + excluded.n;
        DELETE FROM usage_month_campaign_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, coalesce(r.prev_campaign_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r WHERE r.campaign IS NOT NULL) c
          WHERE t.day = c.day AND t.campaign = c.campaign AND t.source = c.source AND t.medium = c.medium AND t.prev_day = c.prev_day AND t.n <= 0;
      ELSE 
        INSERT INTO usage_month_campaign_firsts (day, campaign, source, medium, prev_day, n)
          SELECT day, campaign, source, medium, prev_day, sum(n) FROM (SELECT substr(r.day, 1, 8) || '01' AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, coalesce(r.prev_campaign_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r WHERE r.campaign IS NOT NULL UNION ALL SELECT substr(r.day, 1, 8) || '01' AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, coalesce(r.prev_campaign_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r WHERE r.campaign IS NOT NULL) c GROUP BY day, campaign, source, medium, prev_day ORDER BY day, campaign, source, medium, prev_day
          ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = usage_month_campaign_firsts.n + excluded.n;
        DELETE FROM usage_month_campaign_firsts t USING (SELECT substr(r.day, 1, 8) || '01' AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, coalesce(r.prev_campaign_day, '') AS prev_day, 1 * 1 AS n
     FROM new_rows r WHERE r.campaign IS NOT NULL UNION ALL SELECT substr(r.day, 1, 8) || '01' AS day, r.campaign AS campaign, r.source AS source, coalesce(r.medium, '') AS medium, coalesce(r.prev_campaign_day, '') AS prev_day, -1 * 1 AS n
     FROM old_rows r WHERE r.campaign IS NOT NULL) c
          WHERE t.day = c.day AND t.campaign = c.campaign AND t.source = c.source AND t.medium = c.medium AND t.prev_day = c.prev_day AND t.n <= 0;
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER usage_month_campaign_firsts_add AFTER INSERT ON usage_visits REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_campaign_firsts_keep();
    CREATE TRIGGER usage_month_campaign_firsts_take AFTER DELETE ON usage_visits REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_campaign_firsts_keep();
    CREATE TRIGGER usage_month_campaign_firsts_move AFTER UPDATE ON usage_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_month_campaign_firsts_keep();
