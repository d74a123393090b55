-- Entrada schema, version 13: a person's place in one account is that account's alone.
--
-- An organiser manages the people of their own account and nothing of the person beyond
-- it (issue 36): the name the account knows them by, their role and whether they are
-- disabled are kept on the membership. A membership made for an email that already
-- signs in on this kiosk is an invitation (accepted_at NULL) that grants nothing until
-- the person, signed in with their own passphrase, accepts it.

-- The name this account knows the person by; NULL: the person's own name.
ALTER TABLE memberships ADD COLUMN name TEXT;
-- Disabled in this account only (the person may still work in their other accounts).
ALTER TABLE memberships ADD COLUMN disabled_at TEXT;
-- NULL while the membership is an invitation the person has not accepted.
ALTER TABLE memberships ADD COLUMN accepted_at TEXT;
UPDATE memberships SET accepted_at = created_at;
