//! Perft: the number of move sequences of a given length, the standard check of move
//! generation. Won positions are leaves: they have no moves.

use crate::board::{Board, Squares};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

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

/// [`perft_parallel`] that its caller can stop: `None` once `stop` is set. The flag is
/// looked at in every position more than a few plies from the end (`STOP_UNSEEN`), so a count of
/// hours stops within milliseconds, and the count itself is [`perft`]'s below that.
pub fn perft_stoppable(board: &Board, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= STOP_UNSEEN {
        return Some(perft(board, depth));
    }
    let moves: Vec<usize> = Squares(board.legal_moves()).collect();
    moves
        .par_iter()
        .map(|&sq| {
            let mut child = *board;
            child.play(sq);
            counted_unless_stopped(&child, depth - 1, stop)
        })
        .sum()
}

/// Plies from the end below which [`perft_stoppable`] does not look at its flag: the
/// count of 3 plies is at most a million leaves on 10x10, counted in bulk in milliseconds.
const STOP_UNSEEN: u32 = 3;

/// [`perft`] on this thread, `None` once `stop` is set.
fn counted_unless_stopped(board: &Board, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= STOP_UNSEEN {
        return Some(perft(board, depth));
    }
    if stop.load(Relaxed) {
        return None;
    }
    Squares(board.legal_moves())
        .map(|sq| {
            let mut child = *board;
            child.play(sq);
            counted_unless_stopped(&child, depth - 1, stop)
        })
        .sum()
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

    #[test]
    fn a_stoppable_count_is_perfts_and_stops_when_told() {
        let go = AtomicBool::new(false);
        let b5 = Board::new(5);
        for depth in 0..=5 {
            assert_eq!(perft_stoppable(&b5, depth, &go), Some(perft(&b5, depth)));
        }
        // 10x10 at depth 9 would take days: stopped before it starts, it ends at once.
        let stop = AtomicBool::new(true);
        assert_eq!(perft_stoppable(&Board::new(10), 9, &stop), None);
        // Stopped from another thread while it counts.
        let start = std::time::Instant::now();
        let counted = std::thread::scope(|s| {
            let counting = s.spawn(|| perft_stoppable(&Board::new(10), 9, &go));
            std::thread::sleep(std::time::Duration::from_millis(100));
            go.store(true, Relaxed);
            counting.join().unwrap()
        });
        assert_eq!(counted, None);
        assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
    }
}
