-- A person edited a parked entry's body: what the remote got is then not what this kiosk
-- holds, so settling it must not make the remote's answer the merge base (the next pull
-- takes the remote's record whole instead).
ALTER TABLE sync_outbox ADD COLUMN edited_at TEXT;
-- Bumped each time a person retries or edits a parked entry: part of the request's
-- Idempotency-Key, so the retry is a new request and not a replay of the refusal.
ALTER TABLE sync_outbox ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
