//! Exact, compact keys for positions of boards up to 5x5, reduced under the eight symmetries
//! of the square. A key holds the whole position (five bits a square and the side to move),
//! so two positions share a key only when one is a rotation or reflection of the other: a
//! table keyed by it can never answer for the wrong position.

use crate::board::{Board, Colour};

/// The largest board side whose positions fit a key: 25 squares of five bits, one bit for
/// the side to move.
pub const MAX_KEY_SIZE: usize = 5;

/// Bit of the key that says Blue is to move (the side to move is part of the position: a
/// dialect may move it away from what the spot count says).
const BLUE_TO_MOVE: u128 = 1 << 127;

/// The square permutations of the eight symmetries for one board size.
pub struct Symmetries {
    size: usize,
    /// `maps[t][sq]`: where symmetry `t` takes square `sq`.
    maps: [[u8; MAX_KEY_SIZE * MAX_KEY_SIZE]; 8],
    /// `bits[sq][code][t]`: square `sq` holding `code`, in the key of image `t`. A table
    /// (77 KB) rather than shifts, because variable shifts of a `u128` are slow and the key
    /// is most of a solver's work.
    bits: Vec<[[u128; 8]; CODES]>,
}

/// Square codes: owner (3) times spots (0 to 7).
const CODES: usize = 24;

impl Symmetries {
    /// The symmetries of an `size` x `size` board; `None` past [`MAX_KEY_SIZE`].
    pub fn new(size: usize) -> Option<Symmetries> {
        if size > MAX_KEY_SIZE {
            return None;
        }
        let mut maps = [[0u8; MAX_KEY_SIZE * MAX_KEY_SIZE]; 8];
        let last = size - 1;
        for (t, map) in maps.iter_mut().enumerate() {
            for r in 0..size {
                for c in 0..size {
                    // Transpose first (t & 4), then mirror rows (t & 2) and columns (t & 1).
                    let (r2, c2) = if t & 4 != 0 { (c, r) } else { (r, c) };
                    let r2 = if t & 2 != 0 { last - r2 } else { r2 };
                    let c2 = if t & 1 != 0 { last - c2 } else { c2 };
                    map[r * size + c] = (r2 * size + c2) as u8;
                }
            }
        }
        let bits = (0..size * size)
            .map(|sq| {
                std::array::from_fn(|code| {
                    std::array::from_fn(|t| (code as u128) << (5 * maps[t][sq] as u32))
                })
            })
            .collect();
        Some(Symmetries { size, maps, bits })
    }

    /// Where symmetry `t` (0 to 7; 0 is the identity) takes square `sq`.
    pub fn map(&self, t: usize, sq: usize) -> usize {
        self.maps[t][sq] as usize
    }

    /// The canonical key of `board`: the least of its eight images' keys.
    pub fn key(&self, board: &Board) -> u128 {
        self.key_and_symmetry(board).0
    }

    /// The canonical key and a symmetry that produces it.
    pub fn key_and_symmetry(&self, board: &Board) -> (u128, usize) {
        if self.size == 4 {
            return key_4x4(board);
        }
        self.table_key(board)
    }

    /// The canonical key by the general table, for every size.
    fn table_key(&self, board: &Board) -> (u128, usize) {
        let side = if board.to_move() == Colour::Blue {
            BLUE_TO_MOVE
        } else {
            0
        };
        let mut keys = [side; 8];
        for (sq, bits) in self.bits.iter().enumerate() {
            let image = &bits[square_code(board, sq)];
            for (key, bit) in keys.iter_mut().zip(image) {
                *key |= bit;
            }
        }
        let mut best = (keys[0], 0);
        for (t, &key) in keys.iter().enumerate().skip(1) {
            best = best.min((key, t));
        }
        best
    }
}

/// The canonical key of a 4x4 board, by word operations: the board's 16 squares are a 4x4
/// matrix of nibbles in two words (spots with a red flag; a blue flag with the side to
/// move), and each symmetry is a few shifts and masks of both. Keys went from 54% of a 4x4
/// proof's time with the general table to 18% with these.
///
/// A key here is a different number from the general one for the same position, but one
/// size always takes one path, so a table sees one kind only.
fn key_4x4(board: &Board) -> (u128, usize) {
    let red = board.owned(Colour::Red) as u16;
    let blue = board.owned(Colour::Blue) as u16;
    // A stable 4x4 square holds at most four spots, so the top bit of a nibble is free.
    let mut low = board.first_spot_word() | Board::nibble_mask(red) << 3;
    // The side to move sits in the top bit of the blue word, which no symmetry may move.
    let side = u64::from(board.to_move() == Colour::Blue) << 63;
    let mut high = Board::nibble_mask(blue);
    let key = |low: u64, high: u64| ((high | side) as u128) << 64 | low as u128;
    let mut best = (key(low, high), 0);
    // The images in the order of `Symmetries::new` (bit 0 mirrors columns, bit 1 rows, bit
    // 2 transposes first), visited in Gray-code order: one operation between images.
    for (step, t) in GRAY_STEP.iter().zip(&GRAY[1..]) {
        (low, high) = (step(low), step(high));
        best = best.min((key(low, high), *t));
    }
    best
}

