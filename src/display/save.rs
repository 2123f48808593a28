//! A game played on the board screen, written as the command loop's commands (`--save`),
//! so that `jump61 < FILE` plays it again.

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
    let start = session.start_board();
    let mut text =
        String::from("# A game from jump61's board screen; replay it with: jump61 < FILE\n");
    if session.dialect() == Dialect::V2019 {
        text.push_str("# dialect 2019: run it with jump61 --dialect 2019\n");
    }
    text.push_str("manual red\nmanual blue\n");
    text.push_str(&format!("position {}\n", start.to_notation()));
    if session.dialect() == Dialect::V2014 {
        text.push_str("start\n");
    }
    for sq in session.moves() {
        let c = start.coord(sq);
        text.push_str(&format!("{} {}\n", c.row, c.col));
    }
    text
}
