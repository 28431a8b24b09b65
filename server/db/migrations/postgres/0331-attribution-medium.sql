      ALTER TABLE leads ADD COLUMN first_medium text;
      ALTER TABLE leads ADD COLUMN visit_medium text;
      ALTER TABLE subscribers ADD COLUMN first_medium text;
      ALTER TABLE subscribers ADD COLUMN visit_medium text;
