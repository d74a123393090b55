-- Entrada schema, version 8: versions that let the server keep parsed copies of rows
-- that are read on every request but change rarely (issue 22).
--
-- Every attendee read lists the event's fields, and every API request looks its token
-- up. Triggers move a version at each change of those rows, whoever makes the change
-- (the server, a command line in another process, a sync, a migration), so a copy in
-- memory is used only while the version read in the same transaction still says it is
-- current (src/db/cache.rs). Field versions come from one counter for the whole
-- database, so an event id used again after a deletion never meets a version of the
-- event it replaces.

CREATE TABLE versions (
    name TEXT PRIMARY KEY,
    n    INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO versions (name, n) VALUES ('fields', 0), ('auth', 0);

ALTER TABLE events ADD COLUMN fields_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER attendee_fields_version_insert AFTER INSERT ON attendee_fields BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'fields';
    UPDATE events SET fields_version = (SELECT n FROM versions WHERE name = 'fields')
     WHERE id = NEW.event_id;
END;
CREATE TRIGGER attendee_fields_version_update AFTER UPDATE ON attendee_fields BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'fields';
    UPDATE events SET fields_version = (SELECT n FROM versions WHERE name = 'fields')
     WHERE id IN (OLD.event_id, NEW.event_id);
END;
CREATE TRIGGER attendee_fields_version_delete AFTER DELETE ON attendee_fields BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'fields';
    UPDATE events SET fields_version = (SELECT n FROM versions WHERE name = 'fields')
     WHERE id = OLD.event_id;
END;

-- What a token grants changes when a token, its client, or its person's membership or
-- account changes (revocation, expiry clean-up, a role, a disabled user). A new token
-- does not change what any other grants, so inserts of tokens and clients move nothing.
CREATE TRIGGER access_tokens_auth_update AFTER UPDATE ON access_tokens BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER access_tokens_auth_delete AFTER DELETE ON access_tokens BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER clients_auth_update AFTER UPDATE ON clients BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER clients_auth_delete AFTER DELETE ON clients BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER memberships_auth_insert AFTER INSERT ON memberships BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER memberships_auth_update AFTER UPDATE ON memberships BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER memberships_auth_delete AFTER DELETE ON memberships BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER users_auth_update AFTER UPDATE OF disabled_at ON users BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER users_auth_delete AFTER DELETE ON users BEGIN
    UPDATE versions SET n = n + 1 WHERE name = 'auth';
END;
