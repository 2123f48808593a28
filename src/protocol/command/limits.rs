//! The bounds every number a command or an argument takes must keep, and the readers of
//! whole numbers, times and clocks that enforce them.

use super::CommandError;
use std::time::Duration;

/// Shortest time per move accepted, in seconds.
pub(super) const MIN_SECONDS: f64 = 0.001;
/// Longest time per move accepted, in seconds (a day).
pub(super) const MAX_SECONDS: f64 = 86_400.0;
/// The shortest and longest game clocks accepted, in minutes a side.
pub(super) const MIN_CLOCK_MINUTES: f64 = 0.001;
pub(super) const MAX_CLOCK_MINUTES: f64 = 1440.0;
/// Most nodes a move may be given (`nodes N`).
pub const MAX_NODES: u64 = 1 << 50;
/// Largest transposition table accepted, in MiB.
pub const MAX_HASH_MB: u64 = 4096;
/// Most search threads accepted.
pub const MAX_THREADS: u64 = 256;
/// Strongest AI level.
pub const MAX_LEVEL: u64 = 5;
/// Deepest `solve` accepted, in the side to move's own moves.
pub const MAX_SOLVE: u64 = 8;
/// Most positions a `solve` may be allowed to examine.
pub const MAX_SOLVE_POSITIONS: u64 = 10_000_000_000;

/// A whole number of at most 64 bits, or why not.
pub(super) fn whole(text: &str, what: &'static str, expected: &str) -> Result<u64, CommandError> {
    text.parse::<u64>().map_err(|_| CommandError::BadNumber {
        what,
        text: text.to_string(),
        expected: expected.to_string(),
    })
}

/// A whole number in `min..=max`, or why not.
pub(super) fn ranged(
    text: &str,
    what: &'static str,
    min: u64,
    max: u64,
) -> Result<u64, CommandError> {
    let out_of_range = || CommandError::OutOfRange {
        what,
        value: text.to_string(),
        min,
        max,
    };
    match text.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(_) => Err(out_of_range()),
        Err(_) if text.bytes().all(|b| b.is_ascii_digit()) => Err(out_of_range()),
        Err(_) => Err(CommandError::BadNumber {
            what,
            text: text.to_string(),
            expected: format!("a number from {min} to {max}"),
        }),
    }
}

/// A time per move in seconds, as `time` and `--time` take it.
pub fn parse_seconds(text: &str) -> Result<Duration, CommandError> {
    let bad = || CommandError::BadTime(text.to_string());
    let secs: f64 = text.parse().map_err(|_| bad())?;
    if !(MIN_SECONDS..=MAX_SECONDS).contains(&secs) {
        return Err(bad());
    }
    Duration::try_from_secs_f64(secs).map_err(|_| bad())
}

/// A game clock, as `clock` and `--clock` take it: minutes a side, seconds of increment.
pub fn parse_clock(minutes: &str, increment: &str) -> Result<(Duration, Duration), CommandError> {
    let bad = || CommandError::BadClock(format!("{minutes} {increment}"));
    let (m, i): (f64, f64) = match (minutes.parse(), increment.parse()) {
        (Ok(m), Ok(i)) => (m, i),
        _ => return Err(bad()),
    };
    if !(MIN_CLOCK_MINUTES..=MAX_CLOCK_MINUTES).contains(&m) || !(0.0..=MAX_SECONDS).contains(&i) {
        return Err(bad());
    }
    let total = Duration::try_from_secs_f64(m * 60.0).map_err(|_| bad())?;
    Ok((total, Duration::try_from_secs_f64(i).map_err(|_| bad())?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_round_trip() {
        assert_eq!(parse_seconds("1"), Ok(Duration::from_secs(1)));
        assert_eq!(parse_seconds("0.05"), Ok(Duration::from_millis(50)));
        assert_eq!(parse_seconds("0.001"), Ok(Duration::from_millis(1)));
        assert!(parse_seconds("0.0001").is_err());
        assert!(parse_seconds("86401").is_err());
    }
}
