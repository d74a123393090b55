-- Entrada schema, version 1.
-- Timestamps are RFC 3339 UTC text with millisecond precision ("2026-11-22T10:32:00.000Z"),
-- which sorts lexicographically in time order; token expiry is unix seconds for cheap comparison.

CREATE TABLE accounts (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Every database starts with one account so that a fresh kiosk works without setup.
INSERT INTO accounts (name) VALUES ('Default');

-- OAuth clients (machine-to-machine). Secrets are argon2 PHC strings, never the secret itself.
CREATE TABLE clients (
    id          INTEGER PRIMARY KEY,
    client_id   TEXT NOT NULL UNIQUE,
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    name        TEXT NOT NULL,
    secret_hash TEXT,
    scopes      TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    revoked_at  TEXT
);
CREATE INDEX clients_account ON clients(account_id);

-- Access tokens are stored as the SHA-256 of the token; the token itself is only ever
-- in the response that issued it.
CREATE TABLE access_tokens (
    id          INTEGER PRIMARY KEY,
    token_hash  BLOB NOT NULL UNIQUE,
    client_id   INTEGER NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    scopes      TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    expires_at  INTEGER NOT NULL,
    revoked_at  TEXT
);
CREATE INDEX access_tokens_client ON access_tokens(client_id);
CREATE INDEX access_tokens_expiry ON access_tokens(expires_at);

CREATE TABLE events (
    id          INTEGER PRIMARY KEY,
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    name        TEXT NOT NULL,
    starts_at   TEXT,
    ends_at     TEXT,
    timezone    TEXT,
    location    TEXT,
    -- Kept by the triggers below: counting 100,000 index entries per list page is too slow.
    attendee_count INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX events_account ON events(account_id, id);

CREATE TABLE registration_types (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    capacity    INTEGER,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX registration_types_event ON registration_types(event_id, id);

CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    starts_at   TEXT,
    ends_at     TEXT,
    capacity    INTEGER,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX sessions_event ON sessions(event_id, id);

CREATE TABLE attendees (
    id                   INTEGER PRIMARY KEY,
    event_id             INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    first_name           TEXT NOT NULL,
    last_name            TEXT,
    email                TEXT,
    job_title            TEXT,
    phone                TEXT,
    company              TEXT,
    registration_type_id INTEGER REFERENCES registration_types(id),
    rsvp_status          TEXT NOT NULL DEFAULT 'confirmed'
        CHECK (rsvp_status IN ('unconfirmed', 'confirmed', 'declined', 'waitlisted', 'pending_approval')),
    checkin_status       TEXT NOT NULL DEFAULT 'not_checked_in'
        CHECK (checkin_status IN ('not_checked_in', 'checked_in', 'checked_out')),
    qr_code              TEXT NOT NULL,
    created_at           TEXT NOT NULL,
    updated_at           TEXT NOT NULL,
    UNIQUE (event_id, qr_code)
);
CREATE INDEX attendees_event ON attendees(event_id, id);
-- Scans look a code up across the account's events (to tell "wrong event" from "not found").
CREATE INDEX attendees_qr_code ON attendees(qr_code);
CREATE INDEX attendees_registration_type ON attendees(registration_type_id);

CREATE TRIGGER attendees_count_insert AFTER INSERT ON attendees BEGIN
    UPDATE events SET attendee_count = attendee_count + 1 WHERE id = NEW.event_id;
END;
CREATE TRIGGER attendees_count_delete AFTER DELETE ON attendees BEGIN
    UPDATE events SET attendee_count = attendee_count - 1 WHERE id = OLD.event_id;
END;

-- The event's form questions. `options` is a JSON array of strings.
CREATE TABLE attendee_fields (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    label       TEXT NOT NULL,
    name        TEXT NOT NULL,
    type        TEXT NOT NULL,
    required    INTEGER NOT NULL DEFAULT 0,
    position    INTEGER NOT NULL,
    options     TEXT NOT NULL DEFAULT '[]',
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    UNIQUE (event_id, name)
);
CREATE INDEX attendee_fields_event ON attendee_fields(event_id, position);

-- One answer per attendee and field; `value` is the JSON of the answer. Deleting a field
-- or an attendee takes its answers with it.
CREATE TABLE attendee_answers (
    attendee_id INTEGER NOT NULL REFERENCES attendees(id) ON DELETE CASCADE,
    field_id    INTEGER NOT NULL REFERENCES attendee_fields(id) ON DELETE CASCADE,
    value       TEXT NOT NULL,
    PRIMARY KEY (attendee_id, field_id)
) WITHOUT ROWID;
CREATE INDEX attendee_answers_field ON attendee_answers(field_id);
