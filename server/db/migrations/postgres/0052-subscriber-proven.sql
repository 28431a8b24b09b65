ALTER TABLE subscribers ADD COLUMN confirm_proven boolean NOT NULL DEFAULT false;
