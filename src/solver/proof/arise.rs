//! Whether a position could arise in a game: the invariants every position reached by moves
//! keeps, whatever moves were played. A proof, a job file or a split is about positions of
//! games, so a position that breaks one of these is refused rather than solved.
//!
//! The notation already refuses white squares with the wrong spots and overfull squares on
//! a board in play; what is left are the moves the spots imply. Every move adds one spot, so
//! the moves played are the spots above the start's (none on the 2013 board, one a square
//! on the 2014 board); a square is coloured only by a move; and the square a move lands on
//! stays its mover's until the opponent moves again. The 2013 command `move N` may give the
//! turn to either side, so there the last of these is not checked.

use crate::board::{Board, Colour, Rules};

/// `Ok` if `board` could arise in a game under its rules; otherwise why not.
///
/// ```
/// use jump61::{board::Board, solver::proof::arise::could_arise};
/// assert!(could_arise(&"2r1-/1-1-".parse::<Board>().unwrap()).is_ok());
/// // Red has moved once, yet owns nothing.
/// assert!(could_arise(&"2b1-/1-1-".parse::<Board>().unwrap()).is_err());
/// ```
pub fn could_arise(board: &Board) -> Result<(), String> {
    let start = board.squares() as u32 * u32::from(board.white_spots());
    let moves = board.total_spots() - start;
    let coloured = board.owned(Colour::Red) | board.owned(Colour::Blue);
    if moves == 0 && coloured != 0 {
        return Err(format!(
            "{} has coloured squares but no move played (its spots are the start's)",
            board.to_notation()
        ));
    }
    let last = board.to_move().opponent();
    if board.rules() == Rules::V2014 && moves > 0 && board.owned(last) == 0 {
        return Err(format!(
            "{} cannot arise: {last} moved last (the spots say {} is to move) but owns no square",
            board.to_notation(),
            board.to_move()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_of_random_games_could_arise() {
        for rules in [Rules::V2013, Rules::V2014] {
            for seed in 0..50u64 {
                let mut board = Board::with_rules(3, rules);
                let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                while board.winner().is_none() {
                    assert_eq!(could_arise(&board), Ok(()), "{}", board.to_notation());
                    let moves: Vec<usize> = crate::board::Squares(board.legal_moves()).collect();
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    board.play(moves[state as usize % moves.len()]);
                }
            }
        }
    }

    #[test]
    fn colour_without_moves_or_a_mover_without_squares_is_refused() {
        let no_move: Board = "1r1-/1-1-".parse().unwrap();
        assert!(could_arise(&no_move).is_err());
        let red_owns_nothing: Board = "2b1-/1-1-".parse().unwrap();
        assert!(could_arise(&red_owns_nothing).is_err());
        // Under the 2013 rules `move N` may hand the turn to either side.
        let b = Board::parse_with_rules("1b--/----", Rules::V2013).unwrap();
        assert_eq!(could_arise(&b), Ok(()));
    }
}
