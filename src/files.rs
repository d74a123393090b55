//! Owner-only files: everything Entrada writes holds attendees' personal data or secrets.
//!
//! A kiosk is a laptop that others may use or carry away: the database, its WAL and
//! shared-memory files, backups and exports are created readable by their owner alone
//! (0600, directories 0700), and a database found with wider permissions is tightened when
//! it is opened, with a log line. SQLite creates a database's `-wal` and `-shm` files
//! with the database file's own mode, so a database file created here keeps its
//! companions private too.
//!
//! The binaries also set the process's umask to 077 ([`private_umask`]) so that nothing
//! they create (logs, settings, a file a library writes) is readable by others; the
//! functions here do not rely on it, for the library's other users (tests, the desktop
//! shell before its first line).
//!
//! On systems without Unix permissions these are plain file operations.

use std::fs::File;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The mode of every file Entrada creates.
pub const FILE_MODE: u32 = 0o600;
/// The mode of every directory Entrada creates.
pub const DIR_MODE: u32 = 0o700;

/// An I/O failure on `path`, in words: `cannot <what> <path>: <reason>`.
pub(crate) fn io(what: &str, path: &Path, e: std::io::Error) -> Error {
    Error::internal(format!("cannot {what} {}: {e}", path.display()))
}

/// Makes files and directories this process creates from now on owner-only (umask 077).
pub fn private_umask() {
    #[cfg(unix)]
    // SAFETY: umask has no failure mode and touches no memory; it only sets the
    // process's file-creation mask.
    unsafe {
        libc::umask(0o077);
    }
}

/// Creates `dir` and its missing parents, each new one owner-only. Directories that
/// exist already are left as they are (`--db /tmp/x.db` must not change `/tmp`).
pub fn create_dir_all(dir: &Path) -> Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, DIR_MODE);
    builder.create(dir).map_err(|e| io("create", dir, e))
}

/// Creates the parent directory of `path` (owner-only) when it has one.
pub fn create_parent(path: &Path) -> Result<()> {
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => create_dir_all(dir),
        None => Ok(()),
    }
}

/// Options that create a file owner-only.
pub fn options() -> std::fs::OpenOptions {
    let mut options = File::options();
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, FILE_MODE);
    options
}

/// Creates (or truncates) `path`, owner-only, for writing. An existing file keeps its
/// mode through `open`, so it is tightened too.
pub fn create(path: &Path) -> Result<File> {
    create_parent(path)?;
    let file = options()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)
        .map_err(|e| io("create", path, e))?;
    tighten(path)?;
    Ok(file)
}

/// Writes `bytes` to a new owner-only file at `path`.
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write as _;
    let mut file = create(path)?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| io("write", path, e))
}

/// Creates an empty owner-only file at `path` unless one exists (SQLite takes an empty
/// file for a new database, and gives its `-wal` and `-shm` files the same mode).
pub fn touch(path: &Path) -> Result<()> {
    create_parent(path)?;
    options()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map(drop)
        .map_err(|e| io("create", path, e))
}

/// A file that was readable or writable by others, and its mode before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tightened {
    pub path: PathBuf,
    pub was: u32,
}

/// The permission bits of `path`, or `None` when there is no such file (or no Unix
/// permissions).
pub fn mode(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path)
            .ok()
            .map(|m| m.permissions().mode() & 0o7777)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Whether a mode lets anyone but the owner in.
pub fn is_open_to_others(mode: u32) -> bool {
    mode & 0o077 != 0
}

/// Takes every permission from group and others on `path`, when it exists and has any.
pub fn tighten(path: &Path) -> Result<Option<Tightened>> {
    let Some(was) = mode(path).filter(|m| is_open_to_others(*m)) else {
        return Ok(None);
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(was & 0o700))
            .map_err(|e| io("change the permissions of", path, e))?;
    }
    Ok(Some(Tightened {
        path: path.to_path_buf(),
        was,
    }))
}

/// The database file and the files SQLite keeps beside it.
pub fn database_files(db: &Path) -> Vec<PathBuf> {
    let mut files = vec![db.to_path_buf()];
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut name = db.as_os_str().to_owned();
        name.push(suffix);
        files.push(PathBuf::from(name));
    }
    files
}

/// Tightens the database and its companion files, logging each one changed.
pub fn tighten_database(db: &Path) -> Result<Vec<Tightened>> {
    let mut changed = Vec::new();
    for file in database_files(db) {
        if let Some(t) = tighten(&file)? {
            tracing::warn!(
                file = %t.path.display(),
                was = format!("{:o}", t.was),
                now = format!("{:o}", t.was & 0o700),
                "the file was readable by other users of this computer; made it owner-only"
            );
            changed.push(t);
        }
    }
    Ok(changed)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn created_files_and_directories_are_owner_only_whatever_the_umask() {
        let root = std::env::temp_dir().join(format!("entrada-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let file = root.join("a/b/export.csv");
        write(&file, b"x").expect("write");
        assert_eq!(mode(&file), Some(0o600));
        assert_eq!(mode(&root.join("a/b")), Some(0o700));
        assert_eq!(mode(&root.join("a")), Some(0o700));
        std::fs::remove_dir_all(&root).expect("clean up");
    }

    #[test]
    fn a_wide_database_and_its_wal_are_tightened_and_reported() {
        let root = std::env::temp_dir().join(format!("entrada-tighten-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("dir");
        let db = root.join("kiosk.db");
        for f in [&db, &root.join("kiosk.db-wal")] {
            std::fs::write(f, b"").expect("write");
            std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        }
        let changed = tighten_database(&db).expect("tighten");
        assert_eq!(changed.len(), 2);
        assert!(changed.iter().all(|t| t.was == 0o644));
        assert_eq!(mode(&db), Some(0o600));
        assert_eq!(mode(&root.join("kiosk.db-wal")), Some(0o600));
        assert!(tighten_database(&db).expect("again").is_empty());
        std::fs::remove_dir_all(&root).expect("clean up");
    }
}
