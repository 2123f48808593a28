#![allow(dead_code)]
//! The fuzz harness: feeds generated lines to a [`Session`] one at a time, as `run_loop`
//! does, and after each line checks that nothing panicked, that a rejected line changed
//! nothing, and that the board's invariants hold. Also fuzzes the position notation and the
//! match runner's reading of an engine's move lines.

use super::grammar::{self, Rng};
use jump61::arena::referee::parse_move_line;
use jump61::board::{Board, Colour, Coord, Rules, geometry};
use jump61::protocol::{Command, Dialect, Options, Session};
use jump61::search::{EngineConfig, Limit};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::time::Duration;

/// Longest error line accepted: the longest message plus a quote of at most 40 characters.
const MAX_ERROR_LINE: usize = 400;
/// Lines kept to show what led to a failure.
const HISTORY: usize = 12;

/// What went wrong, with enough to reproduce it: the dialect, the seed and the line number.
#[derive(Debug)]
pub struct Failure {
    pub dialect: Dialect,
    pub seed: u64,
    pub line_number: u64,
    pub problem: String,
    /// The failing line last.
    pub recent: Vec<Vec<u8>>,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "dialect {} seed {} line {}: {}",
            self.dialect, self.seed, self.line_number, self.problem
        )?;
        for line in &self.recent {
            let shown = String::from_utf8_lossy(&line[..line.len().min(200)]).into_owned();
            writeln!(
                f,
                "  {shown:?}{}",
                if line.len() > 200 { " ..." } else { "" }
            )?;
        }
        Ok(())
    }
}

/// Counts of what a run did.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub lines: u64,
    pub rejected: u64,
    pub board_changes: u64,
}

impl Tally {
    pub fn add(&mut self, other: Tally) {
        self.lines += other.lines;
        self.rejected += other.rejected;
        self.board_changes += other.board_changes;
    }
}

/// A sink the harness can read between lines while the session holds it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Everything a rejected line must leave as it was.
#[derive(Debug, PartialEq)]
struct Snapshot {
    board: Board,
    to_move: Colour,
    in_play: bool,
    ai: [bool; 2],
    config: EngineConfig,
    verbose: bool,
}

impl Snapshot {
    fn of(session: &Session) -> Snapshot {
        Snapshot {
            board: *session.board(),
            to_move: session.board().to_move(),
            in_play: session.in_play(),
            ai: [session.is_ai(Colour::Red), session.is_ai(Colour::Blue)],
            config: session.engine_config().clone(),
            verbose: session.verbose(),
        }
    }
}

/// Settings that keep an AI move at a millisecond or less, so that millions of lines fit in
/// minutes; the generated `level` and `time` lines change them now and then.
pub fn fast_options(dialect: Dialect) -> Options {
    Options {
        dialect,
        engine: EngineConfig {
            limit: Limit::MoveTime(Duration::from_millis(1)),
            hash_mb: 1,
            threads: 1,
            level: 1,
            seed: 0,
            ponder: false,
            proof_mb: 8,
            prove_past_move: true,
        },
        verbose: false,
        prompts: true,
    }
}

/// Whether a line asks for work of up to a minute: a bare `solve` proves the game's value.
/// Like the costly settings the grammar keeps small, it is left to unit and transcript tests.
pub fn too_costly(text: &str, dialect: Dialect) -> bool {
    matches!(Command::parse(text, dialect), Ok(Some(Command::SolveValue)))
}

/// Whether any line of `bytes` is `too_costly`, read as the command loop reads it.
pub fn has_costly_line(bytes: &[u8], dialect: Dialect) -> bool {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .any(|piece| too_costly(&String::from_utf8_lossy(piece), dialect))
}

/// Feeds `lines` generated lines (seeded by `seed`) to one session of `dialect`.
pub fn fuzz_session(dialect: Dialect, seed: u64, lines: u64) -> Result<Tally, Failure> {
    let mut rng = Rng::new(seed);
    let mut out = io::sink();
    let errors = Shared::default();
    let mut err = errors.clone();
    let mut session = Session::new(fast_options(dialect), &mut out, &mut err);
    let mut tally = Tally::default();
    let mut recent = VecDeque::new();
    for line_number in 1..=lines {
        let line = grammar::line(&mut rng, session.board().size());
        if recent.len() == HISTORY {
            recent.pop_front();
        }
        recent.push_back(line.clone());
        let fail = |problem: String| Failure {
            dialect,
            seed,
            line_number,
            problem,
            recent: recent.iter().cloned().collect(),
        };
        // `run_loop` reads up to each newline, then decodes lossily: do the same.
        for piece in line.split_inclusive(|&b| b == b'\n') {
            errors.0.borrow_mut().clear();
            let before = Snapshot::of(&session);
            session.prompt();
            let text = String::from_utf8_lossy(piece);
            // A bare `solve` proves the game's value for up to a minute: costly, like the
            // settings the grammar keeps small. Unit and transcript tests cover it.
            if matches!(
                Command::parse(&text, dialect),
                Ok(Some(Command::SolveValue))
            ) {
                continue;
            }
            if catch_unwind(AssertUnwindSafe(|| session.handle_line(&text))).is_err() {
                return Err(fail("panicked".to_string()));
            }
            let rejected = check_errors(&errors.0.borrow()).map_err(&fail)?;
            let after = Snapshot::of(&session);
            if rejected && after != before {
                return Err(fail(format!(
                    "rejected, yet changed:\n{before:?}\n{after:?}"
                )));
            }
            check_board(session.board()).map_err(&fail)?;
            check_play(&session, dialect).map_err(&fail)?;
            tally.lines += 1;
            tally.rejected += rejected as u64;
            tally.board_changes += (after.board != before.board) as u64;
        }
    }
    Ok(tally)
}

