      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,           -- 16 hex digits of the original's SHA-256 (common/uploads.ts)
        ref TEXT NOT NULL,             -- /assets/uploads/<id>-<width>x<height>
        original_name TEXT NOT NULL,
        bytes INTEGER NOT NULL,        -- the original's size
        width INTEGER NOT NULL,        -- after EXIF orientation
        height INTEGER NOT NULL,
        type TEXT NOT NULL,            -- png, jpeg or webp, read from the bytes
        account TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX uploads_created ON uploads (created_at);
      CREATE TABLE upload_variants (
        path TEXT PRIMARY KEY,         -- /assets/uploads/<id>-<w>x<h>-<variant width>.<avif|webp>
        upload_id TEXT NOT NULL,
        body BLOB NOT NULL
      );
      CREATE INDEX upload_variants_upload ON upload_variants (upload_id);
