ALTER TABLE content_state ADD COLUMN published_claim text;
