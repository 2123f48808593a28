//! When a prover must stop ([`Limits`]) and why it stopped ([`Stop`]).

use std::time::Instant;

/// When the prover must stop, whatever it has proven by then.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub deadline: Option<Instant>,
    /// Positions expanded.
    pub positions: u64,
    /// Bytes the table may take.
    pub memory: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            deadline: None,
            positions: u64::MAX,
            memory: usize::MAX,
        }
    }
}

/// Why a prover stopped before an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Time,
    Positions,
    /// Proven entries alone fill the table.
    Memory,
    /// Ctrl-C or SIGTERM (see [`super::checkpoint`]).
    Interrupted,
}
