//! Zobrist keys, generated at compile time by a fixed-seed SplitMix64 so that every build
//! has the same keys with no start-up work.
//!
//! A position's hash is the XOR of one key per (square, spots), one per (square, owner) for
//! owned squares, one per board size, and a side key when the side to move is not the one
//! the 2014 rule gives (2013 rules, `move N`). A white square holds a fixed number of spots
//! under each rules (one in 2014, none in 2013), so spots and owner together name a square's
//! state exactly.

use super::geometry::MAX_SQUARES;

/// Spot counts that have a key. Redistribution keeps every square at or below twice its
/// neighbour count between waves and 12 within one (see `Board::redistribute`), and a won
/// board may stop mid-wave, so a nibble's 16 values are all given keys.
pub const SPOT_KEYS: usize = 16;

/// One step of SplitMix64: the next state and its output. Jump Snatch's keys use it too.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// All keys in one table, so the three kinds can never collide by construction.
pub struct Keys {
    /// `spots[sq][n]`: square `sq` holds `n` spots.
    pub spots: [[u64; SPOT_KEYS]; MAX_SQUARES],
    /// `owner[sq][c]`: square `sq` belongs to colour `c` (0 red, 1 blue).
    pub owner: [[u64; 2]; MAX_SQUARES],
    /// `size[n]`: the board has side `n`.
    pub size: [u64; 11],
    /// The side to move is not the one the spot count gives under the 2014 rule.
    pub side: u64,
}

const fn generate() -> Keys {
    let mut keys = Keys {
        spots: [[0; SPOT_KEYS]; MAX_SQUARES],
        owner: [[0; 2]; MAX_SQUARES],
        size: [0; 11],
        side: 0,
    };
    let mut state = 0x6A75_6D70_3631_u64; // "jump61"
    let mut sq = 0;
    while sq < MAX_SQUARES {
        let mut n = 0;
        while n < SPOT_KEYS {
            let (s, k) = splitmix64(state);
            state = s;
            keys.spots[sq][n] = k;
            n += 1;
        }
        let (s, k) = splitmix64(state);
        keys.owner[sq][0] = k;
        let (s, k) = splitmix64(s);
        keys.owner[sq][1] = k;
        state = s;
        sq += 1;
    }
    let mut n = 0;
    while n < 11 {
        let (s, k) = splitmix64(state);
        state = s;
        keys.size[n] = k;
        n += 1;
    }
    // Drawn last, so that every earlier key is what it was before the side key existed.
    keys.side = splitmix64(state).1;
    keys
}

/// The keys, computed once by the compiler.
pub static KEYS: Keys = generate();

/// Spot counts a move can find on its square: a legal move's square is at most at capacity
/// (four), and eight keeps a square's row at one 64-byte cache line.
pub const ADDED_SPOTS: usize = 8;

/// `ADD_SPOT[sq][n]`: what adding a spot to square `sq` holding `n` does to the hash, the
/// two spot keys pre-combined, so that a move's hash update reads one key where it read
/// two.
pub static ADD_SPOT: [[u64; ADDED_SPOTS]; MAX_SQUARES] = {
    let mut table = [[0; ADDED_SPOTS]; MAX_SQUARES];
    let mut sq = 0;
    while sq < MAX_SQUARES {
        let mut n = 0;
        while n < ADDED_SPOTS {
            table[sq][n] = KEYS.spots[sq][n] ^ KEYS.spots[sq][n + 1];
            n += 1;
        }
        sq += 1;
    }
    table
};

/// `BIT[sq]`: the mask of square `sq`. Read from a table, since a 128-bit shift by a
/// variable amount takes about ten instructions, a tenth of a quiet move's.
pub static BIT: [u128; MAX_SQUARES] = {
    let mut table = [0; MAX_SQUARES];
    let mut sq = 0;
    while sq < MAX_SQUARES {
        table[sq] = 1 << sq;
        sq += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashSet;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut seen = FxHashSet::default();
        let all = KEYS
            .spots
            .iter()
            .flatten()
            .chain(KEYS.owner.iter().flatten())
            .chain(KEYS.size.iter())
            .chain(std::iter::once(&KEYS.side));
        for &k in all {
            assert_ne!(k, 0);
            assert!(seen.insert(k), "duplicate key {k:#x}");
        }
    }

    #[test]
    fn a_spot_added_is_its_two_spot_keys() {
        for (sq, (steps, keys)) in ADD_SPOT.iter().zip(&KEYS.spots).enumerate() {
            assert_eq!(BIT[sq], 1u128 << sq);
            for (n, &step) in steps.iter().enumerate() {
                assert_eq!(step, keys[n] ^ keys[n + 1]);
            }
        }
    }
}
