-- Entrada schema, version 14: a passphrase an organiser was shown is changed at the first
-- sign-in with it.
--
-- A passphrase made by `POST /kiosk/staff` or `POST /kiosk/staff/{id}/password` was seen
-- by the organiser who handed it over (issue 37, 7). Until the person chooses their own
-- at the sign-in page, signing in with it asks for a new one and gives no code.
ALTER TABLE users ADD COLUMN password_temporary INTEGER NOT NULL DEFAULT 0;
