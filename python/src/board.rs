//! `jump61.Board`: a Jump61 position with its moves, undo, notation and numpy views.

use jump61::board::{Board, Colour, MAX_SIZE, MIN_SIZE, Rules, Squares};
use jump61::protocol::{CommandError, PlayError, view};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};

/// A Jump61 position and the moves played since it was set. A move is a square number (0 to
/// n*n - 1, row by row) or a (row, col) pair counted from 1; a bad one raises ValueError with
/// the command loop's reason and changes nothing.
#[pyclass(name = "Board", module = "jump61")]
#[derive(Clone)]
pub struct PyBoard {
    pub board: Board,
    /// The moves played, each with the board before it, for `pop`.
    history: Vec<(Board, usize)>,
}

/// `Err(ValueError)` with `error`'s words, the command loop's.
pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The rules named by `rules` (`"2014"`, `"2013"`, or the year as a number).
pub fn parse_rules(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
    let Some(rules) = rules else {
        return Ok(Rules::V2014);
    };
    let text = if let Ok(year) = rules.extract::<i64>() {
        year.to_string()
    } else if let Ok(name) = rules.extract::<String>() {
        name
    } else {
        return Err(PyTypeError::new_err("rules are \"2014\" or \"2013\""));
    };
    text.parse().map_err(PyValueError::new_err)
}

/// `"Red"` or `"Blue"`.
pub fn colour_name(colour: Colour) -> &'static str {
    colour.name()
}

impl PyBoard {
    pub fn wrap(board: Board) -> PyBoard {
        PyBoard {
            board,
            history: Vec::new(),
        }
    }

    /// The square a move names: a square number (0 to n*n - 1, row by row) or a
    /// `(row, col)` pair counted from 1, as the command loop types it.
    pub fn square_of(&self, mv: &Bound<'_, PyAny>) -> PyResult<usize> {
        let size = self.board.size();
        if let Ok(sq) = mv.extract::<i64>() {
            let last = self.board.squares() - 1;
            return usize::try_from(sq)
                .ok()
                .filter(|&sq| sq <= last)
                .ok_or_else(|| {
                    value_error(format!(
                        "square {sq} is off the board: squares are 0 to {last}"
                    ))
                });
        }
        let Ok((row, col)) = mv.extract::<(i64, i64)>() else {
            return Err(PyTypeError::new_err(
                "a move is a square number or a (row, col) pair, such as (1, 2)",
            ));
        };
        let on_board = |n: i64| (1..=size as i64).contains(&n);
        if !on_board(row) {
            return Err(value_error(PlayError::RowOffBoard {
                row: row.max(0) as u64,
                size,
            }));
        }
        if !on_board(col) {
            return Err(value_error(PlayError::ColumnOffBoard {
                col: col.max(0) as u64,
                size,
            }));
        }
        Ok((row as usize - 1) * size + col as usize - 1)
    }

    /// Why `sq` cannot be played now, in the command loop's words, if it cannot.
    fn refusal(&self, sq: usize) -> Option<PlayError> {
        if let Some(winner) = self.board.winner() {
            return Some(PlayError::GameOver {
                winner,
                reset: "clear",
            });
        }
        let mover = self.board.to_move();
        let at = self.board.coord(sq);
        (!self.board.is_legal(sq)).then_some(PlayError::Opponents {
            row: at.row as u64,
            col: at.col as u64,
            mover,
            owner: mover.opponent(),
        })
    }

    fn pair(&self, sq: usize) -> (usize, usize) {
        let c = self.board.coord(sq);
        (c.row, c.col)
    }
}

/// A writable size x size numpy array of `dtype` (one byte an element) from `bytes`, row by
/// row.
fn square_array<'py>(
    py: Python<'py>,
    size: usize,
    bytes: &[u8],
    dtype: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let flat = py
        .import("numpy")?
        .call_method1("frombuffer", (PyBytes::new(py, bytes), dtype))?;
    flat.call_method1("reshape", (size, size))?
        .call_method0("copy")
}

