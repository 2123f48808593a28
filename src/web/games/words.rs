//! The games' words for what the page and `jump61 games` show: a colour's name, a score
//! for people, a finished game's result.

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

/// A finished game's result for people, from its winner (`red` or `blue`) and how it ended
/// as the store keeps it: `Red won on the board`, `Red won: Blue resigned`, `Red won on
/// time`, `Red won by claim: Blue left`. Jump Snatch's sides are its first and second
/// player (kept as `red` and `blue`).
pub fn result_text(kind: &str, winner: &str, how: &str) -> String {
    let [first, second] = if kind == "snatch" {
        ["First player", "Second player"]
    } else {
        ["Red", "Blue"]
    };
    let (won, lost) = match winner {
        "red" => (first, second),
        "blue" => (second, first),
        _ => return how.to_string(),
    };
    match how {
        "won on the board" => format!("{won} won on the board"),
        "resigned" => format!("{won} won: {lost} resigned"),
        "on time" => format!("{won} won on time"),
        "claimed: the other player left" => format!("{won} won by claim: {lost} left"),
        other => format!("{won} won ({other})"),
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

    #[test]
    fn every_way_a_game_ends_reads_as_a_sentence() {
        let said = |kind, winner, how| result_text(kind, winner, how);
        assert_eq!(
            said("jump61", "red", "won on the board"),
            "Red won on the board"
        );
        assert_eq!(said("jump61", "blue", "resigned"), "Blue won: Red resigned");
        assert_eq!(said("jump61", "red", "on time"), "Red won on time");
        assert_eq!(
            said("jump61", "blue", "claimed: the other player left"),
            "Blue won by claim: Red left"
        );
        assert_eq!(
            said("snatch", "blue", "won on the board"),
            "Second player won on the board"
        );
        assert_eq!(
            said("jump61", "red", "adjudicated"),
            "Red won (adjudicated)"
        );
        assert_eq!(said("jump61", "none", "not finished"), "not finished");
    }
}
