//! The bounded pool that runs the AI's searches of every game: a semaphore with one permit a
//! thread in front of tokio's blocking threads, so a hundred games thinking at once use no
//! more threads than the pool has; the rest wait their turn, first come first served.
//!
//! Each job comes with its game's stop flag: a job stopped while it waits never starts, and
//! the searches themselves watch the same flag, so a closed page frees its thread at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tokio::runtime::Handle;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The search pool, shared by all games.
pub struct SearchPool {
    permits: Arc<Semaphore>,
    threads: usize,
    runtime: Handle,
    running: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
    started: Arc<AtomicUsize>,
}

impl SearchPool {
    /// A pool of `threads` search threads (at least one) on `runtime`'s blocking threads.
    pub fn new(threads: usize, runtime: Handle) -> SearchPool {
        let threads = threads.max(1);
        SearchPool {
            permits: Arc::new(Semaphore::new(threads)),
            threads,
            runtime,
            running: Arc::default(),
            peak: Arc::default(),
            started: Arc::default(),
        }
    }

    /// The pool's size.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Jobs running now.
    pub fn busy(&self) -> usize {
        self.running.load(Ordering::Relaxed)
    }

    /// The most jobs that ever ran at once.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    /// Jobs started so far.
    pub fn started(&self) -> usize {
        self.started.load(Ordering::Relaxed)
    }

    /// Runs `job` on a pool thread once one is free, then hands its result to `deliver`:
    /// `None` when the job was stopped before it started, or panicked.
    pub fn spawn<T: Send + 'static>(
        &self,
        stop: Arc<AtomicBool>,
        job: impl FnOnce() -> T + Send + 'static,
        deliver: impl FnOnce(Option<T>) + Send + 'static,
    ) {
        let permits = Arc::clone(&self.permits);
        let (running, peak, started) = (
            Arc::clone(&self.running),
            Arc::clone(&self.peak),
            Arc::clone(&self.started),
        );
        let runtime = self.runtime.clone();
        self.runtime.spawn(async move {
            let Ok(permit) = permits.acquire_owned().await else {
                return deliver(None);
            };
            if stop.load(Ordering::Relaxed) {
                return deliver(None);
            }
            let now = running.fetch_add(1, Ordering::Relaxed) + 1;
            peak.fetch_max(now, Ordering::Relaxed);
            started.fetch_add(1, Ordering::Relaxed);
            let busy = Busy {
                running,
                _permit: permit,
            };
            let result = runtime
                .spawn_blocking(move || {
                    let result = job();
                    drop(busy);
                    result
                })
                .await;
            deliver(result.ok());
        });
    }
}

/// A pool thread in use: uncounted, then its permit given back, when the job ends (even
/// by a panic).
struct Busy {
    running: Arc<AtomicUsize>,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.running.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_jobs_run_at_once_than_the_pool_has_threads() {
        let pool = SearchPool::new(2, Handle::current());
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        for i in 0..12 {
            let tx = tx.clone();
            pool.spawn(
                Arc::new(AtomicBool::new(false)),
                move || {
                    std::thread::sleep(Duration::from_millis(20));
                    i
                },
                move |r| {
                    let _ = tx.send(r);
                },
            );
        }
        let mut got = Vec::new();
        for _ in 0..12 {
            got.push(rx.recv().await.unwrap().unwrap());
        }
        got.sort();
        assert_eq!(got, (0..12).collect::<Vec<_>>());
        assert_eq!(pool.peak(), 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_stopped_while_waiting_never_starts() {
        let pool = SearchPool::new(1, Handle::current());
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let (began_tx, mut began) = tokio::sync::mpsc::unbounded_channel();
        let tx1 = tx.clone();
        pool.spawn(
            Arc::new(AtomicBool::new(false)),
            move || {
                let _ = began_tx.send(());
                std::thread::sleep(Duration::from_millis(50));
            },
            move |r| {
                let _ = tx1.send(("first", r.is_some()));
            },
        );
        began.recv().await;
        let stop = Arc::new(AtomicBool::new(false));
        pool.spawn(
            Arc::clone(&stop),
            || panic!("a stopped job must not run"),
            move |r| {
                let _ = tx.send(("second", r.is_some()));
            },
        );
        stop.store(true, Ordering::Relaxed);
        let mut got = vec![rx.recv().await.unwrap(), rx.recv().await.unwrap()];
        got.sort();
        assert_eq!(got, [("first", true), ("second", false)]);
        assert_eq!(pool.started(), 1);
    }
}