#[pymethods]
impl PyBoard {
    /// The start position of a `size` x `size` board (2 to 10) under `rules` ("2014":
    /// every square white with one spot; "2013": white and empty). Red moves first.
    #[new]
    #[pyo3(signature = (size = None, rules = None), text_signature = "(size=6, rules='2014')")]
    fn new(size: Option<&Bound<'_, PyAny>>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        let Ok(n) = size.map_or(Ok(6), |s| s.extract::<i64>()) else {
            return Err(PyTypeError::new_err(
                "the size is a whole number from 2 to 10",
            ));
        };
        if !(MIN_SIZE as i64..=MAX_SIZE as i64).contains(&n) {
            return Err(value_error(CommandError::OutOfRange {
                what: "size",
                value: n.to_string(),
                min: MIN_SIZE as u64,
                max: MAX_SIZE as u64,
            }));
        }
        Ok(PyBoard::wrap(Board::with_rules(
            n as usize,
            parse_rules(rules)?,
        )))
    }

    /// The position a one-line notation gives (rows of `dump` joined by `/`, such as
    /// `2r1-/1-2b`); the spots say whose turn it is.
    #[staticmethod]
    #[pyo3(signature = (notation, rules = None))]
    fn from_notation(notation: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        Board::parse_with_rules(notation, parse_rules(rules)?)
            .map(PyBoard::wrap)
            .map_err(|e| value_error(CommandError::Position(e)))
    }

    /// The side length.
    #[getter]
    fn size(&self) -> usize {
        self.board.size()
    }

    /// "2014" or "2013".
    #[getter]
    fn rules(&self) -> String {
        self.board.rules().to_string()
    }

    /// "Red" or "Blue": whose turn it is.
    #[getter]
    fn to_move(&self) -> &'static str {
        colour_name(self.board.to_move())
    }

    /// "Red" or "Blue" once one colour owns every square, else None.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.board.winner().map(colour_name)
    }

    /// The one-line notation, as `Board.from_notation` reads it.
    #[getter]
    fn notation(&self) -> String {
        self.board.to_notation()
    }

    /// The moves played since the board was made, as (row, col) pairs.
    #[getter]
    fn moves(&self) -> Vec<(usize, usize)> {
        self.history.iter().map(|&(_, sq)| self.pair(sq)).collect()
    }

    /// Spots on each square, a size x size numpy array of uint8.
    #[getter]
    fn spots<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes: Vec<u8> = (0..self.board.squares())
            .map(|sq| self.board.spots(sq))
            .collect();
        square_array(py, self.board.size(), &bytes, "uint8")
    }

    /// Each square's owner, a size x size numpy array of int8: 1 Red, -1 Blue, 0 white.
    #[getter]
    fn owners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let owner = |sq| match self.board.owner(sq) {
            Some(Colour::Red) => 1u8,
            // -1 as an int8.
            Some(Colour::Blue) => 0xFF,
            None => 0,
        };
        let bytes: Vec<u8> = (0..self.board.squares()).map(owner).collect();
        square_array(py, self.board.size(), &bytes, "int8")
    }

    /// The legal moves as (row, col) pairs counted from 1, row by row; none once won.
    fn legal_moves(&self) -> Vec<(usize, usize)> {
        Squares(self.board.legal_moves())
            .map(|sq| self.pair(sq))
            .collect()
    }

    /// The legal moves as square numbers (0 to n*n - 1, row by row).
    fn legal_squares(&self) -> Vec<usize> {
        Squares(self.board.legal_moves()).collect()
    }

    /// Whether `move` (a square number or a (row, col) pair) is legal now.
    fn is_legal(&self, mv: &Bound<'_, PyAny>) -> bool {
        self.square_of(mv)
            .is_ok_and(|sq| self.refusal(sq).is_none())
    }

    /// Plays `move` (a square number or a (row, col) pair counted from 1) for the side to
    /// move. An illegal move raises ValueError with the command loop's reason and changes
    /// nothing.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let sq = self.square_of(mv)?;
        if let Some(refused) = self.refusal(sq) {
            return Err(value_error(refused));
        }
        self.history.push((self.board, sq));
        self.board.play(sq);
        Ok(())
    }

    /// The same as `play`.
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        self.play(mv)
    }

    /// Takes back the last move and returns it as a (row, col) pair; IndexError when no
    /// move has been played.
    fn pop(&mut self) -> PyResult<(usize, usize)> {
        let Some((before, sq)) = self.history.pop() else {
            return Err(PyIndexError::new_err(PlayError::NothingToUndo.to_string()));
        };
        self.board = before;
        Ok(self.pair(sq))
    }

    /// An independent copy, with its moves.
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// The lines the command loop's `dump` prints, markers included.
    fn dump(&self) -> Vec<String> {
        let dialect = match self.board.rules() {
            Rules::V2014 => jump61::protocol::Dialect::V2014,
            Rules::V2013 => jump61::protocol::Dialect::V2013,
        };
        view::dump(dialect, &self.board)
    }

    /// The board as the command loop shows it to people.
    fn __str__(&self) -> String {
        view::readable(&self.board).join("\n")
    }

    fn __repr__(&self) -> String {
        format!(
            "Board.from_notation('{}', rules='{}')",
            self.board.to_notation(),
            self.board.rules()
        )
    }

    /// Equal positions: the same squares, side to move and rules (the moves that led
    /// there do not count).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<PyBoard>>()
            .is_ok_and(|o| o.board == self.board)
    }

    /// The position's Zobrist key: equal positions hash alike (a move changes it).
    fn __hash__(&self) -> u64 {
        self.board.hash()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let from = py.get_type::<PyBoard>().getattr("from_notation")?;
        let args = (self.board.to_notation(), self.board.rules().to_string());
        PyTuple::new(py, [from.into_any(), args.into_pyobject(py)?.into_any()])
    }
}
