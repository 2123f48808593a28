//! The board's spot words hold a square in each 4-bit nibble: the arithmetic that turns a
//! word's nibbles into one bit a square and back, behind the critical-square masks, the spot
//! sums and perft's two-ply count.

/// The top bit of every nibble of a spot word.
pub(super) const NIBBLE_TOPS: u64 = 0x8888_8888_8888_8888;
/// One in every nibble of a spot word.
pub(super) const ONES: u64 = 0x1111_1111_1111_1111;

/// The low bit of each of the 16 nibbles of `x`, packed into 16 bits.
///
/// Two multiplications, each a sum of shifted copies whose bits never meet (so nothing
/// carries): `0x1248` moves the four low bits of each 16-bit lane to the lane's top nibble,
/// then `1 + 2^12 + 2^24 + 2^36` moves those four nibbles side by side at bit 36. The
/// shift-and-mask ladder this replaced took twice the instructions, and the critical-square
/// masks of the evaluation and of move ordering gather twice a position.
#[inline(always)]
pub(super) fn gather_nibbles(x: u64) -> u16 {
    let lanes = ((x & ONES).wrapping_mul(0x1248) >> 12) & 0x000F_000F_000F_000F;
    (lanes.wrapping_mul(0x0000_0010_0100_1001) >> 36) as u16
}

/// Bit `i` of a byte spread to nibble `i` of a `u32` as `0xF`: the nibble masks of
/// [`nibble_fill`], two lookups instead of a shift-and-mask ladder.
const BYTE_TO_NIBBLES: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte] |= 0xF << (4 * bit);
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Every nibble `i` of the result is `0xF` when bit `i` of `bits` is set, else zero.
#[inline(always)]
pub(super) fn nibble_fill(bits: u16) -> u64 {
    u64::from(BYTE_TO_NIBBLES[usize::from(bits as u8)])
        | u64::from(BYTE_TO_NIBBLES[usize::from(bits >> 8)]) << 32
}

/// The inverse of `gather_nibbles`: bit `i` of `bits` becomes the low bit of nibble `i`.
#[inline(always)]
pub(super) fn scatter_nibbles(bits: u16) -> u64 {
    nibble_fill(bits) & ONES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibble_gather_and_scatter_are_inverse() {
        for bits in 0..=u16::MAX {
            let spread = scatter_nibbles(bits);
            assert_eq!(gather_nibbles(spread), bits);
            assert_eq!(spread.count_ones(), bits.count_ones());
            assert_eq!(spread & !ONES, 0);
            assert_eq!(nibble_fill(bits), spread * 0xF);
            // The other bits of a nibble do not reach the gathered bit.
            assert_eq!(gather_nibbles(spread | !ONES), bits);
        }
        // Bit by bit, against the plain definition.
        for i in 0..16 {
            assert_eq!(scatter_nibbles(1 << i), 1 << (4 * i));
        }
    }
}
