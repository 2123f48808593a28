//! The static evaluation: how good a position looks for the side to move, as a weighted
//! sum of terms.
//!
//! Terms, most counted for the side to move minus the opponent:
//! - squares owned (the goal is to own them all), and spots owned (the fuel of explosions);
//! - threats: enemy squares next to our critical squares (as many spots as neighbours: one
//!   more explodes them), counted apart for the side to move, which strikes first, and the
//!   side waiting; and those targets that are critical themselves, which continue the chain;
//! - critical and near-critical squares (one spot short), corners and edges (they explode
//!   with fewer spots), white squares a critical square would take, and squares in contact
//!   with the enemy;
//! - the most enemy squares one explosion of each side takes, following the chain through
//!   critical squares.
//!
//! The weights are fitted to game results (`examples/tune_eval.rs`): a logistic model of
//! the side to move's chance to win, scaled so that a square is worth 100.

use crate::board::{Board, Geometry, geometry};

/// How many terms `features` gives.
pub const FEATURES: usize = 14;
/// The terms' names, in the order of `features`.
pub const NAMES: [&str; FEATURES] = [
    "squares",
    "spots",
    "threats to move",
    "threats waiting",
    "chain to move",
    "chain waiting",
    "critical",
    "corners",
    "edges",
    "white reach",
    "contact",
    "capture to move",
    "capture waiting",
    "near critical",
];
/// The weight of each term of `features`, in hundredths of a square: fitted by `cargo run
/// --release --features examples --example tune_eval -- 3000 5` on games of the first fit's engine (whose 11
/// terms were fitted on games of the hand-set weights before it).
pub const WEIGHTS: [i32; FEATURES] = [
    100, 26, 105, -116, 268, -519, 127, 537, 70, 78, 2, 343, -97, 25,
];

/// What both evaluations read first: each side's squares and critical squares, and the
/// squares the critical ones reach.
struct Sides {
    g: &'static Geometry,
    mine: u128,
    theirs: u128,
    critical: u128,
    critical_mine: u128,
    critical_theirs: u128,
    reach_mine: u128,
    reach_theirs: u128,
}

impl Sides {
    #[inline(always)]
    fn of(board: &Board) -> Sides {
        Sides::with_critical(board, board.critical())
    }

    /// `Sides::of` when the caller has the critical squares already.
    #[inline(always)]
    fn with_critical(board: &Board, critical: u128) -> Sides {
        let g = geometry(board.size() as u8);
        let me = board.to_move();
        let (mine, theirs) = (board.owned(me), board.owned(me.opponent()));
        let (critical_mine, critical_theirs) = (critical & mine, critical & theirs);
        Sides {
            g,
            mine,
            theirs,
            critical,
            critical_mine,
            critical_theirs,
            reach_mine: g.spread(critical_mine),
            reach_theirs: g.spread(critical_theirs),
        }
    }
}

/// The terms of the evaluation of `board` from the side to move's view.
#[inline(always)]
pub fn features(board: &Board) -> [i32; FEATURES] {
    let (critical, near_or_critical) = board.critical_and_near();
    let s = Sides::with_critical(board, critical);
    let (g, mine, theirs, critical) = (s.g, s.mine, s.theirs, s.critical);
    let spots_mine = board.spots_in(mine) as i32;
    let white = g.all & !(mine | theirs);
    let whites = white.count_ones() as i32;
    let white_spots = whites * board.white_spots() as i32;
    let spots_theirs = board.total_spots() as i32 - white_spots - spots_mine;
    let my_targets = s.reach_mine & theirs;
    let their_targets = s.reach_theirs & mine;
    let count = |m: u128| m.count_ones() as i32;
    let diff = |mask: u128| count(mine & mask) - count(theirs & mask);
    [
        count(mine) - count(theirs),
        spots_mine - spots_theirs,
        count(my_targets),
        count(their_targets),
        count(my_targets & s.critical_theirs),
        count(their_targets & s.critical_mine),
        count(s.critical_mine) - count(s.critical_theirs),
        diff(g.corners),
        diff(g.edges),
        count(s.reach_mine & white) - count(s.reach_theirs & white),
        count(mine & g.spread(theirs)) - count(theirs & g.spread(mine)),
        best_capture(g, critical, s.critical_mine, theirs),
        best_capture(g, critical, s.critical_theirs, mine),
        diff(near_or_critical & !critical),
    ]
}

/// The most `targets` one explosion of a square of `sources` takes: the chain spreads
/// through critical squares, and takes their neighbours. (It ignores that a chain refills
/// the squares it empties, so long chains may take a little more.)
#[inline(always)]
fn best_capture(g: &Geometry, critical: u128, sources: u128, targets: u128) -> i32 {
    let mut left = sources;
    let mut best = 0;
    while left != 0 {
        let mut chain = left & left.wrapping_neg();
        loop {
            let grown = chain | (g.spread(chain) & critical);
            if grown == chain {
                break;
            }
            chain = grown;
        }
        left &= !chain;
        best = best.max(((chain | g.spread(chain)) & targets).count_ones() as i32);
    }
    best
}

/// The evaluation of `board` (not won) from the side to move's view.
pub fn evaluate(board: &Board) -> i32 {
    let f = features(board);
    f.iter().zip(WEIGHTS).map(|(x, w)| x * w).sum()
}

