-- utm_medium of a lead's or subscriber's first and sending visit ("cpc", "email"), for the CRM's CSV.
      ALTER TABLE leads ADD COLUMN first_medium TEXT;
      ALTER TABLE leads ADD COLUMN visit_medium TEXT;
      ALTER TABLE subscribers ADD COLUMN first_medium TEXT;
      ALTER TABLE subscribers ADD COLUMN visit_medium TEXT;
