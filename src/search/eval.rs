//! The static evaluation: how good a quiet position looks for the side to move.
//!
//! Terms, each counted for the side to move minus the opponent:
//! - squares owned (the goal is to own them all);
//! - spots owned (the fuel of future explosions);
//! - critical squares (as many spots as neighbours) next to enemy squares: one more spot
//!   explodes them into those squares. The side to move strikes first, so its threats
//!   weigh more than the opponent's.
//! - enemy squares next to our critical squares that are themselves critical are the best
//!   targets: capturing them continues the chain.

use crate::board::{Board, geometry};

/// Weights of the terms, in hundredths of a square.
pub const SQUARE: i32 = 100;
pub const SPOT: i32 = 30;
pub const THREAT_TO_MOVE: i32 = 60;
pub const THREAT_WAITING: i32 = 25;
pub const CHAIN_TARGET: i32 = 40;

/// The evaluation of `board` (not won) from the side to move's view.
pub fn evaluate(board: &Board) -> i32 {
    let g = geometry(board.size() as u8);
    let me = board.to_move();
    let mine = board.owned(me);
    let theirs = board.owned(me.opponent());
    let critical = board.critical();
    let spots_mine = board.spots_in(mine) as i32;
    let whites = (g.all & !(mine | theirs)).count_ones() as i32;
    let white_spots = whites * board.white_spots() as i32;
    let spots_theirs = board.total_spots() as i32 - white_spots - spots_mine;
    let (critical_mine, critical_theirs) = (critical & mine, critical & theirs);
    let my_targets = g.spread(critical_mine) & theirs;
    let their_targets = g.spread(critical_theirs) & mine;
    let count = |m: u128| m.count_ones() as i32;
    SQUARE * (count(mine) - count(theirs))
        + SPOT * (spots_mine - spots_theirs)
        + THREAT_TO_MOVE * count(my_targets)
        - THREAT_WAITING * count(their_targets)
        + CHAIN_TARGET * count(my_targets & critical_theirs)
}

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
    fn a_threat_counts_more_for_the_side_to_move() {
        // Red's critical 1:1 touches Blue's 1:2; squares and spots are level.
        let red_to_move: Board = "2r2b1-/1-1-1-/1-1-1-".parse().unwrap();
        assert_eq!(red_to_move.to_move(), crate::board::Colour::Red);
        assert_eq!(evaluate(&red_to_move), THREAT_TO_MOVE);
        // Blue to move facing the same threat: it weighs less against the side to move.
        let blue_to_move: Board = "2r2b1-/1-1-1-/1-1-2r".parse().unwrap();
        assert_eq!(blue_to_move.to_move(), crate::board::Colour::Blue);
        assert_eq!(evaluate(&blue_to_move), -THREAT_WAITING - SQUARE - 2 * SPOT);
    }
}
