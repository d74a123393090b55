//! The hub's identity: an ECDSA P-256 key and a self-signed certificate, made once at the
//! first start as a hub and kept in the database (encrypted with it, carried by its
//! backups). Kiosks pin the certificate by its SHA-256 fingerprint, not by name or
//! address, so the certificate is never made again when the hub's address changes: that
//! would break every kiosk's pin.

use rusqlite::{Connection, OptionalExtension as _, params};
use sha2::Digest as _;

use crate::error::{Error, Result};

/// A hub's key and certificate.
#[derive(Clone)]
pub struct Identity {
    /// The hub's own id (16 hex digits); its mDNS host name is `entrada-<id>.local`.
    pub hub_id: String,
    pub cert_der: Vec<u8>,
    /// The private key, PKCS#8 DER.
    pub key_der: zeroize::Zeroizing<Vec<u8>>,
}

impl std::fmt::Debug for Identity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Identity")
            .field("hub_id", &self.hub_id)
            .field("fingerprint", &self.fingerprint())
            .finish_non_exhaustive()
    }
}

impl Identity {
    /// The SHA-256 of the DER certificate.
    pub fn fingerprint_bytes(&self) -> [u8; 32] {
        sha2::Sha256::digest(&self.cert_der).into()
    }

    /// The fingerprint as 64 lower-case hex digits (what `openssl x509 -outform der |
    /// sha256sum` prints).
    pub fn fingerprint(&self) -> String {
        hex::encode(self.fingerprint_bytes())
    }

    /// The mDNS host name.
    pub fn host_name(&self) -> String {
        format!("entrada-{}.local", self.hub_id)
    }

    /// Makes a new identity: a random id, a P-256 key, and a certificate naming the hub's
    /// host name and `localhost` (names are not what kiosks check; they help a person who
    /// opens the address in a browser see which hub it is).
    pub fn generate() -> Result<Identity> {
        use rand::Rng as _;
        let bits: u64 = rand::rng().random();
        let hub_id = format!("{bits:016x}");
        let key = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256)
            .map_err(|e| Error::internal(format!("cannot make the hub's key: {e}")))?;
        let host = format!("entrada-{hub_id}.local");
        let mut params = rcgen::CertificateParams::new(vec![host.clone(), "localhost".into()])
            .map_err(|e| Error::internal(format!("cannot make the hub's certificate: {e}")))?;
        let mut name = rcgen::DistinguishedName::new();
        name.push(rcgen::DnType::CommonName, format!("Entrada hub {host}"));
        params.distinguished_name = name;
        let cert = params
            .self_signed(&key)
            .map_err(|e| Error::internal(format!("cannot sign the hub's certificate: {e}")))?;
        Ok(Identity {
            hub_id,
            cert_der: cert.der().to_vec(),
            key_der: zeroize::Zeroizing::new(key.serialize_der()),
        })
    }
}

/// The stored identity, if this database has been a hub.
pub fn stored(conn: &Connection) -> Result<Option<Identity>> {
    conn.query_row(
        "SELECT hub_id, cert_der, key_der FROM hub_identity WHERE id = 1",
        [],
        |r| {
            Ok(Identity {
                hub_id: r.get(0)?,
                cert_der: r.get(1)?,
                key_der: zeroize::Zeroizing::new(r.get(2)?),
            })
        },
    )
    .optional()
    .map_err(Error::from)
}

/// The stored identity, or a new one stored now (run in the writer: one transaction).
pub fn load_or_make(conn: &Connection) -> Result<Identity> {
    if let Some(identity) = stored(conn)? {
        return Ok(identity);
    }
    let identity = Identity::generate()?;
    conn.execute(
        "INSERT INTO hub_identity (id, hub_id, cert_der, key_der, created_at)
         VALUES (1, ?1, ?2, ?3, ?4)",
        params![
            identity.hub_id,
            identity.cert_der,
            identity.key_der.as_slice(),
            crate::domain::time::now()
        ],
    )?;
    tracing::info!(fingerprint = %identity.fingerprint(), "made the hub's certificate");
    Ok(identity)
}

/// Keeps what the running hub's pairing card says besides the certificate (its name and
/// addresses), for `entrada hub code`.
pub fn remember(conn: &Connection, name: &str, urls: &[String]) -> Result<()> {
    let urls = serde_json::to_string(urls).map_err(Error::internal)?;
    conn.execute(
        "UPDATE hub_identity SET name = ?1, urls = ?2 WHERE id = 1",
        params![name, urls],
    )?;
    Ok(())
}

/// The hub as of its last start: what [`remember`] kept, with the identity. None when
/// this database has never served as a hub.
pub fn last_started(conn: &Connection) -> Result<Option<super::HubInfo>> {
    let Some(identity) = stored(conn)? else {
        return Ok(None);
    };
    let (name, urls): (Option<String>, Option<String>) = conn.query_row(
        "SELECT name, urls FROM hub_identity WHERE id = 1",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok(Some(super::HubInfo {
        name: name.unwrap_or_else(|| super::discovery::default_name(&identity.hub_id)),
        hub_id: identity.hub_id.clone(),
        fingerprint_bytes: identity.fingerprint_bytes(),
        urls: urls
            .and_then(|u| serde_json::from_str(&u).ok())
            .unwrap_or_default(),
    }))
}

/// A fingerprint as a person reads it: 16 groups of 4 hex digits.
pub fn grouped(fingerprint: &str) -> String {
    fingerprint
        .as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).to_uppercase())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses a fingerprint given as 64 hex digits, with or without spaces or colons.
pub fn parse_fingerprint(text: &str) -> Result<[u8; 32]> {
    let digits: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ':')
        .collect();
    let bytes = hex::decode(&digits)
        .map_err(|_| Error::invalid("a fingerprint is 64 hexadecimal digits"))?;
    bytes
        .try_into()
        .map_err(|_| Error::invalid("a fingerprint is 64 hexadecimal digits"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_identity_is_made_once_and_its_fingerprint_reads_back() {
        let conn = Connection::open_in_memory().expect("db");
        conn.execute_batch(include_str!("../../migrations/0011_hub.sql"))
            .expect("table");
        conn.execute_batch(
            "ALTER TABLE hub_identity ADD COLUMN name TEXT;
             ALTER TABLE hub_identity ADD COLUMN urls TEXT;",
        )
        .expect("columns");
        let first = load_or_make(&conn).expect("made");
        let again = load_or_make(&conn).expect("loaded");
        assert_eq!(first.fingerprint(), again.fingerprint());
        assert_eq!(first.hub_id, again.hub_id);
        assert_eq!(first.fingerprint().len(), 64);
        let shown = grouped(&first.fingerprint());
        assert_eq!(shown.split(' ').count(), 16);
        assert_eq!(
            parse_fingerprint(&shown).expect("parse"),
            first.fingerprint_bytes()
        );
        assert!(parse_fingerprint("abc").is_err());
        assert!(!format!("{first:?}").contains("key_der"));
    }
}
