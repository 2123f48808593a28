//! The review in words: the same words for `jump61 review`, the Python package and the web
//! page, so that each face says what the others say.

use super::chance::Drop;
use super::{Mark, MoveReview, Review};
use crate::board::Board;

/// A mark as a few words: "kept the win", "threw the win away (winning: 1 1, 2 3)" (with
/// "; 4 1 not settled" when the limits proved some moves neither winning nor losing),
/// "lost already", "won the game", or the drop's "good", "inaccuracy", "mistake", "blunder".
pub fn mark_text(mark: &Mark, board: &Board) -> String {
    match mark {
        Mark::WonTheGame => "won the game".to_string(),
        Mark::KeptTheWin => "kept the win".to_string(),
        Mark::ThrewTheWinAway { winning, unsettled } => {
            format!(
                "threw the win away{}",
                winning_text(winning, unsettled, board)
            )
        }
        Mark::LostAlready => "lost already".to_string(),
        Mark::Judged(drop) => drop_text(*drop).to_string(),
    }
}

/// The moves that kept a thrown win, in brackets: ` (winning: 1 1, 2 3)`, ` (winning: 1 1;
/// 4 1, 4 2 not settled)`, ` (winning: none proven; 4 1 not settled)`; empty when none is
/// known.
fn winning_text(winning: &[usize], unsettled: &[usize], board: &Board) -> String {
    let list = |squares: &[usize]| {
        let named: Vec<String> = squares
            .iter()
            .map(|&sq| board.coord(sq).to_string())
            .collect();
        named.join(", ")
    };
    match (winning.is_empty(), unsettled.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!(" (winning: {})", list(winning)),
        (false, false) => format!(
            " (winning: {}; {} not settled)",
            list(winning),
            list(unsettled)
        ),
        (true, false) => format!(" (winning: none proven; {} not settled)", list(unsettled)),
    }
}

/// The word of a drop in the chance of winning.
pub fn drop_text(drop: Drop) -> &'static str {
    match drop {
        Drop::Good => "good",
        Drop::Inaccuracy => "inaccuracy",
        Drop::Mistake => "mistake",
        Drop::Blunder => "blunder",
    }
}

/// A chance as the mover sees it: "won" or "lost" when certain (proven, or a forced win
/// the search found), else a percentage.
fn chance_text(chance: f64) -> String {
    if chance == 1.0 {
        "won".to_string()
    } else if chance == 0.0 {
        "lost".to_string()
    } else {
        format!("{:.0}%", 100.0 * chance)
    }
}

/// One move's line: `7. Red 2 3: kept the win (won -> won)`, the mover's chance before
/// and after in the brackets.
pub fn move_line(number: usize, mv: &MoveReview, board: &Board) -> String {
    format!(
        "{number}. {} {}: {} ({} -> {})",
        mv.mover.name(),
        board.coord(mv.square),
        mark_text(&mv.mark, board),
        chance_text(mv.before),
        chance_text(mv.after),
    )
}

/// The whole review, a line a move, and a closing line with the result.
pub fn lines(review: &Review) -> Vec<String> {
    let mut out: Vec<String> = review
        .moves
        .iter()
        .enumerate()
        .map(|(i, mv)| move_line(i + 1, mv, &review.positions[i].board))
        .collect();
    let last = review.positions.last().map(|p| p.board);
    out.push(match last.and_then(|b| b.winner()) {
        Some(winner) => format!("{} won in {} moves", winner.name(), review.moves.len()),
        None => format!("unfinished after {} moves", review.moves.len()),
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thrown_win_names_its_winning_moves_and_the_moves_not_settled() {
        let board = Board::new(4);
        let thrown = |winning: Vec<usize>, unsettled: Vec<usize>| {
            mark_text(&Mark::ThrewTheWinAway { winning, unsettled }, &board)
        };
        assert_eq!(
            thrown(vec![0, 6], vec![]),
            "threw the win away (winning: 1 1, 2 3)"
        );
        assert_eq!(
            thrown(vec![8, 9], vec![12, 15]),
            "threw the win away (winning: 3 1, 3 2; 4 1, 4 4 not settled)"
        );
        assert_eq!(
            thrown(vec![], vec![12]),
            "threw the win away (winning: none proven; 4 1 not settled)"
        );
        assert_eq!(thrown(vec![], vec![]), "threw the win away");
    }
}
