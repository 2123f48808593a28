//! Thinking on the opponent's time. While a person is to move, a search of the position
//! after the reply the AI expects runs on a thread of its own, with no limit but a stop flag.
//! What it finds stays in the shared transposition table, so the AI's own search after the
//! reply starts warm: its early depths come from the table (at once when the reply was the
//! expected one, and often in part when it was not).
//!
//! The full engine also goes on with its proof step there, on one of the engine's threads
//! (one more when it has only one): it proves the same position into the prover's table
//! that the next move's proof step reads, so a win that needs seconds to prove (more than a
//! move's share) is played by its proven move once the person has taken that long.

use super::limits::Limits;
use super::negamax::Stop;
use super::proof::ProofStep;
use super::threads::{self, Style};
use super::tt::Table;
use crate::board::Board;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// A search (and a proof) running in the background; dropping it stops them and waits
/// for their threads.
pub struct Ponder {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    proof: Option<JoinHandle<()>>,
}

impl Ponder {
    /// Starts searching `board` on `threads` threads with `table`, and proving it with
    /// `proof` (the step, and the bytes its table may take) if given, on one of them.
    pub(super) fn start(
        table: Arc<Table>,
        threads: usize,
        board: Board,
        style: Style,
        proof: Option<(Arc<Mutex<dyn ProofStep>>, usize)>,
    ) -> Ponder {
        let stop = Arc::new(AtomicBool::new(false));
        // The proof takes one of the engine's threads when it has more than one, so that
        // pondering keeps to `threads` and the proof has a core of its own.
        let threads = if proof.is_some() && threads > 1 {
            threads - 1
        } else {
            threads
        };
        let proof = proof.map(|(step, memory)| {
            let flag = Arc::clone(&stop);
            std::thread::spawn(move || prove(&step, &board, memory, &flag))
        });
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            threads::search(
                &table,
                threads,
                &board,
                Limits::infinite(),
                style,
                Stop::by(&flag),
                &mut |_| {},
            );
        });
        Ponder {
            stop,
            thread: Some(thread),
            proof,
        }
    }

    /// Whether the search has ended by itself (a proven result, or the deepest depth).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    /// Whether the proof has ended by itself (proven either way, or its table full), or
    /// there is none.
    pub fn is_proof_finished(&self) -> bool {
        self.proof.as_ref().is_none_or(|t| t.is_finished())
    }
}

/// Proves `board` slice by slice until it is settled or `stop` is set. The step is locked
/// for one slice at a time (some tens of milliseconds), so the engine's own use of it never
/// waits longer than that.
fn prove(step: &Mutex<dyn ProofStep>, board: &Board, memory: usize, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut step) = step.lock() else {
            return;
        };
        if !step.ponder_slice(board, memory) {
            return;
        }
    }
}

impl Drop for Ponder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // A search or proof that panicked has nothing to give back; the game goes on
        // without it (a poisoned proof step is dropped at the engine's next move).
        for thread in [self.thread.take(), self.proof.take()]
            .into_iter()
            .flatten()
        {
            let _ = thread.join();
        }
    }
}
