//! Lazy SMP: every thread runs its own iterative deepening over the same root with the
//! shared table; they help each other only through it. One stop flag ends them all. Only
//! the main thread paces the depths (see `limits::Pacer`) and reports progress; every thread
//! obeys the hard limits. The move played is voted among the threads that finished the
//! deepest depth.

use super::busy::Busy;
use super::limits::{Limits, Pacer};
use super::negamax::{Evaluation, Shared, Worker};
use super::score::INFINITY;
use super::tt::Table;
use super::{Progress, QUIESCENCE_PLIES, Score, SearchResult};
use crate::board::Board;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

/// What one thread finished: its deepest complete depth and the move and score there.
#[derive(Clone, Copy, Debug)]
struct Finished {
    depth: u32,
    best_move: usize,
    score: i32,
}

/// Searches `board` on `threads` threads; see the module docs. Setting `stop` from outside
/// ends the search as a limit would.
pub fn search(
    table: &Table,
    threads: usize,
    board: &Board,
    limits: Limits,
    style: Style,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> SearchResult {
    let start = Instant::now();
    let nodes = AtomicU64::new(0);
    let busy = (threads > 1).then(Busy::default);
    let shared = Shared {
        table,
        stop,
        nodes: &nodes,
        node_budget: limits.nodes,
        deadline: start + limits.hard_time.saturating_sub(CLOCK_MARGIN),
        busy: busy.as_ref(),
    };
    let finished: Vec<Finished> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|id| {
                let shared = &shared;
                scope.spawn(move || {
                    iterate(
                        &mut worker(shared, style, false),
                        board,
                        limits,
                        id,
                        start,
                        &mut |_| {},
                    )
                })
            })
            .collect();
        let main = iterate(
            &mut worker(&shared, style, true),
            board,
            limits,
            0,
            start,
            progress,
        );
        stop.store(true, Ordering::Relaxed);
        let mut all = vec![main];
        all.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
        all
    });
    let choice = vote(&finished);
    SearchResult {
        best_move: choice.best_move,
        score: Score(choice.score),
        depth: choice.depth,
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

/// The move most threads chose at the deepest depth any finished; ties go to the better
/// score, then to the main thread (listed first).
fn vote(finished: &[Finished]) -> Finished {
    let deepest = finished.iter().map(|f| f.depth).max().unwrap_or(0);
    let voters: Vec<&Finished> = finished.iter().filter(|f| f.depth == deepest).collect();
    let votes = |m: usize| voters.iter().filter(|f| f.best_move == m).count();
    let mut best = *voters[0];
    for f in &voters[1..] {
        if (votes(f.best_move), f.score) > (votes(best.best_move), best.score) {
            best = **f;
        }
    }
    best
}

/// One thread's iterative deepening. Helper `id`s that are odd search one ply deeper at each
/// step, so the threads do not all walk the same tree in the same order.
fn iterate(
    worker: &mut Worker,
    board: &Board,
    limits: Limits,
    id: usize,
    start: Instant,
    progress: &mut dyn FnMut(&Progress),
) -> Finished {
    worker.enforce_budget = limits.min_depth <= 1;
    let mut pacer = Pacer::default();
    let mut root = worker.sorted_moves(board, None, 0);
    let mut result = Finished {
        depth: 0,
        best_move: root[0],
        score: -INFINITY,
    };
    let mut depth = 1;
    while depth <= limits.max_depth {
        let (best, score) = search_root(worker, board, &root, depth as i32);
        if let Some(sq) = best {
            // A move fully searched is trustworthy even in an unfinished iteration: the
            // first move tried is the previous best, so any other had to beat it.
            result.best_move = sq;
            result.score = score;
        }
        if worker.aborted {
            break;
        }
        result.depth = depth;
        if depth >= limits.max_depth {
            // The answer asked for is complete: the other threads' work is no longer needed.
            worker.stop_all();
        }
        worker.enforce_budget = depth >= limits.min_depth;
        root.retain(|&m| m != result.best_move);
        root.insert(0, result.best_move);
        worker.flush_nodes();
        let used = worker.shared_nodes();
        if worker.main {
            progress(&Progress {
                depth,
                score: Score(result.score),
                nodes: used,
                elapsed: start.elapsed(),
                pv: worker
                    .principal_variation(board, result.best_move, depth as usize)
                    .into_iter()
                    .map(|sq| board.coord(sq))
                    .collect(),
            });
        }
        let s = Score(result.score);
        let proven = s.win_plies().or(s.loss_plies());
        if proven.is_some_and(|p| p <= depth) || root.len() == 1 {
            break;
        }
        pacer.finished(used, start.elapsed(), result.best_move);
        if worker.main && depth >= limits.min_depth && !pacer.next_depth_fits(&limits) {
            break;
        }
        depth += if id % 2 == 1 && depth > 2 { 2 } else { 1 };
    }
    worker.flush_nodes();
    result
}

/// Searches the root moves in order with a full window for the first, null windows after.
/// Returns the best move fully searched (if any) and its score.
fn search_root(
    worker: &mut Worker,
    board: &Board,
    root: &[usize],
    depth: i32,
) -> (Option<usize>, i32) {
    let (mut alpha, beta) = (-INFINITY, INFINITY);
    let mut best = None;
    for (i, &sq) in root.iter().enumerate() {
        let mut child = *board;
        child.play(sq);
        let score = if i == 0 {
            -worker.negamax(&child, depth - 1, 1, -beta, -alpha)
        } else {
            let s = -worker.negamax(&child, depth - 1, 1, -alpha - 1, -alpha);
            if s > alpha && !worker.aborted {
                -worker.negamax(&child, depth - 1, 1, -beta, -alpha)
            } else {
                s
            }
        };
        if worker.aborted {
            break;
        }
        if score > alpha {
            alpha = score;
            best = Some(sq);
        }
    }
    (best, alpha)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(depth: u32, best_move: usize, score: i32) -> Finished {
        Finished {
            depth,
            best_move,
            score,
        }
    }

    #[test]
    fn the_deepest_threads_vote() {
        let v = vote(&[f(6, 1, 10), f(7, 2, 5), f(7, 3, 50), f(7, 2, 4)]);
        assert_eq!(v.best_move, 2);
        assert_eq!(v.depth, 7);
    }

    #[test]
    fn a_tied_vote_goes_to_the_better_score_then_the_main_thread() {
        assert_eq!(vote(&[f(5, 1, 10), f(5, 2, 30)]).best_move, 2);
        assert_eq!(vote(&[f(5, 1, 10), f(5, 2, 10)]).best_move, 1);
    }
}
