      ALTER TABLE leads ADD COLUMN first_source text, ADD COLUMN first_campaign text, ADD COLUMN first_landing text,
        ADD COLUMN visit_source text, ADD COLUMN visit_campaign text, ADD COLUMN visit_landing text;
      ALTER TABLE subscribers ADD COLUMN visitor_id text, ADD COLUMN first_source text, ADD COLUMN first_campaign text,
        ADD COLUMN first_landing text, ADD COLUMN visit_source text, ADD COLUMN visit_campaign text, ADD COLUMN visit_landing text;
