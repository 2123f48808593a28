//! One refereed game between two engine processes speaking the 2014 text protocol.
//!
//! Each engine gets `time T`, `size N`, the opening as `set` lines, `auto` for its own colour
//! and `manual` for the other, then `start`. The engine to move prints `Red moves R C.`;
//! the referee checks that move on its own board, plays it, and types it (`R C`) to the other
//! engine, which then answers with its own. Every other output line is ignored: the referee's
//! board alone decides the game. A move for the wrong colour, an unreadable or illegal move,
//! output that ends (a crash) or a move that comes too late forfeits the game.

use super::ArenaError;
use super::engine::{Engine, EngineCommand, Received, shut_down};
use crate::board::{Board, ByColour, Colour, Coord, Rules};
use crate::protocol::clip;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Everything one game needs.
#[derive(Clone, Debug)]
pub struct GameSpec<'a> {
    /// The engine command playing each colour.
    pub engines: ByColour<&'a EngineCommand>,
    /// The starting position; the side to move follows from its spots (§3 of the 2014 text).
    pub opening: &'a Board,
    /// The time per move each engine is told (`time T`).
    pub move_time: Duration,
    /// How long the referee waits for a move before the mover forfeits.
    pub move_limit: Duration,
    /// Prefixes for echoing each engine's traffic on standard error (`--verbose`), if wanted.
    pub trace: Option<ByColour<String>>,
}

/// Why an engine lost by forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Forfeit {
    /// A move onto an opponent's square or off the board.
    Illegal,
    /// A move line for the other colour.
    WrongColour,
    /// A move line that does not read as `Red moves R C.`.
    Unreadable,
    /// The output ended (the engine exited or crashed), or the input could not be written.
    Crash,
    /// No move within the time limit.
    Timeout,
}

impl Forfeit {
    /// A short name for reports: `illegal move`, `crash`, `timeout`...
    pub fn name(self) -> &'static str {
        match self {
            Forfeit::Illegal => "illegal move",
            Forfeit::WrongColour => "wrong colour",
            Forfeit::Unreadable => "unreadable move",
            Forfeit::Crash => "crash",
            Forfeit::Timeout => "timeout",
        }
    }
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The winner's colour covered the board.
    Covered,
    /// The loser forfeited; `detail` says what happened.
    Forfeit { kind: Forfeit, detail: String },
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub winner: Colour,
    pub ending: Ending,
    /// Moves played after the opening.
    pub plies: u32,
}

impl fmt::Display for GameRecord {
    /// `Red wins: covered the board after 17 plies` or `Blue wins: Red forfeits (timeout:
    /// no move within 1.0 s)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.ending {
            Ending::Covered => write!(
                f,
                "{} wins: covered the board after {} plies",
                self.winner, self.plies
            ),
            Ending::Forfeit { kind, detail } => write!(
                f,
                "{} wins: {} forfeits ({kind}: {detail})",
                self.winner,
                self.winner.opponent()
            ),
        }
    }
}

/// The setup lines for the engine playing `colour`: `time`, `size`, a `set` line for every
/// coloured square of `board`, under the 2013 rules `move N` for its side to move, `auto` for
/// `colour`, `manual` for the other, `start`.
///
/// ```
/// use jump61::arena::referee::setup_lines;
/// use jump61::board::{Board, Colour};
/// use std::time::Duration;
/// let mut board = Board::new(3);
/// board.play(4);
/// assert_eq!(
///     setup_lines(&board, Colour::Blue, Duration::from_millis(250)),
///     ["time 0.25", "size 3", "set 2 2 2 r", "manual red", "auto blue", "start"]
/// );
/// ```
pub fn setup_lines(board: &Board, colour: Colour, move_time: Duration) -> Vec<String> {
    let mut lines = vec![
        format!("time {}", decimal_seconds(move_time)),
        format!("size {}", board.size()),
    ];
    for sq in 0..board.squares() {
        if let Some(owner) = board.owner(sq) {
            let c = board.coord(sq);
            lines.push(format!(
                "set {} {} {} {}",
                c.row,
                c.col,
                board.spots(sq),
                owner.letter()
            ));
        }
    }
    if board.rules() == Rules::V2013 {
        lines.push(format!("move {}", board.next_move_number()));
    }
    let role = |c: Colour| if c == colour { "auto" } else { "manual" };
    lines.push(format!("{} red", role(Colour::Red)));
    lines.push(format!("{} blue", role(Colour::Blue)));
    lines.push("start".to_string());
    lines
}

/// A duration as exact decimal seconds, without trailing zeros: `0.25`, `2`, `0.000001`.
fn decimal_seconds(d: Duration) -> String {
    match d.subsec_nanos() {
        0 => d.as_secs().to_string(),
        nanos => {
            let text = format!("{}.{nanos:09}", d.as_secs());
            text.trim_end_matches('0').to_string()
        }
    }
}

