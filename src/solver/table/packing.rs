//! A position's exact key packed into the fewest bits its board size needs, then mixed by a
//! bijection: what the prover's table ([`super`]) splits into a bucket and a check.
//! Packing and mixing both lose nothing, so the table never answers for another position.

use std::sync::atomic::AtomicU8;
use std::sync::atomic::Ordering::Relaxed;

/// `white` before the table has seen a white square.
pub const NO_WHITE: u8 = u8::MAX;

/// Bits of a packed key on `size` x `size` boards: base 9 a square (a nibble a square on
/// 4x4), and the side to move.
pub fn key_bits(size: usize) -> u32 {
    if size == 4 {
        return 65;
    }
    let states = 9u128.pow((size * size) as u32);
    128 - (states - 1).leading_zeros() + 1
}

/// The exact key packed into [`key_bits`] bits: each square's state in base 9 (0 white,
/// 1 to 4 red spots, 5 to 8 blue spots), then the side to move; `None` for a square no game
/// reaches, or a white square whose spots are not those of the table's other positions
/// (`white`, learnt from the first). The key's two layouts are those of [`super::key`]:
/// nibbles on 4x4, five bits a square on the other sizes.
pub fn pack(size: usize, key: u128, white: &AtomicU8) -> Option<u128> {
    if size == 4 {
        return pack_4x4(key, white);
    }
    // Bit s set: some white square holds s spots.
    let mut whites = 0u8;
    let n = size * size;
    // Squares 12 and up, then 0 to 11, each in base 9 in a word of its own (at most 9^13
    // and 9^12): one `u128` for the whole, multiplied and shifted by a variable a square,
    // was most of the table's time on 5x5 (perf).
    // Digits and white spots from tables, not branches (they mispredicted).
    let mut unreached = false;
    let mut digits = |squares: std::ops::Range<usize>| {
        squares.rev().fold(0u64, |packed, sq| {
            let code = usize::from(square_code(key, sq));
            whites |= WHITE_SPOTS[code];
            unreached |= DIGITS[code] == UNREACHED;
            packed * 9 + u64::from(DIGITS[code])
        })
    };
    let (high, low) = (digits(n.min(12)..n), digits(0..n.min(12)));
    if unreached {
        return None;
    }
    let packed = u128::from(high) * u128::from(9u64.pow(12)) + u128::from(low);
    if whites != 0 && whites != 1 << learn_white(white, whites.trailing_zeros() as u8) {
        return None;
    }
    Some(packed << 1 | key >> 127)
}

/// The five bits of square `sq` in a key of the general layout: places 0 to 11 in the low
/// word, then one across the words, then the rest (shifts of one word, not of a `u128`).
fn square_code(key: u128, sq: usize) -> u8 {
    match sq {
        0..12 => (key as u64 >> (5 * sq)) as u8 & 31,
        12 => (key >> 60) as u8 & 31,
        _ => ((key >> 65) as u64 >> (5 * (sq - 13))) as u8 & 31,
    }
}

/// The 4x4 key packed in 65 bits by word operations (a base-9 loop took a quarter of a
/// proof's time): the key's own nibbles (spots, and 8 for red), with white squares' nibbles
/// cleared, then the side to move. One-to-one on the positions it packs: a nibble tells
/// white (0), blue (its spots, at least 1) and red (8 and its spots) apart, given that
/// every white square holds the table's white spots and no blue square is empty.
fn pack_4x4(key: u128, white: &AtomicU8) -> Option<u128> {
    const ONES: u64 = 0x1111_1111_1111_1111;
    let (low, high) = (key as u64, (key >> 64) as u64);
    let red = low >> 3 & ONES;
    let blue = high & ONES;
    let spots = low & 0x7777_7777_7777_7777;
    let occupied = (spots | spots >> 1 | spots >> 2) & ONES;
    if red & blue != 0 || blue & !occupied != 0 {
        return None;
    }
    let whites = !(red | blue) & ONES;
    let white_nibbles = whites * 0xF;
    let white_spots = spots & white_nibbles;
    if whites != 0 {
        let seen = match white_spots {
            0 => 0,
            s if s == whites => 1,
            _ => return None,
        };
        if u64::from(learn_white(white, seen)) * whites != white_spots {
            return None;
        }
    }
    Some(u128::from(low & !white_nibbles) << 1 | key >> 127)
}

