//! Game values: who wins a position with perfect play, proven by df-pn
//! ([`super::dfpn`]), with the winning first moves, the proof's size
//! ([`super::proof`]) and checkpoints ([`super::checkpoint`]) along the way.

pub mod progress;

use super::dfpn::parallel;
use super::dfpn::{self, Limits, ProgressHook, Prover, Stop};
use super::{checkpoint, proof};
use crate::board::{Board, Colour, Squares};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How long `solve` without a depth may take in the command loop.
pub const SESSION_TIME: Duration = Duration::from_secs(60);

/// What is proven about the value of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins; `first_moves` are its winning first moves, as many as
    /// `listed` says.
    Wins {
        first_moves: Vec<usize>,
        listed: Listed,
    },
    /// Every move of the side to move loses.
    Loses,
    /// A limit stopped the search before the value was proven.
    Unknown(Stop),
    /// The game is already over.
    AlreadyOver,
    /// The board is larger than game values are solved for.
    TooBig,
}

/// How many of the winning first moves a won value names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listed {
    /// Every one.
    Every,
    /// Those proven before a limit stopped the search while it checked the rest.
    Limited,
    /// One, the move of the proof: none of the others was sought.
    One,
}

/// Which winning first moves a game value seeks once the root is proven won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FirstMoves {
    /// Every one: each first move proven won or lost (more search, often much more).
    #[default]
    Every,
    /// The one the proof plays: the value and its proof and no more (a job of a split,
    /// whose `combine` needs only that).
    One,
}

/// What a game value is asked for beyond the value itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    pub size: ProofSize,
    pub first_moves: FirstMoves,
}

impl Asked {
    /// The proof's size walked, every winning first move.
    pub const ALL: Asked = Asked {
        size: ProofSize::Walk,
        first_moves: FirstMoves::Every,
    };
}

/// A game value with what it cost.
#[derive(Clone, Debug)]
pub struct Report {
    pub board: Board,
    pub value: Value,
    /// Positions expanded by the search.
    pub positions: u64,
    /// Positions (up to symmetry) in the proof, when there is one.
    pub proof_size: Option<usize>,
    pub elapsed: Duration,
    /// Bytes of the table at the end.
    pub memory: usize,
    /// When the value is unknown: each first move (one a symmetry class) and whether the
    /// table proves it wins (`Some(true)`), loses (`Some(false)`) or neither.
    pub first_moves: Vec<(usize, Option<bool>)>,
}

/// Proves the value of `board` within `limits`; returns the report and the prover (whose
/// table holds the proof, for [`proof::write_proof`]).
///
/// ```
/// use jump61::{board::Board, solver::{game_value, Value, dfpn::Limits}};
/// // Whatever Red does on the 2x2 board, Blue wins.
/// let (report, _) = game_value(&Board::new(2), Limits::default());
/// assert_eq!(report.value, Value::Loses);
/// assert_eq!(report.answer(), "Blue wins");
/// ```
pub fn game_value(board: &Board, limits: Limits) -> (Report, Option<Prover>) {
    game_value_watched(board, limits, None)
}

/// [`game_value`], telling `progress` the positions searched and the table's bytes now and
/// then (see [`dfpn::PROGRESS_EVERY`]).
pub fn game_value_watched(
    board: &Board,
    limits: Limits,
    progress: Option<ProgressHook>,
) -> (Report, Option<Prover>) {
    game_value_threads(board, limits, 1, progress)
}

/// [`game_value_watched`] with `threads` threads sharing one table (see [`parallel`]),
/// which grows as it fills up to `limits.memory`.
pub fn game_value_threads(
    board: &Board,
    limits: Limits,
    threads: usize,
    progress: Option<ProgressHook>,
) -> (Report, Option<Prover>) {
    game_value_sized(board, limits, threads, progress, Asked::ALL)
}

/// Whether a game value's report walks the proof to count its positions, or leaves that
/// to the caller that writes the proof ([`proof::write_proof_counted`] counts them as it
/// writes: one walk of a proof of millions of positions instead of two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofSize {
    Walk,
    Skip,
}

/// [`game_value_threads`], the proof's size counted or not (see [`ProofSize`]) and every
/// winning first move sought or one (see [`FirstMoves`]).
pub fn game_value_sized(
    board: &Board,
    limits: Limits,
    threads: usize,
    progress: Option<ProgressHook>,
    asked: Asked,
) -> (Report, Option<Prover>) {
    game_value_stopped_by(board, limits, threads, (progress, None), asked)
}

