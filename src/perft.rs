//! Perft: the number of move sequences of a given length, the standard check of move
//! generation. Won positions are leaves: they have no moves.

use crate::board::{Board, Squares};
use rayon::prelude::*;

/// Number of move sequences of exactly `depth` plies from `board`, on this thread.
///
/// At the last ply the moves are counted, not made (bulk counting), and at the last two
/// only the moves that topple are made. Perft never reads the hash, so it does not keep it.
///
/// ```
/// use jump61::{board::Board, perft::perft};
/// assert_eq!(perft(&Board::new(4), 3), 3600);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    let moves = board.legal_moves();
    match depth {
        0 => 1,
        1 => moves.count_ones() as u64,
        // Only the moves that topple are made: see `Board::count_two_plies`.
        2 => board.count_two_plies(),
        _ => Squares(moves)
            .map(|sq| {
                let mut child = *board;
                child.play_unhashed(sq);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Perft split over the root moves on the current rayon pool.
pub fn perft_parallel(board: &Board, depth: u32) -> u64 {
    if depth < 3 {
        return perft(board, depth);
    }
    divide(board, depth).iter().map(|&(_, n)| n).sum()
}

/// The perft count below each root move (square, count), searched in parallel, in square
/// order. Empty for depth 0 or a won position.
pub fn divide(board: &Board, depth: u32) -> Vec<(usize, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<usize> = Squares(board.legal_moves()).collect();
    moves
        .par_iter()
        .map(|&sq| {
            let mut child = *board;
            child.play(sq);
            (sq, perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_match_published_counts() {
        let b4 = Board::new(4);
        let counts: Vec<u64> = (1..=4).map(|d| perft(&b4, d)).collect();
        assert_eq!(counts, [16, 240, 3600, 50520]);
        let b6 = Board::new(6);
        let counts: Vec<u64> = (1..=3).map(|d| perft(&b6, d)).collect();
        assert_eq!(counts, [36, 1260, 44100]);
    }

    #[test]
    fn divide_sums_to_perft() {
        let b = Board::new(5);
        let parts = divide(&b, 3);
        assert_eq!(parts.len(), 25);
        assert_eq!(parts.iter().map(|p| p.1).sum::<u64>(), perft(&b, 3));
        assert_eq!(perft_parallel(&b, 4), perft(&b, 4));
    }
}
