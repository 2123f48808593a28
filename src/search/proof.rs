//! The socket for the AI's proof step. The full engine (level 5) can, before or beside its
//! search, ask a prover for a move proven to win; the search does not know how proofs are
//! made. The prover is plugged in from the room above the search and the solver
//! (`crate::proven` supplies one by df-pn), so the arrows run one way: that room names the
//! search and the solver, the solver names the search, and the search names neither.

use crate::board::Board;
use std::time::Instant;

/// Memory the prover's table may take by default (`EngineConfig::proof_mb`).
pub const PROOF_MEMORY: usize = 512 << 20;

/// The share of a move's time the proof may take before the search; the search has the rest.
pub const PROOF_SHARE: f64 = 0.5;

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
