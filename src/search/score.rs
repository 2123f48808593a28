//! Scores: heuristic values, and wins and losses that carry their distance.

use std::fmt;

/// A won position is worth `WIN - plies to the win`.
pub const WIN: i32 = 30_000;
/// The deepest ply the search reaches; scores beyond `WIN - MAX_PLY` are wins.
pub const MAX_PLY: usize = 128;
/// Bounds wider than any score.
pub const INFINITY: i32 = WIN + 1;

/// A score from the side to move's view; wins and losses carry their distance in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// The side to move wins in this many plies (counting both sides' moves).
    pub fn win_plies(self) -> Option<u32> {
        (self.0 > WIN - MAX_PLY as i32).then(|| (WIN - self.0) as u32)
    }

    /// The side to move loses in this many plies.
    pub fn loss_plies(self) -> Option<u32> {
        (self.0 < -(WIN - MAX_PLY as i32)).then(|| (WIN + self.0) as u32)
    }

    /// Whether the score is a proven win or loss.
    pub fn is_decisive(self) -> bool {
        self.win_plies().is_some() || self.loss_plies().is_some()
    }
}

impl fmt::Display for Score {
    /// `cp N` (hundredths of a square), `win in N` or `loss in N` (the mover's own moves).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.win_plies() {
            write!(f, "win in {}", p.div_ceil(2))
        } else if let Some(p) = self.loss_plies() {
            write!(f, "loss in {}", p / 2)
        } else {
            write!(f, "cp {}", self.0)
        }
    }
}

/// Converts a score at `ply` to the table's form: wins counted from this node, not the root.
pub fn to_table(score: i32, ply: usize) -> i16 {
    let s = if score > WIN - MAX_PLY as i32 {
        score + ply as i32
    } else if score < -(WIN - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    };
    s as i16
}

/// Converts a table score back to a score at `ply`.
pub fn from_table(score: i16, ply: usize) -> i32 {
    let s = score as i32;
    if s > WIN - MAX_PLY as i32 {
        s - ply as i32
    } else if s < -(WIN - MAX_PLY as i32) {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_read_in_the_movers_own_moves() {
        assert_eq!(Score(WIN - 1).to_string(), "win in 1");
        assert_eq!(Score(WIN - 7).to_string(), "win in 4");
        assert_eq!(Score(-(WIN - 2)).to_string(), "loss in 1");
        assert_eq!(Score(-(WIN - 8)).to_string(), "loss in 4");
        assert_eq!(Score(-35).to_string(), "cp -35");
        assert!(!Score(9000).is_decisive());
    }

    #[test]
    fn table_scores_round_trip_at_any_ply() {
        for s in [WIN - 3, -(WIN - 5), 0, 777, -777] {
            for ply in [0, 1, 9, 40] {
                assert_eq!(from_table(to_table(s, ply), ply), s);
            }
        }
    }
}
