//! The threads that hold the games. A game's session writes to its own sinks and is not
//! `Send`, so each game lives as a task on one game thread (a single-threaded runtime with a
//! `LocalSet`) for its whole life; connections talk to it through channels. A message costs
//! a game microseconds (a search never runs here: it goes to the search pool), so a few
//! threads hold many games, and a game that panics ends alone.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::mpsc;

/// Makes a game's task, on the game thread that will run it.
pub type MakeTask = Box<dyn FnOnce() -> Pin<Box<dyn Future<Output = ()>>> + Send>;

/// The game threads.
pub struct Host {
    threads: Vec<mpsc::UnboundedSender<MakeTask>>,
    next: AtomicUsize,
}

impl Host {
    /// Starts `threads` game threads (at least one). They end when the host is dropped.
    pub fn new(threads: usize) -> std::io::Result<Host> {
        let mut senders = Vec::new();
        for i in 0..threads.max(1) {
            let (tx, rx) = mpsc::unbounded_channel::<MakeTask>();
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            std::thread::Builder::new()
                .name(format!("jump61-games-{i}"))
                .spawn(move || run_thread(runtime, rx))?;
            senders.push(tx);
        }
        Ok(Host {
            threads: senders,
            next: AtomicUsize::new(0),
        })
    }

    /// Runs the task `make` builds on the next game thread in turn; false if the threads
    /// have gone.
    pub fn spawn(&self, make: MakeTask) -> bool {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.threads.len();
        self.threads[i].send(make).is_ok()
    }
}

fn run_thread(runtime: tokio::runtime::Runtime, mut tasks: mpsc::UnboundedReceiver<MakeTask>) {
    let local = tokio::task::LocalSet::new();
    local.block_on(&runtime, async move {
        while let Some(make) = tasks.recv().await {
            // A task that panics ends alone: tokio catches it, the thread goes on.
            tokio::task::spawn_local(make());
        }
    });
}