/// [`game_value_sized`] with no progress hook, stopped as by Ctrl-C
/// ([`Stop::Interrupted`]) when `stop` is set: the caller's own flag, so that stopping this
/// question stops no other question of the process (a library's caller may ask several
/// at once). The prover it returns keeps the flag, which stops the writing of its proof too
/// ([`proof::write_file`]).
pub fn game_value_stoppable(
    board: &Board,
    limits: Limits,
    threads: usize,
    asked: Asked,
    stop: Arc<AtomicBool>,
) -> (Report, Option<Prover>) {
    game_value_stopped_by(board, limits, threads, (None, Some(stop)), asked)
}

/// [`game_value_sized`], the prover given `progress` and a stop flag of its caller's.
fn game_value_stopped_by(
    board: &Board,
    limits: Limits,
    threads: usize,
    (progress, stop): (Option<ProgressHook>, Option<Arc<AtomicBool>>),
    asked: Asked,
) -> (Report, Option<Prover>) {
    let start = Instant::now();
    let mut report = Report::empty(board);
    let threads = useful_threads(board, threads);
    let Some(mut prover) = new_prover(board, limits, &mut report) else {
        return (report, None);
    };
    prover.on_progress = progress;
    prover.stop_flag = stop;
    value(
        &mut prover,
        board,
        threads,
        asked.first_moves,
        start,
        &mut report,
    );
    if asked.size == ProofSize::Walk {
        report.size_proof(&mut prover, threads);
    }
    (report, Some(prover))
}

/// The value of `board` by a prover the caller made and set up (its limits, hooks and stop
/// flag, for a caller that shows the answer as it comes); the proof's size is not counted.
/// The same search as [`game_value_sized`].
pub fn game_value_on(
    prover: &mut Prover,
    board: &Board,
    threads: usize,
    first_moves: FirstMoves,
) -> Report {
    let start = Instant::now();
    let mut report = Report::empty(board);
    if board.winner().is_none() {
        let threads = useful_threads(board, threads);
        value(prover, board, threads, first_moves, start, &mut report);
    }
    report
}

/// [`game_value_threads`], keeping the proven entries in the checkpoint at `path`: loaded
/// from it first if it exists, saved to it every [`checkpoint::EVERY`] (each save told to
/// `saved`) and at the end (also when Ctrl-C stops the search). Returns the entries saved
/// last, and an error if the checkpoint is another question's or damaged (then nothing is
/// searched).
pub fn game_value_checkpointed(
    board: &Board,
    limits: Limits,
    threads: usize,
    progress: Option<ProgressHook>,
    (path, saved): (&std::path::Path, checkpoint::Saved),
    asked: Asked,
) -> Result<(Report, Option<Prover>, usize), checkpoint::CheckpointError> {
    let start = Instant::now();
    let mut report = Report::empty(board);
    let threads = useful_threads(board, threads);
    let Some(mut prover) = new_prover(board, limits, &mut report) else {
        return Ok((report, None, 0));
    };
    resume(&mut prover, board, path)?;
    prover.on_progress = progress;
    prover.on_save = Some(checkpoint::saver(path, board, saved));
    value(
        &mut prover,
        board,
        threads,
        asked.first_moves,
        start,
        &mut report,
    );
    let saved = checkpoint::save(path, board, &prover.table)?;
    if asked.size == ProofSize::Walk {
        report.size_proof(&mut prover, threads);
    }
    Ok((report, Some(prover), saved))
}

/// Puts into `prover`'s table the proven entries of the checkpoint at `path`, if there is
/// one. The table starts as large as the checkpoint needs, and grows as it would without
/// one (so that a new checkpoint searches the same positions as no checkpoint); its
/// entries count as the table's fill, or the table would never grow nor collect garbage
/// (a 2013 4x4 proof resumed from 46 million entries stayed in its first 2 GB).
fn resume(
    prover: &mut Prover,
    board: &Board,
    path: &std::path::Path,
) -> Result<(), checkpoint::CheckpointError> {
    if let Some(kept) = checkpoint::open(path, board, &prover.table)? {
        prover.make_room(kept.entries);
        let restored = kept.restore(&prover.table)?;
        prover.count_stored(restored);
    }
    Ok(())
}

/// The threads worth starting for `board`: one below 4x4, whose values take milliseconds
/// (more would only start threads for them).
pub(crate) fn useful_threads(board: &Board, threads: usize) -> usize {
    if board.size() < 4 { 1 } else { threads.max(1) }
}

/// A prover for `board`; `None` (with the value in `report`) if the game is over or the
/// board too big.
fn new_prover(board: &Board, limits: Limits, report: &mut Report) -> Option<Prover> {
    if board.winner().is_some() {
        return None;
    }
    let prover = Prover::new(board.size(), limits);
    if prover.is_none() {
        report.value = Value::TooBig;
    }
    prover
}

