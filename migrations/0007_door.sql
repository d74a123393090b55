-- Entrada schema, version 7: the door (issue 17).

-- A note for door staff and a "needs attention" flag per attendee: scanning a flagged
-- attendee to check in waits for a door person's "Admit" (pretix's "requires special
-- attention"). Local extensions: a sync neither sends nor overwrites them.
ALTER TABLE attendees ADD COLUMN door_note TEXT;
ALTER TABLE attendees ADD COLUMN needs_attention INTEGER NOT NULL DEFAULT 0
    CHECK (needs_attention IN (0, 1));

-- Per event: ask the attendee's missing required answers at the door.
ALTER TABLE events ADD COLUMN door_questions INTEGER NOT NULL DEFAULT 0
    CHECK (door_questions IN (0, 1));

-- The history records the two new waiting outcomes. SQLite cannot change a CHECK
-- constraint, so the table is rebuilt (nothing references it; it has no triggers).
CREATE TABLE check_ins_new (
    id           INTEGER PRIMARY KEY,
    event_id     INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    attendee_id  INTEGER REFERENCES attendees(id) ON DELETE CASCADE,
    session_id   INTEGER REFERENCES sessions(id) ON DELETE CASCADE,
    action       TEXT NOT NULL CHECK (action IN ('check_in', 'check_out', 'undo')),
    outcome      TEXT NOT NULL CHECK (outcome IN
        ('ok', 'already_checked_in', 'not_checked_in', 'not_found', 'wrong_event', 'not_allowed',
         'needs_attention', 'needs_answers')),
    code         TEXT,
    device       TEXT,
    client_id    TEXT,
    user_id      INTEGER,
    created_at   TEXT NOT NULL
);
INSERT INTO check_ins_new SELECT id, event_id, attendee_id, session_id, action, outcome, code,
    device, client_id, user_id, created_at FROM check_ins;
DROP TABLE check_ins;
ALTER TABLE check_ins_new RENAME TO check_ins;
CREATE INDEX check_ins_event ON check_ins(event_id, id);
CREATE INDEX check_ins_attendee ON check_ins(attendee_id, id);
