//! One-line positions: the rows of `dump` joined by `/` with no spaces,
//! e.g. `2r1-1-/1-2b1-/1-1-1-`.

use super::{Board, Colour, MAX_SIZE, MIN_SIZE, geometry};
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
    #[error("row {row}, column {col}: '{token}' is not a square (use 1-, or 1r..4r, 1b..4b)")]
    Token {
        row: usize,
        col: usize,
        token: String,
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

    fn from_str(text: &str) -> Result<Board, NotationError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        let size = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(NotationError::Size(size));
        }
        let capacity = &geometry(size as u8).capacity;
        let mut board = Board::new(size);
        for (r, row) in rows.iter().enumerate() {
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
                let bad = || NotationError::Token {
                    row: r + 1,
                    col: c + 1,
                    token: pair.iter().collect(),
                };
                let spots = pair[0].to_digit(10).ok_or_else(bad)? as u8;
                let owner = match pair[1] {
                    '-' if spots == 1 => None,
                    'r' | 'R' if spots >= 1 => Some(Colour::Red),
                    'b' | 'B' if spots >= 1 => Some(Colour::Blue),
                    _ => return Err(bad()),
                };
                if spots > capacity[sq] {
                    return Err(NotationError::Overfull {
                        row: r + 1,
                        col: c + 1,
                        spots,
                        capacity: capacity[sq],
                    });
                }
                board.set_square(sq, spots, owner);
            }
        }
        Ok(board)
    }
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
    }
}
