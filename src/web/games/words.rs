//! The games' words for what the page shows: a colour's name, a score for people.

use crate::board::Colour;
use crate::search::Score;

/// `red` or `blue`.
pub fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "red",
        Colour::Blue => "blue",
    }
}

/// A score for people: `+0.42` squares, `wins in 5`, `loses in 3` (the mover's own moves).
pub fn score_text(score: Score) -> String {
    if let Some(plies) = score.win_plies() {
        format!("wins in {}", plies.div_ceil(2))
    } else if let Some(plies) = score.loss_plies() {
        format!("loses in {}", plies / 2)
    } else {
        format!("{:+.2}", score.0 as f64 / 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::WIN;

    #[test]
    fn scores_read_as_squares_or_proven_results() {
        assert_eq!(score_text(Score(42)), "+0.42");
        assert_eq!(score_text(Score(-150)), "-1.50");
        assert_eq!(score_text(Score(0)), "+0.00");
        // A win 3 plies away is the mover's second own move; a loss 4 plies away its second.
        assert_eq!(score_text(Score(WIN - 3)), "wins in 2");
        assert_eq!(score_text(Score(-(WIN - 4))), "loses in 2");
    }
}
