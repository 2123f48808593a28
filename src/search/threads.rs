//! The threads of one search. They share the transposition table and the root
//! (`split`): every thread works on the same depth, all of them on the first root move
//! (Lazy SMP: they help each other through the table, and `busy` sends them down different
//! moves), then each on root moves of its own. One stop flag ends them all. Whoever finishes
//! a depth paces the next (see `limits::Pacer`); only the main thread reports progress;
//! every thread obeys the hard limits.

use super::busy::Busy;
use super::limits::Limits;
use super::negamax::{Evaluation, History, Shared, Stop, Worker};
use super::score::INFINITY;
use super::split::{Finished, Job, Next, Outcome, RootSplit};
use super::tt::Table;
use super::{Progress, QUIESCENCE_PLIES, Score, SearchResult};
use crate::board::Board;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The wall clock stops a search this long before its time is up, for the reply itself.
const CLOCK_MARGIN: Duration = Duration::from_millis(2);

/// How the workers search: which evaluation, and whether they order moves.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub evaluation: Evaluation,
    pub ordering: bool,
    /// Explosions searched beyond the horizon (0: none).
    pub quiescence_plies: u32,
}

impl Style {
    /// The style of a search: with ordering comes the quiescence search (the full engine);
    /// without, the plain baseline.
    pub fn full(evaluation: Evaluation, ordering: bool) -> Style {
        Style {
            evaluation,
            ordering,
            quiescence_plies: if ordering { QUIESCENCE_PLIES } else { 0 },
        }
    }
}

/// Searches `board` on `threads` threads; see the module docs. Setting either of `stop`'s
/// flags from outside ends the search as a limit would; its end sets its own.
pub fn search(
    table: &Table,
    threads: usize,
    board: &Board,
    limits: Limits,
    style: Style,
    stop: Stop,
    progress: &mut dyn FnMut(&Progress),
) -> SearchResult {
    let start = Instant::now();
    let nodes = AtomicU64::new(0);
    let busy = (threads > 1).then(Busy::default);
    let history = History::default();
    let unsplit = Shared {
        table,
        stop,
        nodes: &nodes,
        node_budget: limits.nodes,
        deadline: start + limits.hard_time.saturating_sub(CLOCK_MARGIN),
        busy: busy.as_ref(),
        history: &history,
        split: None,
    };
    let root = worker(&unsplit, style, true).sorted_moves(board, None, 0);
    let split = RootSplit::new(root, limits);
    let shared = Shared {
        split: Some(&split),
        ..unsplit
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            let shared = &shared;
            scope.spawn(move || {
                cooperate(&mut worker(shared, style, false), board, start, &mut |_| {})
            });
        }
        cooperate(&mut worker(&shared, style, true), board, start, progress);
        stop.set();
    });
    let result = split.result();
    SearchResult {
        best_move: result.best_move,
        score: Score(result.score),
        depth: result.depth,
        nodes: nodes.load(Ordering::Relaxed),
    }
}

fn worker<'a>(shared: &'a Shared<'a>, style: Style, main: bool) -> Worker<'a> {
    let mut w = Worker::new(shared);
    w.evaluation = style.evaluation;
    w.ordering = style.ordering;
    w.quiescence_plies = style.quiescence_plies;
    w.main = main;
    w
}

/// One thread's part: jobs from the shared root until the search is over.
fn cooperate(
    worker: &mut Worker,
    board: &Board,
    start: Instant,
    progress: &mut dyn FnMut(&Progress),
) {
    let Some(split) = worker.split() else { return };
    loop {
        let next = split.next();
        if worker.main {
            for done in split.take_unreported() {
                report(worker, board, done, start, progress);
            }
        }
        let Next::Search(job) = next else { break };
        worker.enforce_budget = job.enforce_budget;
        worker.job = Some(job);
        let outcome = search_move(worker, board, &job);
        worker.job = None;
        if worker.superseded && !worker.stopped() {
            // Another thread finished this move first.
            worker.aborted = false;
            worker.superseded = false;
            continue;
        }
        if worker.aborted {
            split.stop();
            break;
        }
        worker.flush_nodes();
        split.record(&job, outcome, worker.shared_nodes(), start.elapsed());
    }
    worker.flush_nodes();
}

/// Tells the player about a finished depth.
fn report(
    worker: &Worker,
    board: &Board,
    done: Finished,
    start: Instant,
    progress: &mut dyn FnMut(&Progress),
) {
    progress(&Progress {
        depth: done.depth,
        score: Score(done.score),
        nodes: worker.shared_nodes(),
        elapsed: start.elapsed(),
        pv: worker
            .principal_variation(board, done.best_move, done.depth as usize)
            .into_iter()
            .map(|sq| board.coord(sq))
            .collect(),
    });
}

/// Searches one root move: the first with the full window, any other with a null window
/// at the bound to beat, and again with the full window above it if it beats it. The result
/// is garbage once the worker is aborted.
fn search_move(worker: &mut Worker, board: &Board, job: &Job) -> Outcome {
    let mut child = *board;
    child.play(job.sq);
    let depth = job.depth as i32 - 1;
    if job.first {
        return Outcome::Exact(-worker.negamax(&child, depth, 1, -INFINITY, INFINITY));
    }
    let alpha = job.alpha;
    let s = -worker.negamax(&child, depth, 1, -alpha - 1, -alpha);
    if s <= alpha || worker.aborted {
        return Outcome::NoBetter;
    }
    let s = -worker.negamax(&child, depth, 1, -INFINITY, -alpha);
    if s > alpha {
        Outcome::Exact(s)
    } else {
        Outcome::NoBetter
    }
}
