//! Storage: one SQLite file in WAL mode, one writer thread and a pool of readers.
//!
//! Reads never wait for the writer: WAL lets readers see the last committed state while
//! the writer works, so reads go to a pool of read-only connections on the blocking
//! thread pool. All writes go through [`writer::Writer`], a single thread that owns the
//! only read-write connection and commits the writes waiting in its queue together
//! (group commit), so that `synchronous=FULL` durability costs one fsync per batch
//! rather than one per request.
//!
//! The repository modules (`accounts`, `clients`, `events`, ...) are plain functions over
//! a `&Connection`; they neither know nor care whether they run in a read or a write.

pub mod accounts;
pub mod attendee_fields;
pub mod attendees;
#[cfg(feature = "bench")]
pub mod bench;
pub mod cache;
pub mod check_ins;
pub mod clients;
pub mod copy;
pub mod events;
pub mod export;
pub mod feed;
pub mod hub;
pub mod idempotency;
pub mod key;
pub mod maintenance;
pub mod migrations;
pub mod mirror;
pub mod privacy;
pub mod sync;
pub mod users;
pub mod writer;

use std::path::{Path, PathBuf};
use std::time::Duration;

use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{Connection, OpenFlags};

use crate::error::{Error, Result};
use feed::Feed;

pub use key::{DbFile, DbKey};
pub use writer::Writer;

const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// Reads through a memory map instead of read() calls and copies.
const MMAP_BYTES: i64 = 256 * 1024 * 1024;

/// The most memory SQLite's page cache may take, for the writer and for each reader. The
/// cache fills with the pages a connection has used and keeps them, so this is also how
/// far a long-running process grows on a large database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheSizes {
    pub writer_kib: i64,
    pub reader_kib: i64,
}

impl CacheSizes {
    /// For `entrada serve` and the command line: SQLite's default (2 MiB) holds a small part
    /// of a 100,000-attendee event's indexes; every miss is a read and a page copy, which
    /// showed in profiles of the check-in load.
    pub const SERVER: CacheSizes = CacheSizes {
        writer_kib: 64 * 1024,
        reader_kib: 16 * 1024,
    };
    /// For the desktop kiosk, which runs all day on a small PC and sees a scan a second at
    /// most: the writer keeps the pages of the rows being checked in, reads go through the
    /// memory map, and the operating system's file cache holds the rest.
    pub const KIOSK: CacheSizes = CacheSizes {
        writer_kib: 8 * 1024,
        reader_kib: 2 * 1024,
    };
}

fn tune_cache(conn: &Connection, cache_kib: i64) -> rusqlite::Result<()> {
    conn.pragma_update(None, "cache_size", -cache_kib)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    // The answer is the size granted; reading it consumes the pragma's row.
    conn.query_row(&format!("PRAGMA mmap_size = {MMAP_BYTES}"), [], |_| Ok(()))
}

/// Why a database file could not be opened, told apart so that a person can be told what
/// to do about it (the desktop's start page, `entrada serve`'s message).
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Written by a newer Entrada: nothing in it was touched.
    #[error(
        "{} was written by a newer version of Entrada (schema {found}; this version knows \
         schema {known}): refusing to open it. Use the newer version, or restore a backup made \
         by this one",
        .path.display()
    )]
    Newer {
        path: PathBuf,
        found: usize,
        known: usize,
    },
    /// Not an Entrada database, or no SQLite database at all (`unreadable`).
    #[error(
        "{} is not an Entrada database ({why}); refusing to change it. Give --db a new file, \
         or an Entrada database",
        .path.display()
    )]
    Foreign {
        path: PathBuf,
        why: String,
        unreadable: bool,
    },
    /// Encrypted (or damaged: noise is all either shows without a key), and no key was
    /// given.
    #[error(
        "{} is encrypted, or damaged: its key is neither in the secret store nor in its \
         default key file; give it (--key-file, or ENTRADA_DB_KEY), or restore a backup if \
         it is damaged; nothing was changed",
        .path.display()
    )]
    NeedsKey { path: PathBuf },
    /// The key given does not open it.
    #[error(
        "the key given does not open {} (a wrong key, or a damaged file); nothing was changed",
        .path.display()
    )]
    WrongKey { path: PathBuf },
    /// A key was given for a database that is not encrypted.
    #[error(
        "{} is not encrypted, but a key was given: `entrada encrypt` encrypts it with that \
         key, or start without one; nothing was changed",
        .path.display()
    )]
    NotEncrypted { path: PathBuf },
    /// SQLite finds the file damaged.
    #[error(transparent)]
    Damaged(Error),
    /// Another program holds a lock on it.
    #[error(transparent)]
    Locked(Error),
    #[error(transparent)]
    Other(#[from] Error),
}

