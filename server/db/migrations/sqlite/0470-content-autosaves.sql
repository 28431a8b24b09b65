-- The content editor's text as it is typed, kept every few seconds so no work is lost to a closed
-- tab or a crash (server/content/): one row per key and account, never a version of the key.
-- Saving a draft clears it; opening the key again brings it back.
CREATE TABLE content_autosaves (
  key TEXT NOT NULL,
  account TEXT NOT NULL,
  base_version INTEGER NOT NULL, -- the saved version the text was typed on; 0: the original text
  body TEXT NOT NULL,
  saved_at TEXT NOT NULL,
  PRIMARY KEY (key, account)
);
