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
    /// `squares[t][p]`: the square that symmetry `t` takes to `p` (the inverse of `maps`),
    /// whose code is the five bits at `p` in the key of image `t`.
    squares: [[u8; MAX_KEY_SIZE * MAX_KEY_SIZE]; 8],
}

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
        let mut squares = [[0u8; MAX_KEY_SIZE * MAX_KEY_SIZE]; 8];
        for (map, inverse) in maps.iter().zip(&mut squares) {
            for (sq, &p) in map.iter().enumerate().take(size * size) {
                inverse[usize::from(p)] = sq as u8;
            }
        }
        Some(Symmetries {
            size,
            maps,
            squares,
        })
    }

    /// The side of the boards these symmetries are for.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Where symmetry `t` (0 to 7; 0 is the identity) takes square `sq`.
    pub fn map(&self, t: usize, sq: usize) -> usize {
        self.maps[t][sq] as usize
    }

    /// The square that symmetry `t` takes to `p` (the inverse of [`Symmetries::map`]).
    pub fn unmap(&self, t: usize, p: usize) -> usize {
        self.squares[t][p] as usize
    }

    /// The canonical key of `board`: the least of its eight images' keys.
    pub fn key(&self, board: &Board) -> u128 {
        if self.size == 4 {
            return key_4x4_only(board);
        }
        self.table_key(board).0
    }

    /// The canonical key and a symmetry that produces it.
    pub fn key_and_symmetry(&self, board: &Board) -> (u128, usize) {
        if self.size == 4 {
            return key_4x4_by_blue_images(board);
        }
        self.table_key(board)
    }

    /// The canonical key on every size: the image whose key is least is found from the
    /// key's top (usually its first three squares leave one image), and only its key is
    /// built. Building all eight images' keys, by a 77 KB table of each
    /// square's bits in each image, took 35% of a 5x5 proof's time (perf); this path gives
    /// the same key and symmetry (`the_general_key_is_the_least_of_the_eight_images`).
    fn table_key(&self, board: &Board) -> (u128, usize) {
        let n = self.size * self.size;
        let codes = square_codes(board);
        let t = self.least_image(&codes[..n]);
        let side = if board.to_move() == Colour::Blue {
            BLUE_TO_MOVE
        } else {
            0
        };
        // Three words, not one `u128` shifted 25 times: its double shifts, one after the
        // other, were half of this function's time. Places 0 to 11 fill bits 0 to 59,
        // place 12 bits 60 to 64, places 13 to 24 bits 65 to 124.
        let image = &self.squares[t];
        let word = |places: std::ops::Range<usize>| {
            (places.rev()).fold(0u64, |w, p| {
                w << 5 | u64::from(codes[usize::from(image[p])])
            })
        };
        let key = u128::from(word(0..n.min(12)))
            | u128::from(word(12..n.min(13))) << 60
            | u128::from(word(13..n.max(13))) << 65;
        (key | side, t)
    }

    /// The symmetry whose image has the least key (the least such symmetry where several
    /// images are one, as on a symmetric board), given each square's code. The images are
    /// compared three places at a time from the key's top, without branches: one place at
    /// a time, the comparisons' mispredicted branches were a third of the key's time.
    fn least_image(&self, codes: &[u8]) -> usize {
        let mut candidates = u8::MAX;
        let mut top = codes.len();
        while top > 0 {
            let low = top.saturating_sub(3);
            // Fifteen bits at most: a symmetry no longer in the running never ties.
            let mut tops = [u16::MAX; 8];
            for (t, (top_codes, squares)) in tops.iter_mut().zip(&self.squares).enumerate() {
                if candidates >> t & 1 != 0 {
                    *top_codes = (low..top)
                        .rev()
                        .fold(0, |v, p| v << 5 | u16::from(codes[usize::from(squares[p])]));
                }
            }
            let least = tops.iter().min().copied().unwrap_or(0);
            candidates =
                (tops.iter().enumerate()).fold(0, |tied, (t, &v)| tied | u8::from(v == least) << t);
            if candidates.is_power_of_two() {
                break;
            }
            top = low;
        }
        candidates.trailing_zeros() as usize
    }
}

