      ALTER TABLE subscribers ADD COLUMN mailbox_key text;
      ALTER TABLE subscribers ADD COLUMN mailbox_domain text;
      ALTER TABLE subscribers ADD COLUMN confirm_waiting_since timestamptz;
      UPDATE subscribers SET mailbox_key = email_key, mailbox_domain = split_part(email_key, '@', 2);
      CREATE INDEX subscribers_mailbox ON subscribers (mailbox_key, confirm_sent_at);
      CREATE INDEX subscribers_domain_sent ON subscribers (mailbox_domain, confirm_sent_at);
      CREATE INDEX subscribers_sent ON subscribers (confirm_sent_at);
      CREATE INDEX subscribers_waiting ON subscribers (confirm_waiting_since) WHERE confirm_waiting_since IS NOT NULL;
