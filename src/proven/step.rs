//! The proof step by df-pn: before (or beside) its search, the full engine asks the prover
//! of [`crate::solver`] for the game's value, within part of the move's budget and a memory
//! cap, on as many threads as the search has (sharing one table, see
//! [`crate::solver::dfpn::parallel`]; one thread proves the same way on every run). A proven
//! win is played by a proven winning move, never traded for a heuristic one; otherwise (a
//! proven loss, or no proof in time) the search chooses as before.
//!
//! The prover and its table are kept between the moves of a game: each move's position lies
//! below the last one's, so what one move proved or half-proved serves the next, and once a
//! win is proven every later move of it is found in the table at once.

use crate::board::{Board, Squares};
use crate::search::proof::{Budget, ProofStep, provable};
use crate::solver::dfpn::parallel;
use crate::solver::dfpn::{Limits, Prover, Stop};
use crate::solver::table::key::MAX_KEY_SIZE;

/// Positions the prover expands between two looks at the stop flag: some tens of ms.
pub const SLICE_POSITIONS: u64 = 1 << 15;

/// The proof step's prover, kept across the moves of one game.
#[derive(Default)]
pub struct DfpnStep {
    /// The prover and the board side it is for.
    prover: Option<(usize, Prover)>,
}

impl ProofStep for DfpnStep {
    /// The prover's keys reach no further.
    fn max_size(&self) -> usize {
        MAX_KEY_SIZE
    }

    /// The proof goes in slices of [`SLICE_POSITIONS`] and looks at `stop` between them, so
    /// the slices are the same on every run.
    fn winning_move(
        &mut self,
        board: &Board,
        budget: Budget,
        stop: &dyn Fn() -> bool,
    ) -> Option<usize> {
        if !provable(board, MAX_KEY_SIZE) {
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

    /// Proves `board` [`SLICE_POSITIONS`] positions further, into the table the next move's
    /// proof step reads; a table that fills is dropped, as after a move.
    fn ponder_slice(&mut self, board: &Board, memory: usize) -> bool {
        if !provable(board, MAX_KEY_SIZE) {
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

    fn clear(&mut self) {
        self.prover = None;
    }

    /// 0 when no prover is kept.
    fn memory(&self) -> usize {
        self.prover
            .as_ref()
            .map_or(0, |(_, prover)| prover.memory())
    }
}

impl DfpnStep {
    /// The kept prover for boards of side `size` (a new one, within `limits`, if the kept
    /// one is for another size or there is none); `None` if the board is too big.
    fn prover_for(&mut self, size: usize, limits: Limits) -> Option<&mut Prover> {
        if !matches!(&self.prover, Some((s, _)) if *s == size) {
            self.prover = Some((size, Prover::new(size, limits)?));
        }
        self.prover.as_mut().map(|(_, prover)| prover)
    }
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
    use crate::search::proof::PROOF_MEMORY;

    fn never() -> bool {
        false
    }

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
        let mut step = DfpnStep::default();
        let sq = step
            .winning_move(&board, budget, &never)
            .expect("a proven win");
        let mut child = board;
        child.play(sq);
        let (report, _) = crate::solver::game_value(&child, Limits::default());
        assert!(child.winner().is_some() || report.value == crate::solver::Value::Loses);
        // The lost side gets no move from the proof step.
        assert_eq!(step.winning_move(&Board::new(3), budget, &never), None);
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
        let mut step = DfpnStep::default();
        assert_eq!(step.winning_move(&board, tiny, &never), None);
        assert!(step.prover.is_some(), "the table is kept for the next move");
    }
}
