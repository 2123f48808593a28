//! One question on several cores: every thread runs df-pn from the same root over one
//! shared table ([`crate::solver::table`]), and they meet there. A thread reads the numbers the
//! others stored at every step and steers away from the children another thread is inside
//! (see [`super`]), so the threads spread over the tree instead of repeating one
//! another, and whatever one proves, all use. The first thread to settle the root tells
//! the others to stop. The table starts small and doubles as it fills, as one thread's
//! does: the threads unwind, the table grows, and they go on from what it holds (a proof
//! that needs a few megabytes does not wait seconds for gigabytes to be mapped).
//!
//! With one thread this is the single-thread prover, unchanged and deterministic; with
//! more, which thread proves what depends on timing, so the positions searched vary from
//! run to run (the value never does).

use super::{Entry, Prover};
use crate::board::Board;
use crate::solver::table::key::Symmetries;
use std::sync::Arc;

/// Proves or disproves that the side to move on `board` wins, with `threads` threads: the
/// prover itself and `threads - 1` helpers sharing its table. The helpers' positions are
/// added to the prover's count.
pub fn prove(prover: &mut Prover, board: &Board, threads: usize) -> Entry {
    if threads <= 1 {
        return prover.prove(board);
    }
    loop {
        let found = prove_together(prover, board, threads);
        if decided(found) || !prover.shared.take_growth() {
            return found;
        }
        // The threads stopped so that the table could grow (a shared table cannot): grow
        // it (or, if that fails, lower the limit so that no thread asks again) and go on
        // from what it holds.
        prover.grow();
    }
}

/// One round of [`prove`]: every thread from the root until the question is settled, a
/// limit stops them, or the table must grow.
fn prove_together(prover: &mut Prover, board: &Board, threads: usize) -> Entry {
    let shared = Arc::clone(&prover.shared);
    shared.set_solved(false);
    prover.table.set_shared_writers(true);
    shared.set_threads(threads);
    let limits = prover.limits();
    let root = *board;
    let (found, helped) = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .filter_map(|thread| {
                let sym = Symmetries::new(root.size())?;
                let table = Arc::clone(&prover.table);
                let shared = Arc::clone(&shared);
                Some(scope.spawn(move || {
                    let mut helper =
                        Prover::sharing(sym, table, Arc::clone(&shared), thread, limits);
                    let found = helper.prove(&root);
                    if decided(found) {
                        shared.set_solved(true);
                    }
                    (found, helper.positions)
                }))
            })
            .collect();
        let found = prover.prove(&root);
        // Settled, stopped or growing: either way the helpers stop.
        shared.set_solved(true);
        let helped: Vec<(Entry, u64)> = helpers.into_iter().filter_map(|h| h.join().ok()).collect();
        (found, helped)
    });
    shared.set_solved(false);
    prover.table.set_shared_writers(false);
    shared.set_threads(1);
    prover.positions += helped.iter().map(|h| h.1).sum::<u64>();
    if decided(found) {
        return found;
    }
    // A helper may have settled it while this thread was still searching.
    helped
        .iter()
        .map(|h| h.0)
        .find(|&e| decided(e))
        .unwrap_or(found)
}

fn decided(e: Entry) -> bool {
    e.is_win() || e.is_loss()
}
