//! A move's chain reaction as the page animates it: the board's own waves
//! (`Board::waves`), each square as `[spots, owner]`.

use crate::board::{Board, Colour, Frame};
use crate::web::protocol::Square;

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
    frame(&Frame::of(board))
}

fn frame(f: &Frame) -> Vec<Square> {
    f.spots
        .iter()
        .zip(&f.owners)
        .map(|(&spots, &owner)| square(spots, owner))
        .collect()
}

/// The frames of the legal move `sq` played on `before`: the board with the move's spot
/// added, then the board after each wave of toppling.
pub fn waves(before: &Board, sq: usize) -> Vec<Vec<Square>> {
    before.waves(sq).iter().map(frame).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Rules, Squares};
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// The last frame the page gets is the board `Board::play` leaves, on random games of
    /// every size and both rule sets, winning moves included.
    #[test]
    fn the_last_frame_is_the_boards_own_result() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(61);
        let mut moves_checked = 0;
        for game in 0..200 {
            let size = 2 + game % 9;
            let rules = [Rules::V2014, Rules::V2013][game % 2];
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
        assert!(moves_checked > 5_000, "{moves_checked}");
    }
}
