//! A proof written by several threads: the proof of the 4x4 start has millions of
//! positions, and one thread walking them took ten seconds after the search, most of it
//! waiting on memory (the table's buckets, the set of positions already written).
//!
//! The top of the proof is walked breadth-first by the calling thread until there are
//! enough positions below it to share; then each thread takes those positions one at a
//! time from a common list and walks each depth-first, as the single-thread writer does.
//! One set of positions already walked ([`super::seen`], shared without locks) keeps every
//! position to one thread and one line. Each thread gathers its lines and hands them to
//! the output a megabyte at a time, so the order of the lines varies from run to run; the
//! checker reads them in any order. With one thread the writer in [`super`] is used, and
//! the file is the same on every run.

use super::seen::Seen;
use super::{Goal, Written, step, step_batch, walked_name};
use crate::board::{Board, Colour};
use crate::solver::dfpn::Prover;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};

/// Positions of the top of the proof left for each thread before they start.
const SHARE_PER_THREAD: usize = 512;
/// Bytes of lines a thread gathers before it writes them out.
const CHUNK: usize = 1 << 20;

/// Where one thread's lines go: gathered, then written out a chunk at a time.
struct Sink<'s, 'w> {
    out: &'s Mutex<&'w mut (dyn Write + Send)>,
    buffer: Vec<u8>,
    written: Written,
    error: Option<io::Error>,
}

impl<'s, 'w> Sink<'s, 'w> {
    fn new(out: &'s Mutex<&'w mut (dyn Write + Send)>) -> Sink<'s, 'w> {
        Sink {
            out,
            buffer: Vec::with_capacity(CHUNK + 256),
            written: Written::default(),
            error: None,
        }
    }

    /// Counts a position of the proof, with the winner's move where it is to move.
    fn visit(&mut self, board: &Board, sq: Option<usize>) {
        self.written.positions += 1;
        let Some(sq) = sq else { return };
        self.written.lines += 1;
        super::line::push_move_line(&mut self.buffer, board, sq);
        if self.buffer.len() >= CHUNK {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.error.is_none() && !self.buffer.is_empty() {
            let mut out = self.out.lock().unwrap_or_else(PoisonError::into_inner);
            if let Err(e) = out.write_all(&self.buffer) {
                self.error = Some(e);
            }
        }
        self.buffer.clear();
    }
}

/// Writes the lines of the proof that `winner` wins from `root` with `threads` threads
/// (each a prover sharing `prover`'s table, to prove again a step the table forgot).
pub fn write_lines_threads(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    out: &mut (dyn Write + Send),
    threads: usize,
) -> io::Result<Written> {
    let seen = Seen::new(&prover.table);
    let out = Mutex::new(out);
    let mut sink = Sink::new(&out);
    let goal = Goal::new(root, winner);
    let top = walk_top(
        prover,
        root,
        goal,
        &seen,
        &mut sink,
        threads * SHARE_PER_THREAD,
    )?;
    prover.table.set_shared_writers(true);
    let results = walk_rest(prover, root, goal, &seen, sink, top, threads);
    prover.table.set_shared_writers(false);
    let mut written = Written::default();
    for (w, complete, error) in results {
        if let Some(e) = error {
            return Err(e);
        }
        if !complete {
            return Err(incomplete());
        }
        written.lines += w.lines;
        written.positions += w.positions;
    }
    Ok(written)
}

/// Walks the top of the proof breadth-first on this thread, writing its lines to `sink`,
/// until `enough` positions wait below it to be shared; returns them. An error if the
/// table does not hold a step of the proof.
fn walk_top(
    prover: &mut Prover,
    root: &Board,
    goal: Goal,
    seen: &Seen,
    sink: &mut Sink,
    enough: usize,
) -> io::Result<VecDeque<Board>> {
    let mut top = VecDeque::from([*root]);
    while top.len() < enough {
        let Some(board) = top.pop_front() else { break };
        if !walked_name(prover, &board).is_some_and(|n| seen.insert(n)) {
            continue;
        }
        let visit = &mut |b: &Board, sq| sink.visit(b, sq);
        if !step(prover, &board, goal, visit, &mut |b| top.push_back(b)) {
            return Err(incomplete());
        }
    }
    Ok(top)
}

/// Walks the proof below the positions of `top` on `threads` threads: this one with
/// `prover` and `sink`, each other with a prover sharing `prover`'s table and a sink of its
/// own on the same output. Returns each thread's count, whether its walk was complete and
/// its write error, this thread's first.
fn walk_rest(
    prover: &mut Prover,
    root: &Board,
    goal: Goal,
    seen: &Seen,
    sink: Sink,
    top: VecDeque<Board>,
    threads: usize,
) -> Vec<(Written, bool, Option<io::Error>)> {
    let shared = Mutex::new(Vec::from(top));
    let out = sink.out;
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|thread| {
                let mut helper = Prover::sharing(
                    crate::solver::table::key::Symmetries::new(root.size()).expect("a keyed size"),
                    Arc::clone(&prover.table),
                    Arc::clone(&prover.shared),
                    thread,
                    prover.limits(),
                );
                // The caller's stop reaches the helpers' walks too.
                helper.stop_flag.clone_from(&prover.stop_flag);
                let shared = &shared;
                scope.spawn(move || walk_shared(&mut helper, goal, seen, Sink::new(out), shared))
            })
            .collect();
        let mut all = vec![walk_shared(prover, goal, seen, sink, &shared)];
        all.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
        all
    })
}

/// One thread's walk: positions taken from `shared` one at a time, each walked depth-first.
fn walk_shared(
    prover: &mut Prover,
    goal: Goal,
    seen: &Seen,
    mut sink: Sink,
    shared: &Mutex<Vec<Board>>,
) -> (Written, bool, Option<io::Error>) {
    let mut stack = Vec::new();
    let mut complete = true;
    'work: loop {
        let next = shared.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let Some(start) = next else { break };
        stack.push(start);
        while !stack.is_empty() {
            let visit = &mut |b: &Board, sq| sink.visit(b, sq);
            if !step_batch(prover, seen, &mut stack, goal, visit) {
                complete = false;
                break 'work;
            }
        }
    }
    sink.flush();
    (sink.written, complete, sink.error)
}

fn incomplete() -> io::Error {
    io::Error::other("the table does not hold the whole proof")
}
