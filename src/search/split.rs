//! One iteration of the root shared among threads. Every thread works on the same depth:
//! the first root move (the last depth's best) is searched by all of them at once, Lazy SMP
//! style, meeting in the table; the first to finish it sets the bound that the other moves
//! must beat, and those are then handed out one to each thread. A thread with nothing left
//! to take helps with a move another thread is inside. Whoever finishes the last move of an
//! iteration opens the next, so no thread ever waits.
//!
//! With one thread the jobs come in root order, and the search is exactly the single-thread
//! principal-variation search of the root: the same nodes, the same result.
//!
//! A move's search is superseded once the move is recorded at its depth (another thread
//! finished it first): [`RootSplit::is_done`] tells the search to give it up.

use super::Score;
use super::limits::{Limits, Pacer};
use super::score::INFINITY;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// The result of an iteration: its depth and the move and score found there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    pub depth: u32,
    pub best_move: usize,
    pub score: i32,
}

/// Work for one thread: search root move `sq` to `depth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    pub depth: u32,
    pub sq: usize,
    /// The first move is searched with the full window; any other must beat `alpha`.
    pub first: bool,
    pub alpha: i32,
    /// Whether the node limit may end the search (not before the minimum depth).
    pub enforce_budget: bool,
}

/// How a move's search came out, against the bound it was searched with.
#[derive(Clone, Copy, Debug)]
pub enum Outcome {
    /// The move's exact value.
    Exact(i32),
    /// The move is no better than a bound already reached.
    NoBetter,
}

/// What a thread should do next.
pub enum Next {
    Search(Job),
    /// The search is over: a limit, a proven result, or the last depth asked for.
    Over,
}

/// The shared root: see the module docs.
pub struct RootSplit {
    state: Mutex<State>,
    /// The deepest iteration at which each root square's move has been recorded.
    done_at: [AtomicU32; 100],
}

struct State {
    limits: Limits,
    pacer: Pacer,
    /// Root moves, the last best first.
    moves: Vec<usize>,
    depth: u32,
    /// Moves of this iteration not handed out yet (index into `moves`; 0 until the first is
    /// done, since every thread takes the first).
    next: usize,
    /// Moves handed out and not yet recorded, oldest first.
    in_flight: Vec<usize>,
    /// Moves of this iteration not recorded yet.
    left: usize,
    /// The best move of this iteration so far and its score (once the first is recorded).
    best: Option<(usize, i32)>,
    /// The last complete iteration.
    last: Finished,
    /// Complete iterations the main thread has not reported yet.
    unreported: Vec<Finished>,
    over: bool,
}

