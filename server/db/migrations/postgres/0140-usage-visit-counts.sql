-- Issue 31: page views, vitals and video plays per visit, so they follow the Usage page's filters.
    CREATE TABLE usage_visit_counts (
      visit_id bigint NOT NULL, day text NOT NULL, metric text NOT NULL,
      name text NOT NULL, value double precision NOT NULL, n bigint NOT NULL,
      PRIMARY KEY (visit_id, day, metric, name, value)
    );
    CREATE INDEX usage_visit_counts_day ON usage_visit_counts (day);
  
    INSERT INTO usage_visit_counts (visit_id, day, metric, name, value, n)
      SELECT v.id, to_char(e.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), e.metric, e.name, e.value, count(*)
      FROM (
        SELECT uid, received_at,
          CASE WHEN type = 'pageview' THEN 'view' WHEN type = 'vital' THEN action
            WHEN action = 'start' THEN 'video:start' ELSE 'video:complete' END AS metric,
          CASE WHEN type = 'pageview' THEN page WHEN type = 'vital' THEN '' ELSE coalesce(label, '') END AS name,
          CASE WHEN type = 'vital' THEN value ELSE 0 END AS value
        FROM analytics_events
        WHERE type = 'pageview' OR (type = 'vital' AND value IS NOT NULL)
          OR (type = 'event' AND category = 'video' AND action IN ('start', 'complete'))
      ) e
      JOIN usage_visits v ON v.id = (
        SELECT x.id FROM usage_visits x WHERE x.uid = e.uid AND x.start_at <= e.received_at ORDER BY x.start_at DESC, x.id DESC LIMIT 1)
      WHERE e.received_at < v.end_at + 1800000 * interval '1 millisecond'
      GROUP BY 1, 2, 3, 4, 5;