/// Proves the value of `board` on `threads` threads into `report`, with what it cost.
fn value(
    prover: &mut Prover,
    board: &Board,
    threads: usize,
    first_moves: FirstMoves,
    start: Instant,
    report: &mut Report,
) {
    report.value = decide_seeking(prover, board, threads, first_moves);
    if matches!(report.value, Value::Unknown(_)) {
        report.first_moves = first_move_states(prover, board);
    }
    report.positions = prover.positions;
    report.memory = prover.memory();
    report.elapsed = start.elapsed();
}

/// The value of `board` by `prover` on `threads` threads: the root proven, then every
/// first move that wins (for a caller that makes and watches its own prover).
pub fn decide(prover: &mut Prover, board: &Board, threads: usize) -> Value {
    decide_seeking(prover, board, threads, FirstMoves::Every)
}

/// [`decide`], seeking every winning first move or only the proof's. Seeking every one,
/// each first move is proven on its own before the root (the root is then one expansion):
/// every one must be settled anyway, and proving them one by one searched the 4x4 start
/// in 31.5 million positions instead of 41.6 million on one thread, and leaves each thread
/// a question of its own ([`parallel::prove_each`]; docs/results/solving.md).
pub fn decide_seeking(
    prover: &mut Prover,
    board: &Board,
    threads: usize,
    first_moves: FirstMoves,
) -> Value {
    if first_moves == FirstMoves::Every {
        parallel::prove_each(prover, &open_first_moves(prover, board), threads);
    }
    let root = parallel::prove(prover, board, threads);
    // A limit may have stopped the search after a first move was proven to win.
    let a_move_wins = || (first_move_states(prover, board).iter()).any(|s| s.1 == Some(true));
    if root.is_win() || (first_moves == FirstMoves::Every && a_move_wins()) {
        match first_moves {
            FirstMoves::Every => winning_moves(prover, board, threads),
            FirstMoves::One => proof_move(prover, board),
        }
    } else if root.is_loss() {
        Value::Loses
    } else {
        Value::Unknown(prover.stopped.unwrap_or(Stop::Positions))
    }
}

/// What the table proves of each first move, one a symmetry class (see
/// [`Report::first_moves`]).
pub(crate) fn first_move_states(prover: &Prover, board: &Board) -> Vec<(usize, Option<bool>)> {
    let state = |(sq, child): (usize, Board)| {
        let after = prover.lookup(&child);
        let state = if child.winner().is_some() || after.is_loss() {
            Some(true)
        } else if after.is_win() {
            Some(false)
        } else {
            None
        };
        (sq, state)
    };
    first_move_classes(prover, board)
        .into_iter()
        .map(state)
        .collect()
}

/// Each first move of `board` with the position after it, one a symmetry class (the first
/// move of each class).
fn first_move_classes(prover: &Prover, board: &Board) -> Vec<(usize, Board)> {
    let mut seen = Vec::new();
    let mut classes = Vec::new();
    for sq in Squares(board.legal_moves()) {
        let mut child = *board;
        child.play(sq);
        let key = prover.sym.key(&child);
        if !seen.contains(&key) {
            seen.push(key);
            classes.push((sq, child));
        }
    }
    classes
}

/// Every first move that wins, each proven with the table the value left behind.
fn winning_moves(prover: &mut Prover, board: &Board, threads: usize) -> Value {
    let mut first_moves = Vec::new();
    for sq in Squares(board.legal_moves()) {
        let mut child = *board;
        child.play(sq);
        let after = match child.winner() {
            Some(_) => None,
            None => Some(parallel::prove(prover, &child, threads)),
        };
        let wins = after.is_none_or(|e| e.is_loss());
        if wins {
            first_moves.push(sq);
        }
        let settled = wins || after.is_some_and(|e| e.is_win());
        if let Some(tell) = prover.on_first_move.as_mut().filter(|_| settled) {
            tell(sq, wins);
        }
    }
    let listed = match prover.stopped {
        None => Listed::Every,
        Some(_) => Listed::Limited,
    };
    Value::Wins {
        first_moves,
        listed,
    }
}

/// The positions after `board`'s first moves, one a symmetry class, that do not end the game.
fn open_first_moves(prover: &Prover, board: &Board) -> Vec<Board> {
    let classes = first_move_classes(prover, board).into_iter();
    classes
        .map(|(_, child)| child)
        .filter(|c| c.winner().is_none())
        .collect()
}

/// The winning first move the proof plays, from a won root ([`proof::proven_move`]: the one
/// with the least work below it the table proves, or proven again where garbage collection
/// dropped it, as the proof writer does).
fn proof_move(prover: &mut Prover, board: &Board) -> Value {
    match proof::proven_move(prover, board) {
        Some(sq) => Value::Wins {
            first_moves: vec![sq],
            listed: Listed::One,
        },
        // A limit stopped the search again before a winning first move was found again.
        None => Value::Wins {
            first_moves: Vec::new(),
            listed: Listed::Limited,
        },
    }
}

