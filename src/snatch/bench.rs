//! `jump61 snatch bench`: both solvers on seeded random boards, timed one by one.

use super::board::{Board, LastJump};
use super::solve::{Solver, fewest_moves};
use std::time::{Duration, Instant};

/// The times of one solver over the boards, and a checksum of its answers, so that a
/// change that alters an answer shows.
pub struct Figures {
    pub times: Vec<Duration>,
    pub checksum: u64,
}

impl Figures {
    /// The median and the slowest time.
    pub fn median_and_slowest(&self) -> (Duration, Duration) {
        let mut sorted = self.times.clone();
        sorted.sort();
        let median = sorted.get(sorted.len() / 2).copied().unwrap_or_default();
        (median, sorted.last().copied().unwrap_or_default())
    }
}

/// The boards: `count` random boards of side `size` with `pieces` pieces, seeds 1..=count.
pub fn boards(size: usize, pieces: usize, count: u64) -> Vec<Board> {
    (1..=count)
        .map(|seed| Board::random(size, pieces, seed))
        .collect()
}

/// Times the puzzle solver; the checksum sums the fewest moves (or 99 for impossible).
pub fn puzzle(boards: &[Board]) -> Figures {
    time_each(boards, |b| match fewest_moves(b, None) {
        Ok(Some(moves)) => moves.len() as u64,
        _ => 99,
    })
}

/// Times the two-player solver (a fresh memo each board); the checksum counts first-player
/// wins.
pub fn two_player(boards: &[Board]) -> Figures {
    time_each(boards, |b| {
        let mut solver = Solver::win_loss(b.size(), None);
        u64::from(solver.wins(b, LastJump::Nobody) == Ok(true))
    })
}

fn time_each(boards: &[Board], mut solve: impl FnMut(&Board) -> u64) -> Figures {
    let mut times = Vec::new();
    let mut checksum = 0;
    for b in boards {
        let start = Instant::now();
        checksum += solve(b);
        times.push(start.elapsed());
    }
    Figures { times, checksum }
}

/// Runs both solvers and prints one line each.
pub fn run(size: usize, pieces: usize, count: u64) -> i32 {
    let boards = boards(size, pieces, count);
    for (name, figures) in [
        ("puzzle", puzzle(&boards)),
        ("two-player", two_player(&boards)),
    ] {
        let (median, slowest) = figures.median_and_slowest();
        crate::output::line(format_args!(
            "{size}x{size} {pieces} pieces, {count} boards, {name:>10}: median {:.3} ms, slowest {:.3} ms, checksum {}",
            median.as_secs_f64() * 1e3,
            slowest.as_secs_f64() * 1e3,
            figures.checksum
        ));
    }
    0
}
