//! One question on several cores: every thread runs df-pn from the same root over one
//! shared table ([`crate::solver::table`]), and they meet there. A thread reads the numbers the
//! others stored at every step and steers away from the children another thread is inside
//! (see [`super`]), so the threads spread over the tree instead of repeating one
//! another, and whatever one proves, all use. The first thread to settle the root tells
//! the others to stop. The table starts small and doubles as it fills, as one thread's
//! does (a proof that needs a few megabytes does not wait seconds for gigabytes to be
//! mapped): the threads pause where they are while the first doubles it, and go on from
//! there (see `Prover::pause_for_growth`); where it cannot (another owner holds the table,
//! or the memory cannot be had) they unwind, the table grows between rounds, and they go
//! on from what it holds.
//!
//! Several questions at once ([`prove_each`], every first move of a position) go a thread
//! each, not every thread on one: the threads then share no subtree near their roots, and a
//! thread with no question left joins one still open.
//!
//! With one thread this is the single-thread prover, unchanged and deterministic; with
//! more, which thread proves what depends on timing, so the positions searched vary from
//! run to run (the value never does).

use super::estimate::fresh;
use super::{Entry, Prover};
use crate::board::Board;
use crate::solver::table::key::Symmetries;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;

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
        // The threads unwound so that the table could grow (no pause could grow it): grow
        // it (or, if that fails, lower the limit so that no thread asks again) and go on
        // from what it holds.
        prover.grow();
    }
}

/// One round of [`prove`]: every thread from the root until the question is settled, a
/// limit stops them, or the table must grow.
fn prove_together(prover: &mut Prover, board: &Board, threads: usize) -> Entry {
    let root = *board;
    let (found, helped) = on_threads(prover, threads, &|p: &mut Prover| {
        let found = p.prove(&root);
        if decided(found) {
            p.shared.set_solved(true);
        }
        found
    });
    // A helper may have settled it while this thread was still searching.
    let settled = helped.into_iter().find(|&e| decided(e));
    if decided(found) {
        found
    } else {
        settled.unwrap_or(found)
    }
}

/// Runs `work` on `prover` and on `threads - 1` helpers sharing its table, the stop flag of
/// its caller and the rest of what the threads share; once `prover`'s work is done the
/// helpers are told to stop (settled, stopped or growing: either way). Returns `prover`'s
/// result and the helpers', whose positions are added to `prover`'s count.
fn on_threads<T: Send>(
    prover: &mut Prover,
    threads: usize,
    work: &(dyn Fn(&mut Prover) -> T + Sync),
) -> (T, Vec<T>) {
    let shared = Arc::clone(&prover.shared);
    shared.set_solved(false);
    prover.table.set_shared_writers(true);
    shared.set_threads(threads);
    let (limits, size) = (prover.limits(), prover.sym.size());
    let (mine, helped) = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .filter_map(|thread| {
                let sym = Symmetries::new(size)?;
                let (table, shared) = (Arc::clone(&prover.table), Arc::clone(&shared));
                let stop_flag = prover.stop_flag.clone();
                Some(scope.spawn(move || {
                    let mut helper = Prover::sharing(sym, table, shared, thread, limits);
                    helper.stop_flag = stop_flag;
                    let done = work(&mut helper);
                    (done, helper.positions)
                }))
            })
            .collect();
        let mine = work(prover);
        // The helpers may be paused for the table's growth, waiting for this thread.
        loop {
            shared.set_solved(true);
            if !shared.pausing() {
                break;
            }
            prover.grow_shared();
        }
        let helped: Vec<(T, u64)> = helpers.into_iter().filter_map(|h| h.join().ok()).collect();
        (mine, helped)
    });
    shared.set_solved(false);
    shared.forget_resumed();
    prover.table.set_shared_writers(false);
    shared.set_threads(1);
    prover.positions += helped.iter().map(|h| h.1).sum::<u64>();
    (mine, helped.into_iter().map(|h| h.0).collect())
}

/// Proves or disproves each of `boards` (none over) on `threads` threads that take them one
/// at a time, the hardest first by the work the table records below each, so that each
/// question has a thread of its own; a thread with none left joins one still open, as
/// [`prove`]'s threads do. The answers go into the table, where [`Prover::lookup`] finds
/// them. Two threads on one small question share its work worse than on two (the seeded 4x4
/// sample, docs/results/solving.md): a won position's every winning first move is such a
/// list of questions.
pub fn prove_each(prover: &mut Prover, boards: &[Board], threads: usize) {
    loop {
        let open = open_hardest_first(prover, boards);
        if open.is_empty() {
            return;
        }
        if threads <= 1 {
            prove(prover, &open[0], 1);
        } else {
            take_each_together(prover, &open, threads);
        }
        if prover.stopped.is_some() || prover.shared.stopped().is_some() {
            return;
        }
        if prover.shared.take_growth() {
            prover.grow();
        }
    }
}

/// The questions of `boards` the table has not settled, the most work below them first,
/// and among equals (a table that knows none of them) the likeliest to lose for its side to
/// move (the least disproof number): a won position's winning moves come early.
fn open_hardest_first(prover: &Prover, boards: &[Board]) -> Vec<Board> {
    let mut open: Vec<(u32, u32, Board)> = (boards.chunks(super::MAX_MOVES))
        .flat_map(|some| prover.lookup_all(some).into_iter().zip(some))
        .filter(|((entry, _, _), _)| !decided(*entry))
        .map(|((entry, work, _), board)| {
            let dn = if work == 0 { fresh(board).dn } else { entry.dn };
            (work, dn, *board)
        })
        .collect();
    open.sort_by_key(|&(work, dn, _)| (std::cmp::Reverse(work), dn));
    open.into_iter().map(|(_, _, b)| b).collect()
}

/// One round of [`prove_each`]: every thread takes the next question, or joins an open one
/// when none is left, until one of them settles a question that another may be inside (they
/// all unwind then, and the next round shares out those left), a limit stops them, or the
/// table must grow.
fn take_each_together(prover: &mut Prover, boards: &[Board], threads: usize) {
    let next = AtomicUsize::new(0);
    on_threads(prover, threads, &|p: &mut Prover| {
        take_each(p, boards, &next)
    });
}

/// One thread of [`take_each_together`]: the next question not taken, or an open one to
/// join, until the round ends.
fn take_each(prover: &mut Prover, boards: &[Board], next: &AtomicUsize) {
    let n = boards.len();
    loop {
        let taken = next.fetch_add(1, Relaxed);
        let joined = taken >= n;
        let board = if joined {
            match (0..n)
                .map(|k| &boards[(taken + k) % n])
                .find(|b| !decided(prover.lookup(b)))
            {
                Some(board) => board,
                None => return,
            }
        } else {
            &boards[taken]
        };
        prover.prove(board);
        if prover.stopped.is_some() || prover.unwinding {
            return;
        }
        if joined || next.load(Relaxed) > n {
            // Another thread may be inside this question: all unwind, and the next round
            // shares out the questions left.
            prover.shared.set_solved(true);
            return;
        }
    }
}

fn decided(e: Entry) -> bool {
    e.is_win() || e.is_loss()
}
