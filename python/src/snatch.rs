//! `jump61.SnatchBoard`: a Jump Snatch game, its moves, the fewest-moves puzzle and the
//! two-player value, worded as `jump61 snatch` words them.

use crate::board::value_error;
use crate::stoppable;
use jump61::snatch::session::side;
use jump61::snatch::solve::{Deadline, fewest_moves, winning_moves};
use jump61::snatch::{Board, LastJump, Move, legal_moves, parse_move};
use pyo3::exceptions::{PyIndexError, PyTimeoutError, PyTypeError};
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How long `fewest` and `value` think when no time is given, as the command loop does.
const SOLVE_TIME: f64 = 60.0;

/// A Jump Snatch position, whose turn it is, who jumped last, and the moves played.
#[pyclass(name = "SnatchBoard", module = "jump61")]
#[derive(Clone)]
pub struct PySnatchBoard {
    board: Board,
    last: LastJump,
    /// 0 when the first player is to move, 1 for the second.
    turn: usize,
    history: Vec<(Board, LastJump, usize, String)>,
}

impl PySnatchBoard {
    fn wrap(board: Board) -> PySnatchBoard {
        PySnatchBoard {
            board,
            last: LastJump::Nobody,
            turn: 0,
            history: Vec::new(),
        }
    }

    fn winner_index(&self) -> Option<usize> {
        legal_moves(&self.board).is_empty().then(|| {
            if self.last.mover_wins_if_stuck() {
                self.turn
            } else {
                1 - self.turn
            }
        })
    }

    /// A deadline `time` seconds away that `stop` also ends.
    fn deadline(time: Option<f64>, stop: &Arc<AtomicBool>) -> PyResult<Deadline> {
        let time = time.unwrap_or(SOLVE_TIME);
        let secs = Duration::try_from_secs_f64(time)
            .map_err(|_| value_error(format!("bad time '{time}': expected seconds")))?;
        Ok(Deadline {
            time: Some(Instant::now() + secs),
            stop: Some(Arc::clone(stop)),
        })
    }
}

fn timed_out() -> PyErr {
    PyTimeoutError::new_err("no answer within the time given")
}

