-- Issue 21: where a lead's visitor first came from and the visit it was sent in (source,
-- campaign, landing page), kept with the lead and the subscriber; the subscriber also keeps
-- the visitor id, so its confirmation counts as a goal of that visitor.
      ALTER TABLE leads ADD COLUMN first_source TEXT;
      ALTER TABLE leads ADD COLUMN first_campaign TEXT;
      ALTER TABLE leads ADD COLUMN first_landing TEXT;
      ALTER TABLE leads ADD COLUMN visit_source TEXT;
      ALTER TABLE leads ADD COLUMN visit_campaign TEXT;
      ALTER TABLE leads ADD COLUMN visit_landing TEXT;
      ALTER TABLE subscribers ADD COLUMN visitor_id TEXT;
      ALTER TABLE subscribers ADD COLUMN first_source TEXT;
      ALTER TABLE subscribers ADD COLUMN first_campaign TEXT;
      ALTER TABLE subscribers ADD COLUMN first_landing TEXT;
      ALTER TABLE subscribers ADD COLUMN visit_source TEXT;
      ALTER TABLE subscribers ADD COLUMN visit_campaign TEXT;
      ALTER TABLE subscribers ADD COLUMN visit_landing TEXT;
