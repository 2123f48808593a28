//! A game played on the board screen or the web page, written as the command loop's commands (`--save`),
//! so that `jump61 < FILE` plays it again.

use crate::board::Board;
use crate::protocol::{Dialect, Session};

/// The commands that set up the game's starting position and play its moves. Both sides
/// are made manual so that the moves replay exactly, whoever played them.
///
/// ```
/// use jump61::display::save::commands;
/// use jump61::board::Colour;
/// use jump61::protocol::{Command, Options, Session};
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let mut session = Session::new(Options::default(), &mut out, &mut err);
/// session.execute(Command::Size(3)).unwrap();
/// // Blue is the AI at first; a person plays it here, so no reply follows 2 2.
/// session.execute(Command::Manual(Colour::Blue)).unwrap();
/// session.execute(Command::Start).unwrap();
/// session.execute(Command::Move { row: 2, col: 2 }).unwrap();
/// assert!(commands(&session).ends_with("position 1-1-1-/1-1-1-/1-1-1-\nstart\n2 2\n"));
/// ```
pub fn commands(session: &Session) -> String {
    script(session.dialect(), &session.start_board(), &session.moves())
}

/// The commands of a game of `dialect` from `start` with `moves` (squares), as [`commands`]
/// writes a session's: the format `save` writes, whatever face played the game.
pub fn script(dialect: Dialect, start: &Board, moves: &[usize]) -> String {
    let mut text = String::from("# A jump61 game; replay it with: jump61 < FILE\n");
    if dialect != Dialect::V2014 {
        text.push_str(&format!(
            "# dialect {dialect}: run it with jump61 --dialect {dialect}\n"
        ));
    }
    text.push_str("manual red\nmanual blue\n");
    text.push_str(&format!("position {}\n", start.to_notation()));
    if dialect == Dialect::V2013 {
        // A 2013 position leaves the turn as it was; the move number sets it.
        text.push_str(&format!("move {}\n", start.next_move_number()));
    }
    if dialect != Dialect::V2019 {
        text.push_str("start\n");
    }
    for &sq in moves {
        let c = start.coord(sq);
        text.push_str(&format!("{} {}\n", c.row, c.col));
    }
    text
}
