//! One line of input as a typed [`Command`], for either dialect.
//!
//! Parsing checks everything that does not depend on the game: the command name, the shape
//! and range of numbers, colour names. Whether a row exists on the current board or a square
//! holds that many spots is the session's business.

use crate::board::{Board, Colour, MAX_SIZE, MIN_SIZE, NotationError, Rules};
use crate::search::solve::DEFAULT_POSITION_LIMIT;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// Which course's conventions the command loop follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// The 2014 assignment: `start` begins play, `Red moves 1 2.`, `====` dump markers.
    #[default]
    V2014,
    /// The 2019 course: no `start`, `* 1 2.`, `===` markers, prompts, abbreviations.
    V2019,
    /// The 2013 text: squares start empty, `move N` sets whose turn it is, `===` markers and
    /// `--` for a white square in `dump`; otherwise as 2014.
    V2013,
}

impl Dialect {
    /// The rules the dialect's games follow.
    pub fn rules(self) -> Rules {
        match self {
            Dialect::V2013 => Rules::V2013,
            Dialect::V2014 | Dialect::V2019 => Rules::V2014,
        }
    }
}

impl FromStr for Dialect {
    type Err = String;

    fn from_str(text: &str) -> Result<Dialect, String> {
        match text.trim() {
            "2014" => Ok(Dialect::V2014),
            "2019" => Ok(Dialect::V2019),
            "2013" => Ok(Dialect::V2013),
            other => Err(format!("unknown dialect '{other}': use 2013, 2014 or 2019")),
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::V2014 => "2014",
            Dialect::V2019 => "2019",
            Dialect::V2013 => "2013",
        })
    }
}

/// Shortest time per move accepted, in seconds.
const MIN_SECONDS: f64 = 0.001;
/// Longest time per move accepted, in seconds (a day).
const MAX_SECONDS: f64 = 86_400.0;
/// The shortest and longest game clocks accepted, in minutes a side.
const MIN_CLOCK_MINUTES: f64 = 0.001;
const MAX_CLOCK_MINUTES: f64 = 1440.0;
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

/// A command name, with what it takes and does, for parsing and for `help`.
struct Spec {
    name: &'static str,
    args: &'static str,
    about: &'static str,
    /// Part of the 2014 text (as opposed to this program's extensions).
    required: bool,
    in_2019: bool,
    /// A prefix of it names it in the 2019 dialect. Commands added later are typed in full,
    /// so that the abbreviations in use (`n` for new, `c` for clear, `p` for position) keep
    /// their meaning.
    prefix: bool,
}

const fn spec(name: &'static str, args: &'static str, about: &'static str) -> Spec {
    Spec {
        name,
        args,
        about,
        required: true,
        in_2019: true,
        prefix: true,
    }
}

const fn extension(name: &'static str, args: &'static str, about: &'static str) -> Spec {
    Spec {
        name,
        args,
        about,
        required: false,
        in_2019: true,
        prefix: true,
    }
}

/// An extension named only in full (see `Spec::prefix`).
const fn in_full(name: &'static str, args: &'static str, about: &'static str) -> Spec {
    Spec {
        prefix: false,
        ..extension(name, args, about)
    }
}

