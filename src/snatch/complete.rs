//! Tab completion for the Jump Snatch loop: the words a partly typed line can go on with,
//! from the same list of command names the loop's `help` shows.

/// The loop's command names, in the order `help` lists them (moves are squares, not words).
pub const COMMANDS: [&str; 13] = [
    "help", "size", "set", "position", "random", "board", "undo", "solve", "value", "first",
    "second", "time", "quit",
];

/// The completions of the last word of `before` (the line up to the cursor): the byte offset
/// where that word starts, and every word it could become. The first word is a command;
/// after `first` and `second` come `person` and `ai`. Matching ignores case.
///
/// ```
/// use jump61::snatch::complete;
/// assert_eq!(complete("fi"), (0, vec!["first"]));
/// assert_eq!(complete("second a"), (7, vec!["ai"]));
/// ```
pub fn complete(before: &str) -> (usize, Vec<&'static str>) {
    let start = before.rfind(char::is_whitespace).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    let typed = before[start..].to_ascii_lowercase();
    let earlier: Vec<&str> = before[..start].split_whitespace().collect();
    let words: &[&'static str] = match earlier[..] {
        [] => &COMMANDS,
        [command] if matches!(command.to_ascii_lowercase().as_str(), "first" | "second") => {
            &["person", "ai"]
        }
        _ => &[],
    };
    let found = words
        .iter()
        .copied()
        .filter(|w| w.starts_with(&typed))
        .collect();
    (start, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snatch::Session;

    #[test]
    fn every_completed_name_is_a_command_of_the_loop() {
        let (start, names) = complete("");
        assert_eq!((start, names.len()), (0, COMMANDS.len()));
        for name in names {
            let mut err = Vec::new();
            Session::new(std::io::sink(), &mut err).handle_line(name);
            let err = String::from_utf8(err).unwrap();
            assert!(!err.contains("unknown command"), "{name}: {err}");
        }
    }

    #[test]
    fn arguments_complete_after_their_command() {
        assert_eq!(complete("first "), (6, vec!["person", "ai"]));
        assert_eq!(complete("SECOND P"), (7, vec!["person"]));
        assert_eq!(complete("  ti"), (2, vec!["time"]));
        assert_eq!(complete("s"), (0, vec!["size", "set", "solve", "second"]));
        assert_eq!(complete("size 4 "), (7, vec![]));
        assert_eq!(complete("x"), (0, vec![]));
    }
}