/// The symmetries visited one after the other by `key_4x4`: each differs from the one
/// before by one word operation (see `GRAY_STEP`).
const GRAY: [usize; 8] = [0, 1, 3, 2, 6, 7, 5, 4];

/// The operation that takes image `GRAY[t]` to image `GRAY[t + 1]`.
const GRAY_STEP: [fn(u64) -> u64; 7] = [
    mirror_columns,
    mirror_rows,
    mirror_columns,
    transposed_after_rows,
    mirror_columns,
    mirror_rows,
    mirror_columns,
];

/// Column c to column 3 - c: the four nibbles of each 16-bit row reversed.
fn mirror_columns(x: u64) -> u64 {
    let x = (x >> 8 & 0x00FF_00FF_00FF_00FF) | (x & 0x00FF_00FF_00FF_00FF) << 8;
    (x >> 4 & 0x0F0F_0F0F_0F0F_0F0F) | (x & 0x0F0F_0F0F_0F0F_0F0F) << 4
}

/// Row r to row 3 - r: the four 16-bit rows reversed.
fn mirror_rows(x: u64) -> u64 {
    let x = x.rotate_left(32);
    (x >> 16 & 0x0000_FFFF_0000_FFFF) | (x & 0x0000_FFFF_0000_FFFF) << 16
}

/// Square (r, c) to (c, r).
fn transpose_nibbles(x: u64) -> u64 {
    // Within each 2x2 block, (0, 1) and (1, 0): nibbles 3 apart.
    let t = (x ^ x >> 12) & 0x0000_F0F0_0000_F0F0;
    let x = x ^ t ^ t << 12;
    // The off-diagonal 2x2 blocks: nibbles 6 apart.
    let t = (x ^ x >> 24) & 0x0000_0000_FF00_FF00;
    x ^ t ^ t << 24
}

/// From image 2 (rows mirrored) to image 6 (transposed, then rows mirrored).
fn transposed_after_rows(x: u64) -> u64 {
    mirror_rows(transpose_nibbles(mirror_rows(x)))
}

/// Five bits for one square: spots (0 to 7) and owner (white, red, blue).
fn square_code(board: &Board, sq: usize) -> usize {
    let bit = 1u128 << sq;
    let owner = if board.owned(Colour::Red) & bit != 0 {
        1
    } else if board.owned(Colour::Blue) & bit != 0 {
        2
    } else {
        0
    };
    owner << 3 | board.spots(sq).min(7) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_positions_share_a_key_and_others_do_not() {
        let s = Symmetries::new(3).unwrap();
        let a: Board = "2r1-1-/1-1-1-/1-1-1-".parse().unwrap();
        let b: Board = "1-1-1-/1-1-1-/1-1-2r".parse().unwrap();
        let c: Board = "1-2r1-/1-1-1-/1-1-1-".parse().unwrap();
        assert_eq!(s.key(&a), s.key(&b));
        assert_ne!(s.key(&a), s.key(&c));
    }

    #[test]
    fn every_symmetry_is_a_permutation() {
        for size in 2..=MAX_KEY_SIZE {
            let s = Symmetries::new(size).unwrap();
            for t in 0..8 {
                let mut seen: Vec<usize> = (0..size * size).map(|sq| s.map(t, sq)).collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..size * size).collect::<Vec<_>>());
            }
        }
        assert!(Symmetries::new(6).is_none());
    }

    /// The image of `board` under symmetry `t`.
    fn image(s: &Symmetries, board: &Board, t: usize) -> Board {
        let mut out = *board;
        for sq in 0..board.squares() {
            out.set_square(s.map(t, sq), board.spots(sq), board.owner(sq));
        }
        out.set_to_move(board.to_move());
        out
    }

    #[test]
    fn the_4x4_word_key_sorts_positions_as_the_table_does() {
        let s = Symmetries::new(4).unwrap();
        let mut boards = Vec::new();
        let mut seed = 7u64;
        for game in 0..300 {
            let mut b = Board::new(4);
            for _ in 0..(game % 30) {
                let moves: Vec<usize> = crate::board::Squares(b.legal_moves()).collect();
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                b.play(moves[(seed >> 33) as usize % moves.len()]);
                if b.winner().is_some() {
                    break;
                }
            }
            if b.winner().is_none() {
                boards.push(b);
            }
        }
        for b in &boards {
            let (key, t) = s.key_and_symmetry(b);
            // Every image has the key, and the symmetry named produces it.
            for u in 0..8 {
                assert_eq!(s.key(&image(&s, b, u)), key, "{}", b.to_notation());
            }
            assert_eq!(key_4x4(&image(&s, b, t)).0 & !(1 << 127), {
                let i = image(&s, b, t);
                let low =
                    i.first_spot_word() | Board::nibble_mask(i.owned(Colour::Red) as u16) << 3;
                (Board::nibble_mask(i.owned(Colour::Blue) as u16) as u128) << 64 | low as u128
            });
        }
        // Two positions share a word key exactly when they share a table key.
        for a in &boards {
            for b in boards.iter().step_by(7) {
                assert_eq!(
                    s.key(a) == s.key(b),
                    s.table_key(a).0 == s.table_key(b).0,
                    "{} {}",
                    a.to_notation(),
                    b.to_notation()
                );
            }
        }
    }
}
