//! Small pools of dedicated threads for work that is heavy in CPU and memory: argon2
//! hashes (19 MiB each) and camera-frame decodes (up to a 4K frame).
//!
//! Why not `spawn_blocking`: the blocking pool grows to hundreds of threads, and glibc's
//! malloc gives threads their own arenas, which keep freed memory. A burst of a hundred
//! wrong secrets, hashed two at a time but on ever new blocking threads, still left the
//! server at 620 MB. On a fixed pool of a few threads the memory stays in their few
//! arenas, and the number of threads is also the bound on concurrent work.
//!
//! Work waits for a free thread at most `queue_wait`; beyond that the caller gets
//! [`Error::Busy`] (429), because a request that waits longer helps nobody: a kiosk sends
//! its next frame, a person presses Sign in again.

use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use tokio::sync::{Semaphore, oneshot};

use crate::error::{Error, Result};

type Job = Box<dyn FnOnce() + Send>;

pub struct Pool {
    jobs: mpsc::Sender<Job>,
    places: Semaphore,
    queue_wait: Duration,
    busy: &'static str,
}

impl Pool {
    /// Starts `threads` threads named `name`; `busy` is the 429's message.
    pub fn new(name: &str, threads: usize, queue_wait: Duration, busy: &'static str) -> Pool {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        let threads = threads.max(1);
        for i in 0..threads {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("entrada-{name}-{i}"))
                .spawn(move || {
                    loop {
                        // The lock is held only while taking a job, not while running it.
                        let job = queue.lock().unwrap_or_else(|p| p.into_inner()).recv();
                        match job {
                            Ok(job) => job(),
                            Err(_) => break,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, name, "cannot start a worker thread");
            }
        }
        Pool {
            jobs,
            places: Semaphore::new(threads),
            queue_wait,
            busy,
        }
    }

    /// Runs `job` on one of the pool's threads once one is free.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T> {
        let _place = tokio::time::timeout(self.queue_wait, self.places.acquire())
            .await
            .map_err(|_| Error::Busy(self.busy.into()))?
            .map_err(|e| Error::internal(format!("the worker pool is closed: {e}")))?;
        let (reply, answer) = oneshot::channel();
        self.jobs
            .send(Box::new(move || {
                // A panic in the job drops `reply`: the caller gets an error, the thread lives.
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                if let Ok(value) = outcome {
                    let _ = reply.send(value);
                }
            }))
            .map_err(|_| Error::internal("the worker threads have stopped"))?;
        answer
            .await
            .map_err(|_| Error::internal("a worker job failed"))
    }
}

/// One per core, at most `cap`.
pub fn per_core(cap: usize) -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, cap))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn runs_jobs_and_refuses_beyond_the_wait() {
        let pool = Pool::new("test", 1, Duration::from_millis(50), "busy");
        assert_eq!(pool.run(|| 2 + 2).await.expect("runs"), 4);
        let slow = pool.run(|| std::thread::sleep(Duration::from_millis(400)));
        let late = async {
            tokio::time::sleep(Duration::from_millis(20)).await;
            pool.run(|| ()).await
        };
        let (slow, late) = tokio::join!(slow, late);
        assert!(slow.is_ok());
        assert!(matches!(late, Err(Error::Busy(_))), "{late:?}");
        assert!(
            pool.run(|| panic!("boom")).await.is_err(),
            "a panic is an error"
        );
        assert_eq!(pool.run(|| 1).await.expect("the thread survived"), 1);
    }
}
