//! Whole collections of puzzles: checking a file of positions (each solved to a depth, or
//! for its game value) in parallel, and generating puzzles that a setter can publish.

use super::dfpn::Limits;
use super::{Report, Value, game_value};
use crate::board::{Board, Squares};
use crate::search::solve::{self, Solution, solve_until};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Most own moves a line of a file may ask about (as `solve K`).
pub const MAX_DEPTH: u32 = 8;

/// The limits of each question.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub time: Duration,
    pub positions: u64,
    /// Bytes the game-value table may take.
    pub memory: usize,
}

/// One line of a file: nothing (blank or `#` comment), or a question.
pub type Line = Result<Option<(Board, Option<u32>)>, String>;

/// Reads a line: `NOTATION [DEPTH]`.
pub fn parse_line(text: &str) -> Line {
    let mut words = text.split_whitespace();
    let Some(first) = words.next().filter(|w| !w.starts_with('#')) else {
        return Ok(None);
    };
    let board: Board = first.parse().map_err(|e| format!("bad position: {e}"))?;
    let depth = match words.next() {
        None => None,
        Some(w) => match w.parse::<u32>() {
            Ok(k) if (1..=MAX_DEPTH).contains(&k) => Some(k),
            _ => return Err(format!("bad depth '{w}': expected 1 to {MAX_DEPTH}")),
        },
    };
    if let Some(extra) = words.next() {
        return Err(format!("unexpected '{extra}' after the depth"));
    }
    Ok(Some((board, depth)))
}

/// The answer to one line.
#[derive(Clone, Debug)]
pub enum Answer {
    Blank,
    Malformed(String),
    Puzzle(Board, Solution),
    Value(Box<Report>),
}

/// Answers one question within `settings`.
pub fn answer(line: &Line, settings: &Settings) -> Answer {
    match line {
        Ok(None) => Answer::Blank,
        Err(e) => Answer::Malformed(e.clone()),
        Ok(Some((board, Some(k)))) => {
            let deadline = Instant::now() + settings.time;
            let s = solve_until(board, *k, settings.positions, Some(deadline), &mut |_| {});
            Answer::Puzzle(*board, s)
        }
        Ok(Some((board, None))) => {
            let limits = Limits {
                deadline: Some(Instant::now() + settings.time),
                positions: settings.positions,
                memory: settings.memory,
            };
            Answer::Value(Box::new(game_value(board, limits).0))
        }
    }
}

impl Answer {
    /// The answer's text, as `solve` prints it (`None` for a blank line).
    pub fn text(&self, line_number: usize) -> Option<String> {
        match self {
            Answer::Blank => None,
            Answer::Malformed(e) => Some(format!("line {line_number}: {e}")),
            Answer::Puzzle(board, s) => Some(solve::answer(board, s)),
            Answer::Value(report) => Some(report.answer()),
        }
    }
}

/// Counts over a whole file.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Forced wins, by least number of own moves.
    pub wins: BTreeMap<u32, usize>,
    /// Forced wins with a single winning first move.
    pub unique: usize,
    /// Questions with no forced win (within the depth, or lost game values).
    pub no_win: usize,
    /// Game values proven won for the side to move.
    pub values_won: usize,
    /// Questions a limit stopped.
    pub limits: usize,
    pub malformed: usize,
    pub over: usize,
}

impl Summary {
    pub fn add(&mut self, answer: &Answer) {
        match answer {
            Answer::Blank => {}
            Answer::Malformed(_) => self.malformed += 1,
            Answer::Puzzle(_, Solution::Win { moves, first_moves }) => {
                *self.wins.entry(*moves).or_default() += 1;
                self.unique += usize::from(first_moves.len() == 1);
            }
            Answer::Puzzle(_, Solution::NoWinWithin { .. }) => self.no_win += 1,
            Answer::Puzzle(_, Solution::GaveUp { .. }) => self.limits += 1,
            Answer::Puzzle(_, Solution::AlreadyOver) => self.over += 1,
            Answer::Value(r) => match &r.value {
                Value::Wins { first_moves, .. } => {
                    self.values_won += 1;
                    self.unique += usize::from(first_moves.len() == 1);
                }
                Value::Loses => self.no_win += 1,
                Value::AlreadyOver => self.over += 1,
                Value::Unknown(_) | Value::TooBig => self.limits += 1,
            },
        }
    }

    /// The closing lines.
    pub fn lines(&self) -> Vec<String> {
        let wins: Vec<String> = self
            .wins
            .iter()
            .map(|(k, n)| format!("{n} in {k}"))
            .collect();
        vec![
            format!(
                "forced wins: {} ({})",
                self.wins.values().sum::<usize>(),
                if wins.is_empty() {
                    "none".to_string()
                } else {
                    wins.join(", ")
                }
            ),
            format!("game values won by the side to move: {}", self.values_won),
            format!("unique winning first move: {}", self.unique),
            format!("no forced win: {}", self.no_win),
            format!("hit a limit: {}", self.limits),
            format!("already over: {}", self.over),
            format!("malformed lines: {}", self.malformed),
        ]
    }
}

/// Answers every line in parallel on the current rayon pool, in the order given; `tick`
/// is called once per line answered (from any thread).
pub fn check(lines: &[Line], settings: &Settings, tick: &(dyn Fn() + Sync)) -> Vec<Answer> {
    lines
        .par_iter()
        .map(|line| {
            let a = answer(line, settings);
            tick();
            a
        })
        .collect()
}

/// Candidates tried before `puzzles` settles for fewer than asked.
pub const MAX_CANDIDATES: u64 = 200_000;

/// What a puzzle must be: a win in exactly `moves` own moves with one winning first move.
fn is_puzzle(board: &Board, moves: u32, positions: u64) -> bool {
    matches!(
        solve_until(board, moves, positions, None, &mut |_| {}),
        Solution::Win { moves: m, first_moves } if m == moves && first_moves.len() == 1
    )
}

/// A position from seeded random play on a `size` board, not over.
fn random_position(size: usize, seed: u64) -> Board {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let plies = rng.random_range(size * size..=6 * size * size);
    let mut board = Board::new(size);
    for _ in 0..plies {
        let moves: Vec<usize> = Squares(board.legal_moves()).collect();
        let mut child = board;
        child.play(moves[rng.random_range(0..moves.len())]);
        if child.winner().is_some() {
            break;
        }
        board = child;
    }
    board
}

/// `count` puzzles (wins in exactly `moves` with a single winning first move) from seeded
/// random play on `size` boards. Candidates are numbered from the seed and tried in
/// parallel batches, keeping the lowest-numbered ones, so the result does not depend on
/// the number of threads. `positions` bounds each candidate's solve; a candidate that
/// reaches it is skipped. Fewer come back if [`MAX_CANDIDATES`] are not enough.
pub fn puzzles(size: usize, moves: u32, count: usize, seed: u64, positions: u64) -> Vec<Board> {
    let mut found = Vec::new();
    let mut next = 0u64;
    let batch = 64 * rayon::current_num_threads() as u64;
    // Some questions have no answers (no 2x2 position needs five moves): stop somewhere.
    while found.len() < count && next < MAX_CANDIDATES {
        let batch_found: Vec<Board> = (next..next + batch)
            .into_par_iter()
            .map(|i| random_position(size, seed.wrapping_mul(0x9E37_79B9).wrapping_add(i)))
            .filter(|b| is_puzzle(b, moves, positions))
            .collect();
        for b in batch_found {
            if found.len() < count && !found.contains(&b) {
                found.push(b);
            }
        }
        next += batch;
    }
    found
}
