//! `jump61.perft`, `jump61.random_playouts` and `jump61.random_game`: counting move
//! sequences and playing random games in Rust, many at a call.

use crate::board::{PyBoard, value_error};
use crate::stoppable;
use jump61::perft::perft_stoppable;
use jump61::playout;
use jump61::protocol::CommandError;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;

/// The deepest perft accepted, as `jump61 perft`'s.
const MAX_PERFT_DEPTH: u64 = 12;

/// What a batch of random playouts ended in.
#[pyclass(module = "jump61", get_all, frozen)]
#[derive(Clone)]
pub struct Playouts {
    /// Games played to the end.
    games: u64,
    red_wins: u64,
    blue_wins: u64,
    /// Moves played over all the games.
    moves: u64,
}

#[pymethods]
impl Playouts {
    fn __repr__(&self) -> String {
        format!(
            "Playouts(games={}, red_wins={}, blue_wins={}, moves={})",
            self.games, self.red_wins, self.blue_wins, self.moves
        )
    }
}

/// The number of move sequences of `depth` plies from `board` (won positions have no
/// moves), as `jump61 perft` counts them, on every core. Ctrl-C stops it within milliseconds.
#[pyfunction]
pub fn perft(py: Python<'_>, board: PyRef<'_, PyBoard>, depth: i64) -> PyResult<u64> {
    let depth = u64::try_from(depth)
        .ok()
        .filter(|&d| d <= MAX_PERFT_DEPTH)
        .ok_or_else(|| {
            value_error(CommandError::OutOfRange {
                what: "depth",
                value: depth.to_string(),
                min: 0,
                max: MAX_PERFT_DEPTH,
            })
        })? as u32;
    let board = board.board;
    let stop = AtomicBool::new(false);
    let counted = stoppable::run(py, &stop, || perft_stoppable(&board, depth, &stop))?;
    // `None` only when stopped, and then `run` has raised the KeyboardInterrupt.
    counted.ok_or_else(|| PyRuntimeError::new_err("perft was stopped"))
}

/// Plays `games` games from `board` to the end by uniformly random legal moves, in Rust,
/// seeded by `seed` (the same games on every machine), and counts who won. The GIL is
/// released; Ctrl-C stops it between games.
#[pyfunction]
#[pyo3(signature = (board, games, seed = 0))]
pub fn random_playouts(
    py: Python<'_>,
    board: PyRef<'_, PyBoard>,
    games: u64,
    seed: u64,
) -> PyResult<Playouts> {
    let board = board.board;
    let stop = AtomicBool::new(false);
    let done = stoppable::run(py, &stop, || {
        playout::random_playouts(&board, games, seed, &stop)
    })?;
    Ok(Playouts {
        games: done.games,
        red_wins: done.red_wins,
        blue_wins: done.blue_wins,
        moves: done.moves,
    })
}

/// The moves, (row, col) pairs, of one random game from `board` to its end: the first
/// game `random_playouts` plays with the same seed.
#[pyfunction]
#[pyo3(signature = (board, seed = 0))]
pub fn random_game(board: PyRef<'_, PyBoard>, seed: u64) -> Vec<(usize, usize)> {
    let board = board.board;
    playout::random_game(&board, seed)
        .into_iter()
        .map(|sq| {
            let c = board.coord(sq);
            (c.row, c.col)
        })
        .collect()
}
