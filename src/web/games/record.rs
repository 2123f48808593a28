//! What the store keeps of a game, read off the game: its kind, board, players, moves and
//! winner, in the words the command loop uses.

use super::jump61::Jump61;
use super::snatch::Snatch;
use crate::board::Colour;
use crate::snatch::session::Player;

/// A game as the store sees it now.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub kind: &'static str,
    pub size: u8,
    pub rules: String,
    pub start: String,
    pub red: String,
    pub blue: String,
    /// Every move played, as the command loop writes it.
    pub moves: Vec<String>,
    /// `red` or `blue` once the game is won.
    pub winner: Option<&'static str>,
    /// The game's clock, `M min a side + I s a move` (`None`: no clock, as in a game
    /// against the AI, which plays by its own limits).
    pub clock: Option<String>,
    /// The clocks' time left now, Red's and Blue's in milliseconds (kept with a new move).
    pub clock_left: Option<[i64; 2]>,
}

impl Jump61 {
    /// The game as the store keeps it.
    pub fn record(&self) -> Record {
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
        let moves = session
            .moves()
            .into_iter()
            .map(|sq| {
                let c = start.coord(sq);
                format!("{} {}", c.row, c.col)
            })
            .collect();
        Record {
            kind: "jump61",
            size: start.size() as u8,
            rules: session.dialect().to_string(),
            start: start.to_notation(),
            red: player(Colour::Red),
            blue: player(Colour::Blue),
            moves,
            winner: session.board().winner().map(super::words::colour_name),
            clock: None,
            clock_left: None,
        }
    }
}

impl Snatch {
    /// The game as the store keeps it (the first player is `red`, the second `blue`).
    pub fn record(&self) -> Record {
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
            moves: session.moves().to_vec(),
            winner: session
                .winner()
                .map(|turn| if turn == 0 { "red" } else { "blue" }),
            clock: None,
            clock_left: None,
        }
    }
}
