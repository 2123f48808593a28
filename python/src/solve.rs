//! `jump61.solve` and `jump61.verify_proof`: game values by df-pn with their proofs, wins
//! within a number of moves, and the proof checker, answering as `jump61 solve` does.

use crate::board::{PyBoard, colour_name, value_error};
use crate::stoppable;
use jump61::board::Board;
use jump61::protocol::{CommandError, MAX_SOLVE, MAX_SOLVE_POSITIONS};
use jump61::search::solve::{Solution as Within, answer, solve_stoppable};
use jump61::solver::dfpn::Limits;
use jump61::solver::proof::{self, arise};
use jump61::solver::{Asked, FirstMoves, ProofSize, Report, Value, game_value_stoppable};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// `solve`'s time for a game's value when none is given, as `jump61 solve`'s.
const GAME_VALUE_TIME: f64 = 600.0;
/// `solve`'s time for a question of a few moves when none is given.
const QUESTION_TIME: f64 = 10.0;
/// The game-value table's memory when none is given, in MiB, as `jump61 solve`'s.
const DEFAULT_MEMORY_MB: u64 = 4096;

/// What `solve` found.
#[pyclass(module = "jump61", get_all, frozen)]
#[derive(Clone)]
pub struct Solution {
    /// The answer line exactly as `jump61 solve` prints it: `Blue wins`, `Red wins: 1 1,
    /// 2 2`, `Red wins in 2: 1 3`, `unknown: ...`.
    text: String,
    /// "Red" or "Blue" when proven; None otherwise (unknown, or no forced win found
    /// within the moves asked).
    winner: Option<&'static str>,
    /// Every winning first move of the side to move, (row, col) pairs (empty when it loses).
    winning_moves: Vec<(usize, usize)>,
    /// With `depth`: the fewest own moves to the win, when one was found.
    moves: Option<u32>,
    /// Positions the prover expanded (game values) or examined (`depth`).
    positions: u64,
    /// Positions in the proof (both sides, up to symmetry), for a proven game value.
    proof_positions: Option<usize>,
    /// The proof file written, when `proof` was given.
    proof: Option<PathBuf>,
}

#[pymethods]
impl Solution {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Solution({:?})", self.text)
    }
}

/// What `verify_proof` accepted.
#[pyclass(module = "jump61", get_all, frozen)]
#[derive(Clone)]
pub struct ProofCheck {
    /// "Red" or "Blue".
    winner: &'static str,
    /// The position the proof starts from, as a Board.
    root: PyBoard,
    /// The winner's positions checked (up to symmetry).
    positions: usize,
}

#[pymethods]
impl ProofCheck {
    fn __repr__(&self) -> String {
        format!(
            "ProofCheck(winner='{}', root='{}', positions={})",
            self.winner,
            self.root.board.to_notation(),
            self.positions
        )
    }
}

fn seconds(time: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(time)
        .ok()
        .filter(|t| !t.is_zero())
        .ok_or_else(|| value_error(CommandError::BadTime(time.to_string())))
}

fn squares(board: &Board, moves: &[usize]) -> Vec<(usize, usize)> {
    moves
        .iter()
        .map(|&sq| {
            let c = board.coord(sq);
            (c.row, c.col)
        })
        .collect()
}

/// The value of `board` with perfect play, as `jump61 solve` gives it: with `depth`,
/// whether the side to move wins within that many of its own moves (1 to 8); without,
/// the game's value by the df-pn prover, with every winning first move, and its proof
/// written to `proof` when given. `time` (seconds; 600 for a value, 10 with a depth),
/// `positions`, and `memory` (MiB, for a value) limit the search; `threads` (a value)
/// defaults to every core, or 1 with `positions`. The GIL is released; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (board, time = None, memory = None, depth = None, positions = None, threads = None, proof = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    board: PyRef<'_, PyBoard>,
    time: Option<f64>,
    memory: Option<u64>,
    depth: Option<i64>,
    positions: Option<u64>,
    threads: Option<usize>,
    proof: Option<PathBuf>,
) -> PyResult<Solution> {
    let board = board.board;
    if let Some(positions) = positions.filter(|&p| p == 0 || p > MAX_SOLVE_POSITIONS) {
        return Err(value_error(CommandError::OutOfRange {
            what: "positions",
            value: positions.to_string(),
            min: 1,
            max: MAX_SOLVE_POSITIONS,
        }));
    }
    match depth {
        Some(depth) => {
            if proof.is_some() {
                return Err(value_error(
                    "a proof is written for a game's value: leave out depth",
                ));
            }
            let depth = u32::try_from(depth)
                .ok()
                .filter(|d| (1..=MAX_SOLVE as u32).contains(d))
                .ok_or_else(|| {
                    value_error(CommandError::OutOfRange {
                        what: "depth",
                        value: depth.to_string(),
                        min: 1,
                        max: MAX_SOLVE,
                    })
                })?;
            let time = seconds(time.unwrap_or(QUESTION_TIME))?;
            within(py, &board, depth, time, positions.unwrap_or(u64::MAX))
        }
        None => {
            let limits = Limits {
                deadline: Some(Instant::now() + seconds(time.unwrap_or(GAME_VALUE_TIME))?),
                positions: positions.unwrap_or(u64::MAX),
                memory: (memory.unwrap_or(DEFAULT_MEMORY_MB).max(1) as usize) << 20,
            };
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            let threads = threads.unwrap_or(if positions.is_some() { 1 } else { cores });
            game_value(py, &board, limits, threads.max(1), proof.as_deref())
        }
    }
}

