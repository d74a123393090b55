//! Where a database's key comes from, in this order: `ENTRADA_DB_KEY`; a key file
//! readable by its owner alone (`--key-file`); the operating system's secret store
//! (`--secret-store`: the Secret Service on Linux, GNOME Keyring or KeePassXC, unlocked
//! with the person's session). With none of these asked for, a database is encrypted by
//! default ([`Keep::Default`]): its key is made, random, at the first start of a new
//! database and kept in the secret store, or, where there is none (a headless server, a
//! session without a keyring), in an owner-only key file in the configuration directory
//! ([`default_key_file`]). `--no-encryption` ([`Keep::Nowhere`]) keeps a plain database.
//!
//! The key is never printed or logged. A key file open to other users is refused, as
//! ssh refuses such a private key: whoever can read it can read the database. The secret
//! store is asked on a thread of its own with a time limit: a store that waits for a
//! password prompt nobody answers must not hang a kiosk's start.

use std::path::{Path, PathBuf};

use crate::db::key::{self, DbKey};
use crate::error::{Error, Result};
use crate::files;
use zeroize::Zeroizing;

/// The environment variable that may hold the key (64 hexadecimal digits).
pub const KEY_ENV: &str = "ENTRADA_DB_KEY";

/// The environment variable that, set to `0` (or `false`, `no`, `off`), keeps the
/// default away from the secret store: the key goes to the default key file.
pub const STORE_ENV: &str = "ENTRADA_SECRET_STORE";

/// When a missing key may be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Make {
    /// Only for a database that does not exist yet (the first start, a restore).
    ForNewDatabase,
    /// Whenever it is missing (`entrada encrypt`).
    Always,
    /// Never (`doctor`: a missing key is an error).
    Never,
}

/// Where the key is kept, besides `ENTRADA_DB_KEY`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep<'a> {
    /// The default: the secret store where there is one, else the default key file. An
    /// existing plain database stays plain (until `entrada encrypt`).
    Default,
    /// Nowhere: a plain database (`--no-encryption`; unless `ENTRADA_DB_KEY` is set).
    Nowhere,
    /// In this file.
    File(&'a Path),
    /// In the OS secret store, under the database's absolute path (and nowhere else).
    SecretStore,
}

/// Where a loaded key was found (or made).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kept {
    /// No key: a plain database.
    Nowhere,
    /// `ENTRADA_DB_KEY`.
    Environment,
    /// A key file.
    File(PathBuf),
    /// The OS secret store.
    SecretStore,
}

impl std::fmt::Display for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kept::Nowhere => f.write_str("none (not encrypted)"),
            Kept::Environment => write!(f, "{KEY_ENV}"),
            Kept::File(path) => write!(f, "the key file {}", path.display()),
            Kept::SecretStore => f.write_str("the secret store"),
        }
    }
}

/// A database's key and where it is kept.
#[derive(Debug)]
pub struct Loaded {
    pub key: Option<DbKey>,
    pub kept: Kept,
}

impl Loaded {
    fn none() -> Loaded {
        Loaded {
            key: None,
            kept: Kept::Nowhere,
        }
    }

    /// Whether the secret store works for this database: other secrets given to the
    /// server (the remote's client secret) are then kept there too.
    pub fn in_secret_store(&self) -> bool {
        self.kept == Kept::SecretStore
    }
}

/// The key for the database at `db`: `ENTRADA_DB_KEY` when set, else from where `keep`
/// says, else none (a plain database).
pub fn load(db: &Path, keep: Keep<'_>, make: Make) -> Result<Option<DbKey>> {
    find(db, keep, make).map(|loaded| loaded.key)
}

/// [`load`], telling where the key is kept.
pub fn find(db: &Path, keep: Keep<'_>, make: Make) -> Result<Loaded> {
    if let Some(text) = std::env::var(KEY_ENV).ok().filter(|t| !t.trim().is_empty()) {
        return DbKey::from_hex(&text)
            .map(|key| Loaded {
                key: Some(key),
                kept: Kept::Environment,
            })
            .map_err(|why| Error::invalid(format!("{KEY_ENV}: {why}")));
    }
    let kind = key::kind(db);
    let may_make = match make {
        Make::Always => true,
        Make::ForNewDatabase => kind == key::Kind::New,
        Make::Never => false,
    };
    match keep {
        Keep::Nowhere => Ok(Loaded::none()),
        Keep::SecretStore => from_secret_store(db, may_make),
        Keep::File(path) => from_file(path, may_make),
        Keep::Default => by_default(db, kind, make, may_make),
    }
}

