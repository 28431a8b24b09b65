-- Issue 25: confirmation-mail limits per inbox (mailbox_key: lower case, no +tag, no dots
-- where the provider ignores them, leads/mailbox.ts), per domain and per hour; a confirmation
-- over a budget waits (confirm_waiting_since) instead of being dropped. Existing rows get an
-- approximate key (lower case): their mails are older than any limit's window soon enough.
      ALTER TABLE subscribers ADD COLUMN mailbox_key TEXT;
      ALTER TABLE subscribers ADD COLUMN mailbox_domain TEXT;
      ALTER TABLE subscribers ADD COLUMN confirm_waiting_since TEXT;
      UPDATE subscribers SET mailbox_key = email_key, mailbox_domain = substr(email_key, instr(email_key, '@') + 1);
      CREATE INDEX subscribers_mailbox ON subscribers (mailbox_key, confirm_sent_at);
      CREATE INDEX subscribers_domain_sent ON subscribers (mailbox_domain, confirm_sent_at);
      CREATE INDEX subscribers_sent ON subscribers (confirm_sent_at);
      CREATE INDEX subscribers_waiting ON subscribers (confirm_waiting_since) WHERE confirm_waiting_since IS NOT NULL;