/// Reads an output line as a move: `None` if it is not a move line (it holds neither
/// `Red moves` nor `Blue moves`), otherwise the colour and square, or an error for a move
/// line that does not end in two numbers (a final `.` is optional). Text before the colour,
/// such as a prompt, is ignored.
///
/// ```
/// use jump61::arena::referee::parse_move_line;
/// use jump61::board::{Colour, Coord};
/// assert_eq!(parse_move_line("Red moves 2 3."), Some(Ok((Colour::Red, Coord { row: 2, col: 3 }))));
/// assert_eq!(parse_move_line("Red wins."), None);
/// assert!(matches!(parse_move_line("Blue moves somewhere."), Some(Err(_))));
/// ```
pub fn parse_move_line(line: &str) -> Option<Result<(Colour, Coord), String>> {
    let (at, colour, tag) = [(Colour::Red, "Red moves"), (Colour::Blue, "Blue moves")]
        .into_iter()
        .filter_map(|(colour, tag)| line.find(tag).map(|at| (at, colour, tag)))
        .min_by_key(|&(at, _, _)| at)?;
    let rest = line[at + tag.len()..].trim();
    let rest = rest.strip_suffix('.').unwrap_or(rest);
    let numbers: Vec<&str> = rest.split_whitespace().collect();
    let coord = match numbers[..] {
        [row, col] => row.parse().ok().zip(col.parse().ok()),
        _ => None,
    };
    Some(
        coord
            .map(|(row, col)| (colour, Coord { row, col }))
            .ok_or_else(|| format!("unreadable move line '{}'", clip(line.trim()))),
    )
}

/// Plays one game and returns its result, or `None` if `stop` was raised before it ended.
/// Both processes are ended before returning, whatever happens; the only error is an engine
/// that cannot be started.
pub fn play_game(spec: &GameSpec, stop: &AtomicBool) -> Result<Option<GameRecord>, ArenaError> {
    let trace = |c: Colour| spec.trace.as_ref().map(|t| t.get(c).clone());
    // If Blue's engine cannot start, dropping Red's ends it.
    let mut engines = ByColour {
        red: Engine::spawn(spec.engines.red, trace(Colour::Red))?,
        blue: Engine::spawn(spec.engines.blue, trace(Colour::Blue))?,
    };
    let record = referee(spec, &mut engines, stop);
    let ByColour { red, blue } = &mut engines;
    shut_down(&mut [red, blue]);
    Ok(record)
}

