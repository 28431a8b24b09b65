      ALTER TABLE subscribers ADD COLUMN confirm_nonce text;
      ALTER TABLE subscribers ADD COLUMN confirm_sent_at timestamptz;
      ALTER TABLE subscribers ADD COLUMN requested_at timestamptz;
