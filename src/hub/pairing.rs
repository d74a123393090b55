//! Pairing a kiosk with the hub (HUB.md, "Pairing"), the parts both ends compute: the
//! one-time code, the proofs that bind it to the certificate the kiosk actually saw, and
//! the pairing card's QR text. Pure (no I/O), so both sides and the tests share one
//! definition of each.
//!
//! The code never crosses the network. The kiosk proves it knows the code with
//! `HMAC-SHA256(key = Argon2id(code), "entrada-enrol|" + fingerprint seen in TLS)`; the
//! hub recomputes it with its own fingerprint. A man in the middle shows another
//! certificate, so the proof it relays fails at the hub. Online, each address gets a
//! handful of tries per ten minutes. Offline, whoever captured a proof (a relay, a
//! sniffer of a kiosk that did not check the fingerprint) must try codes against it; the
//! key is Argon2id (19 MiB, 2 passes) of the code rather than a fast hash, so that trying
//! the 2^40 codes costs about 2^40 Argon2id runs, centuries on a GPU rig rather than the
//! minutes SHA-256 allowed (issue 36, HUB.md). The hub answers with its own proof over
//! the new client id, which only a holder of the code can make: the kiosk checks it
//! before it stores anything. The hub keeps only the key, never the code.

use hmac::{Hmac, Mac as _};
use rand::Rng as _;
use sha2::Sha256;

use crate::error::{Error, Result};

/// Crockford's base32: no I, L, O, U, so nothing is mistaken when read aloud or typed.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code: 40 bits.
pub const CODE_LEN: usize = 8;
/// How long a code may be used.
pub const CODE_VALIDITY: std::time::Duration = std::time::Duration::from_secs(600);
/// Failed enrolments from one address within [`FAILURE_WINDOW`] before it must wait.
pub const FAILURES_PER_ADDRESS: u32 = 5;
pub const FAILURE_WINDOW: std::time::Duration = std::time::Duration::from_secs(600);
/// The salt of [`Code::key`]: fixed (a code is random and used once, so a per-code salt
/// adds nothing a table of 2^40 Argon2id runs would not already cost).
const KEY_SALT: &[u8] = b"entrada-pairing-v2";
/// The scheme of the pairing card's QR code.
pub const QR_SCHEME: &str = "entrada-hub:";

/// A one-time pairing code, normalised: 8 characters of Crockford base32, upper case.
#[derive(Clone, PartialEq, Eq)]
pub struct Code(String);

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Code([hidden])")
    }
}

impl Code {
    /// A new random code.
    pub fn generate() -> Code {
        let mut rng = rand::rng();
        Code(
            (0..CODE_LEN)
                .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
                .collect(),
        )
    }

