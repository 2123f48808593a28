//! A game clock as players know it from chess: each side has a total time for the game and
//! gains an increment after each of its moves. The AI divides what it has left over the
//! moves it still expects to make, and never lets one move take more than half of it, so its
//! flag never falls.

use super::limits::Limits;
use crate::board::{Board, ByColour, Colour};
use std::time::Duration;

/// Each side's time left, and the rules that fill it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    total: Duration,
    increment: Duration,
    left: ByColour<Duration>,
}

/// Fewest own moves the AI ever expects still to make: a short game is no reason to spend
/// the clock in a few moves.
const MIN_MOVES_TO_GO: f64 = 10.0;
/// Plies a game lasts, per square of the board: 63 on 6x6 (one game measured).
const PLIES_PER_SQUARE: f64 = 1.75;
/// Share of the increment spent on the move that earns it.
const INCREMENT_SHARE: f64 = 0.8;
/// A move may take at most this many times its share, and at most this share of the time left.
const HARD_OVER_SOFT: f64 = 3.0;
const HARD_SHARE_OF_LEFT: f64 = 0.5;
/// Kept back from every move for the reply to reach the other side.
const OVERHEAD: Duration = Duration::from_millis(5);
/// Share of the total never planned for: a busy machine can hold a thread back for many
/// milliseconds past a stop, and that must not flag the last moves of a game.
const RESERVE_SHARE: u32 = 20;

impl GameClock {
    /// A fresh clock: `total` for each side.
    pub fn new(total: Duration, increment: Duration) -> GameClock {
        GameClock {
            total,
            increment,
            left: ByColour {
                red: total,
                blue: total,
            },
        }
    }

    /// Both sides back to the full total (a new game).
    pub fn reset(&mut self) {
        *self = GameClock::new(self.total, self.increment);
    }

    /// The time `colour` has left.
    pub fn left(&self, colour: Colour) -> Duration {
        *self.left.get(colour)
    }

    /// Charges `colour` for a move that took `used`, then credits the increment. A side whose
    /// time ran out keeps zero (the AI's never does; see `limits`).
    pub fn charge(&mut self, colour: Colour, used: Duration) {
        let left = self.left.get_mut(colour);
        *left = left.saturating_sub(used) + self.increment;
    }

    /// Own moves the side to move still expects to make in this game, from how many have been
    /// made: every move adds one spot, so the spots beyond one a square count the plies.
    fn moves_to_go(board: &Board) -> f64 {
        let squares = board.squares() as f64;
        let plies = (board.total_spots() as f64 - squares).max(0.0);
        ((PLIES_PER_SQUARE * squares - plies) / 2.0).max(MIN_MOVES_TO_GO)
    }

    /// The limits of the next move of the side to move on `board`.
    pub fn limits(&self, board: &Board) -> Limits {
        let left = self
            .left(board.to_move())
            .saturating_sub(OVERHEAD + self.total / RESERVE_SHARE);
        let share = left.as_secs_f64() / GameClock::moves_to_go(board)
            + self.increment.as_secs_f64() * INCREMENT_SHARE;
        let hard = (share * HARD_OVER_SOFT).min(left.as_secs_f64() * HARD_SHARE_OF_LEFT);
        let soft = share.min(hard);
        Limits {
            soft_time: Duration::from_secs_f64(soft),
            hard_time: Duration::from_secs_f64(hard),
            stable_stop: true,
            ..Limits::infinite()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_gets_a_share_and_never_half_of_what_is_left() {
        let clock = GameClock::new(Duration::from_secs(60), Duration::ZERO);
        let board = Board::new(6);
        let l = clock.limits(&board);
        // 6x6 start: 57 s planned for 31.5 moves, so about 1.8 s soft, 5.4 s hard.
        assert!((1.7..1.9).contains(&l.soft_time.as_secs_f64()), "{l:?}");
        assert!((5.2..5.6).contains(&l.hard_time.as_secs_f64()), "{l:?}");
        let mut low = clock.clone();
        low.charge(Colour::Red, Duration::from_millis(56_900));
        let l = low.limits(&board);
        assert!(l.hard_time <= Duration::from_millis(50), "{l:?}");
        assert!(l.stable_stop);
    }

    #[test]
    fn the_increment_is_credited_and_spent() {
        let mut clock = GameClock::new(Duration::from_secs(1), Duration::from_secs(2));
        clock.charge(Colour::Blue, Duration::from_millis(500));
        assert_eq!(clock.left(Colour::Blue), Duration::from_millis(2500));
        assert_eq!(clock.left(Colour::Red), Duration::from_secs(1));
        clock.reset();
        assert_eq!(clock.left(Colour::Blue), Duration::from_secs(1));
        // Most of the increment goes into every move, but never half of what is left.
        let rich = GameClock::new(Duration::from_secs(10), Duration::from_secs(2));
        let l = rich.limits(&Board::new(6));
        assert!(l.soft_time > Duration::from_millis(1800), "{l:?}");
        assert!(clock.limits(&Board::new(6)).hard_time < Duration::from_millis(500));
    }
}
