//! The single writer: one thread, one read-write connection, group commit.
//!
//! Every write of the server is a job sent to this thread. The thread takes the first job
//! and every other job already waiting (up to [`MAX_BATCH`]), runs each inside its own
//! savepoint of one `BEGIN IMMEDIATE` transaction, commits once, and only then answers
//! the callers. A job that fails is rolled back to its savepoint without touching the
//! others. With `synchronous=FULL` a batch costs one fsync, which is what makes durable
//! writes fast under concurrency; with a single caller it degrades to one job per commit.
//!
//! Because one thread applies every write in order, concurrent operations on the same
//! record are serialised for free: the second sees the first's result.
//!
//! The thread ends when the last [`Writer`] is dropped, after the jobs still queued; its
//! owner waits for that with [`Stopped`], so that the connection is closed before the
//! process exits rather than while it does.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use rusqlite::Connection;
use tokio::sync::oneshot;

use super::feed::{self, Feed};
use crate::error::{Error, Result};

/// Most jobs committed together. Bounds the latency a batch adds to its first job.
const MAX_BATCH: usize = 256;
/// Jobs queued beyond this make callers wait (backpressure instead of unbounded memory).
const QUEUE_DEPTH: usize = 4096;

/// Why a batch's transaction could not be committed (told to every job of the batch).
#[derive(Debug, Clone)]
struct Failure {
    message: String,
    disk_full: bool,
}

impl Failure {
    fn new(what: &str, e: &rusqlite::Error) -> Failure {
        Failure {
            message: format!("{what}: {e}"),
            disk_full: e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull),
        }
    }
}

impl From<Failure> for Error {
    fn from(f: Failure) -> Error {
        if f.disk_full {
            Error::DiskFull(f.message)
        } else {
            Error::Internal(f.message)
        }
    }
}

/// What the writer does with a job after its transaction commits (or fails to).
type Deliver = Box<dyn FnOnce(std::result::Result<(), Failure>) + Send>;
/// A job runs on the writer's connection and says whether its changes are to be kept.
type Job = Box<dyn FnOnce(&Connection) -> (bool, Deliver) + Send>;

#[derive(Clone)]
pub struct Writer {
    queue: mpsc::SyncSender<Job>,
    /// Set when a write failed because the disk is full, cleared by the next write that
    /// commits: what `/healthz` reports.
    disk_full: Arc<AtomicBool>,
}

impl Writer {
    /// Starts the writer thread; the history records of each committed batch go to `feed`.
    /// The thread ends once every clone of the returned writer is dropped, which
    /// [`Stopped`] tells.
    pub fn start(conn: Connection, feed: Feed) -> Result<(Writer, Stopped)> {
        let (queue, jobs) = mpsc::sync_channel::<Job>(QUEUE_DEPTH);
        let (ended, stopped) = mpsc::channel::<()>();
        std::thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || {
                // Dropped last, after `run_writer` has closed the connection (or unwound).
                let _ended = ended;
                run_writer(conn, jobs, feed);
            })
            .map_err(|e| Error::internal(format!("cannot start the database writer: {e}")))?;
        Ok((
            Writer {
                queue,
                disk_full: Arc::new(AtomicBool::new(false)),
            },
            Stopped(std::sync::Mutex::new(stopped)),
        ))
    }

    /// Whether the last write that ended failed because the disk is full.
    pub fn disk_full(&self) -> bool {
        self.disk_full.load(Ordering::Relaxed)
    }

    /// Notes that the disk is full before any write failed (the checkpoint at start).
    pub fn note_disk_full(&self) {
        self.disk_full.store(true, Ordering::Relaxed);
    }

    /// Forgets a disk-full state once there is room again (see `Db::disk_has_room`).
    pub fn clear_disk_full(&self) {
        self.disk_full.store(false, Ordering::Relaxed);
    }

    fn job<T, F>(&self, f: F) -> (Job, oneshot::Receiver<Result<T>>)
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let disk_full = self.disk_full.clone();
        let job: Job = Box::new(move |conn| {
            let result = f(conn);
            let keep = result.is_ok();
            let deliver: Deliver = Box::new(move |committed| {
                let outcome = match committed {
                    Ok(()) => result,
                    Err(failure) => Err(Error::from(failure)),
                };
                match &outcome {
                    Ok(_) => disk_full.store(false, Ordering::Relaxed),
                    Err(e) if e.is_disk_full() => disk_full.store(true, Ordering::Relaxed),
                    Err(_) => {}
                }
                // The caller may have gone away (client disconnected); nothing to do then.
                let _ = reply.send(outcome);
            });
            (keep, deliver)
        });
        (job, answer)
    }

    pub async fn run<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    {
        let (job, answer) = self.job(f);
        let queue = self.queue.clone();
        // `send` blocks only when the queue is full; do that off the runtime threads.
        match queue.try_send(job) {
            Ok(()) => {}
            Err(mpsc::TrySendError::Full(job)) => {
                tokio::task::spawn_blocking(move || queue.send(job))
                    .await
                    .map_err(|e| Error::internal(format!("write task failed: {e}")))?
                    .map_err(|_| Error::internal("the database writer has stopped"))?;
            }
            Err(mpsc::TrySendError::Disconnected(_)) => {
                return Err(Error::internal("the database writer has stopped"));
            }
        }
        answer
            .await
            .map_err(|_| Error::internal("the write was abandoned by the database writer"))?
    }

    pub fn run_blocking<T, F>(&self, f: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T> + Send + 'static,
    {
        let (job, answer) = self.job(f);
        self.queue
            .send(job)
            .map_err(|_| Error::internal("the database writer has stopped"))?;
        answer
            .blocking_recv()
            .map_err(|_| Error::internal("the write was abandoned by the database writer"))?
    }
}

