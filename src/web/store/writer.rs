//! The one thread that writes to the database, with group commit. A sync to the disk
//! (`synchronous=FULL`) takes milliseconds; the write requests that arrive while one is under
//! way wait in a channel and are then written together, in one transaction and one sync.
//! Each request runs inside a savepoint of its own, so one that fails (a limit, a
//! constraint) is undone alone and the others are kept; and each caller is answered only
//! once the transaction holding its request has committed, so a write that returns `Ok` is
//! on the disk. If a transaction fails as a whole (a full disk at commit, a failed sync, or
//! an error after which SQLite undid the whole transaction), each of its requests is run
//! again in a transaction of its own, so each gets the answer it would have had alone.

use super::StoreError;
use super::failure::store_error;
use rusqlite::Connection;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::thread::JoinHandle;

/// At most this many requests share a transaction, so the first of them waits a bounded time.
const MOST_IN_A_TRANSACTION: usize = 256;

/// The writing thread and the channel to it.
pub(super) struct Writer {
    requests: Option<mpsc::Sender<Box<dyn Job>>>,
    conn: Arc<Mutex<Connection>>,
    commits: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
}

/// A request: its work, and where its answer goes.
trait Job: Send {
    /// Does the work inside the current transaction; false if it failed.
    fn run(&mut self, conn: &Connection) -> bool;
    /// Answers the caller, once the transaction has committed (`Ok`) or failed.
    fn answer(self: Box<Self>, committed: Result<(), StoreError>);
}

/// A caller's work, its outcome once run, and the caller waiting for it.
struct Call<T, F> {
    work: F,
    outcome: Option<Result<T, StoreError>>,
    reply: mpsc::SyncSender<Result<T, StoreError>>,
}

impl<T, F> Job for Call<T, F>
where
    T: Send,
    F: FnMut(&Connection) -> Result<T, StoreError> + Send,
{
    fn run(&mut self, conn: &Connection) -> bool {
        let outcome = (self.work)(conn);
        let ok = outcome.is_ok();
        self.outcome = Some(outcome);
        ok
    }

    fn answer(self: Box<Self>, committed: Result<(), StoreError>) {
        let answer = match (self.outcome, committed) {
            (Some(Err(e)), _) | (_, Err(e)) => Err(e),
            (Some(Ok(value)), Ok(())) => Ok(value),
            (None, Ok(())) => Err(stopped()),
        };
        // A caller that has gone needs no answer.
        let _ = self.reply.send(answer);
    }
}

fn stopped() -> StoreError {
    StoreError::Other("the database's writing thread has stopped".into())
}

impl Writer {
    /// Starts the thread that writes with `conn` (shared only to set its pragmas).
    pub(super) fn start(conn: Arc<Mutex<Connection>>) -> std::io::Result<Writer> {
        let (requests, incoming) = mpsc::channel();
        let commits = Arc::new(AtomicU64::new(0));
        let (shared, counted) = (Arc::clone(&conn), Arc::clone(&commits));
        let thread = std::thread::Builder::new()
            .name("jump61-store".into())
            .spawn(move || serve(&shared, &incoming, &counted))?;
        Ok(Writer {
            requests: Some(requests),
            conn,
            commits,
            thread: Some(thread),
        })
    }

    /// Runs `work` in a transaction (perhaps with other callers' work, each in its own
    /// savepoint) and returns its result once that transaction is on the disk. `work` may
    /// run more than once: a run whose transaction failed was undone.
    pub(super) fn write<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnMut(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        self.submit(work).recv().unwrap_or_else(|_| Err(stopped()))
    }

    /// Sends `work` to the writing thread; its answer comes on the receiver.
    fn submit<T, F>(&self, work: F) -> mpsc::Receiver<Result<T, StoreError>>
    where
        T: Send + 'static,
        F: FnMut(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let (reply, answer) = mpsc::sync_channel(1);
        let job = Box::new(Call {
            work,
            outcome: None,
            reply,
        });
        if let Some(requests) = &self.requests
            && let Err(mpsc::SendError(job)) = requests.send(job)
        {
            job.answer(Err(stopped()));
        }
        answer
    }

    /// The writing connection, between transactions (to set its pragmas).
    pub(super) fn connection(&self) -> MutexGuard<'_, Connection> {
        lock(&self.conn)
    }

    /// How many transactions have committed.
    pub(super) fn commits(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }
}

