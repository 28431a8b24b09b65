-- When and how a subscriber left: by the link in a mail (or its one-click unsubscribe), or by
-- hand in the console. Those who left before this migration keep their last change as the day
-- they left (nothing else changes an unsubscribed row); how is not known for them.
ALTER TABLE subscribers ADD COLUMN left_at timestamptz;
ALTER TABLE subscribers ADD COLUMN left_by text CHECK (left_by IN ('link', 'console'));
UPDATE subscribers SET left_at = updated_at WHERE status = 'unsubscribed';