/// The table's white spots: `seen` if this is the first position with a white square.
fn learn_white(white: &AtomicU8, seen: u8) -> u8 {
    match white.load(Relaxed) {
        NO_WHITE => white
            .compare_exchange(NO_WHITE, seen, Relaxed, Relaxed)
            .map_or_else(|w| w, |_| seen),
        w => w,
    }
}

/// A square's digit (0 white, 1 to 4 red spots, 5 to 8 blue spots) by its five-bit code;
/// `None` for a state no game reaches.
const fn digit(code: u8) -> Option<u8> {
    let spots = code & 7;
    match (code >> 3, spots) {
        (1, 1..=4) => Some(spots),
        (2, 1..=4) => Some(4 + spots),
        (1 | 2, _) | (_, 2..) => None,
        _ => Some(0),
    }
}

/// [`digit`] of each code, [`UNREACHED`] where none.
const DIGITS: [u8; 32] = {
    let mut table = [UNREACHED; 32];
    let mut code = 0;
    while code < 32 {
        if let Some(d) = digit(code as u8) {
            table[code] = d;
        }
        code += 1;
    }
    table
};

/// A code with no digit.
const UNREACHED: u8 = u8::MAX;

/// The bit a white square's code notes (bit s: a white square holds s spots), 0 for others.
const WHITE_SPOTS: [u8; 32] = {
    let mut table = [0; 32];
    let mut code = 0;
    while code < 32 {
        if code >> 3 != 1 && code >> 3 != 2 && code & 7 <= 1 {
            table[code] = 1 << (code & 7);
        }
        code += 1;
    }
    table
};

/// A bijection of the `bits`-bit numbers that spreads every input bit over the low ones:
/// murmur3's 64-bit finaliser, cut to `bits` bits (xor with a right shift and
/// multiplication by an odd number are both invertible modulo a power of two).
pub fn mix(x: u128, bits: u32) -> u128 {
    if bits <= 64 {
        return u128::from(mix_64(x as u64, bits));
    }
    if bits == 65 {
        return mix_65(x);
    }
    let mask = u128::MAX >> (128 - bits);
    let s = bits.div_ceil(2);
    let mut x = x;
    x ^= x >> s;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd_c4ce_b9fe_1a85_ec53) & mask;
    x ^= x >> s;
    x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) & mask;
    x ^= x >> s;
    x
}

/// [`mix`] of at most 64 bits.
fn mix_64(x: u64, bits: u32) -> u64 {
    let mask = u64::MAX >> (64 - bits);
    let s = bits.div_ceil(2);
    let mut x = x;
    x ^= x >> s;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd) & mask;
    x ^= x >> s;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53) & mask;
    x ^= x >> s;
    x
}

/// What the 65th bit (on 4x4, whether the last square is red) flips in the low 64 before
/// they are mixed. That bit is seldom set in a canonical key, so a salt moves few
/// positions to other buckets; yet df-pn's path follows which entries a full bucket
/// forgets: the one-thread 4x4 start searched 82.7 million positions with
/// 0x9e37_79b9_7f4a_7c15, and 71.2 million with this one (docs/results/solving.md).
const SIDE_SALT: u64 = 0x0123_4567_89ab_cdef;

