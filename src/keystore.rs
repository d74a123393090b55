//! Where a database's key comes from: `ENTRADA_DB_KEY`, or a key file readable by its
//! owner alone (`--key-file`), made with a new random key at the first start of a new
//! database or by `entrada encrypt`.
//!
//! The key is never printed or logged. A key file open to other users is refused, as
//! ssh refuses such a private key: whoever can read it can read the database.

use std::path::Path;

use crate::db::key::{self, DbKey};
use crate::error::{Error, Result};
use crate::files;

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

/// The key for the database at `db`: `ENTRADA_DB_KEY` when set, else the key file when
/// one is named, else none (a plain database).
pub fn load(db: &Path, key_file: Option<&Path>, make: Make) -> Result<Option<DbKey>> {
    if let Some(text) = std::env::var(KEY_ENV).ok().filter(|t| !t.trim().is_empty()) {
        return DbKey::from_hex(&text)
            .map(Some)
            .map_err(|why| Error::invalid(format!("{KEY_ENV}: {why}")));
    }
    let Some(path) = key_file else {
        return Ok(None);
    };
    if path.exists() {
        return read(path).map(Some);
    }
    let may_make = match make {
        Make::Always => true,
        Make::ForNewDatabase => key::kind(db) == key::Kind::New,
        Make::Never => false,
    };
    if !may_make {
        return Err(Error::invalid(format!(
            "there is no key file at {}",
            path.display()
        )));
    }
    let key = DbKey::random();
    let mut text = key.to_hex();
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
    let text = zeroize::Zeroizing::new(
        std::fs::read_to_string(path)
            .map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))?,
    );
    DbKey::from_hex(&text).map_err(|why| Error::invalid(format!("{}: {why}", path.display())))
}
