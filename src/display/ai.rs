//! The AI's thinking on its own thread, so the screen keeps answering keys meanwhile.
//!
//! The thread owns the engine while it searches and hands it back with its answer, so the
//! engine's table lasts from move to move. Progress comes back through a channel.

use crate::board::Board;
use crate::search::{Engine, EngineConfig, Progress};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::thread;
use std::time::Duration;

/// What a search is for: the AI's own move, or a hint for the person to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Hint,
}

/// A message from the search thread.
pub enum Report {
    /// A depth finished.
    Progress(Progress),
    /// The search ended with this move (`None` when the game was already over).
    Done(Option<usize>, Box<Engine>),
    /// The thread ended without an answer (it panicked).
    Lost,
}

/// A search running on its own thread.
pub struct Thinker {
    pub purpose: Purpose,
    /// The position searched: an answer for another position is never played.
    pub board: Board,
    stop: Arc<AtomicBool>,
    reports: Receiver<Report>,
}

impl Thinker {
    /// Starts searching `board` with `engine`, configured as the session says.
    pub fn spawn(
        mut engine: Box<Engine>,
        config: &EngineConfig,
        board: Board,
        purpose: Purpose,
    ) -> Thinker {
        let stop = Arc::new(AtomicBool::new(false));
        engine.set_config(config.clone());
        engine.set_stop_flag(Some(stop.clone()));
        let (tx, reports) = mpsc::channel();
        thread::spawn(move || {
            let progress_tx = tx.clone();
            // A closed channel means the screen is gone: the answer is not wanted.
            let mut progress = |p: &Progress| {
                let _ = progress_tx.send(Report::Progress(p.clone()));
            };
            let choice = engine.choose_move(&board, &mut progress);
            let _ = tx.send(Report::Done(choice, engine));
        });
        Thinker {
            purpose,
            board,
            stop,
            reports,
        }
    }

    /// Asks the search to stop now; its answer comes soon after.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The next report if one is waiting.
    pub fn try_report(&self) -> Option<Report> {
        match self.reports.try_recv() {
            Ok(r) => Some(r),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Report::Lost),
        }
    }

    /// The next report, waiting up to `timeout`.
    pub fn wait_report(&self, timeout: Duration) -> Option<Report> {
        match self.reports.recv_timeout(timeout) {
            Ok(r) => Some(r),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Report::Lost),
        }
    }
}

impl Drop for Thinker {
    /// A search nobody waits for stops at once instead of using up its time.
    fn drop(&mut self) {
        self.stop();
    }
}