/// Whether the error sink holds an error line; each must be short.
fn check_errors(written: &[u8]) -> Result<bool, String> {
    let mut rejected = false;
    for line in written.split(|&b| b == b'\n') {
        if line.starts_with(b"error: ") {
            rejected = true;
            if line.len() > MAX_ERROR_LINE {
                let start = String::from_utf8_lossy(&line[..100]);
                return Err(format!("error line of {} bytes: {start}...", line.len()));
            }
        }
    }
    Ok(rejected)
}

/// The board's invariants: spots within capacity (unless won), owner masks disjoint, on the board and
/// matching the spots, the incremental hash equal to one from scratch, the spot total and
/// the side to move following from the squares, the winner from the masks.
pub fn check_board(board: &Board) -> Result<(), String> {
    let size = board.size();
    let g = geometry(size as u8);
    let (red, blue) = (board.owned(Colour::Red), board.owned(Colour::Blue));
    let shown = board.to_notation();
    if red & blue != 0 || (red | blue) & !g.all != 0 {
        return Err(format!("owner masks overlap or leave the board: {shown}"));
    }
    // The chain reaction stops once the mover owns every square, so only a won board may
    // keep overfull squares.
    let won = red == g.all || blue == g.all;
    let mut total = 0;
    for sq in 0..size * size {
        let spots = board.spots(sq);
        let white = board.owner(sq).is_none();
        let empty_ok = white && spots == board.white_spots();
        if (spots == 0 && !empty_ok) || (spots > g.capacity[sq] && !won) || (white && !empty_ok) {
            return Err(format!("square {sq} holds {spots} spots: {shown}"));
        }
        total += spots as u32;
    }
    if board.hash() != board.compute_hash() {
        return Err(format!("incremental hash differs from scratch: {shown}"));
    }
    if board.total_spots() != total {
        return Err(format!(
            "total {} but squares hold {total}: {shown}",
            board.total_spots()
        ));
    }
    let mover = if (total as usize + size).is_multiple_of(2) {
        Colour::Red
    } else {
        Colour::Blue
    };
    // Under the 2013 rules `move N` sets the side to move apart from the spots.
    if board.rules() == Rules::V2014 && board.to_move() != mover {
        return Err(format!(
            "{:?} to move, expected {mover:?}: {shown}",
            board.to_move()
        ));
    }
    let winner = [Colour::Red, Colour::Blue]
        .into_iter()
        .find(|&c| board.owned(c) == g.all);
    if board.winner() != winner {
        return Err(format!(
            "winner {:?}, expected {winner:?}: {shown}",
            board.winner()
        ));
    }
    Ok(())
}

/// After a line, the session never waits on the AI, and a won game is not in play (2014).
fn check_play(session: &Session, dialect: Dialect) -> Result<(), String> {
    let board = session.board();
    let over = board.winner().is_some();
    if over && session.in_play() && dialect == Dialect::V2014 {
        return Err("a won game is still in play".to_string());
    }
    if !over && session.in_play() && session.is_ai(board.to_move()) {
        return Err("the AI is to move, yet the line ended".to_string());
    }
    Ok(())
}

/// One position string: a good one must print back to itself, and any accepted one must
/// parse, print and parse to the same board with its invariants holding.
pub fn notation_case(rng: &mut Rng) -> Result<(), String> {
    let good = grammar::random_board(rng).to_notation();
    let (text, is_good) = match rng.below(3) {
        0 => (good, true),
        1 => (
            String::from_utf8_lossy(&grammar::broken_notation(rng, good)).into_owned(),
            false,
        ),
        _ => (
            String::from_utf8_lossy(&grammar::mutate(rng, good.into_bytes())).into_owned(),
            false,
        ),
    };
    let parsed =
        catch_unwind(|| text.parse::<Board>()).map_err(|_| format!("panicked on {text:?}"))?;
    let board = match parsed {
        Ok(board) => board,
        Err(_) if !is_good => return Ok(()),
        Err(e) => return Err(format!("rejected the good {text:?}: {e}")),
    };
    check_board(&board)?;
    let printed = board.to_notation();
    if is_good && printed != text {
        return Err(format!("{text:?} printed back as {printed:?}"));
    }
    match printed.parse::<Board>() {
        Ok(again) if again == board => Ok(()),
        other => Err(format!(
            "{text:?} printed as {printed:?}, read back as {other:?}"
        )),
    }
}

/// One line as an engine might print it: a move line must be read as that move, anything
/// else must not panic and must give a short message.
pub fn move_line_case(rng: &mut Rng) -> Result<(), String> {
    let colour = rng.pick(&[Colour::Red, Colour::Blue]);
    let (row, col) = (rng.range(0, 12) as usize, rng.range(0, 12) as usize);
    let prefix = rng.pick(&["", "> ", "red> ", "* ", "info depth 3 "]);
    let dot = rng.pick(&[".", "", " ."]);
    let good = format!("{prefix}{} moves {row} {col}{dot}", colour.name());
    let line = match rng.below(3) {
        0 => good.clone(),
        1 => String::from_utf8_lossy(&grammar::mutate(rng, good.clone().into_bytes())).into_owned(),
        _ => String::from_utf8_lossy(&grammar::noise(rng)).into_owned(),
    };
    let read =
        catch_unwind(|| parse_move_line(&line)).map_err(|_| format!("panicked on {line:?}"))?;
    match read {
        Some(Ok(found)) if line == good && found != (colour, Coord { row, col }) => {
            Err(format!("{line:?} read as {found:?}"))
        }
        None | Some(Err(_)) if line == good => Err(format!("{line:?} not read as a move")),
        Some(Err(e)) if e.len() > MAX_ERROR_LINE => Err(format!("message of {} bytes", e.len())),
        _ => Ok(()),
    }
}
