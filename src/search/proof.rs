//! The socket for the AI's proof step. The full engine (level 5) can, before or beside its
//! search, ask a prover for a move proven to win; the search does not know how proofs are
//! made. The prover is plugged in from the room above the search and the solver
//! (`crate::proven` supplies one by df-pn), so the arrows run one way: that room names the
//! search and the solver, the solver names the search, and the search names neither.

use crate::board::{Board, geometry};
use std::time::Instant;

/// Memory the prover's table may take by default (`EngineConfig::proof_mb`).
pub const PROOF_MEMORY: usize = 512 << 20;

/// The share of a move's time the proof may take before the search; the search has the rest.
pub const PROOF_SHARE: f64 = 0.5;

/// Spots still to be played before every square is full, at most, for a position to be
/// within the prover's reach: every 4x4 position of the 2014 rules (32 at the start), 4x4
/// under the 2013 rules from 16 spots on, 5x5 from 24 moves in (31). There a proof of one
/// to a few million positions settles most positions (docs/results/search.md), so a proof
/// not finished in the move's time is worth going on with (see [`past_the_move`]).
pub const REACH_SPOTS: u32 = 32;

/// How many times its own time a move within reach may take in all, when the proof goes on
/// past it.
pub const REACH_TIME: f64 = 4.0;

/// Whether `board` is within the prover's reach ([`REACH_SPOTS`]).
pub fn within_reach(board: &Board) -> bool {
    let full = u32::from(geometry(board.size() as u8).stable_capacity);
    full.saturating_sub(board.total_spots()) <= REACH_SPOTS
}

/// How long a proof within reach may go on past the move's time, for a move whose search
/// started at `start`: until [`REACH_TIME`] times the move's time, and under a game clock
/// never past the move's hard limit. `None` under a node limit (whose moves are the same on
/// every run) or without a time limit.
pub fn past_the_move(limits: &super::Limits, start: Instant) -> Option<Instant> {
    let timed = limits.soft_time < super::limits::FOREVER;
    if !timed || limits.nodes < u64::MAX {
        return None;
    }
    let longest = limits.soft_time.mul_f64(REACH_TIME);
    // Only a game clock asks for the stable stop; a move's own time has no hard limit
    // beyond itself, and it is this time that the proof goes past.
    let longest = if limits.stable_stop {
        longest.min(limits.hard_time)
    } else {
        longest
    };
    Some(start + longest)
}

/// What the full engine asks of a prover, kept across the moves of one game (so that a win
/// proven once is found again at once on the next move).
pub trait ProofStep: Send {
    /// The largest board side it proves on.
    fn max_size(&self) -> usize;

    /// A move proven to win `board` for its side to move, within `budget`; `None` if none is
    /// proven (the position is lost, the budget ran out first, or `stop` answered true: it is
    /// asked often, so "move now" is obeyed at once).
    fn winning_move(
        &mut self,
        board: &Board,
        budget: Budget,
        stop: &dyn Fn() -> bool,
    ) -> Option<usize>;

    /// One short slice of proving `board` on the opponent's time, in a table of at most
    /// `memory` bytes; false once there is nothing more to do (settled, too big, or the
    /// table full).
    fn ponder_slice(&mut self, board: &Board, memory: usize) -> bool;

    /// Forgets every proof (a new game).
    fn clear(&mut self);

    /// Bytes its tables take now.
    fn memory(&self) -> usize;
}

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
}

/// Whether a step proving boards up to side `max_size` takes `board`: a game not over, on a
/// board it holds.
pub fn provable(board: &Board, max_size: usize) -> bool {
    board.size() <= max_size && board.winner().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Rules, Squares};
    use crate::search::Limits;
    use std::time::Duration;

    /// The board after `moves` moves, each on the first legal square.
    fn after(mut board: Board, moves: usize) -> Board {
        for _ in 0..moves {
            let first = Squares(board.legal_moves()).next().unwrap();
            board.play(first);
        }
        board
    }

    #[test]
    fn the_provers_reach_is_small_boards_and_late_5x5() {
        assert!(within_reach(&Board::new(3)));
        assert!(within_reach(&Board::new(4)));
        assert!(!within_reach(&Board::with_rules(4, Rules::V2013)));
        assert!(within_reach(&after(Board::with_rules(4, Rules::V2013), 16)));
        assert!(!within_reach(&Board::new(5)));
        assert!(!within_reach(&after(Board::new(5), 22)));
        assert!(within_reach(&after(Board::new(5), 24)));
        assert!(!within_reach(&after(Board::new(6), 40)));
    }

    #[test]
    fn a_proof_goes_past_a_moves_time_but_not_past_a_clocks_hard_limit() {
        let start = Instant::now();
        let second = Duration::from_secs(1);
        let past = past_the_move(&Limits::move_time(second), start);
        assert_eq!(past, Some(start + second.mul_f64(REACH_TIME)));
        // A clock's move: soft 1 s, hard 2 s.
        let clocked = Limits {
            hard_time: 2 * second,
            stable_stop: true,
            ..Limits::move_time(second)
        };
        assert_eq!(past_the_move(&clocked, start), Some(start + 2 * second));
        // Node limits give the same move on every run; no time limit, no time to go past.
        assert_eq!(past_the_move(&Limits::nodes(1000), start), None);
        assert_eq!(past_the_move(&Limits::depth(5), start), None);
    }
}