/// `solve` with a depth.
fn within(
    py: Python<'_>,
    board: &Board,
    depth: u32,
    time: Duration,
    positions: u64,
) -> PyResult<Solution> {
    let stop = AtomicBool::new(false);
    let deadline = Some(Instant::now() + time);
    let solution = stoppable::run(py, &stop, || {
        solve_stoppable(board, depth, positions, deadline, Some(&stop), &mut |_| {})
    })?;
    let (winner, first, moves, examined) = match &solution {
        Within::Win { moves, first_moves } => {
            (Some(board.to_move()), first_moves.clone(), Some(*moves), 0)
        }
        Within::GaveUp {
            no_win_within,
            first_moves,
            positions,
        } if !first_moves.is_empty() => (
            Some(board.to_move()),
            first_moves.clone(),
            Some(no_win_within + 1),
            *positions,
        ),
        Within::GaveUp { positions, .. } => (None, Vec::new(), None, *positions),
        Within::AlreadyOver => (board.winner(), Vec::new(), None, 0),
        Within::NoWinWithin { .. } => (None, Vec::new(), None, 0),
    };
    Ok(Solution {
        text: answer(board, &solution),
        winner: winner.map(colour_name),
        winning_moves: squares(board, &first),
        moves,
        positions: examined,
        proof_positions: None,
        proof: None,
    })
}

/// `solve` without a depth: the game's value, and its proof when asked for (written by the
/// engine's own writer, as `jump61 solve --proof` writes it). The search and the writing
/// poll a stop flag of this call's own: Ctrl-C stops this proof and no other.
fn game_value(
    py: Python<'_>,
    board: &Board,
    limits: Limits,
    threads: usize,
    proof_path: Option<&Path>,
) -> PyResult<Solution> {
    if proof_path.is_some() {
        arise::could_arise(board).map_err(value_error)?;
    }
    let asked = Asked {
        size: if proof_path.is_some() {
            ProofSize::Skip
        } else {
            ProofSize::Walk
        },
        first_moves: FirstMoves::Every,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let (report, written) = stoppable::run(py, &stop, || {
        let (mut report, prover) =
            game_value_stoppable(board, limits, threads, asked, Arc::clone(&stop));
        let written = match (proof_path, prover, report.winner()) {
            (Some(path), Some(mut prover), Some(winner)) => {
                let written = proof::write_file(path, &mut prover, board, winner, threads);
                if let Ok(n) = &written {
                    report.proof_size = Some(n.positions);
                }
                Some(written)
            }
            _ => None,
        };
        (report, written)
    })?;
    if let (Some(Err(e)), Some(path)) = (written, proof_path) {
        return Err(PyOSError::new_err(format!("{}: {e}", path.display())));
    }
    if proof_path.is_some() && report.winner().is_none() {
        return Err(value_error(format!(
            "{}; no proof to write: the value is not proven",
            report.answer()
        )));
    }
    Ok(solution_of(&report, proof_path))
}

fn solution_of(report: &Report, proof_path: Option<&Path>) -> Solution {
    let first = match &report.value {
        Value::Wins { first_moves, .. } => first_moves.clone(),
        _ => Vec::new(),
    };
    Solution {
        text: report.answer(),
        winner: report.winner().map(colour_name),
        winning_moves: squares(&report.board, &first),
        moves: None,
        positions: report.positions,
        proof_positions: report.proof_size,
        proof: proof_path.map(Path::to_path_buf),
    }
}

/// The memory a proof's check may take when none is given, in MiB, as `solve`'s table.
const CHECK_MEMORY_MB: u64 = DEFAULT_MEMORY_MB;

/// Checks the proof file at `path` by the rules alone and returns what it proves, as
/// `jump61 verify-proof PATH --memory MEMORY` does: within `memory` MiB (4096 by default),
/// what does not fit sorted in runs on disk in a folder of its own made in `temp_dir`
/// (by default the proof's folder) and removed at the end. Raises ValueError (`proof
/// rejected: ...` when it does not hold) or OSError. The GIL is released; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (path, memory = None, temp_dir = None))]
pub fn verify_proof(
    py: Python<'_>,
    path: PathBuf,
    memory: Option<u64>,
    temp_dir: Option<PathBuf>,
) -> PyResult<ProofCheck> {
    // Opened now, so that a missing file is an OSError, as a file that cannot be read is.
    std::fs::File::open(&path)
        .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
    let memory = memory.unwrap_or(CHECK_MEMORY_MB);
    if memory == 0 {
        return Err(value_error("memory must be at least 1 MiB"));
    }
    let spill_in = temp_dir.unwrap_or_else(|| match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    });
    let stop = AtomicBool::new(false);
    let bounded = proof::Bounded {
        memory: usize::try_from(memory.saturating_mul(1 << 20)).unwrap_or(usize::MAX),
        spill_in: &spill_in,
        stop: &stop,
    };
    let open = || -> std::io::Result<Box<dyn std::io::Read + Send>> {
        Ok(Box::new(std::fs::File::open(&path)?))
    };
    let checked = stoppable::run(py, &stop, || {
        proof::verify_bounded(&open, &bounded, &mut |_, _, _| {})
    })?;
    match checked {
        Ok(v) => Ok(ProofCheck {
            winner: colour_name(v.verified.winner),
            root: PyBoard::wrap(v.verified.root),
            positions: v.verified.positions,
        }),
        Err(e @ proof::CheckError::Fails { .. }) => {
            Err(value_error(format!("proof rejected: {e}")))
        }
        Err(e @ proof::CheckError::Io(_)) => {
            Err(PyOSError::new_err(format!("{}: {e}", path.display())))
        }
        Err(e) => Err(value_error(format!("{}: {e}", path.display()))),
    }
}
