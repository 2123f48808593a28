//! One line of input as a typed [`Command`], for any dialect: the command and its error here;
//! the dialects (`dialect`), the bounds of numbers (`limits`), the table of command names
//! (`names`), the `help` text (`help`) and the parser (`parse`) each in a file of their own.
//!
//! Parsing checks everything that does not depend on the game: the command name, the shape
//! and range of numbers, colour names. Whether a row exists on the current board or a square
//! holds that many spots is the session's business.

mod complete;
mod dialect;
mod help;
mod limits;
mod names;
mod parse;

pub use complete::complete;
pub use dialect::Dialect;
pub use help::help_text;
pub use limits::{
    MAX_HASH_MB, MAX_LEVEL, MAX_NODES, MAX_SOLVE, MAX_SOLVE_POSITIONS, MAX_THREADS, parse_clock,
    parse_seconds,
};

use crate::board::{Board, Colour, NotationError};
use limits::{MAX_CLOCK_MINUTES, MAX_SECONDS, MIN_CLOCK_MINUTES, MIN_SECONDS};
use std::fmt;
use std::time::Duration;
use thiserror::Error;

/// One parsed input line.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `clear` or `new`: a fresh board of the current size; play stops (2014).
    Clear,
    /// `start` (2014 only): play from the current position.
    Start,
    /// `quit`, or the end of input.
    Quit,
    /// `auto P`: the AI plays `P`.
    Auto(Colour),
    /// `manual P`: `P`'s moves come from the input.
    Manual(Colour),
    /// `size N`: a fresh board of side `N` (already checked to be 2 to 10).
    Size(usize),
    /// `set R C N P`: `N` spots of `owner` at row `R`, column `C`; `N = 0` makes it white.
    /// Rows, columns and `N` are checked against the board by the session.
    Set {
        row: u64,
        col: u64,
        spots: u64,
        owner: Option<Colour>,
    },
    /// `dump`: the board in the exact testing format.
    Dump,
    /// `seed N`: the AI's random seed.
    Seed(u64),
    /// `help`: the command summary.
    Help,
    /// `R C` (or `R:C`): a manual move, 1-based.
    Move { row: u64, col: u64 },
    /// `time SECONDS`: the AI's time per move.
    Time(Duration),
    /// `hash MB`: the AI's transposition table size.
    Hash(usize),
    /// `threads T`: the AI's search threads.
    Threads(usize),
    /// `level N`: the AI's strength, 1 to 5.
    Level(u8),
    /// `verbose [on|off]`: search progress on the error stream.
    Verbose(bool),
    /// `board`: the board printed readably.
    ShowBoard,
    /// `position`: print the one-line notation; `position NOTATION`: set the whole board.
    Position(Option<Board>),
    /// `solve K [N]`: is there a forced win within `K` of the side to move's own
    /// moves? The solver gives up after `N` (`positions`) positions.
    Solve { moves: u32, positions: u64 },
    /// `move N` (2013 only): the next move is number `N` (at least 1); Red makes the odd ones.
    MoveNumber(u64),
    /// `solve`: who wins the game from here with perfect play.
    SolveValue,
    /// `undo`: take back the last move (and the AI's reply before it, when one side is the AI).
    Undo,
    /// `redo`: play again what `undo` took back.
    Redo,
    /// `hint`: the AI's move for the side to move, searched but not played.
    Hint,
    /// `nodes N`: the AI's moves limited by nodes instead of time (reproducible).
    Nodes(u64),
    /// `clock MINUTES INCREMENT`: a game clock for each side.
    Clock {
        total: Duration,
        increment: Duration,
    },
    /// `ponder on|off`: think on the opponent's time.
    Ponder(bool),
}

/// Why a line is not a command. Each message says what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    #[error("line too long: '{}' goes on past {MAX_LINE} bytes; the whole line was ignored", clip(.0))]
    LineTooLong(String),
    #[error("unknown command '{}'; type help for the list of commands", clip(.0))]
    Unknown(String),
    #[error("'{}' is ambiguous: it could be {candidates}", clip(word))]
    Ambiguous { word: String, candidates: String },
    #[error("'start' is not a command in the 2019 dialect: play goes on whenever an AI is to move")]
    NoStartIn2019,
    #[error("{command} needs {what}")]
    Missing {
        command: &'static str,
        what: &'static str,
    },
    #[error("bad {what} '{}': expected {expected}", clip(text))]
    BadNumber {
        what: &'static str,
        text: String,
        expected: String,
    },
    #[error("{what} {} is out of range: it must be {min} to {max}", clip(value))]
    OutOfRange {
        what: &'static str,
        value: String,
        min: u64,
        max: u64,
    },
    #[error("bad colour '{}': use {allowed}", clip(text))]
    BadColour { text: String, allowed: &'static str },
    #[error("bad verbose setting '{}': use on or off", clip(.0))]
    BadSwitch(String),
    #[error("bad ponder setting '{}': use on or off", clip(.0))]
    BadPonder(String),
    #[error(
        "bad clock '{}': expected MINUTES ({MIN_CLOCK_MINUTES} to {MAX_CLOCK_MINUTES}) and \
         an INCREMENT in seconds (0 to {MAX_SECONDS}), such as clock 5 2",
        clip(.0)
    )]
    BadClock(String),
    #[error(
        "bad time '{}': expected a number of seconds from {MIN_SECONDS} to {MAX_SECONDS}, \
         such as 0.5",
        clip(.0)
    )]
    BadTime(String),
    #[error(
        "'move N' comes from an older variant of the game and is not supported: here the side \
         to move follows from the spot count (Red when spots plus size is even); \
         use set to arrange a position"
    )]
    MoveNumber,
    #[error("bad position: {0}")]
    Position(#[from] NotationError),
    #[error("move number 0 is out of range: moves are numbered from 1 (Red makes the odd ones)")]
    MoveZero,
}

/// The longest line the command loop reads (16 MiB): a longer one is skipped to its end
/// without being kept, so no input can make the loop hold unbounded memory.
pub const MAX_LINE: usize = 16 << 20;

/// Most characters of typed text an error message quotes: a 5 MB word must not come back
/// whole on the error stream.
pub const MAX_QUOTED: usize = 40;

/// Typed text as an error message quotes it: its first `MAX_QUOTED` characters, then `...`
/// if there were more.
///
/// ```
/// use jump61::protocol::clip;
/// assert_eq!(clip("short").to_string(), "short");
/// assert_eq!(clip(&"x".repeat(5_000_000)).to_string(), format!("{}...", "x".repeat(40)));
/// ```
pub fn clip(text: &str) -> impl fmt::Display + '_ {
    struct Clipped<'a>(&'a str);
    impl fmt::Display for Clipped<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self.0.char_indices().nth(MAX_QUOTED) {
                Some((end, _)) => write!(f, "{}...", &self.0[..end]),
                None => f.write_str(self.0),
            }
        }
    }
    Clipped(text)
}
