-- Issue 29: a lead keeps the visitor id it was sent with, for the erase of its measurement rows.
ALTER TABLE leads ADD COLUMN visitor_id text;