/// The default: a plain database stays plain unless asked to encrypt it; otherwise the
/// key is looked for in the secret store, then in the default key file, and a new one
/// goes to the store, or to the file when the store cannot take it.
fn by_default(db: &Path, kind: key::Kind, make: Make, may_make: bool) -> Result<Loaded> {
    if kind == key::Kind::Plain && make != Make::Always {
        return Ok(Loaded::none());
    }
    let file = default_key_file(db)?;
    let account = account_of(db)?;
    let mut store_failed = None;
    if store_allowed() {
        match secret_store::get(&account) {
            Ok(Some(key)) => {
                return Ok(Loaded {
                    key: Some(key),
                    kept: Kept::SecretStore,
                });
            }
            Ok(None) => {}
            Err(e) => store_failed = Some(e),
        }
    } else {
        store_failed = Some(Error::invalid(format!("{STORE_ENV} turns it off")));
    }
    if file.exists() {
        return Ok(Loaded {
            key: Some(read(&file)?),
            kept: Kept::File(file),
        });
    }
    if !may_make {
        if kind == key::Kind::Encrypted {
            tracing::warn!(db = %db.display(), key_file = %file.display(),
                store = %store_failed.map_or_else(|| "no key there".to_owned(), |e| e.to_string()),
                "no key for this database in the secret store or the default key file");
        }
        return Ok(Loaded::none());
    }
    let key = DbKey::random();
    if store_failed.is_none() {
        match secret_store::put(&account, &key) {
            Ok(()) => {
                tracing::info!(db = %db.display(), "made a new database key, kept in the secret store");
                return Ok(Loaded {
                    key: Some(key),
                    kept: Kept::SecretStore,
                });
            }
            Err(e) => store_failed = Some(e),
        }
    }
    if let Some(why) = &store_failed {
        tracing::info!(reason = %why, "the secret store cannot keep the database key");
    }
    write_new(&file, &key)?;
    Ok(Loaded {
        key: Some(key),
        kept: Kept::File(file),
    })
}

/// Logs where the key of the database at `db` is kept (never the key), and warns when a
/// database that exists is not encrypted.
pub fn say_where(db: &Path, loaded: &Loaded) {
    match (&loaded.kept, key::kind(db)) {
        (Kept::Nowhere, key::Kind::Plain) => tracing::warn!(db = %db.display(),
            "the database is not encrypted: stop Entrada and run `entrada encrypt --db {}`",
            db.display()),
        (Kept::Nowhere, _) => {}
        (kept, _) => tracing::info!(db = %db.display(), "the database key is kept in {kept}"),
    }
}

/// Whether the default may use the secret store (`ENTRADA_SECRET_STORE=0` says no).
fn store_allowed() -> bool {
    match std::env::var(STORE_ENV) {
        Ok(value) => !matches!(
            value.trim().to_ascii_lowercase().as_str(),
            "0" | "false" | "no" | "off" | "n"
        ),
        Err(_) => true,
    }
}

/// The default key file of the database at `db`: `keys/<file name>-<12 hex digits of the
/// SHA-256 of its absolute path>.key` in the configuration directory (e.g.
/// `~/.config/entrada/` on Linux): apart from the database, so that copying the data
/// directory or the database does not copy its key with it.
pub fn default_key_file(db: &Path) -> Result<PathBuf> {
    use sha2::Digest as _;
    let account = account_of(db)?;
    let digest = sha2::Sha256::digest(account.as_bytes());
    let name = db
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "entrada.db".into());
    let dir = directories::ProjectDirs::from("org", "Entrada", "entrada")
        .map(|dirs| dirs.config_dir().join("keys"))
        .ok_or_else(|| {
            Error::invalid(
                "there is no home directory to keep the database key in: give --key-file, \
                 ENTRADA_DB_KEY, or --no-encryption",
            )
        })?;
    Ok(dir.join(format!("{name}-{}.key", &hex::encode(digest)[..12])))
}

/// A key file's key, or a new one written there when `make`.
fn from_file(path: &Path, make: bool) -> Result<Loaded> {
    if path.exists() {
        return Ok(Loaded {
            key: Some(read(path)?),
            kept: Kept::File(path.to_owned()),
        });
    }
    if !make {
        return Err(Error::invalid(format!(
            "there is no key file at {}",
            path.display()
        )));
    }
    let key = DbKey::random();
    write_new(path, &key)?;
    Ok(Loaded {
        key: Some(key),
        kept: Kept::File(path.to_owned()),
    })
}

/// Writes a new key file, owner-only, in an owner-only directory made when missing.
fn write_new(path: &Path, key: &DbKey) -> Result<()> {
    let mut text = key
        .to_hex()
        .ok_or_else(|| Error::internal("a new key is raw"))?;
    text.push('\n');
    // `files::write` makes the missing directories owner-only.
    files::write(path, text.as_bytes())?;
    tracing::info!(key_file = %path.display(), "made a new database key");
    Ok(())
}

/// Reads a key file, refusing one that others can read.
fn read(path: &Path) -> Result<DbKey> {
    if let Some(mode) = files::mode(path).filter(|m| files::is_open_to_others(*m)) {
        return Err(Error::invalid(format!(
            "the key file {} is readable by other users (mode {mode:o}): run `chmod 600 {}`",
            path.display(),
            path.display()
        )));
    }
    let text = Zeroizing::new(
        std::fs::read_to_string(path)
            .map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))?,
    );
    DbKey::from_hex(&text).map_err(|why| Error::invalid(format!("{}: {why}", path.display())))
}

