//! `jump61.review` and `jump61.review_script`: a finished game looked back at, each move
//! marked in the words `jump61 review` prints (the engine's [`jump61::review::words`]).

use crate::board::{PyBoard, colour_name, value_error};
use crate::stoppable;
use jump61::board::Board;
use jump61::protocol::script::{named_dialect, read_script};
use jump61::protocol::{CommandError, Dialect, MAX_SOLVE_POSITIONS};
use jump61::review::{MAX_EVAL_NODES, ReviewLimits, words};
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// One move of a reviewed game.
#[pyclass(module = "jump61", get_all, frozen)]
#[derive(Clone)]
pub struct MoveReview {
    /// The move's number in the game, from 1.
    number: usize,
    /// "Red" or "Blue".
    mover: &'static str,
    /// The square, as a (row, col) pair counted from 1.
    square: (usize, usize),
    /// The mark in words: "kept the win", "threw the win away (winning: 1 1)", "lost
    /// already", "won the game", "good", "inaccuracy", "mistake" or "blunder".
    mark: String,
    /// The mover's chance of winning before and after the move (1 or 0 when proven).
    before: f64,
    after: f64,
    /// The move's line exactly as `jump61 review` prints it.
    line: String,
}

#[pymethods]
impl MoveReview {
    fn __repr__(&self) -> String {
        format!("MoveReview({:?})", self.line)
    }
}

/// A whole game looked back at.
#[pyclass(module = "jump61", get_all, frozen)]
pub struct Review {
    /// Every move, in order.
    moves: Vec<MoveReview>,
    /// Red's chance of winning in each position, the start first (one more than moves):
    /// the evaluation over the game, for a graph.
    red_chances: Vec<f64>,
    /// "Red" or "Blue" when the game was won; None for an unfinished one.
    winner: Option<&'static str>,
    /// The lines `jump61 review` prints: one a move, then the result.
    lines: Vec<String>,
}

#[pymethods]
impl Review {
    fn __str__(&self) -> String {
        self.lines.join("\n")
    }

    fn __repr__(&self) -> String {
        let last = self.lines.last().map_or("", String::as_str);
        format!("Review({last:?})")
    }
}

/// Looks back at the game of `moves` (square numbers or (row, col) pairs) played from
/// `start` (a 6x6 board under the 2014 rules when left out), as `jump61 review` does on a
/// saved game. `positions` limits the prover for each position's value (boards up to 5x5),
/// `nodes` the AI's search for each evaluation. The GIL is released; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (moves, start = None, positions = None, nodes = None))]
pub fn review(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    start: Option<PyRef<'_, PyBoard>>,
    positions: Option<u64>,
    nodes: Option<u64>,
) -> PyResult<Review> {
    let start = start.map_or_else(|| Board::new(6), |b| b.board);
    let coords = PyBoard::wrap(start);
    let squares = moves
        .try_iter()?
        .map(|mv| coords.square_of(&mv?))
        .collect::<PyResult<Vec<usize>>>()?;
    looked_back(py, &start, &squares, limits(positions, nodes)?)
}

/// Looks back at a game saved by the command loop's `save` (its text, not a file name):
/// the dialect is the one its `# dialect` line names, else `dialect` ("2014" when left
/// out). Limits as [`review`]'s.
#[pyfunction]
#[pyo3(signature = (text, dialect = None, positions = None, nodes = None))]
pub fn review_script(
    py: Python<'_>,
    text: &str,
    dialect: Option<&str>,
    positions: Option<u64>,
    nodes: Option<u64>,
) -> PyResult<Review> {
    let fallback = dialect
        .map_or(Ok(Dialect::V2014), str::parse)
        .map_err(value_error)?;
    let game = read_script(text, named_dialect(text, fallback)).map_err(value_error)?;
    looked_back(py, &game.start, &game.moves, limits(positions, nodes)?)
}

/// The review's limits, each checked as `jump61 review` checks its options.
fn limits(positions: Option<u64>, nodes: Option<u64>) -> PyResult<ReviewLimits> {
    let default = ReviewLimits::default();
    let checked = |what, value: Option<u64>, default: u64, max: u64| match value {
        None => Ok(default),
        Some(v) if (1..=max).contains(&v) => Ok(v),
        Some(v) => Err(value_error(CommandError::OutOfRange {
            what,
            value: v.to_string(),
            min: 1,
            max,
        })),
    };
    Ok(ReviewLimits {
        positions: checked(
            "positions",
            positions,
            default.positions,
            MAX_SOLVE_POSITIONS,
        )?,
        eval_nodes: checked("nodes", nodes, default.eval_nodes, MAX_EVAL_NODES)?,
        ..default
    })
}

/// Reviews the game without the GIL and puts it in Python's terms.
fn looked_back(
    py: Python<'_>,
    start: &Board,
    moves: &[usize],
    limits: ReviewLimits,
) -> PyResult<Review> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let done = stoppable::run(py, &stop, move || {
        jump61::review::review(start, moves, &limits, flag)
    })?
    .map_err(value_error)?;
    let moves = done
        .moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let board = &done.positions[i].board;
            let at = board.coord(mv.square);
            MoveReview {
                number: i + 1,
                mover: colour_name(mv.mover),
                square: (at.row, at.col),
                mark: words::mark_text(&mv.mark, board),
                before: mv.before,
                after: mv.after,
                line: words::move_line(i + 1, mv, board),
            }
        })
        .collect();
    Ok(Review {
        moves,
        red_chances: done.positions.iter().map(|p| p.red_chance).collect(),
        winner: done
            .positions
            .last()
            .and_then(|p| p.board.winner())
            .map(colour_name),
        lines: words::lines(&done),
    })
}
