//! A class of positions packed into a few words for the check within a memory limit
//! ([`super::bounded`]), in an order that sorts the proof by levels.
//!
//! Every move adds one spot and the chain reaction keeps them, so the spots on the board
//! count the moves played: a position is only ever reached at one depth, its level. A packed
//! class is, from the top bit down: the level (16 bits), the side to move (1 bit), then
//! each square of the class's least image ([`super::check`]'s `class`) in 4 bits, spots
//! times three plus owner (a board in play holds at most 4 spots on a square, so at most
//! 14), and, in the bottom 8 bits, the index of the winner's move in that image where one
//! is given. Words compare from the first, so packed classes sort by level, then by class.

use super::check::Class;
use crate::board::{Board, Colour, Coord, Rules};

/// Bits of the level, at the top.
const LEVEL_BITS: usize = 16;
/// Bits of a square: spots times three plus owner.
const SQUARE_BITS: usize = 4;
/// Bits of the move's index, at the bottom.
const MOVE_BITS: usize = 8;

/// A packed class: `W` words.
pub(super) type Packed<const W: usize> = [u64; W];

/// Whether an `n` x `n` board's classes fit `W` words.
pub(super) const fn fits<const W: usize>(n: usize) -> bool {
    LEVEL_BITS + 1 + SQUARE_BITS * n * n + MOVE_BITS <= 64 * W
}

/// Ors the low `bits` of `value` into `words` at bit `at` from the top of the first word.
fn put<const W: usize>(words: &mut Packed<W>, at: usize, bits: usize, value: u64) {
    let (w, off) = (at / 64, at % 64);
    if off + bits <= 64 {
        words[w] |= value << (64 - off - bits);
    } else {
        let low = off + bits - 64;
        words[w] |= value >> low;
        words[w + 1] |= value << (64 - low);
    }
}

/// The `bits` at bit `at` from the top of the first word of `words`.
fn get<const W: usize>(words: &Packed<W>, at: usize, bits: usize) -> u64 {
    let (w, off) = (at / 64, at % 64);
    let mask = (1 << bits) - 1;
    if off + bits <= 64 {
        words[w] >> (64 - off - bits) & mask
    } else {
        let low = off + bits - 64;
        (words[w] << low | words[w + 1] >> (64 - low)) & mask
    }
}

/// `class` (as the checker computes it) packed, its level counted from its spots; `None`
/// for a won board's class, which may hold a square too full for [`SQUARE_BITS`] (no
/// position of a proof is won, so it is never looked for).
pub(super) fn pack<const W: usize>(class: &Class) -> Option<Packed<W>> {
    let mut words = [0; W];
    let squares = &class[1..];
    if squares.iter().any(|&s| s >> SQUARE_BITS != 0) {
        return None;
    }
    let level: u64 = squares.iter().map(|&s| u64::from(s / 3)).sum();
    put(&mut words, 0, LEVEL_BITS, level);
    put(&mut words, LEVEL_BITS, 1, u64::from(class[0]));
    for (i, &s) in squares.iter().enumerate() {
        put(
            &mut words,
            LEVEL_BITS + 1 + SQUARE_BITS * i,
            SQUARE_BITS,
            u64::from(s),
        );
    }
    Some(words)
}

/// `class` with the index `at` of the winner's move in its image.
pub(super) fn with_move<const W: usize>(mut class: Packed<W>, at: u8) -> Packed<W> {
    class[W - 1] |= u64::from(at);
    class
}

/// The index of the move packed with a class.
pub(super) fn move_of<const W: usize>(packed: &Packed<W>) -> usize {
    (packed[W - 1] & ((1 << MOVE_BITS) - 1)) as usize
}

/// The class alone, without its move.
pub(super) fn class_of<const W: usize>(mut packed: Packed<W>) -> Packed<W> {
    packed[W - 1] &= !((1 << MOVE_BITS) - 1);
    packed
}

/// The level of a packed class: the spots on its boards.
#[cfg(test)]
fn level<const W: usize>(packed: &Packed<W>) -> u64 {
    get(packed, 0, LEVEL_BITS)
}

/// The side to move in a packed class.
pub(super) fn to_move<const W: usize>(packed: &Packed<W>) -> Colour {
    match get(packed, LEVEL_BITS, 1) {
        1 => Colour::Red,
        _ => Colour::Blue,
    }
}

/// The class's least image as a board of side `n` under `rules`, with its side to move:
/// a position of the class, on which the packed move's index is the square's row by row.
pub(super) fn board<const W: usize>(packed: &Packed<W>, n: usize, rules: Rules) -> Board {
    let mut text = String::with_capacity(n * (2 * n + 1));
    for i in 0..n * n {
        if i > 0 && i % n == 0 {
            text.push('/');
        }
        let s = get(packed, LEVEL_BITS + 1 + SQUARE_BITS * i, SQUARE_BITS) as u8;
        let (spots, owner) = (s / 3, s % 3);
        match owner {
            0 if rules == Rules::V2013 => text.push_str("--"),
            0 => text.push_str("1-"),
            _ => {
                text.push(char::from(b'0' + spots));
                text.push(if owner == 1 { 'r' } else { 'b' });
            }
        }
    }
    let mut board =
        Board::parse_with_rules(&text, rules).expect("a packed class is a position in play");
    board.set_to_move(to_move(packed));
    board
}

/// The square of `board` (a class's least image) at index `at`, row by row.
pub(super) fn square(board: &Board, at: usize) -> usize {
    let n = board.size();
    let coord = Coord {
        row: at / n + 1,
        col: at % n + 1,
    };
    board.square_at(coord).expect("an index of the board")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Squares;

    /// Positions of a seeded random game on `size` x `size` under `rules`.
    fn game(size: usize, rules: Rules, seed: u64) -> Vec<Board> {
        let (mut board, mut state, mut out) = (Board::with_rules(size, rules), seed, Vec::new());
        while board.winner().is_none() {
            out.push(board);
            let moves: Vec<usize> = Squares(board.legal_moves()).collect();
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            board.play(moves[(state >> 33) as usize % moves.len()]);
        }
        out
    }

    fn round_trip<const W: usize>(size: usize, rules: Rules) {
        for seed in 1..20 {
            let mut last = None;
            for board in game(size, rules, seed) {
                let (class, _) = super::super::check::class(&board);
                let packed = pack::<W>(&class).unwrap();
                let image = super::board(&packed, size, rules);
                // The image is of the same class, level and side to move.
                assert_eq!(super::super::check::class(&image).0, class);
                assert_eq!(image.to_move(), board.to_move());
                assert_eq!(to_move(&packed), board.to_move());
                // Levels only grow along a game, so a game's classes sort by its moves.
                if let Some(last) = last {
                    assert_eq!(level(&packed), level(&last) + 1);
                    assert!(packed > last);
                }
                let moved = with_move(packed, 77);
                assert_eq!((move_of(&moved), class_of(moved)), (77, packed));
                last = Some(packed);
            }
        }
    }

    #[test]
    fn a_packed_class_gives_back_a_board_of_the_same_class_and_sorts_by_level() {
        assert!(fits::<2>(5) && !fits::<2>(6) && fits::<7>(10));
        round_trip::<2>(3, Rules::V2014);
        round_trip::<2>(5, Rules::V2014);
        round_trip::<2>(4, Rules::V2013);
        round_trip::<7>(7, Rules::V2014);
        round_trip::<7>(10, Rules::V2013);
    }
}
