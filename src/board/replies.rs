//! Counting two plies at once (perft 2) while making only the moves that topple.
//!
//! A quiet move (one spot on a square below capacity) changes nothing the replies depend on
//! but the square's owner: the replies are then every square the mover does not own (none
//! when the mover owns them all: the win). So the quiet moves' replies are summed in one
//! stroke from two popcounts, and only the moves onto critical squares are played.

use super::Board;
use super::geometry::{Squares, geometry};

impl Board {
    /// The number of move sequences of two plies from this position (perft 2): each legal
    /// move's count of legal replies, summed.
    ///
    /// ```
    /// use jump61::board::Board;
    /// assert_eq!(Board::new(6).count_two_plies(), 1260);
    /// ```
    #[inline(always)]
    pub fn count_two_plies(&self) -> u64 {
        let moves = self.legal_moves();
        if moves == 0 {
            return 0;
        }
        let all = geometry(self.size).all;
        let mine = self.owned(self.to_move());
        let toppling = moves & self.critical();
        let quiet = moves & !toppling;
        // After a quiet move on `sq` the replies are `all & !(mine | sq)`: one fewer than the
        // squares not yet mine when `sq` was not mine.
        let not_mine = u64::from((all & !mine).count_ones());
        let quiet_total =
            u64::from(quiet.count_ones()) * not_mine - u64::from((quiet & !mine).count_ones());
        let toppling_total: u64 = Squares(toppling)
            .map(|sq| {
                let mut child = *self;
                child.play_unhashed(sq);
                u64::from(child.legal_moves().count_ones())
            })
            .sum();
        quiet_total + toppling_total
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Colour, MAX_SIZE, MIN_SIZE, Rules};
    use super::*;

    /// Perft 2 the plain way: every move made, every reply counted.
    fn played_two_plies(board: &Board) -> u64 {
        Squares(board.legal_moves())
            .map(|sq| {
                let mut child = *board;
                child.play(sq);
                u64::from(child.legal_moves().count_ones())
            })
            .sum()
    }

    #[test]
    fn two_plies_counted_match_two_plies_played() {
        let mut state = 0x61_u64;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        let (mut wins, mut checked) = (0, 0);
        for size in MIN_SIZE..=MAX_SIZE {
            for rules in [Rules::V2014, Rules::V2013] {
                for game in 0..30 {
                    let mut b = Board::with_rules(size, rules);
                    if game % 3 == 0 {
                        b.set_to_move(Colour::Blue);
                    }
                    for _ in 0..next(6 * size * size) {
                        let moves: Vec<usize> = Squares(b.legal_moves()).collect();
                        if moves.is_empty() {
                            break;
                        }
                        b.play(moves[next(moves.len())]);
                        assert_eq!(b.count_two_plies(), played_two_plies(&b), "size {size}");
                        checked += 1;
                    }
                    wins += b.winner().is_some() as usize;
                }
            }
        }
        assert!(
            checked > 10_000 && wins > 50,
            "{checked} positions, {wins} won"
        );
    }
}
