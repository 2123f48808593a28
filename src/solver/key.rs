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
        Some(Symmetries { maps, bits })
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
}