/// The game itself, between engines already started.
fn referee(
    spec: &GameSpec,
    engines: &mut ByColour<Engine>,
    stop: &AtomicBool,
) -> Option<GameRecord> {
    let mut board = *spec.opening;
    let mut plies = 0;
    if let Err(colour) = send_setup(spec, engines) {
        let detail = "exited during the setup";
        return Some(GameRecord::forfeit(colour, Forfeit::Crash, detail, plies));
    }
    loop {
        if let Some(winner) = board.winner() {
            return Some(GameRecord {
                winner,
                ending: Ending::Covered,
                plies,
            });
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mover = board.to_move();
        let deadline = Instant::now() + spec.move_limit;
        let sq = match await_move(engines.get_mut(mover), &board, deadline, spec.move_limit) {
            Ok(sq) => sq,
            Err((kind, detail)) => return Some(GameRecord::forfeit(mover, kind, &detail, plies)),
        };
        board.play(sq);
        plies += 1;
        if board.winner().is_some() {
            continue;
        }
        let other = mover.opponent();
        if !pass_on(engines.get_mut(other), &board, sq) {
            let detail = "exited while the other engine was moving";
            return Some(GameRecord::forfeit(other, Forfeit::Crash, detail, plies));
        }
    }
}

impl GameRecord {
    /// The game `loser` lost by forfeit after `plies` moves.
    fn forfeit(loser: Colour, kind: Forfeit, detail: &str, plies: u32) -> GameRecord {
        GameRecord {
            winner: loser.opponent(),
            ending: Ending::Forfeit {
                kind,
                detail: detail.to_string(),
            },
            plies,
        }
    }
}

/// Sends each engine its setup lines, Red's engine first; a failed write is the colour
/// whose engine exited, which forfeits.
fn send_setup(spec: &GameSpec, engines: &mut ByColour<Engine>) -> Result<(), Colour> {
    for colour in [Colour::Red, Colour::Blue] {
        let engine = engines.get_mut(colour);
        for line in setup_lines(spec.opening, colour, spec.move_time) {
            engine.send(&line).map_err(|_| colour)?;
        }
    }
    Ok(())
}

/// Types the move just played on `board`, at `sq`, to the `other` engine, the one now to
/// move. Lines it printed while it was not to move are stale (a move in them would be out
/// of turn), so they are dropped first. False if its output ended meanwhile or the write
/// failed: it crashed.
fn pass_on(other: &mut Engine, board: &Board, sq: usize) -> bool {
    let c = board.coord(sq);
    other.discard_pending() && other.send(&format!("{} {}", c.row, c.col)).is_ok()
}

/// Waits for the move of the side to move on `board` from its engine, skipping lines that
/// are not moves, and returns its square, or the reason the engine forfeits.
fn await_move(
    engine: &mut Engine,
    board: &Board,
    deadline: Instant,
    limit: Duration,
) -> Result<usize, (Forfeit, String)> {
    let mover = board.to_move();
    loop {
        let line = match engine.next_line(deadline) {
            Received::Line(line) => line,
            Received::Eof => return Err((Forfeit::Crash, "output ended before a move".into())),
            Received::Timeout => {
                let detail = format!("no move within {:.2} s", limit.as_secs_f64());
                return Err((Forfeit::Timeout, detail));
            }
        };
        let (colour, coord) = match parse_move_line(&line) {
            None => continue,
            Some(Err(detail)) => return Err((Forfeit::Unreadable, detail)),
            Some(Ok(read)) => read,
        };
        let square = format!("{}:{}", coord.row, coord.col);
        if colour != mover {
            let detail = format!("moved {square} for {colour} on {mover}'s turn");
            return Err((Forfeit::WrongColour, detail));
        }
        return match board.square_at(coord) {
            Some(sq) if board.is_legal(sq) => Ok(sq),
            Some(_) => {
                let detail = format!("{square} is {}'s square", mover.opponent());
                Err((Forfeit::Illegal, detail))
            }
            None => {
                let n = board.size();
                Err((
                    Forfeit::Illegal,
                    format!("{square} is off the {n}x{n} board"),
                ))
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2013_setup_names_the_next_move() {
        let mut board = Board::with_rules(3, Rules::V2013);
        board.play(4);
        assert_eq!(
            setup_lines(&board, Colour::Red, Duration::from_secs(1)),
            [
                "time 1",
                "size 3",
                "set 2 2 1 r",
                "move 2",
                "auto red",
                "manual blue",
                "start"
            ]
        );
        board.set_to_move(Colour::Red);
        assert_eq!(
            setup_lines(&board, Colour::Red, Duration::from_secs(1))[3],
            "move 3"
        );
    }

    #[test]
    fn move_lines() {
        let red = |row, col| Some(Ok((Colour::Red, Coord { row, col })));
        assert_eq!(parse_move_line("Red moves 1 6."), red(1, 6));
        assert_eq!(parse_move_line("  Red moves  10 2 \r"), red(10, 2));
        assert_eq!(parse_move_line("> Red moves 3 3."), red(3, 3));
        assert_eq!(
            parse_move_line("Blue moves 2 1."),
            Some(Ok((Colour::Blue, Coord { row: 2, col: 1 })))
        );
        for other in [
            "Red wins.",
            "Blue wins.",
            "",
            "====",
            "    1- 2r",
            "time per move: 0.1 s",
        ] {
            assert_eq!(parse_move_line(other), None, "{other}");
        }
        for bad in [
            "Red moves 1.",
            "Red moves 1 2 3.",
            "Blue moves a b.",
            "Red moves -1 2.",
        ] {
            assert!(matches!(parse_move_line(bad), Some(Err(_))), "{bad}");
        }
    }

    #[test]
    fn seconds_in_decimal() {
        assert_eq!(decimal_seconds(Duration::from_millis(100)), "0.1");
        assert_eq!(decimal_seconds(Duration::from_secs(3)), "3");
        assert_eq!(
            decimal_seconds(Duration::from_micros(1_500_001)),
            "1.500001"
        );
        assert_eq!(decimal_seconds(Duration::from_nanos(1)), "0.000000001");
    }

    #[test]
    fn setup_of_an_opening() {
        let mut board = Board::new(4);
        board.play(0);
        board.play(15);
        board.play(0);
        let lines = setup_lines(&board, Colour::Red, Duration::from_millis(100));
        assert_eq!(
            lines,
            [
                "time 0.1",
                "size 4",
                "set 1 1 1 r",
                "set 1 2 2 r",
                "set 2 1 2 r",
                "set 4 4 2 b",
                "auto red",
                "manual blue",
                "start"
            ]
        );
        // The engine rebuilds the same position from the `set` lines.
        let mut rebuilt = Board::new(4);
        for line in &lines[2..6] {
            let words: Vec<&str> = line.split(' ').collect();
            let (r, c, n) = (words[1], words[2], words[3]);
            let sq = rebuilt
                .square_at(Coord {
                    row: r.parse().unwrap(),
                    col: c.parse().unwrap(),
                })
                .unwrap();
            let owner = if words[4] == "r" {
                Colour::Red
            } else {
                Colour::Blue
            };
            rebuilt.set_square(sq, n.parse().unwrap(), Some(owner));
        }
        assert_eq!(rebuilt, board);
    }

    #[test]
    fn records_read_plainly() {
        let covered = GameRecord {
            winner: Colour::Red,
            ending: Ending::Covered,
            plies: 17,
        };
        assert_eq!(
            covered.to_string(),
            "Red wins: covered the board after 17 plies"
        );
        let forfeit = GameRecord {
            winner: Colour::Blue,
            ending: Ending::Forfeit {
                kind: Forfeit::Timeout,
                detail: "no move within 1.00 s".into(),
            },
            plies: 3,
        };
        assert_eq!(
            forfeit.to_string(),
            "Blue wins: Red forfeits (timeout: no move within 1.00 s)"
        );
    }
}
