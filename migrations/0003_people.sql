-- Entrada schema, version 3: people, personal tokens (authorization code + PKCE),
-- refresh tokens, public clients.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name          TEXT NOT NULL,
    -- argon2 PHC string
    password_hash TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    disabled_at   TEXT
);

-- A user's role in an account: organiser (read write check_in) or door (read check_in).
CREATE TABLE memberships (
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    role        TEXT NOT NULL CHECK (role IN ('organiser', 'door')),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (user_id, account_id)
) WITHOUT ROWID;

-- Public clients (no secret: the kiosk UI, native apps) use the authorization-code grant
-- with PKCE and may only redirect to their registered URIs.
ALTER TABLE clients ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
ALTER TABLE clients ADD COLUMN redirect_uris TEXT NOT NULL DEFAULT '[]';

-- Personal access tokens carry the user; tokens of one sign-in share a family, so that
-- reuse of a spent refresh token can revoke everything that sign-in produced.
ALTER TABLE access_tokens ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE access_tokens ADD COLUMN family_id INTEGER;
CREATE INDEX access_tokens_family ON access_tokens(family_id);

CREATE TABLE authorization_codes (
    code_hash       BLOB PRIMARY KEY,
    client_id       INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    redirect_uri    TEXT NOT NULL,
    code_challenge  TEXT NOT NULL,
    scopes          TEXT NOT NULL,
    expires_at      INTEGER NOT NULL,
    used_at         INTEGER,
    -- The family of the tokens the code was exchanged for (to revoke them on reuse).
    family_id       INTEGER
) WITHOUT ROWID;

CREATE TABLE refresh_tokens (
    id          INTEGER PRIMARY KEY,
    token_hash  BLOB NOT NULL UNIQUE,
    family_id   INTEGER NOT NULL,
    client_id   INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    scopes      TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     TEXT,
    revoked_at  TEXT
);
CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);

-- The kiosk UI's own public client, present on every database so the UI works at once.
-- Its redirect URI is on loopback, which matches on any port (RFC 8252 7.3).
INSERT INTO clients (client_id, account_id, name, secret_hash, scopes, created_at, public, redirect_uris)
VALUES ('entrada-kiosk', (SELECT MIN(id) FROM accounts), 'Entrada kiosk', NULL,
        'read write check_in', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 1,
        '["http://127.0.0.1/oauth/callback", "http://localhost/oauth/callback"]');
