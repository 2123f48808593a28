//! One-line positions: the rows of `dump` joined by `/` with no spaces,
//! e.g. `2r1-1-/1-2b1-/1-1-1-` (2014 rules) or `2r----/--2b--/------` (2013 rules, where a
//! white square is empty and written `--`).

use super::{Board, Colour, MAX_SIZE, MIN_SIZE, Rules, geometry};
use std::str::FromStr;
use thiserror::Error;

/// Why a position string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error("a board has {MIN_SIZE} to {MAX_SIZE} rows, this position has {0}")]
    Size(usize),
    #[error("row {row} has {found} squares, expected {expected} (one per row)")]
    RowLength {
        row: usize,
        found: usize,
        expected: usize,
    },
    #[error("row {row}, column {col}: '{token}' is not a square (use {white}, or 1r..4r, 1b..4b)")]
    Token {
        row: usize,
        col: usize,
        token: String,
        /// How a white square is written under the rules being read: `1-` or `--`.
        white: &'static str,
    },
    #[error("row {row}, column {col}: {spots} spots, but this square holds at most {capacity}")]
    Overfull {
        row: usize,
        col: usize,
        spots: u8,
        capacity: u8,
    },
}

impl Board {
    /// The position as one line (see the module docs); `parse` reads it back.
    pub fn to_notation(&self) -> String {
        let n = self.size();
        let rows: Vec<String> = (0..n)
            .map(|r| (0..n).map(|c| self.cell_token(r * n + c)).collect())
            .collect();
        rows.join("/")
    }
}

impl FromStr for Board {
    type Err = NotationError;

    /// A position under the 2014 rules (white squares `1-`); the spots give the side to move.
    fn from_str(text: &str) -> Result<Board, NotationError> {
        Board::parse_with_rules(text, Rules::V2014)
    }
}

impl Board {
    /// A position under `rules`. White squares are written `1-` under the 2014 rules and
    /// `--` under the 2013 rules; the other form is refused. The side to move is the one
    /// the spots give as if every move had been played from the start: under the 2013 rules
    /// Red when the spot count is even (`set_to_move` changes it).
    ///
    /// ```
    /// use jump61::board::{Board, Colour, Rules};
    /// let board = Board::parse_with_rules("1r--/----", Rules::V2013).unwrap();
    /// assert_eq!(board.to_move(), Colour::Blue);
    /// assert!(Board::parse_with_rules("1r1-/1-1-", Rules::V2013).is_err());
    /// ```
    pub fn parse_with_rules(text: &str, rules: Rules) -> Result<Board, NotationError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        let size = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(NotationError::Size(size));
        }
        let mut board = Board::with_rules(size, rules);
        let mut overfull = None;
        for (r, row) in rows.iter().enumerate() {
            board.read_row(r, row, &mut overfull)?;
        }
        // A winning move stops its chain reaction at once and may leave squares overfull,
        // so a won board (one colour everywhere) may hold them; no board in play may.
        match overfull {
            Some(error) if board.winner().is_none() => Err(error),
            _ => Ok(board),
        }
    }

    /// Sets the squares of row `r` (from 0) from its text. A malformed row or square is an
    /// error at once; the first overfull square is only noted in `overfull`, since a won
    /// board may hold one and whether the board is won is known once every row is read.
    fn read_row(
        &mut self,
        r: usize,
        row: &str,
        overfull: &mut Option<NotationError>,
    ) -> Result<(), NotationError> {
        let size = self.size();
        let capacity = &geometry(size as u8).capacity;
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != 2 * size {
            return Err(NotationError::RowLength {
                row: r + 1,
                found: chars.len().div_ceil(2),
                expected: size,
            });
        }
        for (c, pair) in chars.chunks(2).enumerate() {
            let sq = r * size + c;
            let (spots, owner) = read_square(pair, self.rules(), r, c)?;
            if spots > capacity[sq] && overfull.is_none() {
                *overfull = Some(NotationError::Overfull {
                    row: r + 1,
                    col: c + 1,
                    spots,
                    capacity: capacity[sq],
                });
            }
            self.set_square(sq, spots, owner);
        }
        Ok(())
    }
}

