//! The Jump Snatch board: one `u64` of occupied squares on a fixed stride of 8, so every
//! size from 3x3 to 8x8 shares the same shifts, plus the board's Zobrist hash.
//!
//! Square `sq` is row `sq / 8`, column `sq % 8` (both from 0, row 0 at the top). Squares
//! outside the `size` x `size` corner are never set.

use crate::board::splitmix64;
use std::fmt;
use thiserror::Error;

/// Smallest board side.
pub const MIN_SIZE: usize = 3;
/// Largest board side: 64 squares fill one `u64`.
pub const MAX_SIZE: usize = 8;

/// The eight king directions as (row step, column step). Down comes first so that a
/// chain found first, which names its move, reads as the seed's example does.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 1),
];

/// Zobrist keys: one per square holding a piece, one per board side, and one per
/// "who jumped last" state (see [`LastJump`]), made at compile time from a fixed seed.
pub struct Keys {
    pub piece: [u64; 64],
    pub size: [u64; MAX_SIZE + 1],
    pub last_jump: [u64; 3],
}

const fn generate() -> Keys {
    let mut keys = Keys {
        piece: [0; 64],
        size: [0; MAX_SIZE + 1],
        last_jump: [0; 3],
    };
    let mut state = 0x736E_6174_6368_u64; // "snatch"
    let mut i = 0;
    while i < 64 + MAX_SIZE + 1 + 3 {
        let (s, k) = splitmix64(state);
        state = s;
        if i < 64 {
            keys.piece[i] = k;
        } else if i < 64 + MAX_SIZE + 1 {
            keys.size[i - 64] = k;
        } else {
            keys.last_jump[i - 64 - MAX_SIZE - 1] = k;
        }
        i += 1;
    }
    keys
}

/// The keys, built by the compiler.
pub static KEYS: Keys = generate();

/// Who made the last jump, seen from the side to move. The winner is the last player to
/// jump, so a game that stops needs this to name its winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LastJump {
    /// Nobody has jumped yet.
    Nobody = 0,
    /// The side to move made the last jump.
    Mover = 1,
    /// The other side made the last jump.
    Opponent = 2,
}

impl LastJump {
    /// The same fact seen by the other side, after a move by the side to move.
    pub fn after(self, jumped: bool) -> LastJump {
        match (jumped, self) {
            (true, _) => LastJump::Opponent,
            (false, LastJump::Nobody) => LastJump::Nobody,
            (false, LastJump::Mover) => LastJump::Opponent,
            (false, LastJump::Opponent) => LastJump::Mover,
        }
    }

    /// Whether the side to move wins when the game stops here: only if it jumped last.
    /// When nobody has jumped, the side that cannot move loses (see docs/snatch.md).
    pub fn mover_wins_if_stuck(self) -> bool {
        self == LastJump::Mover
    }
}

/// A board position: its side, its occupied squares and their hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    occupied: u64,
    hash: u64,
}

/// Why a position could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ParseError {
    #[error("expected {MIN_SIZE} to {MAX_SIZE} rows joined by '/', got {0}")]
    Rows(usize),
    #[error("row {row} has {len} squares, but the board has {size} rows")]
    RowLength { row: usize, len: usize, size: usize },
    #[error("unexpected '{0}': a square is 'x' (a piece) or '.' (empty)")]
    Square(char),
}

impl Board {
    /// An empty board of side `size` (clamped to 3..=8).
    pub fn empty(size: usize) -> Board {
        let size = size.clamp(MIN_SIZE, MAX_SIZE);
        Board {
            size: size as u8,
            occupied: 0,
            hash: KEYS.size[size],
        }
    }

