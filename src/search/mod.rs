//! The AI: iterative-deepening alpha-beta over the board, with a transposition table.
//!
//! `Engine` is what a game talks to: it keeps its table and game clock between moves, turns
//! its `Limit` (time, nodes, depth or a clock) into a search's limits, and picks the search
//! that its level asks for.

pub mod bench;
mod busy;
pub mod clock;
pub mod eval;
pub mod limits;
mod negamax;
mod ponder;
pub mod proof;
mod proving;
pub mod score;
pub mod solve;
mod split;
mod threads;
pub mod tt;

pub use clock::GameClock;
pub use limits::{Limit, Limits};
pub use negamax::Evaluation;
pub use ponder::Ponder;
pub use proof::ProofStep;
pub use score::Score;

use crate::board::{Board, Coord, Squares};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use score::INFINITY;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tt::{Table, TableMemoryError};

/// Settings of an automated player.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// What limits each move: its time (the default, 1 s), nodes, a depth, or a game clock.
    pub limit: Limit,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Search threads (1 = deterministic).
    pub threads: usize,
    /// Strength, 1 (greedy) to 5 (the full engine).
    pub level: u8,
    /// Seed for the random choices of the low levels.
    pub seed: u64,
    /// Think on the opponent's time (see `Engine::ponder`).
    pub ponder: bool,
    /// The most memory the full engine's prover table may take (its proof step, see
    /// `proof`), in MiB.
    pub proof_mb: usize,
    /// Let a proof the search's time did not finish go on past it on a board within the
    /// prover's reach (see `proof::within_reach`), up to `proof::REACH_TIME` times the
    /// move's time: the full engine then keeps the wins of small boards. Off where the
    /// search's answer is wanted in its time (the analysis board's evaluation).
    pub prove_past_move: bool,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            limit: Limit::default(),
            hash_mb: 16,
            threads: 1,
            level: 5,
            seed: 0,
            ponder: false,
            proof_mb: proof::PROOF_MEMORY >> 20,
            prove_past_move: true,
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

/// On boards up to this many squares (6x6), neither the node limit nor the soft time stops a
/// search before `DUTY_DEPTH`: the spec's duties (a win within four own moves, seven plies; no
/// avoidable loss within four, eight plies) need that depth. Only a hard time limit can.
pub const DUTY_SQUARES: usize = 36;
/// See `DUTY_SQUARES`.
pub const DUTY_DEPTH: u32 = 8;

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best_move: usize,
    pub score: Score,
    /// The deepest depth finished.
    pub depth: u32,
    pub nodes: u64,
}

/// An automated player: keeps its table between moves of one game, and the game clock.
pub struct Engine {
    config: EngineConfig,
    /// Shared with a ponder search on another thread (see `ponder`).
    table: Arc<Table>,
    rng: Xoshiro256PlusPlus,
    /// Set from outside to end the current search early ("move now", quitting).
    stop: Option<Arc<AtomicBool>>,
    /// Each side's time left, under `Limit::Clock`.
    clock: Option<GameClock>,
    /// The full engine's proof step, if one is plugged in (see `proof`), kept across the
    /// moves of a game; shared with a ponder's proof on another thread.
    proof: Option<Proof>,
    /// Whether the proof step proved the last position `choose_move` was given a win.
    proven_win: bool,
}

/// A plugged-in proof step and the largest board side it takes.
struct Proof {
    step: Arc<Mutex<dyn ProofStep>>,
    max_size: usize,
}