/// The spots and owner of one square's two characters, at row `r` and column `c` (from 0):
/// `(0, None)` for a white square (`1-`, or `--` under the 2013 rules), else 1 to 9 spots
/// and their colour.
fn read_square(
    pair: &[char],
    rules: Rules,
    r: usize,
    c: usize,
) -> Result<(u8, Option<Colour>), NotationError> {
    let (white_digit, white) = match rules {
        Rules::V2013 => ('-', "--"),
        Rules::V2014 => ('1', "1-"),
    };
    let bad = || NotationError::Token {
        row: r + 1,
        col: c + 1,
        token: pair.iter().collect(),
        white,
    };
    if pair[1] == '-' {
        return if pair[0] == white_digit {
            Ok((0, None))
        } else {
            Err(bad())
        };
    }
    let spots = pair[0].to_digit(10).ok_or_else(bad)? as u8;
    let owner = match pair[1] {
        'r' | 'R' if spots >= 1 => Colour::Red,
        'b' | 'B' if spots >= 1 => Colour::Blue,
        _ => return Err(bad()),
    };
    Ok((spots, Some(owner)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_back_identically() {
        for text in [
            "2r1-1-/1-2b1-/1-1-1-",
            "1-1-/1-1-",
            "2b3r1-1-/3r4b3r1-/1-1-1-1-/2r1-1-2b",
        ] {
            let b: Board = text.parse().unwrap();
            assert_eq!(b.to_notation(), text);
            assert_eq!(b.hash(), b.compute_hash());
        }
    }

    #[test]
    fn the_initial_board_is_all_white_ones() {
        assert_eq!(Board::new(2).to_notation(), "1-1-/1-1-");
        assert_eq!("1-1-/1-1-".parse::<Board>().unwrap(), Board::new(2));
    }

    #[test]
    fn the_2013_notation_writes_empty_white_squares_as_dashes() {
        let b = Board::parse_with_rules("2r----/--1b--/------", Rules::V2013).unwrap();
        assert_eq!(b.to_notation(), "2r----/--1b--/------");
        assert_eq!(b.total_spots(), 3);
        assert_eq!(b.to_move(), crate::board::Colour::Blue);
        assert_eq!(b.hash(), b.compute_hash());
        assert_eq!(
            Board::parse_with_rules("------/------/------", Rules::V2013).unwrap(),
            Board::with_rules(3, Rules::V2013)
        );
        for bad in ["1---/----", "0r--/----", "2r--/--1-"] {
            let err = Board::parse_with_rules(bad, Rules::V2013).unwrap_err();
            assert!(err.to_string().contains("(use --,"), "{bad}: {err}");
        }
        assert!("1---/1-1-".parse::<Board>().is_err());
        assert!("--1-/1-1-".parse::<Board>().is_err());
    }

    #[test]
    fn every_malformed_input_is_named() {
        use NotationError::*;
        let err = |s: &str| s.parse::<Board>().unwrap_err();
        assert_eq!(err("1-"), Size(1));
        assert_eq!(err(&["1-"; 11].join("/")), Size(11));
        assert_eq!(
            err("1-1-/1-"),
            RowLength {
                row: 2,
                found: 1,
                expected: 2
            }
        );
        assert_eq!(
            err("1-1-/1-1-1-"),
            RowLength {
                row: 2,
                found: 3,
                expected: 2
            }
        );
        assert!(matches!(err("1-1-/1x1-"), Token { row: 2, col: 1, .. }));
        assert!(matches!(err("1-2-/1-1-"), Token { row: 1, col: 2, .. }));
        assert!(matches!(err("1-0r/1-1-"), Token { .. }));
        assert!(matches!(err("1-ar/1-1-"), Token { .. }));
        assert_eq!(
            err("3r1-/1-1-"),
            Overfull {
                row: 1,
                col: 1,
                spots: 3,
                capacity: 2
            }
        );
        assert!(err("1-1-/1-1-/").to_string().contains("expected 3"));
        // Overfull squares are refused on a board in play, even beside a won-looking row.
        assert!(matches!(err("3r2r/2r1b"), Overfull { row: 1, col: 1, .. }));
    }

    /// A winning move may leave squares overfull; the board it leaves prints and reads back.
    #[test]
    fn a_won_board_with_overfull_squares_reads_back() {
        let mut board: Board = "2r2r/2b2b".parse().unwrap();
        board.play(0);
        assert_eq!(board.winner(), Some(Colour::Red));
        let text = board.to_notation();
        let again: Board = text.parse().unwrap();
        assert_eq!(again.to_notation(), text);
        assert_eq!(again.hash(), board.hash());
        assert_eq!(again.winner(), Some(Colour::Red));
    }
}
