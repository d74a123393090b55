-- Entrada schema, version 4: sync with a remote v2 server (SYNC.md).

-- The kiosk's one remote. The client secret has to be sent to the remote, so it cannot be
-- hashed: it is stored as given, never logged, and no API returns it.
CREATE TABLE sync_config (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    base_url      TEXT NOT NULL,
    auth_url      TEXT NOT NULL,
    client_id     TEXT NOT NULL,
    client_secret TEXT NOT NULL,
    -- JSON array of the remote event ids to mirror.
    events        TEXT NOT NULL,
    -- The local account the events are mirrored into.
    account_id    INTEGER NOT NULL REFERENCES accounts(id),
    -- Random, made once: names this kiosk in its idempotency keys and conflict records.
    kiosk_id      TEXT NOT NULL,
    -- Bumped by every change, so a running server notices a new configuration.
    version       INTEGER NOT NULL DEFAULT 1,
    updated_at    TEXT NOT NULL
);

-- Local record <-> remote record. Local ids never change; rows outlive deleted local
-- records so that a queued delete can still name its remote record.
CREATE TABLE sync_map (
    kind            TEXT NOT NULL
        CHECK (kind IN ('event', 'registration_type', 'session', 'field', 'attendee')),
    local_id        INTEGER NOT NULL,
    remote_id       INTEGER NOT NULL,
    remote_event_id INTEGER NOT NULL,
    -- Attendees: the remote record as last pulled (JSON), the base of the per-member merge.
    base            TEXT,
    PRIMARY KEY (kind, local_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX sync_map_remote ON sync_map(kind, remote_event_id, remote_id);

-- Local changes the remote has not confirmed, in the order they were made. Written in the
-- same transaction as the change; removed only when the remote has confirmed it.
CREATE TABLE sync_outbox (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id       INTEGER NOT NULL,
    kind           TEXT NOT NULL CHECK (kind IN
        ('attendee_create', 'attendee_update', 'check_in', 'check_out', 'undo',
         'field_create', 'field_update', 'field_delete')),
    -- The local attendee or field the change is about.
    record_id      INTEGER NOT NULL,
    -- What to send, with local ids (resolved to remote ids when it is sent).
    body           TEXT NOT NULL,
    device         TEXT,
    created_at     TEXT NOT NULL,
    attempts       INTEGER NOT NULL DEFAULT 0,
    -- Set when a request for it left: its answer may have been lost.
    sent_at        TEXT,
    next_try_at    TEXT,
    -- Parked: the remote refused it for good; a person decides (retry, edit, drop).
    parked_at      TEXT,
    parked_status  INTEGER,
    parked_message TEXT
);
CREATE INDEX sync_outbox_record ON sync_outbox(record_id);

-- What staff must see: two kiosks admitted one ticket, an attendee edited on both sides,
-- a record deleted on the remote while changed here.
CREATE TABLE sync_conflicts (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('duplicate_entry', 'edit', 'deleted_remotely')),
    event_id    INTEGER,
    attendee_id INTEGER,
    details     TEXT NOT NULL,
    created_at  TEXT NOT NULL
);

CREATE TABLE sync_state (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    online          INTEGER NOT NULL DEFAULT 0,
    remote_entrada  INTEGER,
    last_attempt_at TEXT,
    last_success_at TEXT,
    last_error      TEXT,
    -- The process running a round (its pid) and until when (unix seconds).
    lease_owner     TEXT,
    lease_until     INTEGER
);
INSERT INTO sync_state (id) VALUES (1);

-- Per mirrored event: where the next incremental pull starts (Entrada remotes).
CREATE TABLE sync_cursors (
    remote_event_id INTEGER PRIMARY KEY,
    updated_since   TEXT,
    pulled_at       TEXT
);

-- A walk-in's own code kept beside the code a spec-only remote gave it, so the badge
-- printed here still scans here.
CREATE TABLE attendee_code_aliases (
    attendee_id INTEGER PRIMARY KEY REFERENCES attendees(id) ON DELETE CASCADE,
    event_id    INTEGER NOT NULL,
    code        TEXT NOT NULL
);
CREATE UNIQUE INDEX attendee_code_aliases_code ON attendee_code_aliases(event_id, code);
