//! Where a database's key comes from, in this order: `ENTRADA_DB_KEY`; a key file
//! readable by its owner alone (`--key-file`); the operating system's secret store
//! (`--secret-store`: the Secret Service on Linux, GNOME Keyring or KeePassXC, unlocked
//! with the person's session). A key is made, random, at the first start of a new
//! database (or by `entrada encrypt`) and kept where it was asked for.
//!
//! The key is never printed or logged. A key file open to other users is refused, as
//! ssh refuses such a private key: whoever can read it can read the database. The secret
//! store is asked on a thread of its own with a time limit: a store that waits for a
//! password prompt nobody answers must not hang a kiosk's start.

use std::path::Path;

use crate::db::key::{self, DbKey};
use crate::error::{Error, Result};
use crate::files;
use zeroize::Zeroizing;

/// The environment variable that may hold the key (64 hexadecimal digits).
pub const KEY_ENV: &str = "ENTRADA_DB_KEY";

/// When a missing key file may be made with a new key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Make {
    /// Only for a database that does not exist yet (`serve`: the first start).
    ForNewDatabase,
    /// Whenever it is missing (`entrada encrypt`).
    Always,
    /// Never (every other command: a missing key file is an error).
    Never,
}

/// Where the key is kept, besides `ENTRADA_DB_KEY`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep<'a> {
    /// Nowhere: a plain database (unless `ENTRADA_DB_KEY` is set).
    Nowhere,
    /// In this file.
    File(&'a Path),
    /// In the OS secret store, under the database's absolute path.
    SecretStore,
}

/// The key for the database at `db`: `ENTRADA_DB_KEY` when set, else from where `keep`
/// says, else none (a plain database).
pub fn load(db: &Path, keep: Keep<'_>, make: Make) -> Result<Option<DbKey>> {
    if let Some(text) = std::env::var(KEY_ENV).ok().filter(|t| !t.trim().is_empty()) {
        return DbKey::from_hex(&text)
            .map(Some)
            .map_err(|why| Error::invalid(format!("{KEY_ENV}: {why}")));
    }
    let may_make = |db: &Path| match make {
        Make::Always => true,
        Make::ForNewDatabase => key::kind(db) == key::Kind::New,
        Make::Never => false,
    };
    let path = match keep {
        Keep::Nowhere => return Ok(None),
        Keep::SecretStore => return from_secret_store(db, may_make(db)),
        Keep::File(path) => path,
    };
    if path.exists() {
        return read(path).map(Some);
    }
    if !may_make(db) {
        return Err(Error::invalid(format!(
            "there is no key file at {}",
            path.display()
        )));
    }
    let key = DbKey::random();
    let mut text = key
        .to_hex()
        .ok_or_else(|| Error::internal("a new key is raw"))?;
    text.push('\n');
    files::write(path, text.as_bytes())?;
    tracing::info!(key_file = %path.display(), "made a new database key");
    Ok(Some(key))
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
fn from_secret_store(db: &Path, make: bool) -> Result<Option<DbKey>> {
    let account = account_of(db)?;
    match secret_store::get(&account)? {
        Some(key) => Ok(Some(key)),
        None if make => {
            let key = DbKey::random();
            secret_store::put(&account, &key)?;
            tracing::info!(db = %db.display(), "made a new database key, kept in the secret store");
            Ok(Some(key))
        }
        None => Ok(None),
    }
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
