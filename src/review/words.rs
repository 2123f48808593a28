//! The review in words: the same words for `jump61 review`, the Python package and the web
//! page, so that each face says what the others say.

use super::chance::Drop;
use super::{Mark, MoveReview, Review};
use crate::board::Board;

/// A mark as a few words: "kept the win", "threw the win away (winning: 1 1, 2 3)", "lost
/// already", "won the game", or the drop's "good", "inaccuracy", "mistake", "blunder".
pub fn mark_text(mark: &Mark, board: &Board) -> String {
    match mark {
        Mark::WonTheGame => "won the game".to_string(),
        Mark::KeptTheWin => "kept the win".to_string(),
        Mark::ThrewTheWinAway { winning } if winning.is_empty() => "threw the win away".to_string(),
        Mark::ThrewTheWinAway { winning } => {
            let squares: Vec<String> = winning
                .iter()
                .map(|&sq| board.coord(sq).to_string())
                .collect();
            format!("threw the win away (winning: {})", squares.join(", "))
        }
        Mark::LostAlready => "lost already".to_string(),
        Mark::Judged(drop) => drop_text(*drop).to_string(),
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