fn names(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

#[pymethods]
impl PySnatchBoard {
    /// A position, rows joined by '/' with `x` a piece and `.` an empty square (3x3 to
    /// 8x8), such as ".xx/.xx/..."; the first player is to move.
    #[new]
    #[pyo3(signature = (position = None), text_signature = "(position='.xx/.xx/...')")]
    fn new(position: Option<&Bound<'_, PyAny>>) -> PyResult<PySnatchBoard> {
        let text = position.map_or(Ok(".xx/.xx/...".to_string()), |p| p.extract::<String>());
        let Ok(text) = text else {
            return Err(PyTypeError::new_err(
                "a position is a string such as \".xx/.xx/...\"",
            ));
        };
        text.parse::<Board>()
            .map(PySnatchBoard::wrap)
            .map_err(value_error)
    }

    /// A `size` x `size` board with `pieces` pieces placed by `seed`, as the command
    /// loop's `random N K SEED`.
    #[staticmethod]
    fn random(size: usize, pieces: usize, seed: u64) -> PyResult<PySnatchBoard> {
        use jump61::snatch::board::{MAX_SIZE, MIN_SIZE};
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(value_error(format!(
                "the size must be {MIN_SIZE} to {MAX_SIZE}, not {size}"
            )));
        }
        Ok(PySnatchBoard::wrap(Board::random(size, pieces, seed)))
    }

    #[getter]
    fn size(&self) -> usize {
        self.board.size()
    }

    #[getter]
    fn notation(&self) -> String {
        self.board.notation()
    }

    #[getter]
    fn pieces(&self) -> u32 {
        self.board.pieces()
    }

    /// 0 when the first player is to move, 1 for the second.
    #[getter]
    fn turn(&self) -> usize {
        self.turn
    }

    /// "first player" or "second player".
    #[getter]
    fn to_move(&self) -> &'static str {
        side(self.turn)
    }

    /// The winner once the side to move has no legal move: the last player to jump (the
    /// side that cannot move loses when nobody has jumped); None while the game goes on.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.winner_index().map(side)
    }

    /// The moves played, as written.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.history.iter().map(|h| h.3.clone()).collect()
    }

    /// The legal moves, one per resulting board: slides `3:3-2:2`, jumps `1:3x3:3x1:1`.
    fn legal_moves(&self) -> Vec<String> {
        names(&legal_moves(&self.board))
    }

    /// Plays a move written as the command loop takes it; a bad one raises ValueError
    /// with the command loop's reason and changes nothing.
    fn play(&mut self, mv: &str) -> PyResult<()> {
        let m = parse_move(&self.board, mv).map_err(value_error)?;
        self.history
            .push((self.board, self.last, self.turn, m.to_string()));
        self.board.set_bits(m.result);
        self.last = self.last.after(m.jump);
        self.turn = 1 - self.turn;
        Ok(())
    }

    /// The same as `play`.
    fn push(&mut self, mv: &str) -> PyResult<()> {
        self.play(mv)
    }

    /// Takes back the last move and returns it; IndexError when none was played.
    fn pop(&mut self) -> PyResult<String> {
        let (board, last, turn, mv) = self
            .history
            .pop()
            .ok_or_else(|| PyIndexError::new_err("nothing to undo"))?;
        (self.board, self.last, self.turn) = (board, last, turn);
        Ok(mv)
    }

    fn copy(&self) -> PySnatchBoard {
        self.clone()
    }

    /// The puzzle: the fewest moves leaving one piece, in order ([] when one is left),
    /// or None when no sequence of legal moves does. TimeoutError after `time` seconds
    /// (60 by default); Ctrl-C stops it.
    #[pyo3(signature = (time = None))]
    fn fewest(&self, py: Python<'_>, time: Option<f64>) -> PyResult<Option<Vec<String>>> {
        let stop = Arc::new(AtomicBool::new(false));
        let deadline = PySnatchBoard::deadline(time, &stop)?;
        let board = self.board;
        let found = stoppable::run(py, &stop, move || fewest_moves(&board, deadline))?;
        let moves = found.map_err(|_| timed_out())?;
        Ok(moves.map(|m| names(&m)))
    }

    /// The two-player game with perfect play from here: the winner ("first player" or
    /// "second player") and every winning first move of the side to move (empty when it
    /// loses). TimeoutError after `time` seconds (60 by default); Ctrl-C stops it.
    #[pyo3(signature = (time = None))]
    fn value(&self, py: Python<'_>, time: Option<f64>) -> PyResult<(&'static str, Vec<String>)> {
        if let Some(w) = self.winner_index() {
            return Ok((side(w), Vec::new()));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let deadline = PySnatchBoard::deadline(time, &stop)?;
        let (board, last) = (self.board, self.last);
        let found = stoppable::run(py, &stop, move || winning_moves(&board, last, deadline))?;
        let winning = found.map_err(|_| timed_out())?;
        let winner = if winning.is_empty() {
            1 - self.turn
        } else {
            self.turn
        };
        Ok((side(winner), names(&winning)))
    }

    /// The board as the command loop's `board` prints it, with whose turn it is.
    fn __str__(&self) -> String {
        let status = match self.winner_index() {
            Some(w) => format!("game over: the {} wins", side(w)),
            None => format!("the {} to move", side(self.turn)),
        };
        format!("{}{status}", self.board)
    }

    fn __repr__(&self) -> String {
        format!("SnatchBoard('{}')", self.board.notation())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<PySnatchBoard>>()
            .is_ok_and(|o| (o.board, o.last, o.turn) == (self.board, self.last, self.turn))
    }

    fn __hash__(&self) -> u64 {
        self.board.hash() ^ (self.last as u64) << 1 ^ self.turn as u64
    }
}