impl Drop for Writer {
    /// Closes the channel and waits for the thread to write what it holds.
    fn drop(&mut self) {
        self.requests = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The connection, even after a thread panicked holding it (a transaction is then undone).
pub(super) fn lock(conn: &Mutex<Connection>) -> MutexGuard<'_, Connection> {
    conn.lock().unwrap_or_else(|e| e.into_inner())
}

/// The writing thread: takes every request waiting, writes them, answers them, and again.
fn serve(conn: &Mutex<Connection>, incoming: &mpsc::Receiver<Box<dyn Job>>, commits: &AtomicU64) {
    while let Ok(first) = incoming.recv() {
        let mut batch = vec![first];
        batch.extend(incoming.try_iter().take(MOST_IN_A_TRANSACTION - 1));
        let conn = lock(conn);
        if batch.len() > 1 && together(&conn, &mut batch).is_ok() {
            commits.fetch_add(1, Ordering::Relaxed);
            for job in batch {
                job.answer(Ok(()));
            }
            continue;
        }
        for mut job in batch {
            let committed = alone(&conn, &mut *job);
            if committed.is_ok() {
                commits.fetch_add(1, Ordering::Relaxed);
            }
            job.answer(committed);
        }
    }
}

/// One statement of the transaction's own (`BEGIN`, `SAVEPOINT`, ...), parsed once.
fn step(conn: &Connection, sql: &str) -> Result<(), StoreError> {
    conn.prepare_cached(sql)
        .and_then(|mut statement| statement.execute([]))
        .map(|_| ())
        .map_err(store_error)
}

/// Runs every request of `batch` in one transaction, each in a savepoint (a failed one is
/// undone alone), and commits. On an error the whole transaction is undone.
fn together(conn: &Connection, batch: &mut [Box<dyn Job>]) -> Result<(), StoreError> {
    let written = (|| {
        step(conn, "BEGIN IMMEDIATE")?;
        for job in batch.iter_mut() {
            step(conn, "SAVEPOINT request")?;
            if !job.run(conn) {
                if conn.is_autocommit() {
                    return Err(StoreError::Other("SQLite undid the transaction".into()));
                }
                step(conn, "ROLLBACK TO request")?;
            }
            step(conn, "RELEASE request")?;
        }
        step(conn, "COMMIT")
    })();
    if written.is_err() && !conn.is_autocommit() {
        let _ = step(conn, "ROLLBACK");
    }
    written
}

/// Runs one request in a transaction of its own: committed if it succeeded, undone if not.
fn alone(conn: &Connection, job: &mut dyn Job) -> Result<(), StoreError> {
    step(conn, "BEGIN IMMEDIATE")?;
    let ok = job.run(conn);
    let committed = if ok { step(conn, "COMMIT") } else { Ok(()) };
    if (!ok || committed.is_err()) && !conn.is_autocommit() {
        let _ = step(conn, "ROLLBACK");
    }
    committed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(conn: &Connection) {
        conn.execute_batch("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")
            .unwrap();
    }

    fn insert(k: i64) -> impl FnMut(&Connection) -> Result<(), StoreError> + Send + 'static {
        move |c: &Connection| {
            c.execute("INSERT INTO t (k, v) VALUES (?1, 'v')", [k])
                .map(|_| ())
                .map_err(store_error)
        }
    }

    fn keys(conn: &Connection) -> Vec<i64> {
        let mut statement = conn.prepare("SELECT k FROM t ORDER BY k").unwrap();
        let rows = statement.query_map([], |r| r.get(0)).unwrap();
        rows.collect::<Result<_, _>>().unwrap()
    }

    /// A writer whose thread is held inside a first request (alone in its transaction)
    /// until the returned sender sends, so that the requests submitted meanwhile all wait
    /// for the next transaction.
    fn held_writer() -> (
        Writer,
        mpsc::Sender<()>,
        mpsc::Receiver<Result<(), StoreError>>,
    ) {
        let conn = Connection::open_in_memory().unwrap();
        table(&conn);
        let writer = Writer::start(Arc::new(Mutex::new(conn))).unwrap();
        let (release, held) = mpsc::channel::<()>();
        let (started, running) = mpsc::channel::<()>();
        let first = writer.submit(move |c: &Connection| {
            let _ = started.send(());
            let _ = held.recv();
            insert(0)(c)
        });
        running.recv().unwrap();
        (writer, release, first)
    }

    #[test]
    fn requests_that_wait_together_share_one_transaction() {
        let (writer, release, first) = held_writer();
        let waiting: Vec<_> = (1..=20).map(|k| writer.submit(insert(k))).collect();
        release.send(()).unwrap();
        assert_eq!(first.recv().unwrap(), Ok(()));
        for answer in waiting {
            assert_eq!(answer.recv().unwrap(), Ok(()));
        }
        assert_eq!(writer.commits(), 2, "the first alone, the twenty together");
        assert_eq!(keys(&writer.connection()), (0..=20).collect::<Vec<_>>());
    }

    #[test]
    fn a_failed_request_is_undone_alone_and_the_others_of_its_transaction_are_kept() {
        let (writer, release, first) = held_writer();
        let before = writer.submit(insert(1));
        // Key 0 is taken by the first request: a constraint fails, in the middle.
        let taken = writer.submit(insert(0));
        let half_done = writer.submit(|c: &Connection| {
            c.execute("INSERT INTO t (k, v) VALUES (5, 'v')", [])
                .map_err(store_error)?;
            c.execute("INSERT INTO t (k, v) VALUES (6, NULL)", [])
                .map_err(store_error)?;
            Ok(())
        });
        let after = writer.submit(insert(2));
        release.send(()).unwrap();
        assert_eq!(first.recv().unwrap(), Ok(()));
        assert_eq!(before.recv().unwrap(), Ok(()));
        let refused = taken.recv().unwrap();
        assert!(
            matches!(&refused, Err(StoreError::Other(e)) if e.contains("UNIQUE")),
            "{refused:?}"
        );
        assert!(half_done.recv().unwrap().is_err());
        assert_eq!(after.recv().unwrap(), Ok(()));
        assert_eq!(writer.commits(), 2);
        // Of the half-done request, nothing: its first insert went with its savepoint.
        assert_eq!(keys(&writer.connection()), vec![0, 1, 2]);
    }

    #[test]
    fn a_request_answers_with_its_own_value() {
        let conn = Connection::open_in_memory().unwrap();
        table(&conn);
        let writer = Writer::start(Arc::new(Mutex::new(conn))).unwrap();
        let changed = writer.write(|c: &Connection| {
            c.execute("INSERT INTO t (k, v) VALUES (1, 'a'), (2, 'b')", [])
                .map_err(store_error)
        });
        assert_eq!(changed, Ok(2));
    }
}
