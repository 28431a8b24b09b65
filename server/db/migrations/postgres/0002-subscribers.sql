      CREATE TABLE subscribers (
        id bigserial PRIMARY KEY,
        list text NOT NULL,
        email text NOT NULL,
        email_key text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        UNIQUE (list, email_key)
      );
