//! Match openings: a few random legal plies from the initial position, drawn from a seeded
//! generator so that a match can be replayed exactly.

use crate::board::{Board, Coord, Rules, Squares};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;
use std::fmt;

/// How many times an opening is drawn again when it repeats an earlier one. Small boards
/// have few short openings, so repeats are then accepted.
const REDRAWS: usize = 20;

/// A starting position and the plies that led to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub board: Board,
    pub plies: Vec<Coord>,
}

impl fmt::Display for Opening {
    /// The plies as `r:c` squares, such as `2:3 1:1 4:4`, or `start` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.plies.is_empty() {
            return f.write_str("start");
        }
        let squares: Vec<String> = self
            .plies
            .iter()
            .map(|c| format!("{}:{}", c.row, c.col))
            .collect();
        f.write_str(&squares.join(" "))
    }
}

/// `count` openings of `plies` random legal plies each on a `size` board, none of which
/// ends the game (an opening is shorter only if every move would end it). Openings differ
/// from one another when a few redraws can manage it. The same arguments give the same
/// openings, and a longer list starts with the shorter one.
///
/// `size` must be a valid board size.
///
/// ```
/// use jump61::arena::openings::openings;
/// let list = openings(6, 4, 3, 1);
/// assert_eq!(list.len(), 3);
/// assert!(list.iter().all(|o| o.plies.len() == 4 && o.board.winner().is_none()));
/// assert_eq!(openings(6, 4, 2, 1), list[..2]);
/// ```
pub fn openings(size: usize, plies: usize, count: usize, seed: u64) -> Vec<Opening> {
    openings_with_rules(size, plies, count, seed, Rules::V2014)
}

/// `openings` from the initial position of `rules`.
pub fn openings_with_rules(
    size: usize,
    plies: usize,
    count: usize,
    seed: u64,
    rules: Rules,
) -> Vec<Opening> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut seen = HashSet::new();
    (0..count)
        .map(|_| {
            let mut opening = random_opening(size, plies, rules, &mut rng);
            for _ in 0..REDRAWS {
                if !seen.contains(&opening.board) {
                    break;
                }
                opening = random_opening(size, plies, rules, &mut rng);
            }
            seen.insert(opening.board);
            opening
        })
        .collect()
}

/// Up to `plies` random legal plies from the initial position, never ending the game.
fn random_opening(
    size: usize,
    plies: usize,
    rules: Rules,
    rng: &mut Xoshiro256PlusPlus,
) -> Opening {
    let mut board = Board::with_rules(size, rules);
    let mut played = Vec::with_capacity(plies);
    for _ in 0..plies {
        let quiet: Vec<usize> = Squares(board.legal_moves())
            .filter(|&sq| {
                let mut next = board;
                next.play(sq);
                next.winner().is_none()
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        let sq = quiet[rng.random_range(0..quiet.len())];
        played.push(board.coord(sq));
        board.play(sq);
    }
    Opening {
        board,
        plies: played,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_legal_reproducible_and_varied() {
        let list = openings(6, 4, 50, 7);
        assert_eq!(list, openings(6, 4, 50, 7));
        assert_ne!(list, openings(6, 4, 50, 8));
        for opening in &list {
            let mut board = Board::new(6);
            for &c in &opening.plies {
                let sq = board.square_at(c).unwrap();
                assert!(board.is_legal(sq));
                board.play(sq);
            }
            assert_eq!(board, opening.board);
            assert_eq!(board.winner(), None);
        }
        let distinct: HashSet<_> = list.iter().map(|o| o.board).collect();
        assert_eq!(distinct.len(), 50);
    }

    #[test]
    fn short_and_empty_openings() {
        let none = openings(3, 0, 2, 1);
        assert!(
            none.iter()
                .all(|o| o.board == Board::new(3) && o.plies.is_empty())
        );
        assert_eq!(none[0].to_string(), "start");
        // A 2x2 board cannot take many plies without a win, and must not end the game.
        for opening in openings(2, 30, 10, 3) {
            assert_eq!(opening.board.winner(), None);
        }
        let one = &openings(4, 2, 1, 5)[0];
        let text = one.to_string();
        assert_eq!(text.split(' ').count(), 2);
        assert!(text.split(' ').all(|sq| sq.contains(':')));
    }
}