/// Every command name, in the order `help` lists them.
const SPECS: &[Spec] = &[
    spec(
        "clear",
        "",
        "abandon the game and reset the board (every square white, one spot)",
    ),
    spec("new", "", "the same as clear"),
    Spec {
        in_2019: false,
        ..spec("start", "", "play from the current position")
    },
    spec(
        "quit",
        "",
        "leave the program (the end of input does the same)",
    ),
    spec("auto", "P", "the AI plays colour P (red or blue)"),
    spec("manual", "P", "colour P's moves come from the input"),
    spec(
        "size",
        "N",
        "a fresh board of N by N squares, N from 2 to 10",
    ),
    spec(
        "set",
        "R C N P",
        "put N spots of colour P (r or b) at row R, column C; N = 0 makes it white",
    ),
    spec(
        "dump",
        "",
        "print the board in the exact format used for testing",
    ),
    spec("seed", "N", "seed the AI's random choices (a whole number)"),
    spec("help", "", "print this summary"),
    extension(
        "time",
        "S",
        "the AI's time per move in seconds (default 1; 0.5 works)",
    ),
    extension("hash", "MB", "the AI's hash table size in MiB (1 to 4096)"),
    extension(
        "threads",
        "T",
        "the AI's search threads (1 to 256; 1 is reproducible)",
    ),
    extension(
        "level",
        "N",
        "the AI's strength, 1 (greedy) to 5 (full search)",
    ),
    extension(
        "verbose",
        "[on|off]",
        "print search progress on the error stream",
    ),
    extension("board", "", "print the board readably"),
    extension(
        "position",
        "[X]",
        "print the position as one line, or set it from one (e.g. 2r1-/1-1b)",
    ),
    extension(
        "solve",
        "[K [N]]",
        "a forced win within K (1 to 8) own moves? (gives up after N positions, 5000000); \
         no K: who wins",
    ),
    in_full(
        "nodes",
        "N",
        "limit the AI's moves by N nodes instead of time (1 thread: reproducible)",
    ),
    in_full(
        "clock",
        "M I",
        "a game clock: M minutes a side, I seconds added after each move",
    ),
    in_full(
        "ponder",
        "on|off",
        "think on the opponent's time while a person is to move",
    ),
    extension(
        "undo",
        "",
        "take back the last move (with the AI's reply when one side is the AI)",
    ),
    extension("redo", "", "play again what undo took back"),
    extension(
        "move",
        "N",
        "not supported (older variant): the side to move follows from the spot count",
    ),
];

/// The `help` text for `dialect`, listing every command, extensions included.
pub fn help_text(dialect: Dialect) -> String {
    let mut text = String::new();
    if dialect == Dialect::V2013 {
        text.push_str(
            "The 2013 rules: every square starts white and empty; Red makes the odd-numbered\n\
             moves, Blue the even ones. dump shows a white square as --.\n",
        );
    }
    text.push_str("Commands, one per line (blank lines and lines starting with # are ignored;\n");
    text.push_str("extra arguments are ignored; colour names may be in any case):\n");
    let row = |text: &mut String, usage: &str, about: &str| {
        text.push_str(&format!("  {usage:<16} {about}\n"));
    };
    row(
        &mut text,
        "R C",
        "your move: add a spot at row R, column C (R:C also works)",
    );
    for s in SPECS.iter().filter(|s| s.required) {
        if dialect == Dialect::V2019 && !s.in_2019 {
            continue;
        }
        let about = match (dialect, s.name) {
            (Dialect::V2013, "clear") => {
                "abandon the game and reset the board (every square white and empty; move 1)"
            }
            _ => s.about,
        };
        row(&mut text, &format!("{} {}", s.name, s.args), about);
        if dialect == Dialect::V2013 && s.name == "set" {
            row(
                &mut text,
                "move N",
                "stop the game; the next move is number N (odd: Red, even: Blue)",
            );
        }
    }
    text.push_str("Extensions:\n");
    for s in SPECS.iter().filter(|s| !s.required) {
        if dialect == Dialect::V2013 && s.name == "move" {
            continue;
        }
        let about = match (dialect, s.name) {
            (Dialect::V2013, "position") => {
                "print the position as one line, or set it from one (e.g. 2r--/--1b)"
            }
            _ => s.about,
        };
        row(&mut text, &format!("{} {}", s.name, s.args), about);
    }
    match dialect {
        Dialect::V2014 => text.push_str(
            "clear, new, auto, manual, size, set and position stop the game until the next \
                 start.\n",
        ),
        Dialect::V2013 => text.push_str(
            "clear, new, auto, manual, size, move, set and position stop the game until the \
             next start;\nset and position keep the number of the next move.\n",
        ),
        Dialect::V2019 => text.push_str(
            "There is no start: the AI moves whenever it is its turn. Any unique prefix of a\n\
             command name works (d for dump, si for size).\n",
        ),
    }
    text
}

/// The full name of the command `word` names in `dialect`.
fn resolve(word: &str, dialect: Dialect) -> Result<&'static str, CommandError> {
    let word = word.to_ascii_lowercase();
    let known = SPECS
        .iter()
        .filter(|s| dialect != Dialect::V2019 || s.in_2019);
    if let Some(s) = known.clone().find(|s| s.name == word) {
        return Ok(s.name);
    }
    if dialect == Dialect::V2019 {
        if word == "start" {
            return Err(CommandError::NoStartIn2019);
        }
        let candidates: Vec<&str> = known
            .filter(|s| s.prefix && s.name.starts_with(&word))
            .map(|s| s.name)
            .collect();
        match candidates[..] {
            [] => {}
            [only] => return Ok(only),
            [ref first @ .., last] => {
                return Err(CommandError::Ambiguous {
                    word,
                    candidates: format!("{} or {last}", first.join(", ")),
                });
            }
        }
    }
    Err(CommandError::Unknown(word))
}

