//! Everything the command loop prints about the game: the required lines of each dialect
//! (AI moves, wins, `dump`), the readable board for people, and `solve`'s answer
//! (worded by `search::solve`, re-exported here).

use super::Dialect;
use crate::board::{Board, Colour, Coord};
pub use crate::search::solve::{already_over, answer as solution};

/// The line announcing an AI's move: `Blue moves 3 4.` (2014) or `* 3 4.` (2019).
pub fn move_line(dialect: Dialect, mover: Colour, at: Coord) -> String {
    match dialect {
        Dialect::V2014 | Dialect::V2013 => format!("{mover} moves {} {}.", at.row, at.col),
        Dialect::V2019 => format!("* {} {}.", at.row, at.col),
    }
}

/// The answer to `hint`, worded as the screen board says its hint: `hint: 2 3`, with a note
/// when the search or the AI's proof step proved the move wins.
///
/// ```
/// use jump61::board::Board;
/// use jump61::protocol::{Hint, view};
/// let board = Board::new(3);
/// let hint = Hint { square: 4, wins_within: None, proven: false };
/// assert_eq!(view::hint_line(&board, hint), "hint: 2 2");
/// let proven = Hint { wins_within: Some(3), ..hint };
/// assert_eq!(view::hint_line(&board, proven), "hint: 2 2 (a proven win: Red wins within 3 moves)");
/// let by_proof = Hint { proven: true, ..hint };
/// assert_eq!(view::hint_line(&board, by_proof), "hint: 2 2 (a proven win for Red)");
/// ```
pub fn hint_line(board: &Board, hint: super::Hint) -> String {
    let at = board.coord(hint.square);
    let mover = board.to_move();
    match hint.wins_within {
        None if hint.proven => format!("hint: {} {} (a proven win for {mover})", at.row, at.col),
        None => format!("hint: {} {}", at.row, at.col),
        Some(1) => format!(
            "hint: {} {} (a proven win: {mover} wins with it)",
            at.row, at.col
        ),
        Some(n) => format!(
            "hint: {} {} (a proven win: {mover} wins within {n} moves)",
            at.row, at.col
        ),
    }
}

/// The line announcing a win: `Red wins.` (2014) or `* Red wins.` (2019).
pub fn win_line(dialect: Dialect, winner: Colour) -> String {
    match dialect {
        Dialect::V2014 | Dialect::V2013 => format!("{winner} wins."),
        Dialect::V2019 => format!("* {winner} wins."),
    }
}

/// The `dump` output, markers included, one string per line. The 2013 dialect writes a
/// white (empty) square as `--` and uses `===` markers.
///
/// ```
/// use jump61::board::Board;
/// use jump61::protocol::{Dialect, view};
/// let lines = view::dump(Dialect::V2014, &Board::new(2));
/// assert_eq!(lines, ["====", "    1- 1-", "    1- 1-", "===="]);
/// assert_eq!(view::dump(Dialect::V2019, &Board::new(2))[0], "===");
/// ```
pub fn dump(dialect: Dialect, board: &Board) -> Vec<String> {
    let marker = match dialect {
        Dialect::V2014 => "====",
        Dialect::V2019 | Dialect::V2013 => "===",
    };
    let mut lines = vec![marker.to_string()];
    lines.extend(board.dump_rows().iter().map(|row| format!("    {row}")));
    lines.push(marker.to_string());
    lines
}

