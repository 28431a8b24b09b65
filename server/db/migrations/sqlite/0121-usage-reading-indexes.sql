-- Issue 29: the 2-year report's visit groups read one covering index, not a visit row each.
    CREATE INDEX usage_visits_groups ON usage_visits (day, source, kind, campaign, medium, depth, prev_source_day, prev_campaign_day, g_contact_sent, g_newsletter_requested, g_subscription_confirmed, g_schedule_call, g_video_completed, g_feature_list_pdf);
    DROP INDEX usage_visits_day;