impl Report {
    /// A report on `board` with nothing searched yet (and the value of a game over).
    pub fn empty(board: &Board) -> Report {
        Report {
            board: *board,
            value: Value::AlreadyOver,
            positions: 0,
            proof_size: None,
            elapsed: Duration::ZERO,
            memory: 0,
            first_moves: Vec::new(),
        }
    }

    /// Counts the positions of the proof that `prover`'s table holds (when the value is
    /// proven).
    pub fn size_proof(&mut self, prover: &mut Prover, threads: usize) {
        let winner = self.winner();
        let size = |w| proof::proof_size_threads(prover, &self.board, w, threads);
        self.proof_size = winner.and_then(size);
    }

    /// The winner, when proven.
    pub fn winner(&self) -> Option<Colour> {
        match self.value {
            Value::Wins { .. } => Some(self.board.to_move()),
            Value::Loses => Some(self.board.to_move().opponent()),
            _ => None,
        }
    }

    /// What a search that stopped has proven of each first move (one a symmetry class),
    /// as a line for after its answer: `first moves: 1 1 wins, 1 2 loses, 2 2 unknown`
    /// (`wins`: the move wins for the side to move). Empty unless the value is unknown.
    pub fn first_moves_line(&self) -> String {
        if self.first_moves.is_empty() {
            return String::new();
        }
        let moves: Vec<String> = self
            .first_moves
            .iter()
            .map(|&(sq, known)| {
                let state = match known {
                    Some(true) => "wins",
                    Some(false) => "loses",
                    None => "unknown",
                };
                format!("{} {state}", self.board.coord(sq))
            })
            .collect();
        format!("first moves: {}", moves.join(", "))
    }

    /// The answer line: `Red wins: 2 2, 3 3` or `Blue wins`, or what stopped the search.
    pub fn answer(&self) -> String {
        let mover = self.board.to_move();
        match &self.value {
            Value::Wins {
                first_moves,
                listed,
            } => {
                let list: Vec<String> = first_moves
                    .iter()
                    .map(|&sq| self.board.coord(sq).to_string())
                    .collect();
                let note = match listed {
                    Listed::Every => "",
                    Listed::Limited => {
                        " (perhaps not every winning first move: a limit was reached)"
                    }
                    Listed::One => " (the proof's first move; no others were sought)",
                };
                format!("{mover} wins: {}{note}", list.join(", "))
            }
            Value::Loses => format!("{} wins", mover.opponent()),
            Value::Unknown(Stop::Interrupted) => {
                format!("unknown: interrupted after {} positions", self.positions)
            }
            Value::Unknown(stop) => format!(
                "unknown: the {} limit was reached after {} positions",
                stop_name(*stop),
                self.positions
            ),
            Value::AlreadyOver => crate::search::solve::already_over(&self.board),
            Value::TooBig => format!(
                "game values are solved on boards up to {0}x{0} only",
                super::table::key::MAX_KEY_SIZE
            ),
        }
    }
}

fn stop_name(stop: Stop) -> &'static str {
    match stop {
        Stop::Time => "time",
        Stop::Positions => "positions",
        Stop::Memory => "memory",
        Stop::Interrupted => "interruption",
    }
}

/// The cost line: proof size, positions searched, time and memory.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let proof = self
            .proof_size
            .map_or("no proof".to_string(), |n| format!("proof {n} positions"));
        write!(
            f,
            "{proof}; searched {} positions in {:.3} s; table {:.1} MB",
            self.positions,
            self.elapsed.as_secs_f64(),
            self.memory as f64 / 1e6
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A checkpoint's entries count in the resumed table's fill: uncounted, the table
    /// neither grew nor collected garbage while they filled it.
    #[test]
    fn a_resumed_table_counts_the_checkpoints_entries_in_its_fill() {
        let board = Board::new(3);
        let limits = Limits {
            memory: 1 << 26,
            ..Limits::default()
        };
        let mut first = Prover::new(3, limits).unwrap();
        assert!(first.prove(&board).is_loss(), "Blue wins 3x3");
        let name = format!("jump61-resume-{}.ckpt", std::process::id());
        let path = std::env::temp_dir().join(name);
        let saved = checkpoint::save(&path, &board, &first.table).unwrap();
        let mut resumed = Prover::new(3, limits).unwrap();
        let resumed_from = resume(&mut resumed, &board, &path);
        let _ = std::fs::remove_file(&path);
        resumed_from.unwrap();
        assert!(saved > 100, "{saved} proven entries");
        assert_eq!(resumed.stored(), saved);
    }
}
