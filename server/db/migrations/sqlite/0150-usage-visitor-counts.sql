-- Issue 29: visitors and visit groups summed per day and month by triggers (rollup-counts.ts).
    CREATE TABLE usage_day_page_firsts (
      day TEXT NOT NULL, page TEXT NOT NULL, prev_day TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day, page, prev_day)
    ) WITHOUT ROWID;
    INSERT INTO usage_day_page_firsts (day, page, prev_day, n)
      SELECT r.day, r.page, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= date(r.day, 'start of month', '-1 month') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END, sum(1) FROM usage_day_page_visitors r WHERE true
      GROUP BY 1, 2, 3;
    CREATE TRIGGER usage_day_page_firsts_add AFTER INSERT ON usage_day_page_visitors BEGIN INSERT INTO usage_day_page_firsts (day, page, prev_day, n) SELECT NEW.day, NEW.page, CASE WHEN NEW.prev_day IS NULL THEN '' WHEN NEW.prev_day >= date(NEW.day, 'start of month', '-1 month') THEN NEW.prev_day
      ELSE substr(NEW.prev_day, 1, 7) END, 1 WHERE true
       ON CONFLICT (day, page, prev_day) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_day_page_firsts_take AFTER DELETE ON usage_day_page_visitors BEGIN 
       UPDATE usage_day_page_firsts SET n = n - 1
         WHERE day = OLD.day AND page = OLD.page AND prev_day = CASE WHEN OLD.prev_day IS NULL THEN '' WHEN OLD.prev_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_day
      ELSE substr(OLD.prev_day, 1, 7) END;
       DELETE FROM usage_day_page_firsts WHERE day = OLD.day AND page = OLD.page AND prev_day = CASE WHEN OLD.prev_day IS NULL THEN '' WHEN OLD.prev_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_day
      ELSE substr(OLD.prev_day, 1, 7) END AND n <= 0; END;
    CREATE TRIGGER usage_day_page_firsts_move AFTER UPDATE OF day, prev_day, page ON usage_day_page_visitors BEGIN 
       UPDATE usage_day_page_firsts SET n = n - 1
         WHERE day = OLD.day AND page = OLD.page AND prev_day = CASE WHEN OLD.prev_day IS NULL THEN '' WHEN OLD.prev_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_day
      ELSE substr(OLD.prev_day, 1, 7) END;
       DELETE FROM usage_day_page_firsts WHERE day = OLD.day AND page = OLD.page AND prev_day = CASE WHEN OLD.prev_day IS NULL THEN '' WHEN OLD.prev_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_day
      ELSE substr(OLD.prev_day, 1, 7) END AND n <= 0; INSERT INTO usage_day_page_firsts (day, page, prev_day, n) SELECT NEW.day, NEW.page, CASE WHEN NEW.prev_day IS NULL THEN '' WHEN NEW.prev_day >= date(NEW.day, 'start of month', '-1 month') THEN NEW.prev_day
      ELSE substr(NEW.prev_day, 1, 7) END, 1 WHERE true
       ON CONFLICT (day, page, prev_day) DO UPDATE SET n = n + excluded.n; END;
  

    CREATE TABLE usage_month_page_firsts (
      day TEXT NOT NULL, page TEXT NOT NULL, prev_day TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day, page, prev_day)
    ) WITHOUT ROWID;
    INSERT INTO usage_month_page_firsts (day, page, prev_day, n)
      SELECT substr(r.day, 1, 8) || '01', r.page, coalesce(r.prev_day, ''), sum(1) FROM usage_day_page_visitors r WHERE true
      GROUP BY 1, 2, 3;
    CREATE TRIGGER usage_month_page_firsts_add AFTER INSERT ON usage_day_page_visitors BEGIN INSERT INTO usage_month_page_firsts (day, page, prev_day, n) SELECT substr(NEW.day, 1, 8) || '01', NEW.page, coalesce(NEW.prev_day, ''), 1 WHERE true
       ON CONFLICT (day, page, prev_day) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_month_page_firsts_take AFTER DELETE ON usage_day_page_visitors BEGIN 
       UPDATE usage_month_page_firsts SET n = n - 1
         WHERE day = substr(OLD.day, 1, 8) || '01' AND page = OLD.page AND prev_day = coalesce(OLD.prev_day, '');
       DELETE FROM usage_month_page_firsts WHERE day = substr(OLD.day, 1, 8) || '01' AND page = OLD.page AND prev_day = coalesce(OLD.prev_day, '') AND n <= 0; END;
    CREATE TRIGGER usage_month_page_firsts_move AFTER UPDATE OF day, prev_day, page ON usage_day_page_visitors BEGIN 
       UPDATE usage_month_page_firsts SET n = n - 1
         WHERE day = substr(OLD.day, 1, 8) || '01' AND page = OLD.page AND prev_day = coalesce(OLD.prev_day, '');
       DELETE FROM usage_month_page_firsts WHERE day = substr(OLD.day, 1, 8) || '01' AND page = OLD.page AND prev_day = coalesce(OLD.prev_day, '') AND n <= 0; INSERT INTO usage_month_page_firsts (day, page, prev_day, n) SELECT substr(NEW.day, 1, 8) || '01', NEW.page, coalesce(NEW.prev_day, ''), 1 WHERE true
       ON CONFLICT (day, page, prev_day) DO UPDATE SET n = n + excluded.n; END;
  

    CREATE TABLE usage_day_visitor_firsts (
      day TEXT NOT NULL, prev_day TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day, prev_day)
    ) WITHOUT ROWID;
    INSERT INTO usage_day_visitor_firsts (day, prev_day, n)
      SELECT r.day, CASE WHEN r.prev_day IS NULL THEN '' WHEN r.prev_day >= date(r.day, 'start of month', '-1 month') THEN r.prev_day
      ELSE substr(r.prev_day, 1, 7) END, sum(1) FROM usage_day_visitors r WHERE true
      GROUP BY 1, 2;
    CREATE TRIGGER usage_day_visitor_firsts_add AFTER INSERT ON usage_day_visitors BEGIN INSERT INTO usage_day_visitor_firsts (day, prev_day, n) SELECT NEW.day, CASE WHEN NEW.prev_day IS NULL THEN '' WHEN NEW.prev_day >= date(NEW.day, 'start of month', '-1 month') THEN NEW.prev_day
      ELSE substr(NEW.prev_day, 1, 7) END, 1 WHERE true
       ON CONFLICT (day, prev_day) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_day_visitor_firsts_take AFTER DELETE ON usage_day_visitors BEGIN 
       UPDATE usage_day_visitor_firsts SET n = n - 1
         WHERE day = OLD.day AND prev_day = CASE WHEN OLD.prev_day IS NULL THEN '' WHEN OLD.prev_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_day
      ELSE substr(OLD.prev_day, 1, 7) END;
       DELETE FROM usage_day_visitor_firsts WHERE day = OLD.day AND prev_day = CASE WHEN OLD.prev_day IS NULL THEN '' WHEN OLD.prev_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_day
      ELSE substr(OLD.prev_day, 1, 7) END AND n <= 0; END;
    CREATE TRIGGER usage_day_visitor_firsts_move AFTER UPDATE OF day, prev_day ON usage_day_visitors BEGIN 
       UPDATE usage_day_visitor_firsts SET n = n - 1
         WHERE day = OLD.day AND prev_day = CASE WHEN OLD.prev_day IS NULL THEN '' WHEN OLD.prev_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_day
      ELSE substr(OLD.prev_day, 1, 7) END;
       DELETE FROM usage_day_visitor_firsts WHERE day = OLD.day AND prev_day = CASE WHEN OLD.prev_day IS NULL THEN '' WHEN OLD.prev_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_day
      ELSE substr(OLD.prev_day, 1, 7) END AND n <= 0; INSERT INTO usage_day_visitor_firsts (day, prev_day, n) SELECT NEW.day, CASE WHEN NEW.prev_day IS NULL THEN '' WHEN NEW.prev_day >= date(NEW.day, 'start of month', '-1 month') THEN NEW.prev_day
      ELSE substr(NEW.prev_day, 1, 7) END, 1 WHERE true
       ON CONFLICT (day, prev_day) DO UPDATE SET n = n + excluded.n; END;
  

    CREATE TABLE usage_month_visitor_firsts (
      day TEXT NOT NULL, prev_day TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day, prev_day)
    ) WITHOUT ROWID;
    INSERT INTO usage_month_visitor_firsts (day, prev_day, n)
      SELECT substr(r.day, 1, 8) || '01', coalesce(r.prev_day, ''), sum(1) FROM usage_day_visitors r WHERE true
      GROUP BY 1, 2;
    CREATE TRIGGER usage_month_visitor_firsts_add AFTER INSERT ON usage_day_visitors BEGIN INSERT INTO usage_month_visitor_firsts (day, prev_day, n) SELECT substr(NEW.day, 1, 8) || '01', coalesce(NEW.prev_day, ''), 1 WHERE true
       ON CONFLICT (day, prev_day) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_month_visitor_firsts_take AFTER DELETE ON usage_day_visitors BEGIN 
       UPDATE usage_month_visitor_firsts SET n = n - 1
         WHERE day = substr(OLD.day, 1, 8) || '01' AND prev_day = coalesce(OLD.prev_day, '');
       DELETE FROM usage_month_visitor_firsts WHERE day = substr(OLD.day, 1, 8) || '01' AND prev_day = coalesce(OLD.prev_day, '') AND n <= 0; END;
    CREATE TRIGGER usage_month_visitor_firsts_move AFTER UPDATE OF day, prev_day ON usage_day_visitors BEGIN 
       UPDATE usage_month_visitor_firsts SET n = n - 1
         WHERE day = substr(OLD.day, 1, 8) || '01' AND prev_day = coalesce(OLD.prev_day, '');
       DELETE FROM usage_month_visitor_firsts WHERE day = substr(OLD.day, 1, 8) || '01' AND prev_day = coalesce(OLD.prev_day, '') AND n <= 0; INSERT INTO usage_month_visitor_firsts (day, prev_day, n) SELECT substr(NEW.day, 1, 8) || '01', coalesce(NEW.prev_day, ''), 1 WHERE true
       ON CONFLICT (day, prev_day) DO UPDATE SET n = n + excluded.n; END;
  

    CREATE TABLE usage_day_visitor_counts (
      day TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day)
    ) WITHOUT ROWID;
    INSERT INTO usage_day_visitor_counts (day, n)
      SELECT r.day, sum(1) FROM usage_day_visitors r WHERE true
      GROUP BY 1;
    CREATE TRIGGER usage_day_visitor_counts_add AFTER INSERT ON usage_day_visitors BEGIN INSERT INTO usage_day_visitor_counts (day, n) SELECT NEW.day, 1 WHERE true
       ON CONFLICT (day) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_day_visitor_counts_take AFTER DELETE ON usage_day_visitors BEGIN 
       UPDATE usage_day_visitor_counts SET n = n - 1
         WHERE day = OLD.day;
       DELETE FROM usage_day_visitor_counts WHERE day = OLD.day AND n <= 0; END;
    CREATE TRIGGER usage_day_visitor_counts_move AFTER UPDATE OF day ON usage_day_visitors BEGIN 
       UPDATE usage_day_visitor_counts SET n = n - 1
         WHERE day = OLD.day;
       DELETE FROM usage_day_visitor_counts WHERE day = OLD.day AND n <= 0; INSERT INTO usage_day_visitor_counts (day, n) SELECT NEW.day, 1 WHERE true
       ON CONFLICT (day) DO UPDATE SET n = n + excluded.n; END;
  

    CREATE TABLE usage_day_groups (
      day TEXT NOT NULL, source TEXT NOT NULL, kind TEXT NOT NULL, campaign TEXT NOT NULL, medium TEXT NOT NULL, depth INTEGER NOT NULL,
      visits INTEGER NOT NULL, g_contact_sent INTEGER NOT NULL, g_newsletter_requested INTEGER NOT NULL, g_subscription_confirmed INTEGER NOT NULL, g_schedule_call INTEGER NOT NULL, g_video_completed INTEGER NOT NULL, g_feature_list_pdf INTEGER NOT NULL, PRIMARY KEY (day, source, kind, campaign, medium, depth)
    ) WITHOUT ROWID;
    INSERT INTO usage_day_groups (day, source, kind, campaign, medium, depth, visits, g_contact_sent, g_newsletter_requested, g_subscription_confirmed, g_schedule_call, g_video_completed, g_feature_list_pdf)
      SELECT r.day, r.source, r.kind, coalesce(r.campaign, ''), coalesce(r.medium, ''), r.depth, sum(1), sum(r.g_contact_sent), sum(r.g_newsletter_requested), sum(r.g_subscription_confirmed), sum(r.g_schedule_call), sum(r.g_video_completed), sum(r.g_feature_list_pdf) FROM usage_visits r WHERE true
      GROUP BY 1, 2, 3, 4, 5, 6;
    CREATE TRIGGER usage_day_groups_add AFTER INSERT ON usage_visits BEGIN INSERT INTO usage_day_groups (day, source, kind, campaign, medium, depth, visits, g_contact_sent, g_newsletter_requested, g_subscription_confirmed, g_schedule_call, g_video_completed, g_feature_list_pdf) SELECT NEW.day, NEW.source, NEW.kind, coalesce(NEW.campaign, ''), coalesce(NEW.medium, ''), NEW.depth, 1, NEW.g_contact_sent, NEW.g_newsletter_requested, NEW.g_subscription_confirmed, NEW.g_schedule_call, NEW.g_video_completed, NEW.g_feature_list_pdf WHERE true
       ON CONFLICT (day, source, kind, campaign, medium, depth) DO UPDATE SET visits = visits + excluded.visits, g_contact_sent = g_contact_sent + excluded.g_contact_sent, g_newsletter_requested = g_newsletter_requested + excluded.g_newsletter_requested, g_subscription_confirmed = g_subscription_confirmed + excluded.g_subscription_confirmed, g_schedule_call = g_schedule_call + excluded.g_schedule_call, g_video_completed = g_video_completed + excluded.g_video_completed, g_feature_list_pdf = g_feature_list_pdf + excluded.g_feature_list_pdf; END;
    CREATE TRIGGER usage_day_groups_take AFTER DELETE ON usage_visits BEGIN 
       UPDATE usage_day_groups SET visits = visits - 1, g_contact_sent = g_contact_sent - OLD.g_contact_sent, g_newsletter_requested = g_newsletter_requested - OLD.g_newsletter_requested, g_subscription_confirmed = g_subscription_confirmed - OLD.g_subscription_confirmed, g_schedule_call = g_schedule_call - OLD.g_schedule_call, g_video_completed = g_video_completed - OLD.g_video_completed, g_feature_list_pdf = g_feature_list_pdf - OLD.g_feature_list_pdf
         WHERE day = OLD.day AND source = OLD.source AND kind = OLD.kind AND campaign = coalesce(OLD.campaign, '') AND medium = coalesce(OLD.medium, '') AND depth = OLD.depth;
       DELETE FROM usage_day_groups WHERE day = OLD.day AND source = OLD.source AND kind = OLD.kind AND campaign = coalesce(OLD.campaign, '') AND medium = coalesce(OLD.medium, '') AND depth = OLD.depth AND visits <= 0; END;
    CREATE TRIGGER usage_day_groups_move AFTER UPDATE OF day, source, kind, campaign, medium, depth, g_contact_sent, g_newsletter_requested, g_subscription_confirmed, g_schedule_call, g_video_completed, g_feature_list_pdf ON usage_visits BEGIN 
       UPDATE usage_day_groups SET visits = visits - 1, g_contact_sent = g_contact_sent - OLD.g_contact_sent, g_newsletter_requested = g_newsletter_requested - OLD.g_newsletter_requested, g_subscription_confirmed = g_subscription_confirmed - OLD.g_subscription_confirmed, g_schedule_call = g_schedule_call - OLD.g_schedule_call, g_video_completed = g_video_completed - OLD.g_video_completed, g_feature_list_pdf = g_feature_list_pdf - OLD.g_feature_list_pdf
         WHERE day = OLD.day AND source = OLD.source AND kind = OLD.kind AND campaign = coalesce(OLD.campaign, '') AND medium = coalesce(OLD.medium, '') AND depth = OLD.depth;
       DELETE FROM usage_day_groups WHERE day = OLD.day AND source = OLD.source AND kind = OLD.kind AND campaign = coalesce(OLD.campaign, '') AND medium = coalesce(OLD.medium, '') AND depth = OLD.depth AND visits <= 0; INSERT INTO usage_day_groups (day, source, kind, campaign, medium, depth, visits, g_contact_sent, g_newsletter_requested, g_subscription_confirmed, g_schedule_call, g_video_completed, g_feature_list_pdf) SELECT NEW.day, NEW.source, NEW.kind, coalesce(NEW.campaign, ''), coalesce(NEW.medium, ''), NEW.depth, 1, NEW.g_contact_sent, NEW.g_newsletter_requested, NEW.g_subscription_confirmed, NEW.g_schedule_call, NEW.g_video_completed, NEW.g_feature_list_pdf WHERE true
       ON CONFLICT (day, source, kind, campaign, medium, depth) DO UPDATE SET visits = visits + excluded.visits, g_contact_sent = g_contact_sent + excluded.g_contact_sent, g_newsletter_requested = g_newsletter_requested + excluded.g_newsletter_requested, g_subscription_confirmed = g_subscription_confirmed + excluded.g_subscription_confirmed, g_schedule_call = g_schedule_call + excluded.g_schedule_call, g_video_completed = g_video_completed + excluded.g_video_completed, g_feature_list_pdf = g_feature_list_pdf + excluded.g_feature_list_pdf; END;
  

    CREATE TABLE usage_day_source_firsts (
      day TEXT NOT NULL, source TEXT NOT NULL, prev_day TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day, source, prev_day)
    ) WITHOUT ROWID;
    INSERT INTO usage_day_source_firsts (day, source, prev_day, n)
      SELECT r.day, r.source, CASE WHEN r.prev_source_day IS NULL THEN '' WHEN r.prev_source_day >= date(r.day, 'start of month', '-1 month') THEN r.prev_source_day
      ELSE substr(r.prev_source_day, 1, 7) END, sum(1) FROM usage_visits r WHERE true
      GROUP BY 1, 2, 3;
    CREATE TRIGGER usage_day_source_firsts_add AFTER INSERT ON usage_visits BEGIN INSERT INTO usage_day_source_firsts (day, source, prev_day, n) SELECT NEW.day, NEW.source, CASE WHEN NEW.prev_source_day IS NULL THEN '' WHEN NEW.prev_source_day >= date(NEW.day, 'start of month', '-1 month') THEN NEW.prev_source_day
      ELSE substr(NEW.prev_source_day, 1, 7) END, 1 WHERE true
       ON CONFLICT (day, source, prev_day) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_day_source_firsts_take AFTER DELETE ON usage_visits BEGIN 
       UPDATE usage_day_source_firsts SET n = n - 1
         WHERE day = OLD.day AND source = OLD.source AND prev_day = CASE WHEN OLD.prev_source_day IS NULL THEN '' WHEN OLD.prev_source_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_source_day
      ELSE substr(OLD.prev_source_day, 1, 7) END;
       DELETE FROM usage_day_source_firsts WHERE day = OLD.day AND source = OLD.source AND prev_day = CASE WHEN OLD.prev_source_day IS NULL THEN '' WHEN OLD.prev_source_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_source_day
      ELSE substr(OLD.prev_source_day, 1, 7) END AND n <= 0; END;
    CREATE TRIGGER usage_day_source_firsts_move AFTER UPDATE OF day, prev_source_day, source ON usage_visits BEGIN 
       UPDATE usage_day_source_firsts SET n = n - 1
         WHERE day = OLD.day AND source = OLD.source AND prev_day = CASE WHEN OLD.prev_source_day IS NULL THEN '' WHEN OLD.prev_source_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_source_day
      ELSE substr(OLD.prev_source_day, 1, 7) END;
       DELETE FROM usage_day_source_firsts WHERE day = OLD.day AND source = OLD.source AND prev_day = CASE WHEN OLD.prev_source_day IS NULL THEN '' WHEN OLD.prev_source_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_source_day
      ELSE substr(OLD.prev_source_day, 1, 7) END AND n <= 0; INSERT INTO usage_day_source_firsts (day, source, prev_day, n) SELECT NEW.day, NEW.source, CASE WHEN NEW.prev_source_day IS NULL THEN '' WHEN NEW.prev_source_day >= date(NEW.day, 'start of month', '-1 month') THEN NEW.prev_source_day
      ELSE substr(NEW.prev_source_day, 1, 7) END, 1 WHERE true
       ON CONFLICT (day, source, prev_day) DO UPDATE SET n = n + excluded.n; END;
  

    CREATE TABLE usage_month_source_firsts (
      day TEXT NOT NULL, source TEXT NOT NULL, prev_day TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day, source, prev_day)
    ) WITHOUT ROWID;
    INSERT INTO usage_month_source_firsts (day, source, prev_day, n)
      SELECT substr(r.day, 1, 8) || '01', r.source, coalesce(r.prev_source_day, ''), sum(1) FROM usage_visits r WHERE true
      GROUP BY 1, 2, 3;
    CREATE TRIGGER usage_month_source_firsts_add AFTER INSERT ON usage_visits BEGIN INSERT INTO usage_month_source_firsts (day, source, prev_day, n) SELECT substr(NEW.day, 1, 8) || '01', NEW.source, coalesce(NEW.prev_source_day, ''), 1 WHERE true
       ON CONFLICT (day, source, prev_day) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_month_source_firsts_take AFTER DELETE ON usage_visits BEGIN 
       UPDATE usage_month_source_firsts SET n = n - 1
         WHERE day = substr(OLD.day, 1, 8) || '01' AND source = OLD.source AND prev_day = coalesce(OLD.prev_source_day, '');
       DELETE FROM usage_month_source_firsts WHERE day = substr(OLD.day, 1, 8) || '01' AND source = OLD.source AND prev_day = coalesce(OLD.prev_source_day, '') AND n <= 0; END;
    CREATE TRIGGER usage_month_source_firsts_move AFTER UPDATE OF day, prev_source_day, source ON usage_visits BEGIN 
       UPDATE usage_month_source_firsts SET n = n - 1
         WHERE day = substr(OLD.day, 1, 8) || '01' AND source = OLD.source AND prev_day = coalesce(OLD.prev_source_day, '');
       DELETE FROM usage_month_source_firsts WHERE day = substr(OLD.day, 1, 8) || '01' AND source = OLD.source AND prev_day = coalesce(OLD.prev_source_day, '') AND n <= 0; INSERT INTO usage_month_source_firsts (day, source, prev_day, n) SELECT substr(NEW.day, 1, 8) || '01', NEW.source, coalesce(NEW.prev_source_day, ''), 1 WHERE true
       ON CONFLICT (day, source, prev_day) DO UPDATE SET n = n + excluded.n; END;
  

    CREATE TABLE usage_day_campaign_firsts (
      day TEXT NOT NULL, campaign TEXT NOT NULL, source TEXT NOT NULL, medium TEXT NOT NULL, prev_day TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day, campaign, source, medium, prev_day)
    ) WITHOUT ROWID;
    INSERT INTO usage_day_campaign_firsts (day, campaign, source, medium, prev_day, n)
      SELECT r.day, r.campaign, r.source, coalesce(r.medium, ''), CASE WHEN r.prev_campaign_day IS NULL THEN '' WHEN r.prev_campaign_day >= date(r.day, 'start of month', '-1 month') THEN r.prev_campaign_day
      ELSE substr(r.prev_campaign_day, 1, 7) END, sum(1) FROM usage_visits r WHERE r.campaign IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5;
    CREATE TRIGGER usage_day_campaign_firsts_add AFTER INSERT ON usage_visits BEGIN INSERT INTO usage_day_campaign_firsts (day, campaign, source, medium, prev_day, n) SELECT NEW.day, NEW.campaign, NEW.source, coalesce(NEW.medium, ''), CASE WHEN NEW.prev_campaign_day IS NULL THEN '' WHEN NEW.prev_campaign_day >= date(NEW.day, 'start of month', '-1 month') THEN NEW.prev_campaign_day
      ELSE substr(NEW.prev_campaign_day, 1, 7) END, 1 WHERE NEW.campaign IS NOT NULL
       ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_day_campaign_firsts_take AFTER DELETE ON usage_visits BEGIN 
       UPDATE usage_day_campaign_firsts SET n = n - 1
         WHERE day = OLD.day AND campaign = OLD.campaign AND source = OLD.source AND medium = coalesce(OLD.medium, '') AND prev_day = CASE WHEN OLD.prev_campaign_day IS NULL THEN '' WHEN OLD.prev_campaign_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_campaign_day
      ELSE substr(OLD.prev_campaign_day, 1, 7) END AND OLD.campaign IS NOT NULL;
       DELETE FROM usage_day_campaign_firsts WHERE day = OLD.day AND campaign = OLD.campaign AND source = OLD.source AND medium = coalesce(OLD.medium, '') AND prev_day = CASE WHEN OLD.prev_campaign_day IS NULL THEN '' WHEN OLD.prev_campaign_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_campaign_day
      ELSE substr(OLD.prev_campaign_day, 1, 7) END AND n <= 0; END;
    CREATE TRIGGER usage_day_campaign_firsts_move AFTER UPDATE OF day, prev_campaign_day, campaign, source, medium ON usage_visits BEGIN 
       UPDATE usage_day_campaign_firsts SET n = n - 1
         WHERE day = OLD.day AND campaign = OLD.campaign AND source = OLD.source AND medium = coalesce(OLD.medium, '') AND prev_day = CASE WHEN OLD.prev_campaign_day IS NULL THEN '' WHEN OLD.prev_campaign_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_campaign_day
      ELSE substr(OLD.prev_campaign_day, 1, 7) END AND OLD.campaign IS NOT NULL;
       DELETE FROM usage_day_campaign_firsts WHERE day = OLD.day AND campaign = OLD.campaign AND source = OLD.source AND medium = coalesce(OLD.medium, '') AND prev_day = CASE WHEN OLD.prev_campaign_day IS NULL THEN '' WHEN OLD.prev_campaign_day >= date(OLD.day, 'start of month', '-1 month') THEN OLD.prev_campaign_day
      ELSE substr(OLD.prev_campaign_day, 1, 7) END AND n <= 0; INSERT INTO usage_day_campaign_firsts (day, campaign, source, medium, prev_day, n) SELECT NEW.day, NEW.campaign, NEW.source, coalesce(NEW.medium, ''), CASE WHEN NEW.prev_campaign_day IS NULL THEN '' WHEN NEW.prev_campaign_day >= date(NEW.day, 'start of month', '-1 month') THEN NEW.prev_campaign_day
      ELSE substr(NEW.prev_campaign_day, 1, 7) END, 1 WHERE NEW.campaign IS NOT NULL
       ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = n + excluded.n; END;
  

    CREATE TABLE usage_month_campaign_firsts (
      day TEXT NOT NULL, campaign TEXT NOT NULL, source TEXT NOT NULL, medium TEXT NOT NULL, prev_day TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (day, campaign, source, medium, prev_day)
    ) WITHOUT ROWID;
    INSERT INTO usage_month_campaign_firsts (day, campaign, source, medium, prev_day, n)
      SELECT substr(r.day, 1, 8) || '01', r.campaign, r.source, coalesce(r.medium, ''), coalesce(r.prev_campaign_day, ''), sum(1) FROM usage_visits r WHERE r.campaign IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5;
    CREATE TRIGGER usage_month_campaign_firsts_add AFTER INSERT ON usage_visits BEGIN INSERT INTO usage_month_campaign_firsts (day, campaign, source, medium, prev_day, n) SELECT substr(NEW.day, 1, 8) || '01', NEW.campaign, NEW.source, coalesce(NEW.medium, ''), coalesce(NEW.prev_campaign_day, ''), 1 WHERE NEW.campaign IS NOT NULL
       ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = n + excluded.n; END;
    CREATE TRIGGER usage_month_campaign_firsts_take AFTER DELETE ON usage_visits BEGIN 
       UPDATE usage_month_campaign_firsts SET n = n - 1
         WHERE day = substr(OLD.day, 1, 8) || '01' AND campaign = OLD.campaign AND source = OLD.source AND medium = coalesce(OLD.medium, '') AND prev_day = coalesce(OLD.prev_campaign_day, '') AND OLD.campaign IS NOT NULL;
       DELETE FROM usage_month_campaign_firsts WHERE day = substr(OLD.day, 1, 8) || '01' AND campaign = OLD.campaign AND source = OLD.source AND medium = coalesce(OLD.medium, '') AND prev_day = coalesce(OLD.prev_campaign_day, '') AND n <= 0; END;
    CREATE TRIGGER usage_month_campaign_firsts_move AFTER UPDATE OF day, prev_campaign_day, campaign, source, medium ON usage_visits BEGIN 
       UPDATE usage_month_campaign_firsts SET n = n - 1
         WHERE day = substr(OLD.day, 1, 8) || '01' AND campaign = OLD.campaign AND source = OLD.source AND medium = coalesce(OLD.medium, '') AND prev_day = coalesce(OLD.prev_campaign_day, '') AND OLD.campaign IS NOT NULL;
       DELETE FROM usage_month_campaign_firsts WHERE day = substr(OLD.day, 1, 8) || '01' AND campaign = OLD.campaign AND source = OLD.source AND medium = coalesce(OLD.medium, '') AND prev_day = coalesce(OLD.prev_campaign_day, '') AND n <= 0; INSERT INTO usage_month_campaign_firsts (day, campaign, source, medium, prev_day, n) SELECT substr(NEW.day, 1, 8) || '01', NEW.campaign, NEW.source, coalesce(NEW.medium, ''), coalesce(NEW.prev_campaign_day, ''), 1 WHERE NEW.campaign IS NOT NULL
       ON CONFLICT (day, campaign, source, medium, prev_day) DO UPDATE SET n = n + excluded.n; END;
