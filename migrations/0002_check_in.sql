-- Entrada schema, version 2: the check-in engine.

-- Every check-in, check-out and undo, door or session, and every refused attempt
-- (unknown code, already checked in, refused RSVP): append-only.
CREATE TABLE check_ins (
    id           INTEGER PRIMARY KEY,
    event_id     INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    -- Null for a scan whose code matched no attendee of the event.
    attendee_id  INTEGER REFERENCES attendees(id) ON DELETE CASCADE,
    session_id   INTEGER REFERENCES sessions(id) ON DELETE CASCADE,
    action       TEXT NOT NULL CHECK (action IN ('check_in', 'check_out', 'undo')),
    outcome      TEXT NOT NULL CHECK (outcome IN
        ('ok', 'already_checked_in', 'not_checked_in', 'not_found', 'wrong_event', 'not_allowed')),
    -- What was scanned, for scans; null for operations by attendee id.
    code         TEXT,
    device       TEXT,
    client_id    TEXT,
    user_id      INTEGER,
    created_at   TEXT NOT NULL
);
CREATE INDEX check_ins_event ON check_ins(event_id, id);
CREATE INDEX check_ins_attendee ON check_ins(attendee_id, id);

-- Presence in sessions, tracked apart from the door state (attendees.checkin_status).
CREATE TABLE session_presence (
    attendee_id  INTEGER NOT NULL REFERENCES attendees(id) ON DELETE CASCADE,
    session_id   INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    status       TEXT NOT NULL CHECK (status IN ('not_checked_in', 'checked_in', 'checked_out')),
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (attendee_id, session_id)
) WITHOUT ROWID;
CREATE INDEX session_presence_session ON session_presence(session_id, status);

-- Stored first answers of requests sent with an Idempotency-Key, per sender.
CREATE TABLE idempotency_keys (
    principal    TEXT NOT NULL,
    key          TEXT NOT NULL,
    fingerprint  BLOB NOT NULL,
    status       INTEGER NOT NULL,
    body         BLOB NOT NULL,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (principal, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_age ON idempotency_keys(created_at);

-- List filters.
CREATE INDEX attendees_event_status ON attendees(event_id, checkin_status, id);
CREATE INDEX attendees_event_updated ON attendees(event_id, updated_at);

-- Search over names, email and company (the `q` filter), kept in step by triggers.
CREATE VIRTUAL TABLE attendees_fts USING fts5(
    first_name, last_name, email, company,
    content = 'attendees', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO attendees_fts (rowid, first_name, last_name, email, company)
    SELECT id, first_name, last_name, email, company FROM attendees;
CREATE TRIGGER attendees_fts_insert AFTER INSERT ON attendees BEGIN
    INSERT INTO attendees_fts (rowid, first_name, last_name, email, company)
    VALUES (NEW.id, NEW.first_name, NEW.last_name, NEW.email, NEW.company);
END;
CREATE TRIGGER attendees_fts_delete AFTER DELETE ON attendees BEGIN
    INSERT INTO attendees_fts (attendees_fts, rowid, first_name, last_name, email, company)
    VALUES ('delete', OLD.id, OLD.first_name, OLD.last_name, OLD.email, OLD.company);
END;
CREATE TRIGGER attendees_fts_update AFTER UPDATE OF first_name, last_name, email, company ON attendees BEGIN
    INSERT INTO attendees_fts (attendees_fts, rowid, first_name, last_name, email, company)
    VALUES ('delete', OLD.id, OLD.first_name, OLD.last_name, OLD.email, OLD.company);
    INSERT INTO attendees_fts (rowid, first_name, last_name, email, company)
    VALUES (NEW.id, NEW.first_name, NEW.last_name, NEW.email, NEW.company);
END;
