-- The venue hub's identity (issue 20, HUB.md): its TLS key and self-signed certificate,
-- made at the first start with --hub and kept here, so that the database's encryption
-- covers the key and a restored backup keeps the fingerprint every kiosk pinned.
CREATE TABLE hub_identity (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    -- The hub's own id: its mDNS host name is entrada-<id>.local.
    hub_id TEXT NOT NULL,
    cert_der BLOB NOT NULL,
    key_der BLOB NOT NULL,
    created_at TEXT NOT NULL
);