    /// The board of side `size` with exactly the squares of `occupied` (masked to the board).
    pub fn from_bits(size: usize, occupied: u64) -> Board {
        let mut board = Board::empty(size);
        board.set_bits(occupied & board.squares());
        board
    }

    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The occupied squares.
    pub fn occupied(&self) -> u64 {
        self.occupied
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn pieces(&self) -> u32 {
        self.occupied.count_ones()
    }

    /// Every square of the board.
    pub fn squares(&self) -> u64 {
        board_mask(self.size())
    }

    /// The empty squares of the board.
    pub fn empties(&self) -> u64 {
        self.squares() & !self.occupied
    }

    /// Whether `(row, col)` (from 0) is on the board.
    pub fn contains(&self, row: usize, col: usize) -> bool {
        row < self.size() && col < self.size()
    }

    /// Puts or removes a piece, keeping the hash.
    pub fn set(&mut self, sq: u8, piece: bool) {
        let bit = 1u64 << sq;
        if (self.occupied & bit != 0) != piece {
            self.occupied ^= bit;
            self.hash ^= KEYS.piece[sq as usize];
        }
    }

    /// Replaces the occupancy, updating the hash by the squares that changed only.
    pub fn set_bits(&mut self, occupied: u64) {
        let mut changed = self.occupied ^ occupied;
        while changed != 0 {
            self.hash ^= KEYS.piece[changed.trailing_zeros() as usize];
            changed &= changed - 1;
        }
        self.occupied = occupied;
    }

    /// The hash recomputed from nothing, for tests of the incremental one.
    pub fn hash_from_scratch(&self) -> u64 {
        squares_of(self.occupied).fold(KEYS.size[self.size()], |h, sq| h ^ KEYS.piece[sq as usize])
    }

    /// The one-line notation: rows joined by `/`, `x` a piece and `.` empty.
    pub fn notation(&self) -> String {
        let rows: Vec<String> = (0..self.size())
            .map(|r| {
                (0..self.size())
                    .map(|c| if self.has(r, c) { 'x' } else { '.' })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    /// A board of side `size` with `pieces` pieces on squares drawn from `seed` (the same
    /// seed always gives the same board); `pieces` is capped at the number of squares.
    pub fn random(size: usize, pieces: usize, seed: u64) -> Board {
        let size = size.clamp(MIN_SIZE, MAX_SIZE);
        let mut squares: Vec<u8> = squares_of(board_mask(size)).collect();
        let mut state = seed;
        // A partial Fisher-Yates shuffle: the first `pieces` squares are the chosen ones.
        for i in 0..pieces.min(squares.len()) {
            let (s, r) = splitmix64(state);
            state = s;
            let j = i + (r % (squares.len() - i) as u64) as usize;
            squares.swap(i, j);
        }
        let chosen = squares[..pieces.min(squares.len())].iter();
        Board::from_bits(size, chosen.fold(0, |m, &sq| m | 1u64 << sq))
    }

    /// Whether `(row, col)` holds a piece.
    pub fn has(&self, row: usize, col: usize) -> bool {
        self.contains(row, col) && self.occupied & (1u64 << (row * 8 + col)) != 0
    }
}

impl std::str::FromStr for Board {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Board, ParseError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        let size = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(ParseError::Rows(size));
        }
        let mut occupied = 0u64;
        for (r, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != size {
                return Err(ParseError::RowLength {
                    row: r + 1,
                    len,
                    size,
                });
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    'x' | 'X' => occupied |= 1u64 << (r * 8 + c),
                    '.' => {}
                    other => return Err(ParseError::Square(other)),
                }
            }
        }
        Ok(Board::from_bits(size, occupied))
    }
}

impl fmt::Display for Board {
    /// The board drawn for people: column numbers on top, row numbers on the left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "   ")?;
        for c in 0..self.size() {
            write!(f, " {}", c + 1)?;
        }
        writeln!(f)?;
        for r in 0..self.size() {
            write!(f, "{:>3}", r + 1)?;
            for c in 0..self.size() {
                write!(f, " {}", if self.has(r, c) { 'x' } else { '.' })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The squares of a `size` x `size` board.
pub fn board_mask(size: usize) -> u64 {
    let row = (1u64 << size) - 1;
    (0..size).fold(0, |m, r| m | row << (r * 8))
}

/// The set squares of `bits`, lowest first.
pub fn squares_of(mut bits: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let sq = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            sq
        })
    })
}

const NOT_FIRST_COLUMN: u64 = !0x0101_0101_0101_0101;
const NOT_LAST_COLUMN: u64 = !0x8080_8080_8080_8080;

/// `bits` moved one step in direction `(dr, dc)`; squares leaving the 8x8 frame drop out
/// (the caller masks to its board).
pub fn shift(bits: u64, (dr, dc): (i8, i8)) -> u64 {
    let bits = match dc {
        1 => (bits & NOT_LAST_COLUMN) << 1,
        -1 => (bits & NOT_FIRST_COLUMN) >> 1,
        _ => bits,
    };
    match dr {
        1 => bits << 8,
        -1 => bits >> 8,
        _ => bits,
    }
}

/// `bits` grown by one king step in every direction (within the 8x8 frame).
pub fn dilate(bits: u64) -> u64 {
    let wide = bits | (bits & NOT_LAST_COLUMN) << 1 | (bits & NOT_FIRST_COLUMN) >> 1;
    wide | wide << 8 | wide >> 8
}

/// The squares from which a piece can jump: a piece next to it in some direction and an
/// empty board square just beyond.
pub fn jumpers(occupied: u64, empties: u64) -> u64 {
    DIRECTIONS.iter().fold(0, |acc, &d| {
        let back = (-d.0, -d.1);
        acc | occupied & shift(occupied, back) & shift(shift(empties, back), back)
    })
}

/// The least king distance between two pieces, or `None` with fewer than two pieces.
pub fn min_distance(occupied: u64) -> Option<u32> {
    if occupied.count_ones() < 2 {
        return None;
    }
    squares_of(occupied)
        .map(|sq| nearest(sq, occupied & !(1u64 << sq)))
        .min()
}

/// King distance from `sq` to the nearest square of the non-empty set `others`.
fn nearest(sq: u8, others: u64) -> u32 {
    let mut reach = 1u64 << sq;
    let mut d = 0;
    while reach & others == 0 {
        reach = dilate(reach);
        d += 1;
    }
    d
}

/// Whether a piece on `sq` has one of `others` within king distance `d`.
pub fn within(sq: u8, others: u64, d: u32) -> bool {
    let mut reach = 1u64 << sq;
    for _ in 0..d {
        reach = dilate(reach);
    }
    reach & others != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let b: Board = ".xx/.xx/...".parse().unwrap();
        assert_eq!(b.notation(), ".xx/.xx/...");
        assert_eq!(b.pieces(), 4);
        assert_eq!(b.hash(), b.hash_from_scratch());
    }

    #[test]
    fn bad_notation_is_refused() {
        assert!("xx/xx".parse::<Board>().is_err());
        assert!(".xx/.x/...".parse::<Board>().is_err());
        assert!(".xo/.xx/...".parse::<Board>().is_err());
    }

    #[test]
    fn distances_are_king_moves() {
        let b: Board = "..x/.../x..".parse().unwrap();
        assert_eq!(min_distance(b.occupied()), Some(2));
        assert_eq!(min_distance(1), None);
    }

    #[test]
    fn shifts_do_not_wrap() {
        assert_eq!(shift(0x80, (0, 1)), 0);
        assert_eq!(shift(0x100, (0, -1)), 0);
        assert_eq!(shift(1, (-1, 0)), 0);
    }
}