    /// Parses a code as a person types it: any case, with spaces or dashes, `O` for zero
    /// and `I` or `L` for one (Crockford's reading rules).
    pub fn parse(text: &str) -> Result<Code> {
        let mut code = String::with_capacity(CODE_LEN);
        for c in text.chars() {
            let c = match c.to_ascii_uppercase() {
                ' ' | '-' => continue,
                'O' => '0',
                'I' | 'L' => '1',
                c if c.is_ascii() && ALPHABET.contains(&(c as u8)) => c,
                _ => {
                    return Err(Error::invalid(
                        "a pairing code is 8 letters and digits, as the hub shows it",
                    ));
                }
            };
            code.push(c);
        }
        if code.len() != CODE_LEN {
            return Err(Error::invalid(
                "a pairing code is 8 letters and digits, as the hub shows it",
            ));
        }
        Ok(Code(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the hub keeps, and the key of both proofs: Argon2id of the code, so that a
    /// captured proof cannot be turned back into the code by trying them all (see the
    /// module's doc). Tens of milliseconds, once per card and once per join.
    pub fn key(&self) -> Result<[u8; 32]> {
        use argon2::{Algorithm, Argon2, Params, Version};
        let params = Params::new(19 * 1024, 2, 1, Some(32))
            .map_err(|e| Error::internal(format!("pairing key parameters: {e}")))?;
        let mut key = [0u8; 32];
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
            .hash_password_into(self.0.as_bytes(), KEY_SALT, &mut key)
            .map_err(|e| Error::internal(format!("pairing key: {e}")))?;
        Ok(key)
    }
}

fn mac(key: &[u8; 32], parts: &[&str]) -> [u8; 32] {
    // HMAC takes keys of any length: this cannot fail.
    let mut mac = <Hmac<Sha256>>::new_from_slice(key).unwrap_or_else(|_| unreachable!());
    for part in parts {
        mac.update(part.as_bytes());
    }
    mac.finalize().into_bytes().into()
}

/// The kiosk's proof that it knows the code, bound to the certificate it saw (its
/// fingerprint as 64 lower-case hex digits).
pub fn enrol_proof(key: &[u8; 32], fingerprint: &str) -> [u8; 32] {
    mac(key, &["entrada-enrol|", fingerprint])
}

/// The hub's proof that it knows the code, over the client it made.
pub fn hub_proof(key: &[u8; 32], fingerprint: &str, client_id: &str) -> [u8; 32] {
    mac(key, &["entrada-hub|", fingerprint, "|", client_id])
}

/// Compares two proofs in constant time.
pub fn same(a: &[u8], b: &[u8]) -> bool {
    use subtle::ConstantTimeEq as _;
    a.len() == b.len() && bool::from(a.ct_eq(b))
}

/// What a pairing card's QR code says: where the hub is, its full fingerprint, the code
/// and the hub's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// `https://ADDR:PORT`
    pub url: String,
    pub fingerprint: [u8; 32],
    pub code: Code,
    pub name: String,
}

impl Card {
    /// `entrada-hub:?url=https://10.0.0.5:7879&fp=<64 hex>&code=K7Q2M9XD&name=Hall%20A`
    pub fn to_qr_text(&self) -> String {
        let query = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("url", &self.url)
            .append_pair("fp", &hex::encode(self.fingerprint))
            .append_pair("code", self.code.as_str())
            .append_pair("name", &self.name)
            .finish();
        format!("{QR_SCHEME}?{query}")
    }

    /// Reads a pairing card's QR text (as scanned or pasted).
    pub fn parse(text: &str) -> Result<Card> {
        let bad = || Error::invalid("this is not an Entrada hub's pairing code");
        let query = text
            .trim()
            .strip_prefix(QR_SCHEME)
            .and_then(|rest| rest.strip_prefix('?'))
            .ok_or_else(bad)?;
        let (mut url, mut fp, mut code, mut name) = (None, None, None, None);
        for (k, v) in url::form_urlencoded::parse(query.as_bytes()) {
            match k.as_ref() {
                "url" => url = Some(v.into_owned()),
                "fp" => fp = Some(v.into_owned()),
                "code" => code = Some(v.into_owned()),
                "name" => name = Some(v.into_owned()),
                _ => {}
            }
        }
        let url = hub_url(&url.ok_or_else(bad)?)?;
        Ok(Card {
            url,
            fingerprint: super::identity::parse_fingerprint(&fp.ok_or_else(bad)?)?,
            code: Code::parse(&code.ok_or_else(bad)?)?,
            name: name.unwrap_or_default(),
        })
    }
}

/// A pairing card: everything a kiosk needs to join the hub, once.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct PairingCard {
    /// The hub's name, as kiosks list it on the LAN.
    pub name: String,
    pub hub_id: String,
    /// The hub's HTTPS address on the LAN (the first of `urls`).
    pub url: String,
    /// Every address the hub answers at (one per network interface).
    pub urls: Vec<String>,
    /// SHA-256 of the hub's certificate, 64 lower-case hex digits.
    pub fingerprint: String,
    /// The fingerprint as a person compares it: 16 groups of 4.
    pub fingerprint_grouped: String,
    /// The one-time code: 8 characters, valid until `expires_at`, usable once.
    pub code: String,
    #[schema(format = DateTime)]
    pub expires_at: String,
    /// What the card's QR code says (`entrada-hub:?url=...&fp=...&code=...&name=...`).
    pub qr_text: String,
    /// The QR code as an SVG image.
    pub qr_svg: String,
}

impl PairingCard {
    /// The card of `hub` for `code`, which expires at `expires` (unix seconds).
    pub fn new(hub: &super::HubInfo, code: &Code, expires: i64) -> Result<PairingCard> {
        let url = hub.urls.first().cloned().unwrap_or_default();
        let qr_text = Card {
            url: url.clone(),
            fingerprint: hub.fingerprint_bytes,
            code: code.clone(),
            name: hub.name.clone(),
        }
        .to_qr_text();
        Ok(PairingCard {
            name: hub.name.clone(),
            hub_id: hub.hub_id.clone(),
            url,
            urls: hub.urls.clone(),
            fingerprint: hub.fingerprint(),
            fingerprint_grouped: super::identity::grouped(&hub.fingerprint()),
            code: code.as_str().to_owned(),
            expires_at: chrono::DateTime::from_timestamp(expires, 0)
                .map(crate::domain::time::format)
                .unwrap_or_default(),
            qr_svg: crate::qr::svg(&qr_text)?,
            qr_text,
        })
    }
}

/// Checks and normalises a hub's address: `https://HOST:PORT` (a bare `HOST:PORT` is
/// read as https; the hub speaks nothing else on the LAN).
pub fn hub_url(text: &str) -> Result<String> {
    let text = text.trim().trim_end_matches('/');
    let with_scheme = if text.contains("://") {
        text.to_owned()
    } else {
        format!("https://{text}")
    };
    let url = url::Url::parse(&with_scheme)
        .ok()
        .filter(|u| u.scheme() == "https" && u.host().is_some())
        .filter(|u| u.path() == "/" || u.path().is_empty())
        .filter(|u| u.query().is_none() && u.username().is_empty())
        .ok_or_else(|| {
            Error::invalid(format!(
                "`{text}` is not a hub address: it looks like https://10.0.0.5:7879"
            ))
        })?;
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_as_people_type_them() {
        let code = Code::generate();
        assert_eq!(code.as_str().len(), CODE_LEN);
        assert_eq!(Code::parse(&code.as_str().to_lowercase()).ok(), Some(code));
        assert_eq!(
            Code::parse("k7q2-m9xo").map(|c| c.as_str().to_owned()).ok(),
            Some("K7Q2M9X0".to_owned())
        );
        assert_eq!(Code::parse("il000000").ok(), Code::parse("11000000").ok());
        assert!(Code::parse("K7Q2M9X").is_err());
        assert!(Code::parse("K7Q2M9XU").is_err());
        assert!(Code::parse("K7Q2M9XDD").is_err());
        assert!(!format!("{:?}", Code::generate()).contains(char::is_numeric));
    }

    #[test]
    fn proofs_are_bound_to_the_code_the_fingerprint_and_the_client() {
        let key = Code::parse("K7Q2M9XD").expect("code").key().expect("key");
        let other = Code::parse("K7Q2M9XE").expect("code").key().expect("key");
        let fp = "ab".repeat(32);
        let proof = enrol_proof(&key, &fp);
        assert!(same(&proof, &enrol_proof(&key, &fp)));
        assert!(!same(&proof, &enrol_proof(&other, &fp)));
        assert!(!same(&proof, &enrol_proof(&key, &"cd".repeat(32))));
        assert!(!same(
            &hub_proof(&key, &fp, "a"),
            &hub_proof(&key, &fp, "b")
        ));
        // The two proofs never stand for each other.
        assert!(!same(&proof, &hub_proof(&key, &fp, "")));
    }

    #[test]
    fn the_card_reads_back() {
        let card = Card {
            url: "https://10.0.0.5:7879".into(),
            fingerprint: [7; 32],
            code: Code::generate(),
            name: "Hall A & B".into(),
        };
        let text = card.to_qr_text();
        assert!(text.starts_with("entrada-hub:?url=https%3A%2F%2F10.0.0.5%3A7879&fp="));
        assert_eq!(Card::parse(&text).expect("parse"), card);
        assert!(Card::parse("https://example.com").is_err());
        assert_eq!(
            hub_url("10.0.0.5:7879/").ok().as_deref(),
            Some("https://10.0.0.5:7879")
        );
        assert!(hub_url("http://10.0.0.5:7879").is_err());
        assert!(hub_url("https://10.0.0.5:7879/api").is_err());
    }
}
