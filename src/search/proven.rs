//! The AI's proof step: before it searches, the full engine tries to prove the game's value
//! with the df-pn prover of [`crate::solver`], within part of the move's budget and a memory
//! cap, on as many threads as the search has (sharing one table, see
//! [`crate::solver::dfpn::parallel`]; one thread proves the same way on every run). A proven win
//! is played by a proven winning move, never traded for a heuristic one; otherwise (a
//! proven loss, or no proof in time) the search chooses as before.
//!
//! The prover and its table are kept between the moves of a game: each move's position lies
//! below the last one's, so what one move proved or half-proved serves the next, and once a
//! win is proven every later move of it is found in the table at once.

use crate::board::{Board, Squares};
use crate::solver::dfpn::parallel;
use crate::solver::dfpn::{Limits, Prover, Stop};
use crate::solver::table::key::MAX_KEY_SIZE;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Boards up to this side get the proof step (the prover's keys reach no further).
pub const MAX_PROOF_SIZE: usize = MAX_KEY_SIZE;

/// Memory the prover's table may take by default (`EngineConfig::proof_mb`); past it the
/// table is dropped and the next move starts afresh.
pub const PROOF_MEMORY: usize = 512 << 20;

/// The share of a move's time the proof may take; the search has the rest.
pub const PROOF_SHARE: f64 = 0.5;

/// Positions the prover expands between two looks at the stop flag: some tens of ms.
pub const SLICE_POSITIONS: u64 = 1 << 15;

/// The budget of one proof step.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub deadline: Option<Instant>,
    pub positions: u64,
    /// Bytes the prover's table may take.
    pub memory: usize,
    /// Threads proving together on one table (1: the same proof on every run).
    pub threads: usize,
}

impl Budget {
    /// The proof's share of a search's limits starting at `start`, with the memory and
    /// threads of `config` (`None`: no proof step, as under a fixed depth, whose search
    /// must not depend on anything else).
    pub fn of(
        limits: &super::Limits,
        start: Instant,
        config: &super::EngineConfig,
    ) -> Option<Budget> {
        let timed = limits.soft_time < super::limits::FOREVER;
        let counted = limits.nodes < u64::MAX;
        if !timed && !counted {
            return None;
        }
        Some(Budget {
            deadline: timed.then(|| start + limits.soft_time.mul_f64(PROOF_SHARE)),
            // A proof position counted as a search node: on 4x4 the prover expands positions
            // about as fast as the search visits nodes.
            positions: if counted {
                (limits.nodes as f64 * PROOF_SHARE) as u64
            } else {
                u64::MAX
            },
            memory: config.proof_mb << 20,
            threads: config.threads.max(1),
        })
    }

    /// The time the proof may take, when it has a deadline.
    pub fn time(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
}

/// The proof step's prover, kept across the moves of one game.
#[derive(Default)]
pub struct ProofStep {
    /// The prover and the board side it is for.
    prover: Option<(usize, Prover)>,
}

impl ProofStep {
    /// Forgets every proof (a new game).
    pub fn clear(&mut self) {
        self.prover = None;
    }

    /// A move that is proven to win `board` for its side to move, proven within `budget`;
    /// `None` if none is proven (the position is lost, the budget ran out first, or `stop`
    /// was set: the proof goes in slices of [`SLICE_POSITIONS`] and looks at it between
    /// them, so "move now" is obeyed at once and the slices are the same on every run).
    pub fn winning_move(
        &mut self,
        board: &Board,
        budget: Budget,
        stop: &AtomicBool,
    ) -> Option<usize> {
        self.winning_move_until(board, budget, &|| stop.load(Ordering::Relaxed))
    }

    /// [`ProofStep::winning_move`], asking `stop` between the slices.
    pub fn winning_move_until(
        &mut self,
        board: &Board,
        budget: Budget,
        stop: &dyn Fn() -> bool,
    ) -> Option<usize> {
        if !provable(board) {
            return None;
        }
        let size = board.size();
        let slice = |left: u64| Limits {
            deadline: budget.deadline,
            positions: left.min(SLICE_POSITIONS),
            memory: budget.memory,
        };
        let prover = self.prover_for(size, slice(budget.positions))?;
        let threads = crate::solver::useful_threads(board, budget.threads);
        let mut left = budget.positions;
        let entry = loop {
            let before = prover.positions;
            prover.set_limits(slice(left));
            let entry = parallel::prove(prover, board, threads);
            left = left.saturating_sub(prover.positions - before);
            let decided = entry.is_win() || entry.is_loss();
            let out_of_budget =
                matches!(prover.stopped, Some(Stop::Time | Stop::Memory)) || left == 0;
            if decided || out_of_budget || stop() {
                break entry;
            }
        };
        let found = entry.is_win().then(|| proven_move(prover, board)).flatten();
        if prover.stopped == Some(Stop::Memory) {
            self.prover = None;
        }
        found
    }

