-- The content editor's text as it is typed, kept every few seconds so no work is lost to a closed
-- tab or a crash (server/content/): one row per key and account, never a version of the key.
-- Saving a draft clears it; opening the key again brings it back.
CREATE TABLE content_autosaves (
  key text NOT NULL,
  account text NOT NULL,
  base_version integer NOT NULL,
  body text NOT NULL,
  saved_at timestamptz NOT NULL,
  PRIMARY KEY (key, account)
);