impl From<rusqlite::Error> for OpenError {
    fn from(e: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode::*;
        match e.sqlite_error_code() {
            Some(NotADatabase | DatabaseCorrupt) => OpenError::Damaged(Error::Database(e)),
            Some(DatabaseBusy | DatabaseLocked) => OpenError::Locked(Error::Database(e)),
            _ => OpenError::Other(Error::Database(e)),
        }
    }
}

impl From<OpenError> for Error {
    fn from(e: OpenError) -> Self {
        match e {
            OpenError::Newer { .. }
            | OpenError::Foreign { .. }
            | OpenError::NeedsKey { .. }
            | OpenError::WrongKey { .. }
            | OpenError::NotEncrypted { .. } => Error::Conflict(e.to_string()),
            OpenError::Damaged(e) | OpenError::Locked(e) | OpenError::Other(e) => e,
        }
    }
}

/// The database handle shared by every request.
#[derive(Clone)]
pub struct Db {
    readers: r2d2::Pool<SqliteConnectionManager>,
    writer: Writer,
    feed: Feed,
    file: DbFile,
    /// Declared after `writer` and `readers`, so dropped after them: the last clone of the
    /// database to go waits for the writer thread to close its connection (see
    /// [`writer::Stopped`]).
    _writer_stopped: std::sync::Arc<writer::Stopped>,
}

impl Db {
    /// Opens (creating if needed) the database at `path`, applies pending migrations and
    /// starts the writer thread.
    pub fn open(path: &Path) -> Result<Db, OpenError> {
        Db::open_with(&DbFile::plain(path), CacheSizes::SERVER)
    }

    /// [`Db::open`] for a file with its key, with page caches of the given sizes.
    pub fn open_with(file: &DbFile, cache: CacheSizes) -> Result<Db, OpenError> {
        let path = file.path.as_path();
        // Owner-only before SQLite creates its -wal and -shm files, which take the
        // database file's mode; a database left readable by others is tightened.
        crate::files::touch(path)?;
        crate::files::tighten_database(path)?;
        migrations::check_file(file)?;
        let mut conn = open_read_write(file, cache.writer_kib)?;
        migrations::apply(&mut conn, file)?;
        // Start with an empty WAL: readers look every page up in the WAL index first, and
        // a WAL left large by a bulk load or a crash slows every read until the next write.
        // Only a speed-up: on a full disk (the pages do not fit in the database file) the
        // WAL stays as it is, and the server starts to serve reads and answer 507 to writes
        // rather than not at all.
        let checkpoint = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        let disk_full = match checkpoint {
            Ok(()) => false,
            Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull) => {
                tracing::warn!(error = %e, "the disk is full: the WAL is kept for now");
                true
            }
            Err(e) => return Err(e.into()),
        };
        let feed = Feed::start()?;
        let (writer, stopped) = Writer::start(conn, feed.clone())?;
        let _writer_stopped = std::sync::Arc::new(stopped);
        if disk_full {
            // `/healthz` says so from the start, not from the first write that fails.
            writer.note_disk_full();
        }

        let keyed = file.clone();
        let manager = SqliteConnectionManager::file(path)
            .with_flags(OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
            .with_init(move |c| {
                keyed.unlock(c)?;
                c.busy_timeout(BUSY_TIMEOUT)?;
                tune_cache(c, cache.reader_kib)?;
                c.set_prepared_statement_cache_capacity(64);
                Ok(())
            });
        // Readers are opened when first needed and then kept for good: r2d2 would
        // otherwise open (and later reap and reopen) connections on a thread of its own,
        // which may still be keying one when a short command exits (SQLCipher then logged
        // decryption errors for a read nobody made, back when exit tore OpenSSL down: see
        // `key::init_crypto`). Kept connections also keep their page caches warm through
        // a quiet hour.
        let readers = r2d2::Pool::builder()
            .max_size(8)
            .min_idle(Some(0))
            .idle_timeout(None)
            .max_lifetime(None)
            .connection_timeout(Duration::from_secs(10))
            .build(manager)
            .map_err(|e| Error::internal(format!("cannot open database readers: {e}")))?;
        Ok(Db {
            readers,
            writer,
            feed,
            file: file.clone(),
            _writer_stopped,
        })
    }

