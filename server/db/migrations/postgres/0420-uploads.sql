      CREATE TABLE uploads (
        id text PRIMARY KEY,
        ref text NOT NULL,
        original_name text NOT NULL,
        bytes integer NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        type text NOT NULL,
        account text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX uploads_created ON uploads (created_at);
      CREATE TABLE upload_variants (
        path text PRIMARY KEY,
        upload_id text NOT NULL,
        body bytea NOT NULL
      );
      CREATE INDEX upload_variants_upload ON upload_variants (upload_id);