/// The board for people: column numbers on top, row numbers at the left, `.` for a white
/// square, `3R` for a red square with three spots. Never the `dump` shape.
///
/// ```
/// use jump61::board::Board;
/// use jump61::protocol::view;
/// let board: Board = "2r1-/1-2b".parse().unwrap();
/// assert_eq!(view::readable(&board), ["     1  2", "  1 2R  .", "  2  . 2B"]);
/// ```
pub fn readable(board: &Board) -> Vec<String> {
    let n = board.size();
    let mut header = String::from("   ");
    for col in 1..=n {
        header.push_str(&format!("{col:>3}"));
    }
    let mut lines = vec![header];
    for row in 0..n {
        let mut line = format!("{:>3}", row + 1);
        for col in 0..n {
            let sq = row * n + col;
            let token = match board.owner(sq) {
                None => ".".to_string(),
                Some(c) => format!("{}{}", board.spots(sq), c.letter().to_ascii_uppercase()),
            };
            line.push_str(&format!("{token:>3}"));
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_lines_of_both_dialects() {
        let at = Coord { row: 3, col: 4 };
        assert_eq!(
            move_line(Dialect::V2014, Colour::Blue, at),
            "Blue moves 3 4."
        );
        assert_eq!(move_line(Dialect::V2019, Colour::Blue, at), "* 3 4.");
        assert_eq!(win_line(Dialect::V2014, Colour::Red), "Red wins.");
        assert_eq!(win_line(Dialect::V2019, Colour::Red), "* Red wins.");
    }

    #[test]
    fn dump_matches_the_2014_example() {
        let rows = [
            "2r1-2r2r1-2b",
            "1-1-2r1-3r1-",
            "2r3r2r3r1-2b",
            "3r1r3r2r2r2b",
            "2b4r3r1r3r2b",
            "2b2b3b2r3b1b",
        ];
        let board: Board = rows.join("/").parse().expect("the 2014 example");
        let expected = [
            "====",
            "    2r 1- 2r 2r 1- 2b",
            "    1- 1- 2r 1- 3r 1-",
            "    2r 3r 2r 3r 1- 2b",
            "    3r 1r 3r 2r 2r 2b",
            "    2b 4r 3r 1r 3r 2b",
            "    2b 2b 3b 2r 3b 1b",
            "====",
        ];
        assert_eq!(dump(Dialect::V2014, &board), expected);
        let mut expected_2019 = expected.map(str::to_string);
        expected_2019[0] = "===".into();
        expected_2019[7] = "===".into();
        assert_eq!(dump(Dialect::V2019, &board), expected_2019);
    }

    #[test]
    fn dump_matches_the_2013_example() {
        let rows = [
            "2r--2r2r--2b",
            "----2r--3r--",
            "2r3r2r3r--2b",
            "3r1r3r2r2r2b",
            "2b4r3r1r3r2b",
            "2b2b3b2r3b1b",
        ];
        let board = Board::parse_with_rules(&rows.join("/"), crate::board::Rules::V2013)
            .expect("the 2013 example");
        let expected = [
            "===",
            "    2r -- 2r 2r -- 2b",
            "    -- -- 2r -- 3r --",
            "    2r 3r 2r 3r -- 2b",
            "    3r 1r 3r 2r 2r 2b",
            "    2b 4r 3r 1r 3r 2b",
            "    2b 2b 3b 2r 3b 1b",
            "===",
        ];
        assert_eq!(dump(Dialect::V2013, &board), expected);
        assert_eq!(
            move_line(Dialect::V2013, Colour::Red, Coord { row: 3, col: 4 }),
            "Red moves 3 4."
        );
        assert_eq!(win_line(Dialect::V2013, Colour::Red), "Red wins.");
    }

    #[test]
    fn the_readable_board_never_looks_like_a_dump() {
        let board: Board = "2r1-2r/1-4b1-/2r1-2b".parse().expect("valid");
        let lines = readable(&board);
        assert_eq!(
            lines,
            [
                "     1  2  3",
                "  1 2R  . 2R",
                "  2  . 4B  .",
                "  3 2R  . 2B"
            ]
        );
        let big = readable(&Board::new(10));
        assert_eq!(big[0], "     1  2  3  4  5  6  7  8  9 10");
        assert_eq!(big[10], " 10  .  .  .  .  .  .  .  .  .  .");
        for line in lines.iter().chain(&big) {
            assert!(!line.contains(['-', 'r', 'b', '=']), "{line}");
        }
    }
}
