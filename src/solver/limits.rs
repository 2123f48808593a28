//! When a prover must stop ([`Limits`]) and why it stopped ([`Stop`]), and the intervals
//! the tests may shorten (`interval_from_env`).

use std::time::{Duration, Instant};

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
    /// Ctrl-C or SIGTERM (see [`super::checkpoint`]), or the caller's stop flag
    /// ([`super::dfpn::Prover::stop_flag`]).
    Interrupted,
}

/// The interval in seconds that the environment variable `name` sets (the tests shorten a
/// long proof's checkpoint and log intervals this way), else `default`.
pub(crate) fn interval_from_env(name: &str, default: Duration) -> Duration {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .unwrap_or(default)
}