/// Keeps the remote's client secret in the secret store, under the database's path.
pub fn keep_remote_secret(db: &Path, secret: &str) -> Result<()> {
    secret_store::put_text(REMOTE_SERVICE, &account_of(db)?, secret)
}

/// The remote's client secret kept for the database at `db`.
pub fn remote_secret(db: &Path) -> Result<Zeroizing<String>> {
    secret_store::get_text(REMOTE_SERVICE, &account_of(db)?)?.ok_or_else(|| {
        Error::invalid(format!(
            "the remote's client secret for {} is not in the secret store: configure the \
             sync again",
            db.display()
        ))
    })
}

/// The secret store's service name of the remote's client secret.
const REMOTE_SERVICE: &str = "Entrada remote client secret";

/// The secret store's account of a database: its absolute path.
fn account_of(db: &Path) -> Result<String> {
    Ok(std::path::absolute(db)
        .map_err(|e| Error::invalid(format!("cannot resolve {}: {e}", db.display())))?
        .to_string_lossy()
        .into_owned())
}

/// How long the secret store may take to answer.
const STORE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The key kept for `db` in the secret store, or a new one kept there when `make`.
fn from_secret_store(db: &Path, make: bool) -> Result<Loaded> {
    let account = account_of(db)?;
    let key = match secret_store::get(&account)? {
        Some(key) => key,
        None if make => {
            let key = DbKey::random();
            secret_store::put(&account, &key)?;
            tracing::info!(db = %db.display(), "made a new database key, kept in the secret store");
            key
        }
        None => return Ok(Loaded::none()),
    };
    Ok(Loaded {
        key: Some(key),
        kept: Kept::SecretStore,
    })
}

#[cfg(target_os = "linux")]
mod secret_store {
    //! The Secret Service, through `keyring`, each call on its own thread and in time.

    use super::{STORE_TIME_LIMIT, Zeroizing};
    use crate::db::key::DbKey;
    use crate::error::{Error, Result};

    /// The database key's service name; the account is the database's absolute path.
    const SERVICE: &str = "Entrada database key";

    fn unreachable(why: impl std::fmt::Display) -> Error {
        Error::invalid(format!(
            "the secret store cannot be reached ({why}): unlock it (GNOME Keyring, KeePassXC), \
             or keep the key in a file (--key-file)"
        ))
    }

    /// Runs `f` on a thread of its own and waits at most the store's time limit.
    fn in_time<T: Send + 'static>(
        f: impl FnOnce() -> keyring::Result<T> + Send + 'static,
    ) -> Result<T> {
        let (done, answer) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("secret-store".into())
            .spawn(move || {
                let _ = done.send(f());
            })
            .map_err(unreachable)?;
        match answer.recv_timeout(STORE_TIME_LIMIT) {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(e)) => Err(unreachable(e)),
            Err(_) => Err(unreachable(format!(
                "no answer within {} s; is it waiting for a password?",
                STORE_TIME_LIMIT.as_secs()
            ))),
        }
    }

    pub(super) fn get_text(
        service: &'static str,
        account: &str,
    ) -> Result<Option<Zeroizing<String>>> {
        let account = account.to_owned();
        in_time(move || {
            let entry = keyring::Entry::new(service, &account)?;
            match entry.get_password() {
                Ok(text) => Ok(Some(Zeroizing::new(text))),
                Err(keyring::Error::NoEntry) => Ok(None),
                Err(e) => Err(e),
            }
        })
    }

    pub(super) fn put_text(service: &'static str, account: &str, text: &str) -> Result<()> {
        let account = account.to_owned();
        let text = Zeroizing::new(text.to_owned());
        in_time(move || keyring::Entry::new(service, &account)?.set_password(text.as_str()))
    }

    pub(super) fn get(account: &str) -> Result<Option<DbKey>> {
        let text = get_text(SERVICE, account)?;
        text.map(|t| {
            DbKey::from_hex(&t)
                .map_err(|why| Error::invalid(format!("the secret store's database key: {why}")))
        })
        .transpose()
    }

    pub(super) fn put(account: &str, key: &DbKey) -> Result<()> {
        let hex = key
            .to_hex()
            .ok_or_else(|| Error::internal("only a raw key is kept"))?;
        put_text(SERVICE, account, &hex)
    }
}

#[cfg(not(target_os = "linux"))]
mod secret_store {
    use crate::db::key::DbKey;
    use crate::error::{Error, Result};

    fn none() -> Error {
        Error::invalid("no secret store is supported on this system: use --key-file")
    }

    pub(super) fn get(_account: &str) -> Result<Option<DbKey>> {
        Err(none())
    }

    pub(super) fn put(_account: &str, _key: &DbKey) -> Result<()> {
        Err(none())
    }

    pub(super) fn get_text(
        _service: &'static str,
        _account: &str,
    ) -> Result<Option<zeroize::Zeroizing<String>>> {
        Err(none())
    }

    pub(super) fn put_text(_service: &'static str, _account: &str, _text: &str) -> Result<()> {
        Err(none())
    }
}
