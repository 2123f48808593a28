//! The fast board against the plain implementation, move by move, over random games on
//! every size; and the invariants of the rules and of the incremental hash.

use crate::plain;

use jump61::board::{Board, Colour, Squares, geometry};
use plain::PlainBoard;
use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rustc_hash::FxHashMap;

fn random_move(board: &Board, rng: &mut Xoshiro256PlusPlus) -> usize {
    let moves = board.legal_moves();
    let k = rng.random_range(0..moves.count_ones() as usize);
    Squares(moves).nth(k).unwrap()
}

/// A random position with most squares at or near capacity, for long chain reactions.
fn loaded_position(size: usize, rng: &mut Xoshiro256PlusPlus) -> Board {
    let g = geometry(size as u8);
    let mut board = Board::new(size);
    for sq in 0..size * size {
        let spots = g.capacity[sq] - rng.random_range(0..2);
        let owner = if rng.random_range(0..2) == 0 {
            Colour::Red
        } else {
            Colour::Blue
        };
        board.set_square(sq, spots, Some(owner));
    }
    board
}

fn plain_moves(p: &PlainBoard, size: usize) -> Vec<usize> {
    p.legal_moves()
        .iter()
        .map(|&(r, c)| (r - 1) * size + c - 1)
        .collect()
}

/// Plays the game to its end on both boards, comparing them after every move.
fn play_both(mut fast: Board, rng: &mut Xoshiro256PlusPlus) -> usize {
    let size = fast.size();
    let mut plain = PlainBoard::parse(&fast.to_notation()).unwrap();
    let mut moves = 0;
    while fast.winner().is_none() {
        assert_eq!(
            Squares(fast.legal_moves()).collect::<Vec<_>>(),
            plain_moves(&plain, size)
        );
        let sq = random_move(&fast, rng);
        let before = fast.to_notation();
        let mover = fast.to_move();
        fast.play(sq);
        let c = fast.coord(sq);
        plain.play(c.row, c.col);
        moves += 1;
        let at = || format!("{before} + {c}");
        assert_eq!(fast.hash(), fast.compute_hash(), "{}", at());
        assert_eq!(fast.total_spots(), plain.total_spots(), "{}", at());
        match fast.winner() {
            // The layout of a won board depends on the toppling order; the winner does not.
            Some(w) => {
                assert_eq!(w, mover, "{}", at());
                assert_eq!(plain.winner(), Some(w.letter()), "{}", at());
            }
            None => assert_eq!(fast.to_notation(), plain.notation(), "{}", at()),
        }
    }
    moves
}

#[test]
fn fast_and_plain_agree_over_random_games_on_every_size() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2014);
    let mut total_moves = 0;
    for size in 2..=10 {
        for _ in 0..300 {
            total_moves += play_both(Board::new(size), &mut rng);
        }
        for _ in 0..100 {
            total_moves += play_both(loaded_position(size, &mut rng), &mut rng);
        }
    }
    assert!(total_moves > 100_000, "only {total_moves} moves compared");
}

#[test]
fn equal_positions_have_equal_hashes_and_transpositions_meet() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(61);
    let mut seen: FxHashMap<String, u64> = FxHashMap::default();
    let mut meetings = 0;
    for size in 2..=6 {
        for _ in 0..2000 {
            let mut b = Board::new(size);
            for _ in 0..6 {
                if b.winner().is_some() {
                    break;
                }
                b.play(random_move(&b, &mut rng));
                if let Some(h) = seen.insert(b.to_notation(), b.hash()) {
                    assert_eq!(h, b.hash(), "{b:?}");
                    meetings += 1;
                }
            }
        }
    }
    assert!(meetings > 1000, "only {meetings} repeated positions");
}

proptest! {
    /// Red's and Blue's quiet moves commute: A B C D and C D A B (or C B A D) reach the
    /// same board, with the same hash.
    #[test]
    fn quiet_moves_transpose(size in 3usize..=10, picks in proptest::sample::subsequence((0..9usize).collect::<Vec<_>>(), 4)) {
        let n = size * size;
        let squares: Vec<usize> = picks.iter().map(|&k| k * (n - 1) / 8).collect();
        let play = |order: [usize; 4]| {
            let mut b = Board::new(size);
            for i in order { b.play(squares[i]); }
            b
        };
        let abcd = play([0, 1, 2, 3]);
        let cdab = play([2, 3, 0, 1]);
        let cbad = play([2, 1, 0, 3]);
        prop_assert_eq!(abcd, cdab);
        prop_assert_eq!(abcd.hash(), cdab.hash());
        prop_assert_eq!(abcd.hash(), cbad.hash());
        prop_assert_eq!(abcd.hash(), abcd.compute_hash());
    }

    /// Every move adds exactly one spot, passes the turn unless it wins, and keeps the hash.
    #[test]
    fn moves_conserve_spots_and_hash(size in 2usize..=10, seed in any::<u64>(), loaded in any::<bool>()) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut b = if loaded { loaded_position(size, &mut rng) } else { Board::new(size) };
        for _ in 0..200 {
            if b.winner().is_some() { break; }
            let before = b;
            let sq = random_move(&b, &mut rng);
            b.play(sq);
            prop_assert_eq!(b.total_spots(), before.total_spots() + 1);
            prop_assert_eq!(b.hash(), b.compute_hash());
            prop_assert_eq!(b.owner(sq), Some(before.to_move()));
            if b.winner().is_none() {
                prop_assert_ne!(b.to_move(), before.to_move());
                for s in 0..b.squares() {
                    prop_assert!(b.spots(s) <= geometry(size as u8).capacity[s]);
                }
            }
            // A move that does not overfill its square changes that square only.
            if before.spots(sq) < geometry(size as u8).capacity[sq] {
                for s in (0..b.squares()).filter(|&s| s != sq) {
                    prop_assert_eq!((b.spots(s), b.owner(s)), (before.spots(s), before.owner(s)));
                }
            }
        }
    }
}