impl Engine {
    /// A new engine with empty tables that only searches (no proof step: the full AI,
    /// with one, comes from `crate::proven::engine`).
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            table: Arc::new(Table::new(config.hash_mb)),
            rng: Xoshiro256PlusPlus::seed_from_u64(config.seed),
            clock: clock_for(config.limit),
            config,
            stop: None,
            proof: None,
            proven_win: false,
        }
    }

    /// A new engine whose full level (5) also asks `step` for proven wins.
    pub fn with_proof_step(config: EngineConfig, step: impl ProofStep + 'static) -> Engine {
        let max_size = step.max_size();
        let step: Arc<Mutex<dyn ProofStep>> = Arc::new(Mutex::new(step));
        Engine {
            proof: Some(Proof { step, max_size }),
            ..Engine::new(config)
        }
    }

    /// A flag that ends the searches when set from another thread: the move then comes
    /// from the deepest depth finished. The search sets it itself when it ends, so give
    /// each search a fresh flag.
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// Whether the proof step proved the position of the last `choose_move` won for the
    /// side to move (the move chosen then wins, whether the proof's or a quicker forced win
    /// of the search's).
    pub fn proved_last_win(&self) -> bool {
        self.proven_win
    }

    /// The current settings.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Changes the settings: a new hash size makes a new table, a new seed restarts the
    /// random choices, a new clock setting restarts both clocks.
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
    pub fn try_set_config(&mut self, config: EngineConfig) -> Result<(), TableMemoryError> {
        if config.hash_mb != self.config.hash_mb {
            self.table = Arc::new(Table::try_new(config.hash_mb)?);
        }
        if config.seed != self.config.seed {
            self.rng = Xoshiro256PlusPlus::seed_from_u64(config.seed);
        }
        if config.limit != self.config.limit {
            self.clock = clock_for(config.limit);
        }
        self.config = config;
        Ok(())
    }

    /// Forgets everything learned (a new game); restarts the random choices from the seed
    /// and both clocks.
    pub fn clear(&mut self) {
        self.table.clear();
        if let Some(mut step) = self.proof_step() {
            step.clear();
        }
        self.rng = Xoshiro256PlusPlus::seed_from_u64(self.config.seed);
        self.reset_clock();
    }

    /// Both sides' clocks back to the full time (a new game).
    pub fn reset_clock(&mut self) {
        if let Some(clock) = &mut self.clock {
            clock.reset();
        }
    }

    /// The game clock, when the limit is one.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The limits of the next move on `board`, from the settings and the clock.
    pub fn limits(&self, board: &Board) -> Limits {
        let mut limits = match (self.config.limit, &self.clock) {
            (Limit::MoveTime(t), _) => Limits::move_time(t),
            (Limit::Nodes(n), _) => Limits::nodes(n),
            (Limit::Depth(d), _) => Limits::depth(d),
            (Limit::Clock { .. }, Some(clock)) => clock.limits(board),
            (Limit::Clock { total, .. }, None) => Limits::move_time(total),
        };
        if board.squares() <= DUTY_SQUARES {
            limits.min_depth = DUTY_DEPTH;
        }
        limits
    }

    /// Chooses a move for the side to move, or `None` when the game is over. `progress` is
    /// called after each finished depth. Under a game clock, the time taken is charged.
    pub fn choose_move(
        &mut self,
        board: &Board,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<usize> {
        if board.legal_moves() == 0 {
            return None;
        }
        let start = Instant::now();
        let limits = self.limits(board);
        self.proven_win = false;
        let best = if self.proves_beside_search(board, &limits) {
            self.prove_beside_search(board, limits, start, progress)
        } else {
            self.prove_then_search(board, limits, start, progress)
        };
        if let Some(clock) = &mut self.clock {
            clock.charge(board.to_move(), start.elapsed());
        }
        Some(best)
    }

    /// Starts thinking on the opponent's time: searches the position after the reply this
    /// engine expects to `board` (or `board` itself when it expects none) on a thread of its
    /// own, filling the shared table, until the returned handle is dropped.
    pub fn ponder(&self, board: &Board) -> Ponder {
        let mut target = *board;
        if let Some(reply) = self.expected_move(board) {
            target.play(reply);
        }
        let style = threads::Style::full(Evaluation::Full, true);
        let proof = self
            .proof
            .as_ref()
            .filter(|_| self.config.level >= 5 && self.provable(&target))
            .map(|p| (Arc::clone(&p.step), self.config.proof_mb << 20));
        Ponder::start(
            Arc::clone(&self.table),
            self.config.threads.max(1),
            target,
            style,
            proof,
        )
    }

    /// Bytes the proof step's prover table takes now (at most `config.proof_mb` MiB, or
    /// the least an exact table of the board's size can be).
    pub fn proof_memory(&self) -> usize {
        self.proof_step().map_or(0, |step| step.memory())
    }

    /// The move the table holds as best for `board`, if it is legal there.
    pub fn expected_move(&self, board: &Board) -> Option<usize> {
        let m = self.table.probe(board.hash())?.best_move? as usize;
        (board.winner().is_none() && board.is_legal(m)).then_some(m)
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
    /// `config.threads` threads sharing the table and the root (see `threads`).
    pub fn search(
        &mut self,
        board: &Board,
        limits: Limits,
        evaluation: Evaluation,
        ordering: bool,
        progress: &mut dyn FnMut(&Progress),
    ) -> SearchResult {
        self.table.new_search();
        let own = AtomicBool::new(false);
        let stop = negamax::Stop {
            own: &own,
            outside: self.stop.as_deref(),
        };
        threads::search(
            &self.table,
            self.config.threads.max(1),
            board,
            limits,
            threads::Style::full(evaluation, ordering),
            stop,
            progress,
        )
    }
}

/// The game clock a limit asks for, if any.
fn clock_for(limit: Limit) -> Option<GameClock> {
    match limit {
        Limit::Clock { total, increment } => Some(GameClock::new(total, increment)),
        _ => None,
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
                limit: Limit::MoveTime(Duration::from_millis(20)),
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
