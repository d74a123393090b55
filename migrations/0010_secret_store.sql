-- Entrada schema, version 10: the remote's client secret in the OS secret store (issue 19).

-- 1: the secret is kept in the OS secret store (under this database's path) and the
-- client_secret column is empty; 0: it is in the column, as before.
ALTER TABLE sync_config ADD COLUMN secret_in_store INTEGER NOT NULL DEFAULT 0
    CHECK (secret_in_store IN (0, 1));