/// The terms of [`evaluate`] that cost no chain walk (squares, threats, chains, critical
/// squares, corners) from the side to move's view, with their weights: the prover's
/// estimate of a new position (`solver::estimate`), made for every child of every
/// position it expands, where the capture terms cost more time than they saved.
pub fn quick_evaluate(board: &Board) -> i32 {
    quick_terms(board)
        .iter()
        .zip(QUICK_TERMS)
        .map(|(x, i)| x * WEIGHTS[i])
        .sum()
}

/// The terms of [`features`] named by [`QUICK_TERMS`], in its order: those that cost no
/// chain walk, which [`quick_evaluate`] weighs (and `examples/fit_proven.rs` fits to proven
/// values).
#[inline(always)]
pub fn quick_terms(board: &Board) -> [i32; QUICK_TERMS.len()] {
    let s = Sides::of(board);
    let (mine, theirs) = (s.mine, s.theirs);
    let my_targets = s.reach_mine & theirs;
    let their_targets = s.reach_theirs & mine;
    let count = |m: u128| m.count_ones() as i32;
    [
        count(mine) - count(theirs),
        count(my_targets),
        count(their_targets),
        count(my_targets & s.critical_theirs),
        count(their_targets & s.critical_mine),
        count(s.critical_mine) - count(s.critical_theirs),
        count(mine & s.g.corners) - count(theirs & s.g.corners),
    ]
}

/// Which terms of [`features`] [`quick_evaluate`] adds, in its order.
pub const QUICK_TERMS: [usize; 7] = [0, 2, 3, 4, 5, 6, 7];

/// Squares owned by the side to move minus the opponent's: the plain course evaluation.
pub fn square_count(board: &Board) -> i32 {
    let me = board.to_move();
    board.owned(me).count_ones() as i32 - board.owned(me.opponent()).count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_level() {
        for size in 2..=10 {
            assert_eq!(evaluate(&Board::new(size)), 0);
        }
    }

    #[test]
    fn owning_more_is_better_and_the_view_flips_with_the_turn() {
        let b: Board = "2r1-1-/1-1-1-/1-1-1-".parse().unwrap();
        // Blue to move, Red owns one square: bad for Blue.
        assert!(evaluate(&b) < 0);
        let b: Board = "2r1-1-/1-1-1-/1-1-2b".parse().unwrap();
        assert_eq!(square_count(&b), 0);
    }

    #[test]
    fn the_side_to_move_weighs_its_threats_and_the_terms_add_up() {
        // Red's critical 1:1 touches Blue's 1:2; squares and spots are level.
        let red_to_move: Board = "2r2b1-/1-1-1-/1-1-1-".parse().unwrap();
        assert_eq!(red_to_move.to_move(), crate::board::Colour::Red);
        let f = features(&red_to_move);
        // A threat and a critical square; Red's corner against Blue's edge; one white square
        // within reach; both in contact; one explosion takes Blue's only square, and Blue's
        // 1:2 is one spot short.
        assert_eq!(f, [0, 0, 1, 0, 0, 0, 1, 1, -1, 1, 0, 1, 0, -1]);
        let sum: i32 = f.iter().zip(WEIGHTS).map(|(x, w)| x * w).sum();
        assert_eq!(evaluate(&red_to_move), sum);
        // Blue to move facing the same threat, a square and two spots down.
        let blue_to_move: Board = "2r2b1-/1-1-1-/1-1-2r".parse().unwrap();
        assert_eq!(blue_to_move.to_move(), crate::board::Colour::Blue);
        let f = features(&blue_to_move);
        assert_eq!((f[0], f[1], f[2], f[3], f[12]), (-1, -2, 0, 1, 1));
        assert!(evaluate(&blue_to_move) < -WEIGHTS[0]);
    }

    #[test]
    fn the_quick_evaluation_is_its_terms_of_the_full_one() {
        // Seeded random games on 4x4 and 5x5: quick_evaluate adds the terms it names of
        // `features` with their weights, no more and no fewer.
        let mut seed = 7u64;
        for size in [4, 5] {
            let mut board = Board::new(size);
            while board.winner().is_none() {
                let f = features(&board);
                let quick: i32 = QUICK_TERMS.iter().map(|&i| f[i] * WEIGHTS[i]).sum();
                assert_eq!(quick_evaluate(&board), quick, "{}", board.to_notation());
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let legal: Vec<usize> = crate::board::Squares(board.legal_moves()).collect();
                board.play(legal[(seed >> 33) as usize % legal.len()]);
            }
        }
    }

    #[test]
    fn one_explosion_follows_the_chain_of_critical_squares() {
        // Red's corner 1:1 is critical, next to Blue's critical 1:2, which touches Blue's 1:3
        // and 2:2: exploding 1:1 takes all three.
        let b: Board = "2r3b1b/1-1b1-/1-1-1-".parse().unwrap();
        assert_eq!(b.to_move(), crate::board::Colour::Blue);
        let f = features(&b);
        assert_eq!(f[12], 3, "Red, waiting, would take three");
        assert_eq!(
            f[11], 1,
            "Blue's 1:2 takes Red's 1:1; white squares are no target"
        );
    }
}
