-- Entrada schema, version 12: pairing kiosks with the venue hub (issue 20, HUB.md).

-- One-time pairing codes, made on the hub. Only the code's SHA-256 is kept: it is the key
-- of the enrolment proofs (src/hub/pairing.rs). A code is used once, lives ten minutes,
-- and is void after too many failed enrolments (failures counts them, from anywhere).
CREATE TABLE hub_codes (
    id          INTEGER PRIMARY KEY,
    code_key    BLOB NOT NULL UNIQUE,
    -- The account whose events the kiosk mirrors, and whose client it gets.
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    -- JSON array of event ids to mirror; NULL: every event of the account at enrolment.
    events      TEXT,
    created_at  TEXT NOT NULL,
    -- Unix seconds.
    expires_at  INTEGER NOT NULL,
    used_at     TEXT,
    failures    INTEGER NOT NULL DEFAULT 0
);

-- Kiosks that joined this hub: each has an OAuth client of its own (clients), which the
-- hub's Devices screen lists and can revoke.
CREATE TABLE hub_devices (
    client_id       TEXT PRIMARY KEY REFERENCES clients(client_id),
    name            TEXT NOT NULL,
    door            TEXT NOT NULL DEFAULT '',
    joined_at       TEXT NOT NULL,
    -- The kiosk's last request that carried its pending count (`Entrada-Pending`).
    last_contact_at TEXT,
    pending         INTEGER
);

-- What the hub's pairing card says besides its certificate, as of its last start: its
-- name and its HTTPS addresses (JSON array), so that `entrada hub code` can print a card
-- for a hub that runs without a screen.
ALTER TABLE hub_identity ADD COLUMN name TEXT;
ALTER TABLE hub_identity ADD COLUMN urls TEXT;

-- A kiosk joined to a hub: the hub's certificate, pinned by its SHA-256 (64 hex digits),
-- and its name. NULL for a remote reached over the usual web PKI.
ALTER TABLE sync_config ADD COLUMN pinned_fingerprint TEXT;
ALTER TABLE sync_config ADD COLUMN hub_name TEXT;

-- A check-in decided at a joined kiosk while its question to the hub went unanswered:
-- the question as it was put (JSON: {"path", "body", "key"}). The push puts the same
-- question again with the same idempotency key, so that a hub that did receive it
-- answers what it answered then, and the check-in is never counted twice.
ALTER TABLE sync_outbox ADD COLUMN hub_question TEXT;