/// The canonical key of a 4x4 board, by word operations: the board's 16 squares are a 4x4
/// matrix of nibbles in two words (spots with a red flag; a blue flag with the side to
/// move), and each symmetry is a few shifts and masks of both. Keys went from 54% of a 4x4
/// proof's time with the general table to 18% with these.
///
/// A key here is a different number from the general one for the same position, but one
/// size always takes one path, so a table sees one kind only. The tests' reference: the
/// prover's path is [`key_4x4_by_blue_images`].
#[cfg(test)]
fn key_4x4(board: &Board) -> (u128, usize) {
    let (mut low, mut high, side) = words_4x4(board);
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

/// `key_4x4`'s key, the prover's: it asks one for every child of every position it
/// expands. The key's top word is the image of the blue squares, so the least key is among
/// the images whose blue squares are least: those are found from the 16-bit mask of blue
/// squares by two lookups an image ([`BLUE_IMAGES`]), and only their bottom words are
/// built (one image but on a symmetric board). Building both words of all eight images took
/// some 220 instructions a key (callgrind; docs/results/solving.md). The same images, so
/// the same key, and the same symmetry (the least one that gives it).
fn key_4x4_by_blue_images(board: &Board) -> (u128, usize) {
    let (low, _, side) = words_4x4(board);
    let images = blue_images_of(board.owned(Colour::Blue) as u16);
    let least = images.iter().copied().min().unwrap_or(0);
    let mut best = (u64::MAX, 0);
    for (t, &image) in images.iter().enumerate() {
        if image == least {
            best = best.min((image_4x4(t, low), t));
        }
    }
    let key = ((Board::nibble_mask(least) | side) as u128) << 64 | best.0 as u128;
    (key, best.1)
}

/// The key alone.
fn key_4x4_only(board: &Board) -> u128 {
    key_4x4_by_blue_images(board).0
}

/// The eight images of a 4x4 mask of squares, in the order of [`image_4x4`], by two lookups
/// each in [`BLUE_IMAGES`].
fn blue_images_of(blue: u16) -> [u16; 8] {
    let (low_byte, high_byte) = (usize::from(blue as u8), usize::from(blue >> 8));
    std::array::from_fn(|t| BLUE_IMAGES[t][0][low_byte] | BLUE_IMAGES[t][1][high_byte])
}

/// Image `t` of a 4x4 board's word, in the order of `Symmetries::new`: transposed first
/// (bit 2), then rows mirrored (bit 1), then columns (bit 0). `key_4x4` reaches the same
/// images by its Gray-code steps.
const fn image_4x4(t: usize, x: u64) -> u64 {
    let x = if t & 4 != 0 { transpose_nibbles(x) } else { x };
    let x = if t & 2 != 0 { mirror_rows(x) } else { x };
    if t & 1 != 0 { mirror_columns(x) } else { x }
}

/// `BLUE_IMAGES[t][half][byte]`: the image under symmetry `t` of a 16-bit mask of squares
/// whose only squares are `byte`'s, in its low half (squares 0 to 7, `half` 0) or its high
/// one (8 to 15, `half` 1). An image of a mask is the union of its halves' images.
static BLUE_IMAGES: [[[u16; 256]; 2]; 8] = blue_images();

const fn blue_images() -> [[[u16; 256]; 2]; 8] {
    let mut images = [[[0u16; 256]; 2]; 8];
    let mut t = 0;
    while t < 8 {
        let mut byte = 0;
        while byte < 256 {
            let mut half = 0;
            while half < 2 {
                let mask = (byte as u16) << (8 * half);
                images[t][half][byte] = mask_of_nibbles(image_4x4(t, nibbles_of_mask(mask)));
                half += 1;
            }
            byte += 1;
        }
        t += 1;
    }
    images
}

/// Bit `i` of `mask` as the low bit of nibble `i` (as `Board::nibble_mask`, in a constant).
const fn nibbles_of_mask(mask: u16) -> u64 {
    let mut word = 0;
    let mut i = 0;
    while i < 16 {
        word |= ((mask >> i & 1) as u64) << (4 * i);
        i += 1;
    }
    word
}

/// The inverse of `nibbles_of_mask`.
const fn mask_of_nibbles(word: u64) -> u16 {
    let mut mask = 0;
    let mut i = 0;
    while i < 16 {
        mask |= ((word >> (4 * i) & 1) as u16) << i;
        i += 1;
    }
    mask
}

/// The two words of a 4x4 board's key as it lies (spots with a red flag; a blue flag a
/// square) and the side to move's bit, which goes into the top of the blue word.
fn words_4x4(board: &Board) -> (u64, u64, u64) {
    let red = board.owned(Colour::Red) as u16;
    let blue = board.owned(Colour::Blue) as u16;
    // A stable 4x4 square holds at most four spots, so the top bit of a nibble is free.
    let low = board.first_spot_word() | Board::nibble_mask(red) << 3;
    // The side to move sits in the top bit of the blue word, which no symmetry may move.
    let side = u64::from(board.to_move() == Colour::Blue) << 63;
    (low, Board::nibble_mask(blue), side)
}

/// The symmetries visited one after the other by `key_4x4`: each differs from the one
/// before by one word operation (see `GRAY_STEP`).
#[cfg(test)]
const GRAY: [usize; 8] = [0, 1, 3, 2, 6, 7, 5, 4];

/// The operation that takes image `GRAY[t]` to image `GRAY[t + 1]`.
#[cfg(test)]
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
const fn mirror_columns(x: u64) -> u64 {
    let x = (x >> 8 & 0x00FF_00FF_00FF_00FF) | (x & 0x00FF_00FF_00FF_00FF) << 8;
    (x >> 4 & 0x0F0F_0F0F_0F0F_0F0F) | (x & 0x0F0F_0F0F_0F0F_0F0F) << 4
}

/// Row r to row 3 - r: the four 16-bit rows reversed.
const fn mirror_rows(x: u64) -> u64 {
    let x = x.rotate_left(32);
    (x >> 16 & 0x0000_FFFF_0000_FFFF) | (x & 0x0000_FFFF_0000_FFFF) << 16
}

/// Square (r, c) to (c, r).
const fn transpose_nibbles(x: u64) -> u64 {
    // Within each 2x2 block, (0, 1) and (1, 0): nibbles 3 apart.
    let t = (x ^ x >> 12) & 0x0000_F0F0_0000_F0F0;
    let x = x ^ t ^ t << 12;
    // The off-diagonal 2x2 blocks: nibbles 6 apart.
    let t = (x ^ x >> 24) & 0x0000_0000_FF00_FF00;
    x ^ t ^ t << 24
}

/// From image 2 (rows mirrored) to image 6 (transposed, then rows mirrored).
#[cfg(test)]
fn transposed_after_rows(x: u64) -> u64 {
    mirror_rows(transpose_nibbles(mirror_rows(x)))
}

/// Every square's five-bit code ([`square_code`]), eight squares a word: bytes from the
/// spots' nibbles and the owners' bits by shifts and masks (a square at a time, the codes
/// were a third of the key's time).
fn square_codes(board: &Board) -> [u8; 32] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let (red, blue) = (board.owned(Colour::Red), board.owned(Colour::Blue));
    let mut codes = [0u8; 32];
    for (i, chunk) in codes.chunks_exact_mut(8).enumerate() {
        let nibbles = (board.spot_word(i / 2) >> (32 * (i % 2))) as u32;
        let spots = nibble_bytes(nibbles);
        // Eight spots or more read as seven, as in `square_code`.
        let spots = (spots | ((spots >> 3 & ONES) * 7)) & (ONES * 7);
        let owners = bit_bytes((red >> (8 * i)) as u8) | bit_bytes((blue >> (8 * i)) as u8) << 1;
        chunk.copy_from_slice(&(owners << 3 | spots).to_le_bytes());
    }
    codes
}

