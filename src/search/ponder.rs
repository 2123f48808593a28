//! Thinking on the opponent's time. While a person is to move, a search of the position
//! after the reply the AI expects runs on a thread of its own, with no limit but a stop flag.
//! What it finds stays in the shared transposition table, so the AI's own search after the
//! reply starts warm: its early depths come from the table (at once when the reply was the
//! expected one, and often in part when it was not).

use super::limits::Limits;
use super::threads::{self, Style};
use super::tt::Table;
use crate::board::Board;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// A search running in the background; dropping it stops it and waits for its thread.
pub struct Ponder {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Ponder {
    /// Starts searching `board` on `threads` threads with `table`.
    pub(super) fn start(table: Arc<Table>, threads: usize, board: Board, style: Style) -> Ponder {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            threads::search(
                &table,
                threads,
                &board,
                Limits::infinite(),
                style,
                &flag,
                &mut |_| {},
            );
        });
        Ponder {
            stop,
            thread: Some(thread),
        }
    }

    /// Whether the search has ended by itself (a proven result, or the deepest depth).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }
}

impl Drop for Ponder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            // A search that panicked has nothing to give back; the game goes on without it.
            let _ = thread.join();
        }
    }
}
