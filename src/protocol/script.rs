//! A saved game read back: the command loop's `save` format (a script of commands, see
//! `display::save`) replayed on a [`Game`] with both sides manual, giving the starting board
//! and the moves. Only the commands that set a position or play a move change anything;
//! those that show something or set the AI's limits are passed over; those that would make
//! the AI move or search are refused, since their moves are not in the file.

use super::{Command, Dialect, Game};
use crate::board::{Board, Colour};
use crate::search::EngineConfig;

/// The most bytes of a game file: a 10x10 game of thousands of moves is far smaller.
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;

/// A game read from a script.
#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    pub dialect: Dialect,
    pub start: Board,
    pub moves: Vec<usize>,
}

/// The dialect a saved game names in its `# dialect D` line (as `save` writes it for a
/// game not of the 2014 dialect), else `fallback`.
pub fn named_dialect(text: &str, fallback: Dialect) -> Dialect {
    text.lines()
        .filter_map(|line| line.trim().strip_prefix("# dialect "))
        .filter_map(|rest| rest.split(':').next()?.trim().parse().ok())
        .next()
        .unwrap_or(fallback)
}

/// Replays `text` under `dialect`; the error names the line and says why.
///
/// ```
/// use jump61::protocol::{Dialect, script::read_script};
/// let game = read_script("manual red\nmanual blue\nsize 3\nstart\n2 2\n1 1\n", Dialect::V2014).unwrap();
/// assert_eq!(game.moves, vec![4, 0]);
/// assert!(read_script("size 3\nstart\n2 2\n2 2\n", Dialect::V2014).is_err()); // Red owns 2 2
/// ```
pub fn read_script(text: &str, dialect: Dialect) -> Result<Script, String> {
    if text.len() > MAX_SCRIPT_BYTES {
        return Err(format!(
            "the file has {} bytes; a game file has at most {MAX_SCRIPT_BYTES}",
            text.len()
        ));
    }
    let config = EngineConfig {
        hash_mb: 1,
        threads: 1,
        ..EngineConfig::default()
    };
    let (mut game, _) = Game::new(dialect, config);
    game.set_ai(Colour::Red, false);
    game.set_ai(Colour::Blue, false);
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let command = Command::parse(line, dialect).map_err(|e| format!("line {number}: {e}"))?;
        let Some(command) = command else {
            continue;
        };
        match carry_out(&mut game, command) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => return Err(format!("line {number} ({}): {e}", line.trim())),
        }
    }
    if game.moves().is_empty() {
        return Err("the file plays no move".to_string());
    }
    Ok(Script {
        dialect,
        start: game.start_board(),
        moves: game.moves(),
    })
}

/// Carries out one command of a script; `Ok(false)` at `quit`.
fn carry_out(game: &mut Game, command: Command) -> Result<bool, String> {
    let failed = |e: super::PlayError| e.to_string();
    match command {
        Command::Quit => return Ok(false),
        Command::Clear => game.reset(game.board().size()),
        Command::Size(size) => game.reset(size),
        Command::Start => game.start().map_err(failed)?,
        Command::Manual(_) => {}
        Command::Set {
            row,
            col,
            spots,
            owner,
        } => game.set_square(row, col, spots, owner).map_err(failed)?,
        Command::MoveNumber(n) => game.set_move_number(n),
        Command::Position(Some(board)) => game.set_position(board),
        Command::Move { row, col } => {
            game.play_manual(row, col).map_err(failed)?;
        }
        Command::Undo => {
            game.undo().map_err(failed)?;
        }
        Command::Redo => {
            game.redo().map_err(failed)?;
        }
        Command::Auto(_) | Command::Hint | Command::Solve { .. } | Command::SolveValue => {
            return Err(
                "the AI's moves are not in the file: a reviewed game is played by \
                        `manual` sides, as `save` writes it"
                    .to_string(),
            );
        }
        // What only shows something or sets the AI's limits changes no move.
        _ => {}
    }
    Ok(true)
}