    pub fn path(&self) -> &Path {
        &self.file.path
    }

    /// The file with its key: for copies (backups) and other connections to it.
    pub fn file(&self) -> &DbFile {
        &self.file
    }

    /// The live feed of committed check-in history.
    pub fn feed(&self) -> &Feed {
        &self.feed
    }

    /// Copies every committed page from the WAL into the database file and empties the
    /// WAL (`TRUNCATE`), for a clean stop: the `.db` file alone is then the whole
    /// database (a copy of it is a good copy) and the next start reads no old WAL.
    /// Runs on a connection of its own, outside the writer's transactions; call it when
    /// no request is running any more.
    pub fn checkpoint(&self) -> Result<()> {
        if copy::truncate_wal(&self.file)? {
            Ok(())
        } else {
            Err(Error::internal(
                "the WAL is still in use; it is kept for the next start",
            ))
        }
    }

    /// After an erasure: folds the WAL into the file and empties it, so that the person is
    /// in no byte of the files from then on, not only after the next stop (issue 37).
    /// `secure_delete` zeroes what the erasure frees, but in the new copies of the pages,
    /// which the WAL holds; the old copies stay in the file, and earlier versions in older
    /// WAL frames (also past the end of a WAL that restarted), until a checkpoint that
    /// truncates it. Bounded by the busy timeout: should a reader still hold an old
    /// snapshot, the WAL is kept, which is logged, and folded at the next erasure or stop.
    pub async fn fold_after_erasure(&self) {
        let db = self.clone();
        match tokio::task::spawn_blocking(move || db.checkpoint()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "erased, but the WAL cannot be folded into the file yet")
            }
            Err(e) => tracing::warn!(error = %e, "checkpoint task failed"),
        }
    }

    /// Whether writes are failing because the disk is full. Once a write has failed so,
    /// each call looks whether there is room again (space freed by someone else), so the
    /// state clears without waiting for the next write.
    pub async fn disk_full(&self) -> bool {
        if !self.writer.disk_full() {
            return false;
        }
        let path = self.file.path.clone();
        let room = tokio::task::spawn_blocking(move || disk_has_room(&path))
            .await
            .unwrap_or(false);
        if room {
            self.writer.clear_disk_full();
        }
        !room
    }

    /// Runs `f` on a read-only connection, off the async runtime, inside one read
    /// transaction: every query of `f` sees the same snapshot, and the file's shared lock
    /// is taken once rather than once per statement.
    pub async fn read<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    {
        let pool = self.readers.clone();
        tokio::task::spawn_blocking(move || {
            let conn = pool
                .get()
                .map_err(|e| Error::internal(format!("no database connection: {e}")))?;
            in_read_transaction(&conn, f)
        })
        .await
        .map_err(|e| Error::internal(format!("read task failed: {e}")))?
    }

    /// [`Db::read`] for a point read (a record by its key, a token): run at once on the
    /// calling thread when a reader connection is free, else as [`Db::read`] does.
    ///
    /// Such a read takes tens of microseconds, and in WAL mode a reader never waits for
    /// the writer; handing it to a blocking thread and back (two wake-ups, two context
    /// switches) costs more than the read itself (BENCHMARKS.md, 2026-11-27). Anything
    /// that can take longer (lists, exports, statistics, history) goes through
    /// [`Db::read`], off the async runtime.
    pub async fn read_point<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    {
        match self.readers.try_get() {
            Some(conn) => in_read_transaction(&conn, f),
            None => self.read(f).await,
        }
    }

    /// Runs `f` inside the writer's transaction; its changes are durable once this returns
    /// `Ok`. If `f` fails, none of its changes are kept.
    pub async fn write<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    {
        self.writer.run(f).await
    }

    /// Blocking variant of [`Db::write`] for the command line.
    pub fn write_blocking<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    {
        self.writer.run_blocking(f)
    }

    /// Blocking read for the command line.
    pub fn read_blocking<T>(&self, f: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        let conn = self
            .readers
            .get()
            .map_err(|e| Error::internal(format!("no database connection: {e}")))?;
        in_read_transaction(&conn, f)
    }
}

