//! The AI: iterative-deepening alpha-beta over the board, with a transposition table.
//!
//! `Engine` is what a game talks to: it keeps its table between moves, turns the time per
//! move into limits, and picks the search that its level asks for.

pub mod bench;
mod busy;
pub mod eval;
mod negamax;
pub mod score;
pub mod solve;
mod threads;
pub mod tt;

pub use negamax::Evaluation;
pub use score::Score;

use crate::board::{Board, Coord, Squares};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use score::{INFINITY, MAX_PLY};
use std::collections::TryReserveError;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tt::Table;

/// Nodes per second that one thread of this engine is budgeted for. The soft limit of a
/// move is this many nodes per second of its time, so a one-thread search does the same
/// work on every run and machine (determinism); the clock is a hard limit that binds only
/// where nodes are slower than this. The project's machine searches 2 to 6 million nodes a
/// second (explosive positions are the slow ones), so the budget binds first there.
pub const BUDGET_NODES_PER_SECOND: f64 = 1_000_000.0;

/// Settings of an automated player.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// Time for one move; the search stops inside it.
    pub move_time: Duration,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Search threads (1 = deterministic).
    pub threads: usize,
    /// Strength, 1 (greedy) to 5 (the full engine).
    pub level: u8,
    /// Seed for the random choices of the low levels.
    pub seed: u64,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            move_time: Duration::from_secs(1),
            hash_mb: 16,
            threads: 1,
            level: 5,
            seed: 0,
        }
    }
}

/// One line of search progress, printed after each finished depth when asked for.
#[derive(Clone, Debug)]
pub struct Progress {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Principal variation as 1-based coordinates.
    pub pv: Vec<Coord>,
}

impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        write!(
            f,
            "info depth {} score {} nodes {} nps {:.0} time {}ms pv",
            self.depth,
            self.score,
            self.nodes,
            self.nodes as f64 / secs.max(1e-6),
            self.elapsed.as_millis()
        )?;
        for c in &self.pv {
            write!(f, " {}:{}", c.row, c.col)?;
        }
        Ok(())
    }
}

/// Explosions the full engine searches beyond its horizon (0: none).
pub const QUIESCENCE_PLIES: u32 = 4;

/// On boards up to this many squares (6x6), the node budget never stops a search before
/// `DUTY_DEPTH`: the spec's duties (a win within four own moves, seven plies; no avoidable
/// loss within four, eight plies) need that depth. Only the clock can stop it sooner.
pub const DUTY_SQUARES: usize = 36;
/// See `DUTY_SQUARES`.
pub const DUTY_DEPTH: u32 = 8;

/// How far one search may go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub max_depth: u32,
    /// The node budget applies only once this depth is finished.
    pub min_depth: u32,
    pub node_budget: u64,
    pub move_time: Duration,
}

impl Limits {
    /// The limits of a move given `move_time`: the node budget it buys, the clock as a cap.
    pub fn for_time(move_time: Duration) -> Limits {
        Limits {
            max_depth: MAX_PLY as u32 - 2,
            min_depth: 1,
            node_budget: (move_time.as_secs_f64() * BUDGET_NODES_PER_SECOND).max(1.0) as u64,
            move_time,
        }
    }

    /// A search to exactly `depth` plies (unless a proven result comes first), unlimited in time.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            max_depth: depth,
            min_depth: 1,
            node_budget: u64::MAX,
            move_time: Duration::from_secs(1 << 30),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best_move: usize,
    pub score: Score,
    /// The deepest depth finished.
    pub depth: u32,
    pub nodes: u64,
}

/// An automated player: keeps its table between moves of one game.
pub struct Engine {
    config: EngineConfig,
    table: Table,
    rng: Xoshiro256PlusPlus,
    /// Set from outside to end the current search early ("move now", quitting).
    stop: Option<Arc<AtomicBool>>,
}

