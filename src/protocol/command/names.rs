//! The table of command names: what each takes and does, which dialects know it, and how a
//! typed word (or, in 2019, a prefix of one) resolves to a name.

use super::{CommandError, Dialect};

/// A command name, with what it takes and does, for parsing and for `help`.
pub(super) struct Spec {
    pub(super) name: &'static str,
    pub(super) args: &'static str,
    pub(super) about: &'static str,
    /// Part of the 2014 text (as opposed to this program's extensions).
    pub(super) required: bool,
    pub(super) in_2019: bool,
    /// A prefix of it names it in the 2019 dialect. Commands added later are typed in full,
    /// so that the abbreviations in use (`n` for new, `c` for clear, `p` for position) keep
    /// their meaning.
    pub(super) prefix: bool,
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
pub(super) const SPECS: &[Spec] = &[
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
    in_full(
        "hint",
        "",
        "the AI's move for the side to move, not played (the AI's own limits)",
    ),
    extension(
        "move",
        "N",
        "not supported (older variant): the side to move follows from the spot count",
    ),
];

/// The full name of the command `word` names in `dialect`.
pub(super) fn resolve(word: &str, dialect: Dialect) -> Result<&'static str, CommandError> {
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

#[cfg(test)]
mod tests {
    use super::super::Command;
    use super::*;

    fn parse14(line: &str) -> Result<Option<Command>, CommandError> {
        Command::parse(line, Dialect::V2014)
    }

    fn parse19(line: &str) -> Result<Option<Command>, CommandError> {
        Command::parse(line, Dialect::V2019)
    }

    fn err14(line: &str) -> String {
        match parse14(line) {
            Err(e) => e.to_string(),
            Ok(c) => panic!("{line:?} parsed as {c:?}"),
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
}