/// Whether a write of a few pages would fit beside the database: writes and removes a
/// small file there (the free-space figure of the file system is not enough: reserved
/// blocks and quotas decide too).
pub(super) fn disk_has_room(db: &Path) -> bool {
    use std::io::Write as _;
    const PROBE: usize = 256 * 1024;
    let mut name = db.as_os_str().to_owned();
    name.push("-space-probe");
    let probe = PathBuf::from(name);
    let written = std::fs::File::create(&probe)
        .and_then(|mut f| f.write_all(&[0u8; PROBE]).and_then(|()| f.sync_all()));
    let _ = std::fs::remove_file(&probe);
    written.is_ok()
}

fn in_read_transaction<T>(
    conn: &Connection,
    f: impl FnOnce(&Connection) -> Result<T>,
) -> Result<T> {
    conn.prepare_cached("BEGIN")?.execute([])?;
    let result = f(conn);
    // A read transaction has nothing to keep; ending it can only fail if the connection
    // is broken, which the next use reports.
    if let Err(e) = conn
        .prepare_cached("COMMIT")
        .and_then(|mut s| s.execute([]))
    {
        tracing::warn!(error = %e, "cannot end a read transaction");
    }
    result
}

/// Opens the read-write connection with the pragmas every writer needs.
fn open_read_write(file: &DbFile, cache_kib: i64) -> Result<Connection> {
    let conn = file.open_rw()?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // WAL: readers never block on the writer. FULL: a commit that returned is on disk.
    conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get::<_, String>(0))?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // Deleted records are overwritten with zeros, not left in free pages for anyone
    // reading the file (or a backup copied from it) to find: an erased attendee is gone.
    conn.pragma_update(None, "secure_delete", "ON")?;
    tune_cache(&conn, cache_kib)?;
    conn.set_prepared_statement_cache_capacity(128);
    Ok(conn)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache_sizes(db: &Db) -> (i64, i64) {
        let pragma = |c: &Connection| Ok(c.query_row("PRAGMA cache_size", [], |r| r.get(0))?);
        let writer = db.write_blocking(pragma).expect("writer");
        let reader = db.read_blocking(pragma).expect("reader");
        (writer, reader)
    }

    /// The page caches are what the configuration says, on the writer and on the readers
    /// (a negative `cache_size` is KiB).
    #[test]
    fn page_caches_follow_the_configuration() {
        let dir = tempfile::tempdir().expect("temp dir");
        let server = Db::open(&dir.path().join("server.db")).expect("open");
        assert_eq!(cache_sizes(&server), (-64 * 1024, -16 * 1024));
        let kiosk = Db::open_with(
            &DbFile::plain(dir.path().join("kiosk.db")),
            CacheSizes::KIOSK,
        )
        .expect("open");
        assert_eq!(cache_sizes(&kiosk), (-8 * 1024, -2 * 1024));
    }

    /// Dropping the last handle to a database returns only once its writer thread has
    /// closed the connection: a command that exits right after (`entrada accounts
    /// create`) does not exit under a close in progress. The last connection's close
    /// removes the WAL, so its absence says the close has finished. (No reader here: r2d2
    /// may close a reader on its own thread a moment later, and a read-only connection
    /// that closes last leaves the WAL.)
    #[test]
    fn the_last_handle_dropped_waits_for_the_writer_to_close() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("closing.db");
        let mut wal = path.clone().into_os_string();
        wal.push("-wal");
        let wal = std::path::PathBuf::from(wal);
        let file = DbFile::with_key(path, Some(key::DbKey::random()));
        for round in 1..=20 {
            let db = Db::open_with(&file, CacheSizes::KIOSK).expect("open");
            let clone = db.clone();
            let rows: i64 = db
                .write_blocking(|c| {
                    c.execute_batch("CREATE TABLE IF NOT EXISTS t(x); INSERT INTO t VALUES (1)")?;
                    Ok(c.query_row("SELECT count(*) FROM t", [], |r| r.get(0))?)
                })
                .expect("write");
            assert_eq!(rows, round);
            drop(db);
            assert!(wal.exists(), "a clone still holds the database");
            drop(clone);
            assert!(
                !wal.exists(),
                "round {round}: the writer had not closed its connection"
            );
        }
    }
}
