-- Issue 31: devices and browsers per visit (categories only), and paid visits apart from unpaid.
    ALTER TABLE analytics_events ADD COLUMN device TEXT; ALTER TABLE analytics_events ADD COLUMN browser TEXT;
    ALTER TABLE usage_visits ADD COLUMN device TEXT; ALTER TABLE usage_visits ADD COLUMN browser TEXT;
    ALTER TABLE usage_visits ADD COLUMN exit_page TEXT;
    CREATE TABLE usage_day_dimensions (
      day TEXT NOT NULL, landing TEXT NOT NULL, exit_page TEXT NOT NULL, device TEXT NOT NULL,
      browser TEXT NOT NULL, visits INTEGER NOT NULL,
      leads INTEGER NOT NULL,
      PRIMARY KEY (day, landing, exit_page, device, browser)
    ) WITHOUT ROWID;
    UPDATE usage_visits SET source = source || ' (paid)', kind = 'paid'
      WHERE lower(medium) IN ('cpc', 'ppc', 'paid', 'paidsearch', 'paid-search', 'paid_search', 'paid-social', 'paid_social') AND source <> 'Direct';
    
  INSERT INTO usage_day_dimensions (day, landing, exit_page, device, browser, visits, leads)
    SELECT day, landing, coalesce(exit_page, 'unknown'), coalesce(device, 'unknown'),
      coalesce(browser, 'unknown'), count(*), sum(g_contact_sent)
    FROM usage_visits GROUP BY 1, 2, 3, 4, 5;