/// [`mix`] of 65 bits (the 4x4 key): the top bit stays where it is, and the low 64 bits,
/// flipped by [`SIDE_SALT`] when it is set, go through the 64-bit finaliser. Invertible
/// (read the top bit, unmix the low word, flip it back), so still a bijection, and the
/// bucket (low bits) depends on all 65; it replaced the 128-bit path, whose two 128-bit
/// multiplications a child were most of `Table::place`'s time.
fn mix_65(x: u128) -> u128 {
    let side = (x >> 64) as u64 & 1;
    let low = mix_64(x as u64 ^ side.wrapping_mul(SIDE_SALT), 64);
    u128::from(side) << 64 | u128::from(low)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixing_is_a_bijection_of_the_packed_keys() {
        for bits in [12, 14] {
            let mut seen = vec![false; 1 << bits];
            for x in 0..1u128 << bits {
                let m = mix(x, bits) as usize;
                assert!(m < 1 << bits && !seen[m], "{bits} bits: {x}");
                seen[m] = true;
            }
        }
        assert_eq!(key_bits(4), 65);
        assert_eq!(key_bits(5), 81);
    }

    /// The packed key of a board as the base-9 number its squares spell (square 0 the
    /// lowest digit), then the side to move: the layout checkpoints hold, computed plainly.
    fn plain_packed(board: &crate::board::Board) -> u128 {
        use crate::board::Colour;
        let digits = (0..board.squares()).rev().fold(0u128, |packed, sq| {
            let spots = u128::from(board.spots(sq));
            packed * 9
                + match board.owner(sq) {
                    None => 0,
                    Some(Colour::Red) => spots,
                    Some(Colour::Blue) => 4 + spots,
                }
        });
        digits << 1 | u128::from(board.to_move() == crate::board::Colour::Blue)
    }

    #[test]
    fn the_general_packing_spells_each_square_in_base_nine() {
        use crate::board::Rules;
        use crate::solver::table::key::{plain_key, seeded_positions};
        for size in [2, 3, 5] {
            for rules in [Rules::V2014, Rules::V2013] {
                let white = AtomicU8::new(NO_WHITE);
                for board in seeded_positions(size, rules, 200, 5, 3 * size * size) {
                    let packed = pack(size, plain_key(&board), &white);
                    assert_eq!(
                        packed,
                        Some(plain_packed(&board)),
                        "{}",
                        board.to_notation()
                    );
                }
            }
        }
    }

    #[test]
    fn squares_no_game_reaches_have_no_packed_key() {
        // Square 13 of a 5x5 key (bits 65 to 69): an empty red square, a blue one with five
        // spots, a white one with two, a square both red and blue.
        for code in [1 << 3, 2 << 3 | 5, 2, 3 << 3 | 1] {
            let key = 1 << 127 | (code as u128) << 65;
            assert_eq!(pack(5, key, &AtomicU8::new(NO_WHITE)), None, "code {code}");
        }
        // White squares of two kinds in one position (square 1 holds a spot, the others
        // none); then a red square with four spots among empty white ones.
        let two_whites = 1u128 << 5;
        assert_eq!(pack(5, two_whites, &AtomicU8::new(NO_WHITE)), None);
        let four = 1 << 3 | 4u128;
        assert!(pack(5, four << 65, &AtomicU8::new(NO_WHITE)).is_some());
    }

    /// The inverse of [`mix_65`], from the finaliser's inverse steps: a test that it loses
    /// nothing on 65-bit keys, too many to try one by one.
    fn unmix_65(m: u128) -> u128 {
        let inverse = |a: u64| {
            (0..6).fold(a, |x, _| {
                x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)))
            })
        };
        let side = (m >> 64) as u64;
        let mut x = m as u64;
        x ^= x >> 32;
        x = x.wrapping_mul(inverse(0xc4ce_b9fe_1a85_ec53));
        x ^= x >> 32;
        x = x.wrapping_mul(inverse(0xff51_afd7_ed55_8ccd));
        x ^= x >> 32;
        u128::from(side) << 64 | u128::from(x ^ side.wrapping_mul(SIDE_SALT))
    }

    #[test]
    fn the_65_bit_mix_is_undone_by_its_inverse_and_spreads_the_side() {
        let mut x: u128 = 0x1234_5678_9abc_def0;
        for _ in 0..100_000 {
            x = (x.wrapping_mul(0x5851_f42d_4c95_7f2d) + 1442695040888963407) & (u128::MAX >> 63);
            let m = mix(x, 65);
            assert!(m >> 65 == 0 && unmix_65(m) == x, "{x:x}");
            // The same squares with the other side to move land in another bucket.
            let other = mix(x ^ 1 << 64, 65);
            assert_ne!(m as u32, other as u32, "{x:x}");
        }
    }
}
