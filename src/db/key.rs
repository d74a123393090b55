//! Encryption at rest: a database file and the key that opens it.
//!
//! A kiosk is a laptop that can be carried away, with tens of thousands of people's
//! names on it. SQLite is built with SQLCipher (rusqlite's vendored build, nothing to
//! install), which encrypts every page of the database and of its WAL with AES-256 and
//! authenticates it with an HMAC; a file opened without its key reads as noise.
//!
//! Every connection to a database goes through [`DbFile::open`], which gives SQLCipher
//! the key before anything else is read. The key is 32 random bytes given as a raw key
//! (`x'...'`), so no passphrase derivation runs per connection: opening one stays as
//! cheap as without encryption. Whether a file is encrypted at all is told by its first
//! 16 bytes: a plain SQLite file starts with `SQLite format 3\0`, an encrypted one with
//! its random salt.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rand::RngCore;
use rusqlite::{Connection, OpenFlags};
use zeroize::Zeroizing;

/// A database key, wiped from memory when dropped, never printed: 32 random bytes (a
/// kiosk's own key, given to SQLCipher raw), or a passphrase a person chose (a backup to
/// take to another computer; SQLCipher derives the key from it, PBKDF2 with 256,000
/// rounds, once per connection).
#[derive(Clone)]
pub struct DbKey(Secret);

#[derive(Clone)]
enum Secret {
    Raw(Zeroizing<[u8; 32]>),
    Passphrase(Zeroizing<String>),
}

impl fmt::Debug for DbKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DbKey(..)")
    }
}

/// The shortest backup passphrase accepted.
pub const PASSPHRASE_MIN_CHARS: usize = 10;

impl DbKey {
    /// A new key from the operating system's random source.
    pub fn random() -> DbKey {
        let mut bytes = Zeroizing::new([0u8; 32]);
        rand::rng().fill_bytes(bytes.as_mut());
        DbKey(Secret::Raw(bytes))
    }

    /// A key written as 64 hexadecimal digits (surrounding white space ignored).
    pub fn from_hex(text: &str) -> Result<DbKey, String> {
        let text = text.trim();
        let mut bytes = Zeroizing::new([0u8; 32]);
        hex::decode_to_slice(text, bytes.as_mut()).map_err(|_| {
            format!(
                "a database key is 64 hexadecimal digits (found {} characters)",
                text.chars().count()
            )
        })?;
        Ok(DbKey(Secret::Raw(bytes)))
    }

    /// A passphrase as a person typed it (its line ending removed), at least
    /// [`PASSPHRASE_MIN_CHARS`] characters.
    pub fn passphrase(text: &str) -> Result<DbKey, String> {
        let text = text.trim_end_matches(['\r', '\n']);
        if text.chars().count() < PASSPHRASE_MIN_CHARS {
            return Err(format!(
                "a backup passphrase has at least {PASSPHRASE_MIN_CHARS} characters"
            ));
        }
        Ok(DbKey(Secret::Passphrase(Zeroizing::new(text.to_owned()))))
    }

    /// The key as 64 hexadecimal digits, for a key file or a secret store; `None` for a
    /// passphrase, which is never kept.
    pub fn to_hex(&self) -> Option<Zeroizing<String>> {
        match &self.0 {
            Secret::Raw(bytes) => Some(Zeroizing::new(hex::encode(bytes.as_ref()))),
            Secret::Passphrase(_) => None,
        }
    }

    /// What SQLCipher is given: `x'<64 hex digits>'` for a raw key, else the passphrase.
    pub(crate) fn pragma_value(&self) -> Zeroizing<String> {
        match &self.0 {
            Secret::Raw(bytes) => Zeroizing::new(format!("x'{}'", hex::encode(bytes.as_ref()))),
            Secret::Passphrase(text) => text.clone(),
        }
    }
}

/// Gives `conn` the key; must come before anything reads the file.
pub fn apply(conn: &Connection, key: &DbKey) -> rusqlite::Result<()> {
    conn.pragma_update(None, "key", key.pragma_value().as_str())
}

/// Whether the key given to `conn` opens its file: SQLCipher checks it on the first read
/// of the first page, which fails as "file is not a database" when it does not.
pub fn opens(conn: &Connection) -> bool {
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    })
    .is_ok()
}

/// The first bytes of every plain SQLite database.
const PLAIN_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// What the first bytes of a file say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// No file, or an empty one: a new database.
    New,
    Plain,
    /// Not a plain SQLite file: encrypted (or not a database at all).
    Encrypted,
}

/// Reads the first 16 bytes of `path`.
pub fn kind(path: &Path) -> Kind {
    use std::io::Read as _;
    let Ok(mut file) = std::fs::File::open(path) else {
        return Kind::New;
    };
    let mut head = [0u8; 16];
    let mut read = 0;
    while read < head.len() {
        match file.read(&mut head[read..]) {
            Ok(0) => break,
            Ok(n) => read += n,
            Err(_) => break,
        }
    }
    match read {
        0 => Kind::New,
        16 if &head == PLAIN_HEADER => Kind::Plain,
        _ => Kind::Encrypted,
    }
}

