//! The parser: one line of text to a [`Command`], or a [`CommandError`] that says what was
//! wrong.

use super::limits::{
    MAX_HASH_MB, MAX_LEVEL, MAX_NODES, MAX_SOLVE, MAX_SOLVE_POSITIONS, MAX_THREADS, parse_clock,
    parse_seconds, ranged, whole,
};
use super::names::resolve;
use super::{Command, CommandError, Dialect};
use crate::board::{Board, Colour, MAX_SIZE, MIN_SIZE};
use crate::search::solve::DEFAULT_POSITION_LIMIT;

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

/// The words after a command's name, taken one at a time; a missing one is an error that
/// names the command and what it needs.
struct Arguments<'a> {
    command: &'static str,
    words: std::str::SplitWhitespace<'a>,
}

impl<'a> Arguments<'a> {
    /// The next word, which the command needs (`what` says what it is).
    fn needed(&mut self, what: &'static str) -> Result<&'a str, CommandError> {
        self.words.next().ok_or(CommandError::Missing {
            command: self.command,
            what,
        })
    }

    /// The next word, if there is one.
    fn optional(&mut self) -> Option<&'a str> {
        self.words.next()
    }

    /// A number from `low` to `high` (the next word, which the command needs).
    fn ranged(
        &mut self,
        what: &'static str,
        name: &'static str,
        low: u64,
        high: u64,
    ) -> Result<u64, CommandError> {
        ranged(self.needed(what)?, name, low, high)
    }
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
        let args = Arguments {
            command: resolve(first, dialect)?,
            words,
        };
        Self::parse_named(args, dialect).map(Some)
    }

    /// A command by its full name, from the words after it.
    fn parse_named(mut args: Arguments, dialect: Dialect) -> Result<Command, CommandError> {
        Ok(match args.command {
            "clear" | "new" => Command::Clear,
            "start" => Command::Start,
            "quit" => Command::Quit,
            "auto" => Command::Auto(colour(args.needed("a colour P (red or blue)")?)?),
            "manual" => Command::Manual(colour(args.needed("a colour P (red or blue)")?)?),
            "dump" => Command::Dump,
            "help" => Command::Help,
            "board" => Command::ShowBoard,
            "undo" => Command::Undo,
            "redo" => Command::Redo,
            "hint" => Command::Hint,
            "set" => Self::parse_set(&mut args)?,
            "seed" => Self::parse_seed(&mut args)?,
            "position" => match args.optional() {
                None => Command::Position(None),
                Some(text) => {
                    Command::Position(Some(Board::parse_with_rules(text, dialect.rules())?))
                }
            },
            "solve" => Self::parse_solve(&mut args)?,
            "move" if dialect == Dialect::V2013 => Self::parse_move_number(&mut args)?,
            "move" => return Err(CommandError::MoveNumber),
            "verbose" => match args.optional().map(str::to_ascii_lowercase).as_deref() {
                None | Some("on") => Command::Verbose(true),
                Some("off") => Command::Verbose(false),
                Some(other) => return Err(CommandError::BadSwitch(other.to_string())),
            },
            "ponder" => match args.optional().map(str::to_ascii_lowercase).as_deref() {
                Some("on") => Command::Ponder(true),
                Some("off") => Command::Ponder(false),
                other => {
                    return Err(CommandError::BadPonder(
                        other.unwrap_or_default().to_string(),
                    ));
                }
            },
            _ => Self::parse_setting(&mut args)?,
        })
    }

    /// The settings that take one number (or two, for the clock).
    fn parse_setting(args: &mut Arguments) -> Result<Command, CommandError> {
        Ok(match args.command {
            "size" => Command::Size(args.ranged(
                "a board size N (2 to 10)",
                "size",
                MIN_SIZE as u64,
                MAX_SIZE as u64,
            )? as usize),
            "time" => Command::Time(parse_seconds(
                args.needed("a number of seconds (such as 0.5)")?,
            )?),
            "hash" => Command::Hash(args.ranged(
                "a size in MiB (1 to 4096)",
                "hash size",
                1,
                MAX_HASH_MB,
            )? as usize),
            "threads" => Command::Threads(args.ranged(
                "a thread count (1 to 256)",
                "thread count",
                1,
                MAX_THREADS,
            )? as usize),
            "level" => {
                Command::Level(args.ranged("a level N (1 to 5)", "level", 1, MAX_LEVEL)? as u8)
            }
            "nodes" => Command::Nodes(args.ranged(
                "a node count N (1 to 2^50)",
                "node count",
                1,
                MAX_NODES,
            )?),
            "clock" => {
                let total = args.needed("MINUTES a side and an INCREMENT in seconds")?;
                let increment = args.needed("an INCREMENT in seconds after the MINUTES")?;
                let (total, increment) = parse_clock(total, increment)?;
                Command::Clock { total, increment }
            }
            other => return Err(CommandError::Unknown(other.to_string())),
        })
    }

    /// `set R C N P` (P only when N is not 0).
    fn parse_set(args: &mut Arguments) -> Result<Command, CommandError> {
        let row = whole(
            args.needed("a row R, a column C, spots N and a colour P")?,
            "row",
            ROW_EXPECTED,
        )?;
        let col = whole(
            args.needed("a column C, spots N and a colour P")?,
            "column",
            ROW_EXPECTED,
        )?;
        let spots = whole(
            args.needed("a spot count N and a colour P")?,
            "spot count",
            SPOTS_EXPECTED,
        )?;
        let owner = if spots == 0 {
            None
        } else {
            Some(set_colour(
                args.needed("a colour P (r or b) when N is not 0")?,
            )?)
        };
        Ok(Command::Set {
            row,
            col,
            spots,
            owner,
        })
    }

    /// `seed N`: any 64-bit whole number, a negative one read as its two's complement.
    fn parse_seed(args: &mut Arguments) -> Result<Command, CommandError> {
        let text = args.needed("a seed N (a whole number)")?;
        let seed = text
            .parse::<u64>()
            .or_else(|_| text.parse::<i64>().map(|n| n as u64))
            .map_err(|_| CommandError::BadNumber {
                what: "seed",
                text: text.to_string(),
                expected: "a whole number of at most 64 bits".to_string(),
            })?;
        Ok(Command::Seed(seed))
    }

    /// `solve` alone asks who wins the game with perfect play; `solve K [POSITIONS]` asks
    /// for a win in at most K moves.
    fn parse_solve(args: &mut Arguments) -> Result<Command, CommandError> {
        let Some(depth) = args.optional() else {
            return Ok(Command::SolveValue);
        };
        let k = ranged(depth, "solve depth", 1, MAX_SOLVE)?;
        let positions = match args.optional() {
            None => DEFAULT_POSITION_LIMIT,
            Some(text) => ranged(text, "solve positions", 1, MAX_SOLVE_POSITIONS)?,
        };
        Ok(Command::Solve {
            moves: k as u32,
            positions,
        })
    }

    /// The 2013 dialect's `move N`.
    fn parse_move_number(args: &mut Arguments) -> Result<Command, CommandError> {
        let n = whole(
            args.needed("a move number N (1 or more)")?,
            "move number",
            "a whole number from 1",
        )?;
        if n == 0 {
            return Err(CommandError::MoveZero);
        }
        Ok(Command::MoveNumber(n))
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
    use super::super::{MAX_QUOTED, help_text};
    use super::*;
    use crate::board::Rules;
    use std::time::Duration;

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
        assert_eq!(ok14("hint"), Command::Hint);
        assert_eq!(parse19("hint"), Ok(Some(Command::Hint)));
        assert_eq!(
            Command::parse("hint", Dialect::V2013),
            Ok(Some(Command::Hint))
        );
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
}