impl RootSplit {
    /// The root with its moves in the order to try them (never empty).
    pub fn new(moves: Vec<usize>, limits: Limits) -> RootSplit {
        let left = moves.len();
        RootSplit {
            state: Mutex::new(State {
                limits,
                pacer: Pacer::default(),
                last: Finished {
                    depth: 0,
                    best_move: moves[0],
                    score: -INFINITY,
                },
                moves,
                depth: 1,
                next: 0,
                in_flight: Vec::new(),
                left,
                best: None,
                unreported: Vec::new(),
                over: limits.max_depth == 0,
            }),
            done_at: std::array::from_fn(|_| AtomicU32::new(0)),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // A thread that panicked holding the lock left the state whole: every change
        // under it is a few assignments.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether `job`'s move has been recorded at its depth or deeper by another thread.
    pub fn is_done(&self, job: &Job) -> bool {
        self.done_at[job.sq].load(Ordering::Relaxed) >= job.depth
    }

    /// The next job for a thread.
    pub fn next(&self) -> Next {
        let mut s = self.state();
        if s.over {
            return Next::Over;
        }
        let enforce_budget = s.last.depth >= s.limits.min_depth || s.limits.min_depth <= 1;
        let (sq, first) = if s.best.is_none() {
            (s.moves[0], true)
        } else if s.next < s.moves.len() {
            let sq = s.moves[s.next];
            s.next += 1;
            s.in_flight.push(sq);
            (sq, false)
        } else {
            // Everything is handed out: help with the move searched longest. (Some move is
            // in flight: the iteration would be complete otherwise, and the next one open.)
            (s.in_flight.first().copied().unwrap_or(s.moves[0]), false)
        };
        Next::Search(Job {
            depth: s.depth,
            sq,
            first,
            alpha: s.best.map_or(-INFINITY, |b| b.1),
            enforce_budget,
        })
    }

    /// Records `job`'s outcome. Returns the iteration it completed, if it did.
    pub fn record(
        &self,
        job: &Job,
        outcome: Outcome,
        nodes: u64,
        elapsed: Duration,
    ) -> Option<Finished> {
        let mut s = self.state();
        if s.over || job.depth != s.depth || self.is_done(job) {
            return None;
        }
        self.done_at[job.sq].store(job.depth, Ordering::Relaxed);
        s.in_flight.retain(|&m| m != job.sq);
        s.left -= 1;
        if let Outcome::Exact(score) = outcome
            && s.best.is_none_or(|b| score > b.1)
        {
            s.best = Some((job.sq, score));
        }
        if job.first {
            s.next = 1;
        }
        (s.left == 0).then(|| s.complete(nodes, elapsed))
    }

    /// Ends the search (a limit was reached).
    pub fn stop(&self) {
        self.state().over = true;
    }

    /// Complete iterations not yet reported (for the main thread, which reports progress).
    pub fn take_unreported(&self) -> Vec<Finished> {
        std::mem::take(&mut self.state().unreported)
    }

    /// The answer: the last complete iteration, or a better move fully searched in the
    /// unfinished one (the first move tried is the last best, so any other had to beat it).
    pub fn result(&self) -> Finished {
        let s = self.state();
        match s.best {
            Some((best_move, score)) => Finished {
                best_move,
                score,
                ..s.last
            },
            _ => s.last,
        }
    }
}

impl State {
    /// Closes the iteration now fully recorded, and opens the next unless the search is over.
    fn complete(&mut self, nodes: u64, elapsed: Duration) -> Finished {
        let (best_move, score) = self.best.expect("a complete iteration has a best move");
        let done = Finished {
            depth: self.depth,
            best_move,
            score,
        };
        self.last = done;
        self.unreported.push(done);
        self.moves.retain(|&m| m != best_move);
        self.moves.insert(0, best_move);
        let proven = Score(score).win_plies().or(Score(score).loss_plies());
        self.pacer.finished(nodes, elapsed, best_move);
        self.over = done.depth >= self.limits.max_depth
            || proven.is_some_and(|p| p <= done.depth)
            || self.moves.len() == 1
            || (done.depth >= self.limits.min_depth && !self.pacer.next_depth_fits(&self.limits));
        self.depth += 1;
        self.next = 0;
        self.left = self.moves.len();
        self.best = None;
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(split: &RootSplit) -> Job {
        match split.next() {
            Next::Search(job) => job,
            Next::Over => panic!("the search ended early"),
        }
    }

    const NO_TIME: Duration = Duration::ZERO;

    #[test]
    fn one_thread_gets_the_root_in_order_and_the_best_first_next_depth() {
        let split = RootSplit::new(vec![3, 1, 2], Limits::depth(2));
        let first = job(&split);
        assert_eq!((first.depth, first.sq, first.first), (1, 3, true));
        assert_eq!(split.record(&first, Outcome::Exact(5), 10, NO_TIME), None);
        let second = job(&split);
        assert_eq!((second.sq, second.first, second.alpha), (1, false, 5));
        assert_eq!(split.record(&second, Outcome::NoBetter, 20, NO_TIME), None);
        let third = job(&split);
        assert_eq!(third.sq, 2);
        let done = split.record(&third, Outcome::Exact(7), 30, NO_TIME);
        let expected = Finished {
            depth: 1,
            best_move: 2,
            score: 7,
        };
        assert_eq!(done, Some(expected));
        assert_eq!(split.take_unreported(), vec![expected]);
        assert!(split.take_unreported().is_empty());
        let deeper = job(&split);
        assert_eq!((deeper.depth, deeper.sq, deeper.first), (2, 2, true));
        for sq in [2, 3, 1] {
            let j = job(&split);
            assert_eq!(j.sq, sq);
            split.record(&j, Outcome::Exact(sq as i32), 40, NO_TIME);
        }
        assert!(
            matches!(split.next(), Next::Over),
            "depth 2 was the last asked for"
        );
        assert_eq!(split.result().depth, 2);
        assert_eq!(split.result().best_move, 3);
    }

    #[test]
    fn every_thread_takes_the_first_move_and_the_first_to_finish_it_counts() {
        let split = RootSplit::new(vec![4, 5], Limits::depth(1));
        let (a, b) = (job(&split), job(&split));
        assert_eq!((a.sq, b.sq), (4, 4));
        assert!(!split.is_done(&b));
        split.record(&a, Outcome::Exact(1), 10, NO_TIME);
        assert!(split.is_done(&b), "b is told to give up the move");
        assert_eq!(split.record(&b, Outcome::Exact(99), 10, NO_TIME), None);
        let c = job(&split);
        assert_eq!((c.sq, c.alpha), (5, 1), "b's late score is not believed");
    }

    #[test]
    fn a_thread_with_nothing_left_helps_with_a_move_in_flight() {
        let split = RootSplit::new(vec![1, 2, 3], Limits::depth(1));
        let first = job(&split);
        split.record(&first, Outcome::Exact(0), 10, NO_TIME);
        let (a, b) = (job(&split), job(&split));
        assert_eq!((a.sq, b.sq), (2, 3));
        let helper = job(&split);
        assert_eq!(helper.sq, 2, "the move searched longest");
        assert_eq!(split.record(&helper, Outcome::NoBetter, 10, NO_TIME), None);
        assert!(split.is_done(&a));
        assert_eq!(split.record(&a, Outcome::Exact(50), 10, NO_TIME), None);
        let done = split.record(&b, Outcome::Exact(3), 10, NO_TIME);
        assert_eq!(done.map(|d| (d.best_move, d.score)), Some((3, 3)));
    }

    #[test]
    fn a_stopped_search_keeps_a_better_move_fully_searched() {
        let split = RootSplit::new(vec![1, 2, 3], Limits::depth(5));
        for score in [0, 2, 1] {
            let j = job(&split);
            split.record(&j, Outcome::Exact(score), 10, NO_TIME);
        }
        let first = job(&split);
        split.record(&first, Outcome::Exact(-4), 10, NO_TIME);
        assert_eq!(
            split.result().best_move,
            2,
            "the first move of depth 2 is depth 1's best"
        );
        let other = job(&split);
        assert_eq!(other.sq, 1);
        split.record(&other, Outcome::Exact(6), 10, NO_TIME);
        split.stop();
        assert!(matches!(split.next(), Next::Over));
        let r = split.result();
        assert_eq!((r.depth, r.best_move, r.score), (1, 1, 6));
    }
}