/// The writer thread's name: [`Stopped`] does not wait on the thread it would wait for.
const THREAD_NAME: &str = "entrada-db-writer";
/// How long [`Stopped`] waits for the queued jobs and the connection's close.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// Waits, when dropped, until the writer thread has run the jobs still queued and closed
/// its connection. Its owner drops it after its last [`Writer`].
///
/// Why: a command such as `entrada accounts create` returns from `main` right after its
/// write is answered. Without this wait the thread would close its connection while the
/// process exits. SQLCipher frees its OpenSSL state on close, and exit tore OpenSSL down
/// (until [`super::key::init_crypto`]): both at once ended a command in `double free or
/// corruption`, twice in about six whole test runs. A close that finishes before exit
/// also leaves no WAL half checkpointed.
pub struct Stopped(std::sync::Mutex<mpsc::Receiver<()>>);

impl Drop for Stopped {
    fn drop(&mut self) {
        // A job that drops the last handle to the database runs on the writer thread:
        // it would wait on itself.
        if std::thread::current().name() == Some(THREAD_NAME) {
            return;
        }
        // A mutex only to make the database `Sync`: nothing else takes it.
        let ended = match self.0.get_mut() {
            Ok(ended) => ended,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Err(mpsc::RecvTimeoutError::Timeout) = ended.recv_timeout(STOP_WAIT) {
            tracing::warn!(
                waited = ?STOP_WAIT,
                "the database writer has not stopped; its connection is left to the exit"
            );
        }
    }
}

fn run_writer(conn: Connection, jobs: mpsc::Receiver<Job>, feed: Feed) {
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    let mut deliveries: Vec<Deliver> = Vec::with_capacity(MAX_BATCH);
    while let Ok(first) = jobs.recv() {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let outcome = run_batch(&conn, &mut batch, &mut deliveries);
        let written = feed::take();
        if outcome.is_err() {
            tracing::error!(error = ?outcome, "write batch failed");
        } else {
            feed.committed(written);
        }
        for deliver in deliveries.drain(..) {
            deliver(outcome.clone());
        }
    }
    tracing::debug!("database writer stopped");
}

/// Runs every job of `batch` in one transaction; collects what to tell each caller.
fn run_batch(
    conn: &Connection,
    batch: &mut Vec<Job>,
    deliveries: &mut Vec<Deliver>,
) -> std::result::Result<(), Failure> {
    if let Err(e) = run_cached(conn, "BEGIN IMMEDIATE") {
        // Jobs not run: their callers learn why through the dropped reply or the error.
        for job in batch.drain(..) {
            drop(job);
        }
        return Err(Failure::new("cannot start a write transaction", &e));
    }
    let mut jobs = batch.drain(..);
    while let Some(job) = jobs.next() {
        if let Err(e) = run_cached(conn, "SAVEPOINT job") {
            drop(job);
            tracing::error!(error = %e, "cannot open savepoint");
            continue;
        }
        let noted = feed::mark();
        let outcome = catch_unwind(AssertUnwindSafe(|| job(conn)));
        if conn.is_autocommit() {
            // SQLite ended the whole transaction: it does so when a statement fails on a
            // full disk or an I/O error. What the batch's earlier jobs wrote is gone with
            // it, and the later jobs must not run: outside a transaction, each one's
            // savepoint would commit it on its own, and its caller would then be told that
            // it failed (a write that answered an error but is there).
            if let Ok((_, deliver)) = outcome {
                deliveries.push(deliver);
            }
            drop(jobs);
            let disk_full = conn
                .path()
                .is_some_and(|p| !super::disk_has_room(Path::new(p)));
            return Err(Failure {
                message: "the database ended the write transaction after an error; nothing of \
                          it was kept"
                    .into(),
                disk_full,
            });
        }
        match outcome {
            Ok((keep, deliver)) => {
                if !keep {
                    rollback_savepoint(conn);
                    feed::discard_since(noted);
                }
                release_savepoint(conn);
                deliveries.push(deliver);
            }
            Err(_) => {
                // The job's reply sender was dropped during the unwind; its caller gets
                // an error. Its partial changes must not be committed with the others.
                tracing::error!("a write job panicked; its changes are rolled back");
                rollback_savepoint(conn);
                feed::discard_since(noted);
                release_savepoint(conn);
            }
        }
    }
    drop(jobs);
    match run_cached(conn, "COMMIT") {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            Err(Failure::new("commit failed", &e))
        }
    }
}

