//! Puzzles whose answers are proven: a position, the number of own moves in which its side
//! to move forces a win, and every first move that does it. The program ships a collection
//! of them ([`shipped`]), reads others' ([`parse_collection`], [`prove_collection`]), judges
//! a player's moves against the proof ([`judge`]) and rebuilds its own collection from a
//! seed ([`build`]). Every answer comes from the forced-win search of `solve K`
//! ([`crate::search::solve`]); nothing here searches on its own.
//!
//! A collection is a file of `solve --file` lines, `NOTATION MOVES # ANSWER (WORK positions)`:
//!
//! ```text
//! # rules 2013
//! --2r--/2r1b1r/----2r 1 # Red wins in 1: 2 1, 2 3 (12 positions)
//! ```
//!
//! `ANSWER` is what `solve --file` prints for the line, and `WORK` the positions its search
//! examined: `solve --file` reads the comment as a comment, so it re-checks every answer.

pub mod build;
mod judge;

pub use judge::{Verdict, judge, main_line};

use super::collection::{self, Line};
use crate::board::{Board, Rules};
use crate::search::solve::{self, Solution, solve_measured};
use std::sync::OnceLock;

/// A position whose side to move forces a win in `moves` of its own moves and no fewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, with its rules.
    pub board: Board,
    /// Own moves of the side to move to the win (the first move included).
    pub moves: u32,
    /// Every first move (square index, ascending) that wins in `moves`.
    pub answers: Vec<usize>,
    /// Positions the forced-win search examined to prove the answer: how hard the solver
    /// found the puzzle.
    pub work: u64,
}

impl Puzzle {
    /// The answer as `solve` words it: `Red wins in 2: 1 1, 2 3`.
    pub fn answer_text(&self) -> String {
        let win = Solution::Win {
            moves: self.moves,
            first_moves: self.answers.clone(),
        };
        solve::answer(&self.board, &win)
    }

    /// The puzzle's line in a collection file (without any `# rules` line it needs).
    pub fn line(&self) -> String {
        format!(
            "{} {} # {} ({} positions)",
            self.board.to_notation(),
            self.moves,
            self.answer_text(),
            self.work
        )
    }
}

/// The collection the program ships, in the order of the work each cost (the easiest
/// first).
pub const SHIPPED_TEXT: &str = include_str!("../../../puzzles/collection.txt");

/// The shipped collection, read once.
pub fn shipped() -> &'static [Puzzle] {
    static SHIPPED: OnceLock<Vec<Puzzle>> = OnceLock::new();
    // The file is checked by the tests (it parses, and every answer is proven again), so
    // an error here cannot ship; were it to, the collection would be empty, not a panic.
    SHIPPED.get_or_init(|| parse_collection(SHIPPED_TEXT, Rules::V2014).unwrap_or_default())
}

/// Writes `puzzles` as a collection file, with a `# rules` line wherever the rules change
/// (the first puzzle's included).
pub fn collection_text(header: &[String], puzzles: &[Puzzle]) -> String {
    let mut text = String::new();
    for line in header {
        text.push_str(&format!("# {line}\n"));
    }
    let mut rules = None;
    for p in puzzles {
        if rules != Some(p.board.rules()) {
            rules = Some(p.board.rules());
            text.push_str(&format!("# rules {}\n", p.board.rules()));
        }
        text.push_str(&p.line());
        text.push('\n');
    }
    text
}

