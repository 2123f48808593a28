//! Edit mode's position: the squares a page set up one by one become the command loop's
//! `position P` (and, under the 2013 rules, `move N` for the side to move), refused with
//! the loop's own reason, or with the reason the position cannot arise in a game, before
//! anything changes.

use crate::board::{Board, Colour, Rules};
use crate::protocol::{Command, Dialect};
use crate::solver::proof::arise::could_arise;

/// The commands that set up `squares` (row-major `[spots, owner]`, owner `r`, `b` or `w`)
/// on a game now at `current`, with `to_move` (`red` or `blue`) when the page chose it.
pub fn commands(
    squares: &[(u8, String)],
    to_move: Option<&str>,
    current: &Board,
) -> Result<Vec<Command>, String> {
    let size = (1..=10)
        .find(|n| n * n == squares.len())
        .ok_or_else(|| format!("{} squares do not make a square board", squares.len()))?;
    let rules = current.rules();
    let dialect = match rules {
        Rules::V2013 => Dialect::V2013,
        _ => Dialect::V2014,
    };
    let mut rows = Vec::with_capacity(size);
    for row in squares.chunks(size) {
        let tokens: Result<Vec<String>, String> = row.iter().map(|s| token(s, rules)).collect();
        rows.push(tokens?.concat());
    }
    let line = format!("position {}", rows.join("/"));
    let board = match Command::parse(&line, dialect) {
        Ok(Some(Command::Position(Some(board)))) => board,
        Ok(_) => return Err(format!("'{line}' is not a position")),
        Err(e) => return Err(e.to_string()),
    };
    could_arise(&board)?;
    let mut commands = vec![Command::Position(Some(board))];
    let wanted = match to_move {
        None => board.to_move(),
        Some("red") => Colour::Red,
        Some("blue") => Colour::Blue,
        Some(other) => return Err(format!("the side to move is red or blue, not '{other}'")),
    };
    if rules == Rules::V2013 {
        // The 2013 `position` keeps the turn the game had: the side is set with `move N`.
        commands.push(Command::MoveNumber(move_number(&board, wanted)));
    } else if wanted != board.to_move() {
        return Err(format!(
            "under the 2014 rules the spots decide the side to move: here {}",
            board.to_move()
        ));
    }
    Ok(commands)
}

/// One square's token in the notation of `rules`.
fn token((spots, owner): &(u8, String), rules: Rules) -> Result<String, String> {
    match owner.as_str() {
        "r" | "b" => Ok(format!("{spots}{owner}")),
        "w" if rules == Rules::V2013 && *spots == 0 => Ok("--".to_string()),
        "w" => Ok(format!("{spots}-")),
        other => Err(format!("a square's owner is r, b or w, not '{other}'")),
    }
}

/// The number of the next move that gives the move to `side` (odd: Red), after the moves
/// the spots say were played.
pub fn move_number(board: &Board, side: Colour) -> u64 {
    let played = u64::from(board.total_spots());
    let next = played + 1;
    if (next % 2 == 1) == (side == Colour::Red) {
        next
    } else {
        next + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(text: &[(u8, &str)]) -> Vec<(u8, String)> {
        text.iter().map(|&(n, o)| (n, o.to_string())).collect()
    }

    #[test]
    fn squares_become_the_loops_position_command() {
        let now = Board::new(2);
        let set = squares(&[(2, "r"), (1, "w"), (1, "w"), (1, "w")]);
        let commands = commands(&set, None, &now).unwrap();
        let board: Board = "2r1-/1-1-".parse().unwrap();
        assert_eq!(commands, vec![Command::Position(Some(board))]);
    }

    #[test]
    fn impossible_positions_are_refused_with_the_reason() {
        let now = Board::new(2);
        // Overfull: the loop's own reason.
        let e = commands(
            &squares(&[(3, "r"), (1, "w"), (1, "w"), (1, "w")]),
            None,
            &now,
        )
        .unwrap_err();
        assert!(e.contains("holds at most 2"), "{e}");
        // Red has moved once yet owns nothing.
        let e = commands(
            &squares(&[(2, "b"), (1, "w"), (1, "w"), (1, "w")]),
            None,
            &now,
        )
        .unwrap_err();
        assert!(e.contains("cannot arise"), "{e}");
        let e = commands(&squares(&[(1, "w"); 5]), None, &now).unwrap_err();
        assert!(e.contains("do not make a square board"), "{e}");
        let set = squares(&[(2, "r"), (1, "w"), (1, "w"), (1, "w")]);
        let e = commands(&set, Some("red"), &now).unwrap_err();
        assert!(e.contains("the spots decide"), "{e}");
    }

    #[test]
    fn the_2013_rules_let_the_page_choose_the_side_to_move() {
        let now = Board::with_rules(2, Rules::V2013);
        let set = squares(&[(1, "r"), (0, "w"), (0, "w"), (0, "w")]);
        let commands = commands(&set, Some("red"), &now).unwrap();
        assert_eq!(commands.len(), 2);
        assert_eq!(commands[1], Command::MoveNumber(3));
    }
}
