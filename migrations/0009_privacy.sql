-- Entrada schema, version 9: erasure of personal data and retention (issue 19).

-- Per event: erase the attendees' personal data this many days after the event ends
-- (null: never, the default). `purged_at` is when the server or `entrada purge` last
-- erased the event's attendees; attendees added after it are erased at the next pass.
ALTER TABLE events ADD COLUMN retention_days INTEGER CHECK (retention_days >= 1);
ALTER TABLE events ADD COLUMN purged_at TEXT;

-- An erased attendee leaves no token behind in the search index: with FTS5's
-- secure-delete a 'delete' removes the entry from the index at once, instead of
-- recording a delete marker beside the old tokens until the next merge of segments.
INSERT INTO attendees_fts (attendees_fts, rank) VALUES ('secure-delete', 1);

-- The outbox learns a new kind, `attendee_delete` (an erasure, sent as DELETE of the
-- remote attendee). SQLite cannot change a CHECK constraint, so the table is rebuilt.
-- Its AUTOINCREMENT counter is carried over: entry ids are part of the idempotency keys
-- sent to the remote, and an id used again could meet a stored answer of another entry.
CREATE TABLE sync_outbox_new (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id       INTEGER NOT NULL,
    kind           TEXT NOT NULL CHECK (kind IN
        ('attendee_create', 'attendee_update', 'attendee_delete', 'check_in', 'check_out',
         'undo', 'field_create', 'field_update', 'field_delete')),
    record_id      INTEGER NOT NULL,
    body           TEXT NOT NULL,
    device         TEXT,
    created_at     TEXT NOT NULL,
    attempts       INTEGER NOT NULL DEFAULT 0,
    sent_at        TEXT,
    next_try_at    TEXT,
    parked_at      TEXT,
    parked_status  INTEGER,
    parked_message TEXT,
    edited_at      TEXT,
    generation     INTEGER NOT NULL DEFAULT 0
);
INSERT INTO sync_outbox_new (id, event_id, kind, record_id, body, device, created_at, attempts,
        sent_at, next_try_at, parked_at, parked_status, parked_message, edited_at, generation)
    SELECT id, event_id, kind, record_id, body, device, created_at, attempts, sent_at,
        next_try_at, parked_at, parked_status, parked_message, edited_at, generation
    FROM sync_outbox;
DELETE FROM sqlite_sequence WHERE name = 'sync_outbox_new';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'sync_outbox_new', seq FROM sqlite_sequence WHERE name = 'sync_outbox';
DROP TABLE sync_outbox;
ALTER TABLE sync_outbox_new RENAME TO sync_outbox;
CREATE INDEX sync_outbox_record ON sync_outbox(record_id);
