-- Entrada schema, version 6: the first run (issue 16).

-- The demo event an organiser can try the kiosk with: marked, so that the UI shows it as
-- a demo everywhere and "remove demo data" removes exactly it.
ALTER TABLE events ADD COLUMN demo INTEGER NOT NULL DEFAULT 0;

-- When a person last signed in (the Staff screen shows it).
ALTER TABLE users ADD COLUMN last_sign_in_at TEXT;
