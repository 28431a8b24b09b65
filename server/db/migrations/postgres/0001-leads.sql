      CREATE TABLE leads (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL,
        domain text NOT NULL,
        type text NOT NULL,
        name text NOT NULL,
        email text NOT NULL,
        subject text NOT NULL,
        details text NOT NULL
      );
      CREATE INDEX leads_created_at ON leads (created_at);
