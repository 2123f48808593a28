//! What the store keeps of a game, read off the game: its kind, board, players, moves and
//! winner, in the words the command loop uses. The keeper looks at a game after every
//! message: [`Keepable`] lets it do so without formatting anything (the moves are compared
//! as squares or as the words already kept), and only a new move is written out in words.

use super::jump61::Jump61;
use super::snatch::Snatch;
use crate::board::{Board, Colour};
use crate::snatch::board::Board as SnatchBoard;
use crate::snatch::session::Player;

/// What a new kept game starts with: what it is and who plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub kind: &'static str,
    pub size: u8,
    pub rules: String,
    pub start: String,
    pub red: String,
    pub blue: String,
    /// The game's clock, `M min a side + I s a move` (`None`: no clock, as in a game
    /// against the AI, which plays by its own limits).
    pub clock: Option<String>,
}

/// The position a game started from, as the game holds it: compared with the kept one
/// after each message without writing it out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Start {
    Jump61(Board),
    Snatch(SnatchBoard),
}

impl Start {
    /// The position in the game's notation, as the store keeps it.
    pub fn notation(&self) -> String {
        match self {
            Start::Jump61(board) => board.to_notation(),
            Start::Snatch(board) => board.notation(),
        }
    }
}

/// A game as the keeper looks at it after each message (nothing on the heap).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    pub kind: &'static str,
    pub size: u8,
    pub rules: &'static str,
    pub start: Start,
    /// `red` or `blue` once the game is won.
    pub winner: Option<&'static str>,
    /// The clocks' time left now, Red's and Blue's in milliseconds (kept with a new move).
    pub clock_left: Option<[i64; 2]>,
}

/// A kept move as the keeper compares it with the game's.
#[derive(Clone, Debug, PartialEq)]
pub enum Key {
    /// A Jump61 square.
    Square(usize),
    /// A move as written (Jump Snatch's, or a kept move that names no square).
    Written(String),
}

/// A game the keeper can keep.
pub trait Keepable {
    fn look(&self) -> Look;
    /// How many moves the game has, and how many of the first ones are `kept`.
    fn compare(&self, kept: &[Key]) -> (usize, usize);
    /// The game's moves from number `from` on: each as compared, and as the store keeps it.
    fn moves_from(&self, from: usize) -> Vec<(Key, String)>;
    /// What a new kept game starts with (only read when one is made).
    fn record(&self) -> Record;
}

/// A Jump61 move as the command loop writes it: `row col`.
pub fn square_words(start: &Board, sq: usize) -> String {
    let c = start.coord(sq);
    format!("{} {}", c.row, c.col)
}

/// The key of a kept Jump61 move: its square on a board of side `size`, if its words are
/// exactly those the game writes for it.
pub fn square_key(words: &str, size: u8) -> Key {
    let n = usize::from(size);
    let square = words.split_once(' ').and_then(|(row, col)| {
        let (row, col) = (row.parse::<usize>().ok()?, col.parse::<usize>().ok()?);
        let inside = (1..=n).contains(&row) && (1..=n).contains(&col);
        let sq = (row - 1) * n + col - 1;
        (inside && format!("{row} {col}") == words).then_some(sq)
    });
    square.map_or_else(|| Key::Written(words.to_string()), Key::Square)
}

impl Keepable for Jump61 {
    fn look(&self) -> Look {
        let session = &self.session;
        let start = session.start_board();
        Look {
            kind: "jump61",
            size: start.size() as u8,
            rules: session.dialect().name(),
            start: Start::Jump61(start),
            winner: session.board().winner().map(super::words::colour_name),
            clock_left: None,
        }
    }

    fn compare(&self, kept: &[Key]) -> (usize, usize) {
        let played = self.session.played();
        let len = played.len();
        let same = played.zip(kept);
        let shared = same
            .take_while(|(sq, k)| matches!(k, Key::Square(s) if s == sq))
            .count();
        (shared, len)
    }

    fn moves_from(&self, from: usize) -> Vec<(Key, String)> {
        let start = self.session.start_board();
        let played = self.session.played().skip(from);
        played
            .map(|sq| (Key::Square(sq), square_words(&start, sq)))
            .collect()
    }

    fn record(&self) -> Record {
        let session = &self.session;
        let start = session.start_board();
        let player = |colour| {
            if session.is_ai(colour) {
                let config = session.engine_config();
                format!("ai level {} {}", config.level, config.limit)
            } else {
                "person".to_string()
            }
        };
        Record {
            kind: "jump61",
            size: start.size() as u8,
            rules: session.dialect().to_string(),
            start: start.to_notation(),
            red: player(Colour::Red),
            blue: player(Colour::Blue),
            clock: None,
        }
    }
}

impl Keepable for Snatch {
    fn look(&self) -> Look {
        let session = &self.session;
        let start = session.start_board();
        Look {
            kind: "snatch",
            size: start.size() as u8,
            rules: "snatch",
            start: Start::Snatch(start),
            winner: session
                .winner()
                .map(|turn| if turn == 0 { "red" } else { "blue" }),
            clock_left: None,
        }
    }

    fn compare(&self, kept: &[Key]) -> (usize, usize) {
        let moves = self.session.moves();
        let same = moves.iter().zip(kept);
        let shared = same
            .take_while(|(mv, k)| matches!(k, Key::Written(w) if w == *mv))
            .count();
        (shared, moves.len())
    }

    fn moves_from(&self, from: usize) -> Vec<(Key, String)> {
        let moves = self.session.moves().iter().skip(from);
        moves
            .map(|mv| (Key::Written(mv.clone()), mv.clone()))
            .collect()
    }

    /// The first player is `red`, the second `blue`.
    fn record(&self) -> Record {
        let session = &self.session;
        let start = session.start_board();
        let player = |turn| match session.player_of(turn) {
            Player::Person => "person".to_string(),
            Player::Ai => format!("ai time {} s", session.time().as_secs_f64()),
        };
        Record {
            kind: "snatch",
            size: start.size() as u8,
            rules: "snatch".to_string(),
            start: start.notation(),
            red: player(0),
            blue: player(1),
            clock: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_move_is_a_square_only_if_the_game_writes_it_so() {
        assert_eq!(square_key("1 1", 6), Key::Square(0));
        assert_eq!(square_key("2 3", 6), Key::Square(8));
        assert_eq!(square_key("6 6", 6), Key::Square(35));
        for odd in ["7 1", "0 2", "01 2", "1  2", "1 2 ", "x", ""] {
            assert_eq!(square_key(odd, 6), Key::Written(odd.to_string()), "{odd:?}");
        }
        let board = Board::with_rules(6, crate::protocol::Dialect::V2014.rules());
        for sq in [0, 8, 35] {
            assert_eq!(square_key(&square_words(&board, sq), 6), Key::Square(sq));
        }
    }
}
