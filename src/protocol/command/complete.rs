//! Tab completion for a line editor: the words a partly typed line can go on with, drawn from
//! the same table of command names the parser reads, so the two never disagree.

use super::Dialect;
use super::names::{SPECS, resolve};

/// The completions of the last word of `before` (the line up to the cursor): the byte offset
/// where that word starts, and every word it could become, in the order `help` lists them.
/// The first word is a command name of `dialect`; after `auto` and `manual` come the
/// colours, after `verbose` and `ponder` `on` and `off`. Matching ignores case.
///
/// ```
/// use jump61::protocol::{Dialect, complete};
/// assert_eq!(complete("auto re", Dialect::V2014), (5, vec!["red"]));
/// assert_eq!(complete("he", Dialect::V2014), (0, vec!["help"]));
/// assert_eq!(complete("  so", Dialect::V2019), (2, vec!["solve"]));
/// ```
pub fn complete(before: &str, dialect: Dialect) -> (usize, Vec<&'static str>) {
    let start = before.rfind(char::is_whitespace).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    let typed = before[start..].to_ascii_lowercase();
    let earlier: Vec<&str> = before[..start].split_whitespace().collect();
    let words: Vec<&'static str> = match earlier[..] {
        [] => SPECS
            .iter()
            .filter(|s| dialect != Dialect::V2019 || s.in_2019)
            .map(|s| s.name)
            .collect(),
        [command] => match resolve(command, dialect) {
            Ok("auto" | "manual") => vec!["red", "blue"],
            Ok("verbose" | "ponder") => vec!["on", "off"],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let found = words
        .into_iter()
        .filter(|w| w.starts_with(&typed))
        .collect();
    (start, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Command;

    #[test]
    fn every_completed_name_parses_as_that_command() {
        for dialect in [Dialect::V2014, Dialect::V2019, Dialect::V2013] {
            let (start, names) = complete("", dialect);
            assert_eq!(start, 0);
            for name in names {
                // A name the parser did not know would be an `Unknown` error; a missing
                // argument is a different one.
                match Command::parse(name, dialect) {
                    Err(super::super::CommandError::Unknown(w)) => panic!("{dialect}: {w}"),
                    Err(super::super::CommandError::Ambiguous { word, .. }) => {
                        panic!("{dialect}: {word} is ambiguous")
                    }
                    _ => {}
                }
            }
        }
    }

    #[test]
    fn arguments_complete_after_their_command() {
        assert_eq!(complete("auto ", Dialect::V2014), (5, vec!["red", "blue"]));
        assert_eq!(complete("MANUAL B", Dialect::V2014), (7, vec!["blue"]));
        assert_eq!(
            complete("verbose o", Dialect::V2013),
            (8, vec!["on", "off"])
        );
        assert_eq!(complete("ponder of", Dialect::V2014), (7, vec!["off"]));
        // 2019 resolves a prefix of the command first, as the parser does.
        assert_eq!(complete("au b", Dialect::V2019), (3, vec!["blue"]));
        assert_eq!(complete("au b", Dialect::V2014), (3, vec![]));
        assert_eq!(complete("size 4 ", Dialect::V2014), (7, vec![]));
        assert_eq!(complete("auto red b", Dialect::V2014), (9, vec![]));
    }

    #[test]
    fn names_follow_the_dialect() {
        assert_eq!(complete("st", Dialect::V2014).1, vec!["start"]);
        assert!(complete("st", Dialect::V2019).1.is_empty());
        assert_eq!(complete("s", Dialect::V2014).1.len(), 5);
        assert_eq!(complete("hi", Dialect::V2019).1, vec!["hint"]);
        assert_eq!(complete("x", Dialect::V2014).1, Vec::<&str>::new());
    }
}
