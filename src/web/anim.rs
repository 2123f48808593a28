//! A move's chain reaction as the page animates it: the board after each wave.
//!
//! `Board::play` works on packed words and reports only the end, and it must stay as fast
//! as it is (perft and bench depend on it), so the waves are replayed here square by square
//! on plain arrays, in the board's own order: every square overfull when a wave begins
//! topples once, in ascending order, and the chain stops the moment the mover owns every
//! square. A test checks that the last frame is always the board `Board::play` leaves.

use super::protocol::Square;
use crate::board::{Board, Colour, geometry};

/// A square's spots and owner, as the page draws them.
pub fn square(spots: u8, owner: Option<Colour>) -> Square {
    let letter = match owner {
        Some(Colour::Red) => "r",
        Some(Colour::Blue) => "b",
        None => "w",
    };
    (spots, letter)
}

/// Every square of `board`, row-major.
pub fn squares(board: &Board) -> Vec<Square> {
    (0..board.squares())
        .map(|sq| square(board.spots(sq), board.owner(sq)))
        .collect()
}

/// The frames of the legal move `sq` played on `before`: the board with the move's spot
/// added, then the board after each wave of toppling.
pub fn waves(before: &Board, sq: usize) -> Vec<Vec<Square>> {
    let g = geometry(before.size() as u8);
    let n = before.squares();
    let me = before.to_move();
    let mut spots: Vec<u8> = (0..n).map(|s| before.spots(s)).collect();
    let mut owner: Vec<Option<Colour>> = (0..n).map(|s| before.owner(s)).collect();
    let frame = |spots: &[u8], owner: &[Option<Colour>]| -> Vec<Square> {
        (0..n).map(|s| square(spots[s], owner[s])).collect()
    };
    spots[sq] += 1;
    owner[sq] = Some(me);
    let mut frames = vec![frame(&spots, &owner)];
    let overfull =
        |spots: &[u8]| -> Vec<usize> { (0..n).filter(|&s| spots[s] > g.capacity[s]).collect() };
    let mut wave = overfull(&spots);
    let mut mine = owner.iter().filter(|&&o| o == Some(me)).count();
    while !wave.is_empty() {
        for &t in &wave {
            let capacity = g.capacity[t] as usize;
            spots[t] -= capacity as u8;
            for &neighbour in &g.neighbours[t][..capacity] {
                let neighbour = neighbour as usize;
                spots[neighbour] += 1;
                if owner[neighbour] != Some(me) {
                    owner[neighbour] = Some(me);
                    mine += 1;
                }
            }
            if mine == n {
                frames.push(frame(&spots, &owner));
                return frames;
            }
        }
        frames.push(frame(&spots, &owner));
        wave = overfull(&spots);
    }
    frames
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rules;
    use crate::board::Squares;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn a_quiet_move_is_one_frame() {
        let board = Board::new(3);
        let frames = waves(&board, 4);
        assert_eq!(frames.len(), 1);
        assert_eq!(frames[0][4], (2, "r"));
        assert_eq!(frames[0][0], (1, "w"));
    }

    #[test]
    fn a_corner_topples_in_waves_on_the_boards_order() {
        // Red's corner holds 2 spots (its capacity); one more topples it onto both neighbours.
        let mut board = Board::new(3);
        board.set_square(0, 2, Some(Colour::Red));
        board.set_square(1, 3, Some(Colour::Red));
        board.set_to_move(Colour::Red);
        let frames = waves(&board, 0);
        assert_eq!(frames[0][0], (3, "r"));
        // Wave 1: the corner gives one spot to 1 (now 4 > 3) and one to 3.
        assert_eq!(frames[1][0], (1, "r"));
        assert_eq!(frames[1][1], (4, "r"));
        assert_eq!(frames[1][3], (2, "r"));
        // Wave 2: square 1 topples onto 0, 2 and 4.
        assert_eq!(frames[2][1], (1, "r"));
        assert_eq!(frames[2][2], (2, "r"));
        assert_eq!(frames[2][4], (2, "r"));
        assert_eq!(frames.len(), 3);
    }

    /// The last frame is the board `Board::play` leaves, on random games of every size and
    /// both rule sets, winning moves included.
    #[test]
    fn the_last_frame_is_the_boards_own_result() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(61);
        let mut moves_checked = 0;
        for game in 0..400 {
            let size = 2 + game % 9;
            let rules = if game % 2 == 0 {
                Rules::V2014
            } else {
                Rules::V2013
            };
            let mut board = Board::with_rules(size, rules);
            while board.winner().is_none() {
                let legal: Vec<usize> = Squares(board.legal_moves()).collect();
                let sq = legal[rng.random_range(0..legal.len())];
                let frames = waves(&board, sq);
                board.play(sq);
                assert_eq!(frames.last(), Some(&squares(&board)), "{board:?}");
                moves_checked += 1;
            }
        }
        assert!(moves_checked > 10_000, "{moves_checked}");
    }
}
