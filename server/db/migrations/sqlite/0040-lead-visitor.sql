-- Issue 29: a lead keeps the visitor id it was sent with (as a subscriber does since 0020),
-- so erasing the person erases the measurement rows of their visits too.
ALTER TABLE leads ADD COLUMN visitor_id TEXT;
