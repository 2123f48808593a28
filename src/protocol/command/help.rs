//! The `help` text of each dialect, drawn from the table of command names.

use super::Dialect;
use super::names::SPECS;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