/// A database file and, when it is encrypted, its key: what every connection to it needs.
#[derive(Debug, Clone)]
pub struct DbFile {
    pub path: PathBuf,
    pub key: Option<Arc<DbKey>>,
}

impl DbFile {
    /// A database without encryption.
    pub fn plain(path: impl Into<PathBuf>) -> DbFile {
        DbFile {
            path: path.into(),
            key: None,
        }
    }

    pub fn with_key(path: impl Into<PathBuf>, key: Option<DbKey>) -> DbFile {
        DbFile {
            path: path.into(),
            key: key.map(Arc::new),
        }
    }

    /// The same key for another file (a backup, a copy).
    pub fn beside(&self, path: impl Into<PathBuf>) -> DbFile {
        DbFile {
            path: path.into(),
            key: self.key.clone(),
        }
    }

    pub fn is_encrypted(&self) -> bool {
        self.key.is_some()
    }

    /// Opens a connection and gives it the key. (SQLite reads nothing until the first
    /// statement, so a wrong key shows there, as "file is not a database".)
    pub fn open(&self, flags: OpenFlags) -> rusqlite::Result<Connection> {
        init_crypto();
        let conn = Connection::open_with_flags(&self.path, flags)?;
        self.unlock(&conn)?;
        Ok(conn)
    }

    /// Opens read-write, creating the file if needed.
    pub fn open_rw(&self) -> rusqlite::Result<Connection> {
        self.open(OpenFlags::default())
    }

    /// Gives an open connection to this file its key, when it has one.
    pub fn unlock(&self, conn: &Connection) -> rusqlite::Result<()> {
        init_crypto();
        match &self.key {
            Some(key) => apply(conn, key),
            None => Ok(()),
        }
    }
}

/// Starts OpenSSL (SQLCipher's cipher) without the exit handler it would otherwise
/// register. Called before any connection is opened or keyed; the binaries call it first
/// thing too. Later calls do nothing.
///
/// Why: by default OpenSSL frees its global state from an `atexit` handler, on the
/// thread that exits, while other threads may still be using it: the database writer
/// closing its connection, a reader being keyed on r2d2's thread. That ended commands
/// such as `entrada accounts create` with `double free or corruption` now and then
/// (openssl/openssl#6214). The operating system frees a process's memory anyway, so the
/// handler buys nothing here; the `openssl` crate makes the same choice.
pub fn init_crypto() {
    openssl_sys::init();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_reads_back_from_its_hex_and_never_prints() {
        let key = DbKey::random();
        let hex = key.to_hex().expect("a raw key");
        assert_eq!(hex.len(), 64);
        let again = DbKey::from_hex(&format!(" {} \n", hex.as_str())).expect("parse");
        assert_eq!(again.to_hex().expect("raw").as_str(), hex.as_str());
        assert!(DbKey::passphrase("short\n").is_err());
        let phrase = DbKey::passphrase("correct horse battery\n").expect("long enough");
        assert!(phrase.to_hex().is_none(), "a passphrase is never kept");
        assert_eq!(phrase.pragma_value().as_str(), "correct horse battery");
        assert_eq!(format!("{key:?}"), "DbKey(..)");
        assert!(DbKey::from_hex("abc").is_err());
        assert!(DbKey::from_hex(&"g".repeat(64)).is_err());
    }

    #[test]
    fn an_encrypted_file_is_noise_without_its_key_and_plain_files_are_told_apart() {
        let dir = tempfile::tempdir().expect("dir");
        let secret = DbFile::with_key(dir.path().join("secret.db"), Some(DbKey::random()));
        let plain = DbFile::plain(dir.path().join("plain.db"));
        assert_eq!(kind(&secret.path), Kind::New);
        for file in [&secret, &plain] {
            let conn = file.open_rw().expect("open");
            conn.execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES ('Zebulon Quarrington')")
                .expect("write");
        }
        assert_eq!(kind(&secret.path), Kind::Encrypted);
        assert_eq!(kind(&plain.path), Kind::Plain);
        let bytes = std::fs::read(&secret.path).expect("read");
        assert!(!bytes.windows(7).any(|w| w == b"Zebulon"));
        let wrong = secret.beside(&secret.path);
        let wrong = DbFile::with_key(wrong.path, Some(DbKey::random()));
        let refused = wrong
            .open_rw()
            .and_then(|c| c.query_row("SELECT count(*) FROM t", [], |r| r.get::<_, i64>(0)));
        assert!(refused.is_err(), "a wrong key reads nothing");
        let read: String = secret
            .open_rw()
            .and_then(|c| c.query_row("SELECT x FROM t", [], |r| r.get(0)))
            .expect("the right key reads");
        assert_eq!(read, "Zebulon Quarrington");
    }
}