/// Reads a collection with its recorded answers, starting under `rules` (a `# rules` line
/// changes them). Nothing is searched: the answers are taken as written, checked only for
/// form. An error names the line (from 1).
pub fn parse_collection(text: &str, rules: Rules) -> Result<Vec<Puzzle>, String> {
    let lines = collection::parse_lines(text, rules);
    let mut puzzles = Vec::new();
    for (i, (line, text)) in lines.iter().zip(text.lines()).enumerate() {
        let Some((board, moves)) = question(line).map_err(|e| format!("line {}: {e}", i + 1))?
        else {
            continue;
        };
        let recorded = collection::trailing_comment(text)
            .ok_or_else(|| format!("line {}: no recorded answer ('# Red wins in ...')", i + 1))?;
        let puzzle =
            recorded_answer(board, moves, recorded).map_err(|e| format!("line {}: {e}", i + 1))?;
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// Reads a collection and proves every puzzle's answer by search, at most `positions`
/// positions each: a collection of one's own, whose lines may or may not record answers
/// (those recorded must be the ones proven). An error names the line (from 1).
pub fn prove_collection(text: &str, rules: Rules, positions: u64) -> Result<Vec<Puzzle>, String> {
    let lines = collection::parse_lines(text, rules);
    let mut puzzles = Vec::new();
    for (i, (line, text)) in lines.iter().zip(text.lines()).enumerate() {
        let at = |e: String| format!("line {}: {e}", i + 1);
        let Some((board, moves)) = question(line).map_err(at)? else {
            continue;
        };
        let puzzle = prove(&board, moves, positions).map_err(at)?;
        if let Some(recorded) = collection::trailing_comment(text) {
            let written = recorded_answer(board, moves, recorded).map_err(at)?;
            if (&written.answers, written.moves) != (&puzzle.answers, puzzle.moves) {
                return Err(at(format!(
                    "the recorded answer '{}' is not the proven one '{}'",
                    written.answer_text(),
                    puzzle.answer_text()
                )));
            }
        }
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// The question of a line that asks one: `None` for a blank or comment line; an error for a
/// malformed line or one without a number of moves.
fn question(line: &Line) -> Result<Option<(Board, u32)>, String> {
    match line {
        Ok(None) => Ok(None),
        Ok(Some((board, Some(moves)))) => Ok(Some((*board, *moves))),
        Ok(Some((_, None))) => Err("a puzzle needs its number of moves after the position".into()),
        Err(e) => Err(e.clone()),
    }
}

/// Proves the puzzle on `board`: the side to move must force a win within `moves` own
/// moves, found within `positions` positions; the puzzle is then the fastest such win.
pub fn prove(board: &Board, moves: u32, positions: u64) -> Result<Puzzle, String> {
    let (solution, work) = solve_measured(board, moves, positions);
    match solution {
        Solution::Win { moves, first_moves } => Ok(Puzzle {
            board: *board,
            moves,
            answers: first_moves,
            work,
        }),
        other => Err(format!("not a puzzle: {}", solve::answer(board, &other))),
    }
}

/// A puzzle from its recorded answer, `Red wins in 2: 1 1, 2 3 (WORK positions)`, which
/// must be worded exactly as `solve` words it for this board and number of moves.
fn recorded_answer(board: Board, moves: u32, recorded: &str) -> Result<Puzzle, String> {
    let bad = || {
        format!(
            "the recorded answer '{recorded}' is not 'Red wins in {moves}: R C, ... (N positions)'"
        )
    };
    let (answer, work) = recorded.rsplit_once(" (").ok_or_else(bad)?;
    let work: u64 = work
        .strip_suffix(" positions)")
        .and_then(|w| w.parse().ok())
        .ok_or_else(bad)?;
    let (_, squares) = answer.split_once(": ").ok_or_else(bad)?;
    let mut answers = Vec::new();
    for coord in squares.split(", ") {
        let sq = square(&board, coord).ok_or_else(bad)?;
        answers.push(sq);
    }
    let puzzle = Puzzle {
        board,
        moves,
        answers,
        work,
    };
    // The wording and the side to move by the text; legal moves, each once, ascending.
    let legal = puzzle.answers.iter().all(|&sq| board.is_legal(sq));
    let ascending = puzzle.answers.windows(2).all(|w| w[0] < w[1]);
    if puzzle.answer_text() != answer || !legal || !ascending {
        return Err(bad());
    }
    Ok(puzzle)
}

/// The square of `R C` on `board`, if there is one.
fn square(board: &Board, coord: &str) -> Option<usize> {
    let (row, col) = coord.split_once(' ')?;
    board.square_at(crate::board::Coord {
        row: row.parse().ok()?,
        col: col.parse().ok()?,
    })
}

#[cfg(test)]
mod tests;
