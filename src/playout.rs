//! Random playouts: games played to the end by uniformly random legal moves from a seed,
//! the same games on every machine. They measure the rules' speed from outside (the Python
//! package times them against its own calls) and give agents a cheap baseline.

use crate::board::{Board, Colour, splitmix64};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// What a batch of random playouts ended in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    /// Games played to the end (fewer than asked when stopped).
    pub games: u64,
    pub red_wins: u64,
    pub blue_wins: u64,
    /// Moves played over all the games.
    pub moves: u64,
}

/// A stream of random legal moves: splitmix64 from the seed, one draw a move.
struct RandomMoves {
    state: u64,
}

impl RandomMoves {
    /// A uniformly drawn legal move of `board`, which must have one.
    fn pick(&mut self, board: &Board) -> usize {
        let (state, draw) = splitmix64(self.state);
        self.state = state;
        let mut legal = board.legal_moves();
        // Multiply-shift maps the draw onto 0..count without a division.
        let skip = ((draw as u128 * legal.count_ones() as u128) >> 64) as u32;
        for _ in 0..skip {
            legal &= legal - 1;
        }
        legal.trailing_zeros() as usize
    }
}

/// Plays `games` random games from `board` (seeded by `seed`, one stream for the batch)
/// and counts who won them; stops between games once `stop` is set.
///
/// ```
/// use jump61::{board::Board, playout::random_playouts};
/// use std::sync::atomic::AtomicBool;
/// let done = random_playouts(&Board::new(3), 10, 1, &AtomicBool::new(false));
/// assert_eq!(done.games, 10);
/// assert_eq!(done.red_wins + done.blue_wins, 10);
/// ```
pub fn random_playouts(board: &Board, games: u64, seed: u64, stop: &AtomicBool) -> Playouts {
    let mut moves = RandomMoves { state: seed };
    let mut done = Playouts::default();
    for _ in 0..games {
        if stop.load(Relaxed) {
            break;
        }
        let mut game = *board;
        while game.winner().is_none() {
            game.play(moves.pick(&game));
            done.moves += 1;
        }
        done.games += 1;
        match game.winner() {
            Some(Colour::Red) => done.red_wins += 1,
            _ => done.blue_wins += 1,
        }
    }
    done
}

/// The moves (squares) of one random game from `board` to its end, drawn as the first game
/// of [`random_playouts`] with the same seed draws them.
pub fn random_game(board: &Board, seed: u64) -> Vec<usize> {
    let mut moves = RandomMoves { state: seed };
    let mut game = *board;
    let mut played = Vec::new();
    while game.winner().is_none() {
        let sq = moves.pick(&game);
        game.play(sq);
        played.push(sq);
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Squares;

    #[test]
    fn a_game_plays_only_legal_moves_to_a_win() {
        for seed in 0..20 {
            let mut board = Board::new(4);
            let moves = random_game(&board, seed);
            for &sq in &moves {
                assert!(Squares(board.legal_moves()).any(|m| m == sq));
                board.play(sq);
            }
            assert!(board.winner().is_some());
        }
    }

    #[test]
    fn the_batch_starts_with_the_game_of_the_same_seed() {
        let board = Board::new(5);
        let one = random_playouts(&board, 1, 7, &AtomicBool::new(false));
        assert_eq!(one.moves, random_game(&board, 7).len() as u64);
        let many = random_playouts(&board, 50, 7, &AtomicBool::new(false));
        assert_eq!(
            many,
            random_playouts(&board, 50, 7, &AtomicBool::new(false))
        );
        assert_eq!(many.red_wins + many.blue_wins, 50);
        assert!(many.red_wins > 0 && many.blue_wins > 0, "{many:?}");
    }

    #[test]
    fn a_set_stop_plays_nothing_and_a_won_board_ends_at_once() {
        let stopped = random_playouts(&Board::new(6), 10, 1, &AtomicBool::new(true));
        assert_eq!(stopped.games, 0);
        let won: Board = "2r2r/1r1r".parse().unwrap();
        let done = random_playouts(&won, 3, 1, &AtomicBool::new(false));
        assert_eq!((done.games, done.red_wins, done.moves), (3, 3, 0));
    }
}