    /// The kept prover for boards of side `size` (a new one, within `limits`, if the kept
    /// one is for another size or there is none); `None` if the board is too big.
    fn prover_for(&mut self, size: usize, limits: Limits) -> Option<&mut Prover> {
        if !matches!(&self.prover, Some((s, _)) if *s == size) {
            self.prover = Some((size, Prover::new(size, limits)?));
        }
        self.prover.as_mut().map(|(_, prover)| prover)
    }

    /// Bytes the kept prover's table takes (0 when none is kept).
    pub fn memory(&self) -> usize {
        self.prover
            .as_ref()
            .map_or(0, |(_, prover)| prover.memory())
    }

    /// One slice of thinking on the opponent's time ([`super::Ponder`]): proves `board`
    /// [`SLICE_POSITIONS`] positions further, into the table the next move's proof step
    /// reads. False once there is nothing more to do: `board` is proven either way, too big
    /// or over, or the table (of at most `memory` bytes) filled: it is then dropped, as
    /// after a move.
    pub fn ponder_slice(&mut self, board: &Board, memory: usize) -> bool {
        if !provable(board) {
            return false;
        }
        let limits = Limits {
            deadline: None,
            positions: SLICE_POSITIONS,
            memory,
        };
        let Some(prover) = self.prover_for(board.size(), limits) else {
            return false;
        };
        prover.set_limits(limits);
        let entry = prover.prove(board);
        if prover.stopped == Some(Stop::Memory) {
            self.prover = None;
            return false;
        }
        !(entry.is_win() || entry.is_loss())
    }
}

/// Whether the proof step takes `board`: a game not over, on a board the prover's keys hold.
pub fn provable(board: &Board) -> bool {
    board.size() <= MAX_PROOF_SIZE && board.winner().is_none()
}

/// The first move of `board` that wins at once or leads to a position the table proves
/// lost for the opponent.
fn proven_move(prover: &Prover, board: &Board) -> Option<usize> {
    let after = |sq: usize| {
        let mut child = *board;
        child.play(sq);
        child
    };
    let moves = Squares(board.legal_moves());
    moves
        .clone()
        .find(|&sq| after(sq).winner().is_some())
        .or_else(|| {
            moves
                .clone()
                .find(|&sq| prover.lookup(&after(sq)).is_loss())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_won_3x3_position_gets_a_proven_winning_move() {
        // The 3x3 start is lost for Red; after Red's centre, Blue to move wins.
        let mut board = Board::new(3);
        board.play(4);
        let budget = Budget {
            deadline: None,
            positions: u64::MAX,
            memory: PROOF_MEMORY,
            threads: 1,
        };
        let mut step = ProofStep::default();
        let sq = step
            .winning_move(&board, budget, &AtomicBool::new(false))
            .expect("a proven win");
        let mut child = board;
        child.play(sq);
        let (report, _) = crate::solver::game_value(&child, Limits::default());
        assert!(child.winner().is_some() || report.value == crate::solver::Value::Loses);
        // The lost side gets no move from the proof step.
        assert_eq!(
            step.winning_move(&Board::new(3), budget, &AtomicBool::new(false)),
            None
        );
    }

    #[test]
    fn a_position_budget_too_small_proves_nothing_and_the_next_move_goes_on() {
        let mut board = Board::new(4);
        for sq in [0, 5, 10] {
            board.play(sq);
        }
        let tiny = Budget {
            deadline: None,
            positions: 10,
            memory: PROOF_MEMORY,
            threads: 1,
        };
        let mut step = ProofStep::default();
        assert_eq!(
            step.winning_move(&board, tiny, &AtomicBool::new(false)),
            None
        );
        assert!(step.prover.is_some(), "the table is kept for the next move");
    }
}