/// The eight nibbles of `x` as the eight bytes of a word (the lowest nibble lowest).
fn nibble_bytes(x: u32) -> u64 {
    let x = u64::from(x);
    let x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    let x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
}

/// Bit `i` of `bits` as the low bit of byte `i` of a word.
fn bit_bytes(bits: u8) -> u64 {
    // Byte i keeps bit i of its copy of `bits`; adding 0x7F carries it to the byte's top.
    let x = (u64::from(bits) * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
    ((x + 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080) >> 7
}

/// Five bits for one square: spots (0 to 7) and owner (white, red, blue).
#[cfg(test)]
fn square_code(board: &Board, sq: usize) -> u8 {
    let red = (board.owned(Colour::Red) >> sq) as u8 & 1;
    let blue = (board.owned(Colour::Blue) >> sq) as u8 & 1;
    (red | blue << 1) << 3 | board.spots(sq).min(7)
}

/// The key of `board` as it lies, no symmetry applied: each square's five bits at its own
/// place, and the side to move.
#[cfg(test)]
pub(super) fn plain_key(board: &Board) -> u128 {
    let side = u128::from(board.to_move() == Colour::Blue) << 127;
    (0..board.squares()).fold(side, |key, sq| {
        key | u128::from(square_code(board, sq)) << (5 * sq)
    })
}

/// Positions of seeded random games (`games` of them, game `g` at most `g % longest` moves
/// long) on `size` x `size` boards under `rules`, those not over: samples for the tests of
/// keys and packing.
#[cfg(test)]
pub(crate) fn seeded_positions(
    size: usize,
    rules: crate::board::Rules,
    games: usize,
    seed: u64,
    longest: usize,
) -> Vec<Board> {
    let mut boards = Vec::new();
    let mut seed = seed;
    for game in 0..games {
        let mut b = Board::with_rules(size, rules);
        for _ in 0..(game % longest) {
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
    boards
}

/// The image of `board` under symmetry `t` of `s`.
#[cfg(test)]
pub(crate) fn image(s: &Symmetries, board: &Board, t: usize) -> Board {
    let mut out = *board;
    for sq in 0..board.squares() {
        out.set_square(s.map(t, sq), board.spots(sq), board.owner(sq));
    }
    out.set_to_move(board.to_move());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rules;

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
                // `unmap` undoes it.
                assert!((0..size * size).all(|sq| s.unmap(t, s.map(t, sq)) == sq));
            }
        }
        assert!(Symmetries::new(6).is_none());
    }

    #[test]
    fn the_general_key_is_the_least_of_the_eight_images() {
        for size in [2, 3, 4, 5] {
            let s = Symmetries::new(size).unwrap();
            let longest = 3 * size * size;
            let mut boards = seeded_positions(size, Rules::V2014, 400, 11 + size as u64, longest);
            // Symmetric boards, where several images tie: the least symmetry is named.
            let mut centre = Board::new(size);
            centre.play(size * size / 2);
            boards.extend([Board::new(size), centre]);
            for b in &boards {
                let least = (0..8)
                    .map(|t| (plain_key(&image(&s, b, t)), t))
                    .min()
                    .unwrap();
                assert_eq!(s.table_key(b), least, "{size}x{size}: {}", b.to_notation());
            }
        }
    }

    /// The key from the blue squares' images is the least of the eight images' keys, as
    /// `key_4x4` finds it, on symmetric boards too (where several images' blue squares tie).
    #[test]
    fn the_key_by_the_blue_images_is_the_least_image_key() {
        let mut boards = seeded_positions(4, Rules::V2014, 2000, 5, 40);
        boards.extend(seeded_positions(4, Rules::V2013, 500, 9, 40));
        let mut symmetric = Vec::new();
        for sq in [0, 5, 6, 10, 15] {
            let mut b = Board::new(4);
            b.play(sq);
            b.play(15 - sq);
            symmetric.push(b);
        }
        boards.extend(symmetric);
        let mut ties = 0;
        for b in &boards {
            assert_eq!(key_4x4_by_blue_images(b), key_4x4(b), "{}", b.to_notation());
            let images = blue_images_of(b.owned(Colour::Blue) as u16);
            let least = images.iter().min().unwrap();
            ties += usize::from(images.iter().filter(|&i| i == least).count() > 1);
        }
        assert!(ties > 5, "boards whose blue squares are symmetric: {ties}");
        // The lookups give every mask's eight images, as the word's images give them.
        for mask in 0..=u16::MAX {
            let images = blue_images_of(mask);
            for (t, &image) in images.iter().enumerate() {
                assert_eq!(image, mask_of_nibbles(image_4x4(t, nibbles_of_mask(mask))));
            }
        }
    }

    #[test]
    fn the_4x4_word_key_sorts_positions_as_the_table_does() {
        let s = Symmetries::new(4).unwrap();
        let boards = seeded_positions(4, Rules::V2014, 300, 7, 30);
        let empty_squares = seeded_positions(4, Rules::V2013, 100, 7, 30);
        for b in boards.iter().chain(&empty_squares) {
            let (key, t) = s.key_and_symmetry(b);
            // Every image has the key, and the symmetry named produces it; `key` alone
            // (`key_4x4_only`) gives the same.
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