impl Engine {
    /// A new engine with empty tables.
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            table: Table::new(config.hash_mb),
            rng: Xoshiro256PlusPlus::seed_from_u64(config.seed),
            config,
            stop: None,
        }
    }

    /// A flag that ends the searches when set from another thread: the move then comes
    /// from the deepest depth finished. The search sets it itself when it ends, so give
    /// each search a fresh flag.
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// The current settings.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the settings: a new hash size makes a new table, a new seed restarts the
    /// random choices.
    ///
    /// # Panics
    /// If a new table cannot be allocated; sizes typed by a user go through `try_set_config`.
    pub fn set_config(&mut self, config: EngineConfig) {
        let mib = config.hash_mb;
        self.try_set_config(config)
            .unwrap_or_else(|e| panic!("hash table of {mib} MiB: {e}"));
    }

    /// As `set_config`, but if a new table cannot be allocated nothing changes: the old
    /// table and settings stay, and the process lives on.
    pub fn try_set_config(&mut self, config: EngineConfig) -> Result<(), TryReserveError> {
        if config.hash_mb != self.config.hash_mb {
            self.table = Table::try_new(config.hash_mb)?;
        }
        if config.seed != self.config.seed {
            self.rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
        }
        self.config = config;
        Ok(())
    }

    /// Forgets everything learned (a new game); restarts the random choices from the seed.
    pub fn clear(&mut self) {
        self.table.clear();
        self.rng = Xoshiro256PlusPlus::seed_from_u64(self.config.seed);
    }

    /// Chooses a move for the side to move, or `None` when the game is over. `progress` is
    /// called after each finished depth.
    pub fn choose_move(
        &mut self,
        board: &Board,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<usize> {
        if board.legal_moves() == 0 {
            return None;
        }
        let mut time = Limits::for_time(self.config.move_time);
        if board.squares() <= DUTY_SQUARES {
            time.min_depth = DUTY_DEPTH;
        }
        let result = match self.config.level {
            1 => return Some(self.greedy_move(board)),
            2 => self.search(
                board,
                Limits {
                    max_depth: 2,
                    ..time
                },
                Evaluation::Full,
                true,
                progress,
            ),
            3 => self.search(
                board,
                Limits {
                    max_depth: 4,
                    ..time
                },
                Evaluation::SquareCount,
                false,
                progress,
            ),
            4 => self.search(
                board,
                Limits {
                    max_depth: 4,
                    ..time
                },
                Evaluation::Full,
                true,
                progress,
            ),
            _ => self.search(board, time, Evaluation::Full, true, progress),
        };
        Some(result.best_move)
    }

    /// Level 1: the move whose result evaluates best, ties broken by the seeded generator.
    fn greedy_move(&mut self, board: &Board) -> usize {
        let mut best = (i32::MIN, 0u32, 0usize);
        for sq in Squares(board.legal_moves()) {
            let mut child = *board;
            child.play(sq);
            let value = if child.winner().is_some() {
                INFINITY
            } else {
                -eval::evaluate(&child)
            };
            let candidate = (value, self.rng.random::<u32>(), sq);
            if candidate > best {
                best = candidate;
            }
        }
        best.2
    }

    /// Iterative deepening until a limit, or until the result is proven, on
    /// `config.threads` threads sharing the table (Lazy SMP, see `threads`).
    pub fn search(
        &mut self,
        board: &Board,
        limits: Limits,
        evaluation: Evaluation,
        ordering: bool,
        progress: &mut dyn FnMut(&Progress),
    ) -> SearchResult {
        self.table.new_search();
        let style = threads::Style {
            evaluation,
            ordering,
            quiescence_plies: if ordering { QUIESCENCE_PLIES } else { 0 },
        };
        threads::search(
            &self.table,
            self.config.threads.max(1),
            board,
            limits,
            style,
            self.stop.as_deref(),
            progress,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new(EngineConfig::default())
    }

    #[test]
    fn takes_an_immediate_win() {
        // Red to move; 1:1 explodes into the only Blue square's corner chain.
        let b: Board = "2r2b/1r1r".parse().unwrap();
        let mut e = engine();
        let r = e.search(&b, Limits::depth(4), Evaluation::Full, true, &mut |_| {});
        let mut after = b;
        after.play(r.best_move);
        assert_eq!(after.winner(), Some(b.to_move()));
        assert_eq!(r.score.win_plies(), Some(1));
    }

    #[test]
    fn one_thread_with_the_same_limits_gives_the_same_search() {
        let mut b = Board::new(5);
        for sq in [0, 6, 12, 18, 24, 1] {
            b.play(sq);
        }
        let run = || {
            engine().search(
                &b,
                Limits {
                    max_depth: 6,
                    ..Limits::depth(6)
                },
                Evaluation::Full,
                true,
                &mut |_| {},
            )
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn every_level_plays_a_legal_move() {
        let b = Board::new(4);
        for level in 1..=5 {
            let mut e = Engine::new(EngineConfig {
                level,
                move_time: Duration::from_millis(20),
                ..EngineConfig::default()
            });
            let sq = e.choose_move(&b, &mut |_| {}).unwrap();
            assert!(b.is_legal(sq), "level {level}");
        }
    }

    #[test]
    fn a_hash_size_that_cannot_be_allocated_keeps_the_old_table() {
        let mut e = engine();
        let before = e.config().clone();
        let huge = EngineConfig {
            hash_mb: 1 << 40,
            ..before.clone()
        };
        assert!(e.try_set_config(huge).is_err());
        assert_eq!(e.config(), &before);
        assert_eq!(e.table.mib(), before.hash_mb);
    }

    #[test]
    fn a_won_board_has_no_move() {
        let b: Board = "2r2r/1r1r".parse().unwrap();
        assert_eq!(engine().choose_move(&b, &mut |_| {}), None);
    }
}