/// A whole number of at most 64 bits, or why not.
fn whole(text: &str, what: &'static str, expected: &str) -> Result<u64, CommandError> {
    text.parse::<u64>().map_err(|_| CommandError::BadNumber {
        what,
        text: text.to_string(),
        expected: expected.to_string(),
    })
}

/// A whole number in `min..=max`, or why not.
fn ranged(text: &str, what: &'static str, min: u64, max: u64) -> Result<u64, CommandError> {
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

/// `red` or `blue`, in any case.
fn colour(text: &str) -> Result<Colour, CommandError> {
    match text.to_ascii_lowercase().as_str() {
        "red" => Ok(Colour::Red),
        "blue" => Ok(Colour::Blue),
        _ => Err(CommandError::BadColour {
            text: text.to_string(),
            allowed: "red or blue",
        }),
    }
}

/// `set`'s colour: `r`, `b`, `red` or `blue`, in any case.
fn set_colour(text: &str) -> Result<Colour, CommandError> {
    match text.to_ascii_lowercase().as_str() {
        "r" | "red" => Ok(Colour::Red),
        "b" | "blue" => Ok(Colour::Blue),
        _ => Err(CommandError::BadColour {
            text: text.to_string(),
            allowed: "r or b (or red, blue)",
        }),
    }
}

const ROW_EXPECTED: &str = "a number from 1 to the board size";
const SPOTS_EXPECTED: &str = "a number from 0 to the square's neighbour count";

/// Whether a first word is a move rather than a command name.
fn looks_like_move(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+')
}

impl Command {
    /// Parses one line. `Ok(None)` for a blank line or a `#` comment.
    ///
    /// ```
    /// use jump61::protocol::{Command, Dialect};
    /// use jump61::board::Colour;
    /// let parse = |line| Command::parse(line, Dialect::V2014);
    /// assert_eq!(parse(" auto RED extra"), Ok(Some(Command::Auto(Colour::Red))));
    /// assert_eq!(parse("  3 4 "), Ok(Some(Command::Move { row: 3, col: 4 })));
    /// assert_eq!(Command::parse("# a comment", Dialect::V2014), Ok(None));
    /// assert_eq!(Command::parse("d", Dialect::V2019), Ok(Some(Command::Dump)));
    /// assert!(Command::parse("d", Dialect::V2014).is_err());
    /// ```
    pub fn parse(line: &str, dialect: Dialect) -> Result<Option<Command>, CommandError> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Ok(None);
        };
        if looks_like_move(first) {
            return Self::parse_move(first, words.next()).map(Some);
        }
        let name = resolve(first, dialect)?;
        let mut arg = |what: &'static str| {
            words.next().ok_or(CommandError::Missing {
                command: name,
                what,
            })
        };
        let command = match name {
            "clear" | "new" => Command::Clear,
            "start" => Command::Start,
            "quit" => Command::Quit,
            "auto" => Command::Auto(colour(arg("a colour P (red or blue)")?)?),
            "manual" => Command::Manual(colour(arg("a colour P (red or blue)")?)?),
            "size" => {
                let n = ranged(
                    arg("a board size N (2 to 10)")?,
                    "size",
                    MIN_SIZE as u64,
                    MAX_SIZE as u64,
                )?;
                Command::Size(n as usize)
            }
            "set" => {
                let row = whole(
                    arg("a row R, a column C, spots N and a colour P")?,
                    "row",
                    ROW_EXPECTED,
                )?;
                let col = whole(
                    arg("a column C, spots N and a colour P")?,
                    "column",
                    ROW_EXPECTED,
                )?;
                let spots = whole(
                    arg("a spot count N and a colour P")?,
                    "spot count",
                    SPOTS_EXPECTED,
                )?;
                let owner = if spots == 0 {
                    None
                } else {
                    Some(set_colour(arg("a colour P (r or b) when N is not 0")?)?)
                };
                Command::Set {
                    row,
                    col,
                    spots,
                    owner,
                }
            }
            "dump" => Command::Dump,
            "seed" => {
                let text = arg("a seed N (a whole number)")?;
                let seed = text
                    .parse::<u64>()
                    .or_else(|_| text.parse::<i64>().map(|n| n as u64))
                    .map_err(|_| CommandError::BadNumber {
                        what: "seed",
                        text: text.to_string(),
                        expected: "a whole number of at most 64 bits".to_string(),
                    })?;
                Command::Seed(seed)
            }
            "help" => Command::Help,
            "time" => Command::Time(parse_seconds(arg("a number of seconds (such as 0.5)")?)?),
            "hash" => {
                let mb = ranged(
                    arg("a size in MiB (1 to 4096)")?,
                    "hash size",
                    1,
                    MAX_HASH_MB,
                )?;
                Command::Hash(mb as usize)
            }
            "threads" => {
                let n = ranged(
                    arg("a thread count (1 to 256)")?,
                    "thread count",
                    1,
                    MAX_THREADS,
                )?;
                Command::Threads(n as usize)
            }
            "level" => {
                let n = ranged(arg("a level N (1 to 5)")?, "level", 1, MAX_LEVEL)?;
                Command::Level(n as u8)
            }
            "verbose" => match words.next().map(str::to_ascii_lowercase).as_deref() {
                None | Some("on") => Command::Verbose(true),
                Some("off") => Command::Verbose(false),
                Some(other) => return Err(CommandError::BadSwitch(other.to_string())),
            },
            "board" => Command::ShowBoard,
            "position" => match words.next() {
                None => Command::Position(None),
                Some(text) => {
                    Command::Position(Some(Board::parse_with_rules(text, dialect.rules())?))
                }
            },
            "solve" => {
                // Without a depth: who wins the game with perfect play.
                let Some(depth) = words.next() else {
                    return Ok(Some(Command::SolveValue));
                };
                let k = ranged(depth, "solve depth", 1, MAX_SOLVE)?;
                let positions = match words.next() {
                    None => DEFAULT_POSITION_LIMIT,
                    Some(text) => ranged(text, "solve positions", 1, MAX_SOLVE_POSITIONS)?,
                };
                Command::Solve {
                    moves: k as u32,
                    positions,
                }
            }
            "move" if dialect == Dialect::V2013 => {
                let n = whole(
                    arg("a move number N (1 or more)")?,
                    "move number",
                    "a whole number from 1",
                )?;
                if n == 0 {
                    return Err(CommandError::MoveZero);
                }
                Command::MoveNumber(n)
            }
            "undo" => Command::Undo,
            "redo" => Command::Redo,
            "nodes" => Command::Nodes(ranged(
                arg("a node count N (1 to 2^50)")?,
                "node count",
                1,
                MAX_NODES,
            )?),
            "clock" => {
                let total = arg("MINUTES a side and an INCREMENT in seconds")?;
                let increment = arg("an INCREMENT in seconds after the MINUTES")?;
                let (total, increment) = parse_clock(total, increment)?;
                Command::Clock { total, increment }
            }
            "ponder" => match words.next().map(str::to_ascii_lowercase).as_deref() {
                Some("on") => Command::Ponder(true),
                Some("off") => Command::Ponder(false),
                Some(other) => return Err(CommandError::BadPonder(other.to_string())),
                None => return Err(CommandError::BadPonder(String::new())),
            },
            "move" => return Err(CommandError::MoveNumber),
            _ => return Err(CommandError::Unknown(name.to_string())),
        };
        Ok(Some(command))
    }

    /// `R C`, or `R:C` as one word.
    fn parse_move(first: &str, second: Option<&str>) -> Result<Command, CommandError> {
        let (row, col) = match first.split_once(':') {
            Some((r, c)) => (r, Some(c)),
            None => (first, second),
        };
        let row = whole(row, "row", ROW_EXPECTED)?;
        let col = col.ok_or(CommandError::Missing {
            command: "a move",
            what: "a row R and a column C",
        })?;
        let col = whole(col, "column", ROW_EXPECTED)?;
        Ok(Command::Move { row, col })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse14(line: &str) -> Result<Option<Command>, CommandError> {
        Command::parse(line, Dialect::V2014)
    }

    fn parse19(line: &str) -> Result<Option<Command>, CommandError> {
        Command::parse(line, Dialect::V2019)
    }

    fn ok14(line: &str) -> Command {
        parse14(line)
            .unwrap_or_else(|e| panic!("{line:?}: {e}"))
            .unwrap_or_else(|| panic!("{line:?}: no command"))
    }

    fn err14(line: &str) -> String {
        match parse14(line) {
            Err(e) => e.to_string(),
            Ok(c) => panic!("{line:?} parsed as {c:?}"),
        }
    }

    #[test]
    fn blank_lines_and_comments_are_nothing() {
        for line in ["", "   ", "\t", "\r", "# dump", "   # start", "#"] {
            assert_eq!(parse14(line), Ok(None), "{line:?}");
            assert_eq!(parse19(line), Ok(None), "{line:?}");
        }
    }

    #[test]
    fn every_2014_command_parses() {
        assert_eq!(ok14("clear"), Command::Clear);
        assert_eq!(ok14("new"), Command::Clear);
        assert_eq!(ok14("start"), Command::Start);
        assert_eq!(ok14("quit"), Command::Quit);
        assert_eq!(ok14("auto Red"), Command::Auto(Colour::Red));
        assert_eq!(ok14("manual BLUE"), Command::Manual(Colour::Blue));
        assert_eq!(ok14("size 10"), Command::Size(10));
        assert_eq!(
            ok14("set 1 2 3 B"),
            Command::Set {
                row: 1,
                col: 2,
                spots: 3,
                owner: Some(Colour::Blue)
            }
        );
        assert_eq!(
            ok14("set 1 2 0"),
            Command::Set {
                row: 1,
                col: 2,
                spots: 0,
                owner: None
            }
        );
        assert_eq!(
            ok14("set 1 2 0 purple"),
            Command::Set {
                row: 1,
                col: 2,
                spots: 0,
                owner: None
            }
        );
        assert_eq!(ok14("dump"), Command::Dump);
        assert_eq!(ok14("seed 42"), Command::Seed(42));
        assert_eq!(ok14("seed -1"), Command::Seed(u64::MAX));
        assert_eq!(ok14("help"), Command::Help);
        assert_eq!(ok14("2 3"), Command::Move { row: 2, col: 3 });
        assert_eq!(ok14("2:3"), Command::Move { row: 2, col: 3 });
    }

    #[test]
    fn every_extension_parses() {
        assert_eq!(ok14("time 0.25"), Command::Time(Duration::from_millis(250)));
        assert_eq!(ok14("time 2"), Command::Time(Duration::from_secs(2)));
        assert_eq!(ok14("hash 64"), Command::Hash(64));
        assert_eq!(ok14("threads 1"), Command::Threads(1));
        assert_eq!(ok14("level 3"), Command::Level(3));
        assert_eq!(ok14("verbose"), Command::Verbose(true));
        assert_eq!(ok14("verbose ON"), Command::Verbose(true));
        assert_eq!(ok14("verbose off"), Command::Verbose(false));
        assert_eq!(ok14("board"), Command::ShowBoard);
        assert_eq!(ok14("position"), Command::Position(None));
        assert_eq!(
            ok14("position 2r1-/1-1b"),
            Command::Position(Some("2r1-/1-1b".parse().unwrap()))
        );
        assert_eq!(
            ok14("solve 8"),
            Command::Solve {
                moves: 8,
                positions: DEFAULT_POSITION_LIMIT
            }
        );
        assert_eq!(
            ok14("solve 3 1000"),
            Command::Solve {
                moves: 3,
                positions: 1000
            }
        );
    }

    #[test]
    fn limits_and_pondering_parse() {
        assert_eq!(ok14("nodes 50000"), Command::Nodes(50_000));
        assert_eq!(
            ok14("clock 5 2"),
            Command::Clock {
                total: Duration::from_secs(300),
                increment: Duration::from_secs(2)
            }
        );
        assert_eq!(
            ok14("clock 0.5 0"),
            Command::Clock {
                total: Duration::from_secs(30),
                increment: Duration::ZERO
            }
        );
        assert_eq!(ok14("ponder ON"), Command::Ponder(true));
        assert_eq!(ok14("ponder off"), Command::Ponder(false));
        assert_eq!(
            err14("nodes 0"),
            "node count 0 is out of range: it must be 1 to 1125899906842624"
        );
        assert_eq!(err14("nodes"), "nodes needs a node count N (1 to 2^50)");
        assert!(err14("clock 5").starts_with("clock needs an INCREMENT"));
        assert!(err14("clock 0 1").starts_with("bad clock '0 1'"));
        assert!(err14("clock 5 -1").starts_with("bad clock '5 -1'"));
        assert!(err14("clock nan 1").starts_with("bad clock 'nan 1'"));
        assert_eq!(err14("ponder"), "bad ponder setting '': use on or off");
        assert_eq!(
            err14("ponder maybe"),
            "bad ponder setting 'maybe': use on or off"
        );
    }

    #[test]
    fn whitespace_case_and_extra_arguments_are_tolerated() {
        assert_eq!(ok14("\t DUMP  now please \r"), Command::Dump);
        assert_eq!(ok14("  3   4  5 6"), Command::Move { row: 3, col: 4 });
        assert_eq!(ok14("size 4 5"), Command::Size(4));
        assert_eq!(ok14("Auto rEd blue"), Command::Auto(Colour::Red));
    }

    #[test]
    fn errors_say_what_was_wrong() {
        assert_eq!(
            err14("jump 3"),
            "unknown command 'jump'; type help for the list of commands"
        );
        assert_eq!(
            err14("size 11"),
            "size 11 is out of range: it must be 2 to 10"
        );
        assert_eq!(
            err14("size 1"),
            "size 1 is out of range: it must be 2 to 10"
        );
        assert_eq!(
            err14("size 99999999999999999999999"),
            "size 99999999999999999999999 is out of range: it must be 2 to 10"
        );
        assert_eq!(
            err14("size six"),
            "bad size 'six': expected a number from 2 to 10"
        );
        assert_eq!(err14("size"), "size needs a board size N (2 to 10)");
        assert_eq!(err14("auto green"), "bad colour 'green': use red or blue");
        assert_eq!(err14("auto r"), "bad colour 'r': use red or blue");
        assert_eq!(err14("manual"), "manual needs a colour P (red or blue)");
        assert_eq!(
            err14("set 1 x 2 r"),
            "bad column 'x': expected a number from 1 to the board size"
        );
        assert_eq!(
            err14("set 1 1 -2 r"),
            "bad spot count '-2': expected a number from 0 to the square's neighbour count"
        );
        assert_eq!(
            err14("set 1 1 2 g"),
            "bad colour 'g': use r or b (or red, blue)"
        );
        assert_eq!(
            err14("set 1 1 2"),
            "set needs a colour P (r or b) when N is not 0"
        );
        assert_eq!(err14("3"), "a move needs a row R and a column C");
        assert_eq!(
            err14("-1 2"),
            "bad row '-1': expected a number from 1 to the board size"
        );
        assert_eq!(
            err14("3 4x"),
            "bad column '4x': expected a number from 1 to the board size"
        );
        assert!(err14("time 0").starts_with("bad time '0'"));
        assert!(err14("time -1").starts_with("bad time '-1'"));
        assert!(err14("time nan").starts_with("bad time 'nan'"));
        assert!(err14("time inf").starts_with("bad time 'inf'"));
        assert!(err14("time 1e300").starts_with("bad time '1e300'"));
        assert_eq!(
            err14("hash 0"),
            "hash size 0 is out of range: it must be 1 to 4096"
        );
        assert_eq!(
            err14("threads 0"),
            "thread count 0 is out of range: it must be 1 to 256"
        );
        assert_eq!(
            err14("level 6"),
            "level 6 is out of range: it must be 1 to 5"
        );
        assert_eq!(
            err14("verbose loud"),
            "bad verbose setting 'loud': use on or off"
        );
        assert_eq!(
            err14("solve 9"),
            "solve depth 9 is out of range: it must be 1 to 8"
        );
        assert_eq!(
            err14("seed x"),
            "bad seed 'x': expected a whole number of at most 64 bits"
        );
        assert!(err14("move 3").starts_with("'move N' comes from an older variant"));
        assert!(err14("position 1-1-/1-").starts_with("bad position: row 2 has 1 squares"));
    }

    #[test]
    fn the_2013_dialect_takes_move_numbers_and_empty_squares() {
        let parse13 = |line| Command::parse(line, Dialect::V2013);
        let err13 = |line| parse13(line).unwrap_err().to_string();
        assert_eq!(parse13("move 7"), Ok(Some(Command::MoveNumber(7))));
        assert_eq!(parse13("MOVE 2 extra"), Ok(Some(Command::MoveNumber(2))));
        assert_eq!(parse13("start"), Ok(Some(Command::Start)));
        assert_eq!(parse13("3 4"), Ok(Some(Command::Move { row: 3, col: 4 })));
        assert_eq!(err13("move"), "move needs a move number N (1 or more)");
        assert_eq!(
            err13("move 0"),
            "move number 0 is out of range: moves are numbered from 1 (Red makes the odd ones)"
        );
        assert_eq!(
            err13("move x"),
            "bad move number 'x': expected a whole number from 1"
        );
        assert_eq!(err13("d"), parse14("d").unwrap_err().to_string());
        assert_eq!(
            parse13("position 1r--/----"),
            Ok(Some(Command::Position(Some(
                Board::parse_with_rules("1r--/----", Rules::V2013).unwrap()
            ))))
        );
        assert!(err13("position 1r1-/1-1-").contains("(use --,"));
        assert!(err14("position 1r--/----").contains("(use 1-,"));
        assert!(err14("move 3").starts_with("'move N' comes from an older variant"));
        let help = help_text(Dialect::V2013);
        assert!(help.contains("move N "));
        assert!(!help.contains("not supported"));
        assert!(help.contains("2r--/--1b"));
        for dialect in ["2013", "2014", "2019"] {
            assert_eq!(dialect.parse::<Dialect>().unwrap().to_string(), dialect);
        }
    }

    #[test]
    fn errors_quote_at_most_forty_characters_of_a_huge_word() {
        let word = "9".repeat(5 << 20);
        let forty = &word[..MAX_QUOTED];
        for line in [
            format!("x{word}"),
            format!("size {word}"),
            format!("size x{word}"),
            format!("auto {word}"),
            format!("set 1 1 1 {word}"),
            format!("verbose {word}"),
            format!("time {word}"),
            format!("seed x{word}"),
            format!("1 x{word}"),
        ] {
            let message = err14(&line);
            assert!(message.len() < 200, "{}", &message[..200]);
            assert!(
                message.contains(&format!("{}...", &forty[1..])),
                "{message}"
            );
        }
    }

    #[test]
    fn abbreviations_only_in_2019() {
        assert_eq!(
            err14("d"),
            "unknown command 'd'; type help for the list of commands"
        );
        assert_eq!(parse19("d"), Ok(Some(Command::Dump)));
        assert_eq!(parse19("DU"), Ok(Some(Command::Dump)));
        assert_eq!(parse19("si 4"), Ok(Some(Command::Size(4))));
        assert_eq!(parse19("n"), Ok(Some(Command::Clear)));
        assert_eq!(parse19("q"), Ok(Some(Command::Quit)));
        assert_eq!(parse19("c"), Ok(Some(Command::Clear)));
        assert_eq!(parse19("p"), Ok(Some(Command::Position(None))));
        assert_eq!(parse19("nodes 5"), Ok(Some(Command::Nodes(5))));
        assert!(parse19("pon on").is_err());
        assert_eq!(parse19("set 1 1 0"), parse14("set 1 1 0"));
    }

    #[test]
    fn ambiguous_prefixes_name_the_candidates() {
        let err = |line| parse19(line).unwrap_err().to_string();
        assert_eq!(
            err("s"),
            "'s' is ambiguous: it could be size, set, seed or solve"
        );
        assert_eq!(err("se"), "'se' is ambiguous: it could be set or seed");
        assert_eq!(err("h"), "'h' is ambiguous: it could be help or hash");
        assert_eq!(err("m 3"), "'m' is ambiguous: it could be manual or move");
        assert_eq!(
            err("start"),
            "'start' is not a command in the 2019 dialect: play goes on whenever an AI is to move"
        );
        assert_eq!(
            err("st"),
            "unknown command 'st'; type help for the list of commands"
        );
    }

    #[test]
    fn help_lists_every_command_of_its_dialect() {
        for dialect in [Dialect::V2014, Dialect::V2019, Dialect::V2013] {
            let help = help_text(dialect);
            for s in SPECS {
                let listed = help.lines().any(|l| l.trim_start().starts_with(s.name));
                assert_eq!(listed, dialect != Dialect::V2019 || s.in_2019, "{}", s.name);
            }
            assert!(!help.contains("===="));
            assert!(!help.contains(" wins."));
        }
    }

    #[test]
    fn seconds_round_trip() {
        assert_eq!(parse_seconds("1"), Ok(Duration::from_secs(1)));
        assert_eq!(parse_seconds("0.05"), Ok(Duration::from_millis(50)));
        assert_eq!(parse_seconds("0.001"), Ok(Duration::from_millis(1)));
        assert!(parse_seconds("0.0001").is_err());
        assert!(parse_seconds("86401").is_err());
    }
}