fn rollback_savepoint(conn: &Connection) {
    if let Err(e) = run_cached(conn, "ROLLBACK TO job") {
        tracing::error!(error = %e, "cannot roll back savepoint");
    }
}

fn release_savepoint(conn: &Connection) {
    if let Err(e) = run_cached(conn, "RELEASE job") {
        tracing::error!(error = %e, "cannot release savepoint");
    }
}

/// A savepoint that a job opens inside its own, to keep or undo part of its work: the CSV
/// import's (everything or nothing of a file, and the trial run of a row that is refused
/// anyway). Unlike the job's own savepoint, its failures are the job's: they are returned,
/// not logged. Dropping it without [`release`](Self::release) or
/// [`roll_back`](Self::roll_back) leaves it open, to be undone with the job when the job
/// fails.
pub struct Savepoint<'c> {
    conn: &'c Connection,
    name: &'static str,
}

impl<'c> Savepoint<'c> {
    /// `SAVEPOINT <name>`; `name` is a plain identifier.
    pub fn open(conn: &'c Connection, name: &'static str) -> Result<Savepoint<'c>> {
        conn.execute_batch(&format!("SAVEPOINT {name}"))?;
        Ok(Savepoint { conn, name })
    }

    /// Keeps what was written since it was opened (as part of the enclosing transaction).
    pub fn release(self) -> Result<()> {
        let name = self.name;
        Ok(self.conn.execute_batch(&format!("RELEASE {name}"))?)
    }

    /// Undoes what was written since it was opened, and closes it.
    pub fn roll_back(self) -> Result<()> {
        let name = self.name;
        Ok(self
            .conn
            .execute_batch(&format!("ROLLBACK TO {name}; RELEASE {name}"))?)
    }
}

/// Runs a statement from the connection's cache: these run several times per batch, and
/// parsing them each time showed in profiles.
fn run_cached(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(sql)?.execute([]).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(sql: &'static str, kept: Arc<std::sync::Mutex<Vec<bool>>>) -> Job {
        Box::new(move |conn: &Connection| {
            let keep = conn.execute_batch(sql).is_ok();
            let deliver: Deliver = Box::new(move |outcome| {
                if let Ok(mut told) = kept.lock() {
                    told.push(outcome.is_ok());
                }
            });
            (keep, deliver)
        })
    }

    /// SQLite ends the whole transaction when a statement fails on a full disk (or an I/O
    /// error); a job's ROLLBACK does the same here. Nothing of the batch may be kept, and
    /// above all not the jobs after it, which would otherwise each commit on their own.
    #[test]
    fn a_transaction_the_database_ended_keeps_no_job_of_the_batch() {
        let dir = tempfile::tempdir().expect("dir");
        let conn = Connection::open(dir.path().join("w.db")).expect("open");
        conn.execute_batch("CREATE TABLE t(x)").expect("table");
        let told = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut batch = vec![
            job("INSERT INTO t VALUES (1)", told.clone()),
            job("ROLLBACK", told.clone()),
            job("INSERT INTO t VALUES (3)", told.clone()),
        ];
        let mut deliveries = Vec::new();
        let outcome = run_batch(&conn, &mut batch, &mut deliveries);
        assert!(outcome.is_err(), "the batch failed");
        for deliver in deliveries.drain(..) {
            deliver(outcome.clone());
        }
        let rows: i64 = conn
            .query_row("SELECT count(*) FROM t", [], |r| r.get(0))
            .expect("count");
        assert_eq!(rows, 0, "no job's row was kept");
        assert!(conn.is_autocommit(), "no transaction left open");
        let told = told.lock().expect("told").clone();
        assert!(
            told.iter().all(|ok| !ok),
            "no caller was told it worked: {told:?}"
        );
    }
}
