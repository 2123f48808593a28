//! `jump61.Engine`: the AI, with its table kept between the moves of a game, and
//! `Analysis`, what one of its searches found.

use crate::board::{PyBoard, value_error};
use crate::stoppable;
use jump61::protocol::{
    CommandError, MAX_HASH_MB, MAX_LEVEL, MAX_NODES, MAX_THREADS, PlayError, parse_seconds,
};
use jump61::search::{Engine, EngineConfig, Limit, Progress};
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The deepest fixed depth a search may be asked for.
const MAX_DEPTH: u64 = 100;

/// The AI: Lazy SMP alpha-beta with a proof step, at levels 1 (greedy) to 5 (full).
#[pyclass(name = "Engine", module = "jump61")]
pub struct PyEngine {
    engine: Engine,
}

/// What a search found: the move it chose, the deepest depth it finished, its score and
/// principal variation.
#[pyclass(module = "jump61", get_all, frozen)]
#[derive(Clone)]
pub struct Analysis {
    /// The chosen move, (row, col) counted from 1.
    #[pyo3(name = "move")]
    best_move: (usize, usize),
    /// The deepest depth finished (0 at level 1, which searches nothing).
    depth: u32,
    /// The score from the side to move's view, in hundredths of a square; a win or loss
    /// is +-30000 less its distance in plies. None at level 1.
    score: Option<i32>,
    /// The score as the command loop's `info` lines write it: `cp 35`, `win in 2`.
    score_text: Option<String>,
    /// A proven result's distance in the side to move's own moves: positive when it wins,
    /// negative when it loses, None when not proven.
    mate: Option<i64>,
    /// Nodes searched.
    nodes: u64,
    /// The principal variation, (row, col) pairs.
    pv: Vec<(usize, usize)>,
}

#[pymethods]
impl Analysis {
    fn __repr__(&self) -> String {
        let score = self
            .score_text
            .as_ref()
            .map_or("None".to_string(), |s| format!("'{s}'"));
        let mate = self.mate.map_or("None".to_string(), |m| m.to_string());
        format!(
            "Analysis(move={:?}, depth={}, score={score}, mate={mate}, nodes={}, pv={:?})",
            self.best_move, self.depth, self.nodes, self.pv
        )
    }
}

/// A bounded whole number of a setting, or the command loop's reason why not.
fn ranged(value: i64, what: &'static str, min: u64, max: u64) -> PyResult<u64> {
    u64::try_from(value)
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| {
            value_error(CommandError::OutOfRange {
                what,
                value: value.to_string(),
                min,
                max,
            })
        })
}

/// The limit of one move: exactly one of a time (seconds), nodes or a depth; 1 s if none.
fn limit(time: Option<f64>, nodes: Option<i64>, depth: Option<i64>) -> PyResult<Limit> {
    match (time, nodes, depth) {
        (None, None, None) => Ok(Limit::default()),
        (Some(t), None, None) => parse_seconds(&t.to_string())
            .map(Limit::MoveTime)
            .map_err(value_error),
        (None, Some(n), None) => Ok(Limit::Nodes(ranged(n, "nodes", 1, MAX_NODES)?)),
        (None, None, Some(d)) => Ok(Limit::Depth(ranged(d, "depth", 1, MAX_DEPTH)? as u32)),
        _ => Err(value_error("give one limit: time, nodes or depth")),
    }
}

impl PyEngine {
    /// Searches `board` under `limit`, without the GIL; Ctrl-C stops it and raises.
    fn think(
        &mut self,
        py: Python<'_>,
        board: &PyBoard,
        limit: Limit,
    ) -> PyResult<(Option<usize>, Option<Progress>)> {
        let config = EngineConfig {
            limit,
            ..self.engine.config().clone()
        };
        self.engine.set_config(config);
        let stop = Arc::new(AtomicBool::new(false));
        self.engine.set_stop_flag(Some(Arc::clone(&stop)));
        let (engine, position) = (&mut self.engine, board.board);
        let found = stoppable::run(py, &stop, move || {
            let mut last = None;
            let chosen = engine.choose_move(&position, &mut |p: &Progress| last = Some(p.clone()));
            (chosen, last)
        });
        self.engine.set_stop_flag(None);
        found
    }
}

#[pymethods]
impl PyEngine {
    /// An engine with `threads` search threads (1: the same moves on every run with a
    /// node limit), a `hash_mb` MiB table, strength `level` 1 to 5, and `seed` for the
    /// random choices of the low levels.
    #[new]
    #[pyo3(signature = (threads = 1, hash_mb = 16, level = 5, seed = 0))]
    fn new(threads: i64, hash_mb: i64, level: i64, seed: u64) -> PyResult<PyEngine> {
        let config = EngineConfig {
            threads: ranged(threads, "threads", 1, MAX_THREADS)? as usize,
            level: ranged(level, "level", 1, MAX_LEVEL)? as u8,
            seed,
            ..EngineConfig::default()
        };
        let mut engine = jump61::proven::engine(config);
        let wanted = ranged(hash_mb, "hash size", 1, MAX_HASH_MB)? as usize;
        let kept = engine.config().hash_mb;
        let sized = EngineConfig {
            hash_mb: wanted,
            ..engine.config().clone()
        };
        engine.try_set_config(sized).map_err(|e| {
            value_error(PlayError::HashMemory {
                wanted,
                kept,
                reason: e.to_string(),
            })
        })?;
        Ok(PyEngine { engine })
    }

    /// The move the engine plays on `board`, (row, col) counted from 1, under one limit:
    /// `time` seconds, `nodes`, or a fixed `depth` (1 s when none is given). None when the
    /// game is over. The GIL is released while it thinks; Ctrl-C stops it.
    #[pyo3(signature = (board, time = None, nodes = None, depth = None))]
    fn best_move(
        &mut self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        time: Option<f64>,
        nodes: Option<i64>,
        depth: Option<i64>,
    ) -> PyResult<Option<(usize, usize)>> {
        let limit = limit(time, nodes, depth)?;
        let position = board.clone();
        drop(board);
        let (chosen, _) = self.think(py, &position, limit)?;
        Ok(chosen.map(|sq| {
            let c = position.board.coord(sq);
            (c.row, c.col)
        }))
    }

    /// `best_move` with what the search found: its depth, score, proven distance and
    /// principal variation. None when the game is over.
    #[pyo3(signature = (board, time = None, nodes = None, depth = None))]
    fn analyse(
        &mut self,
        py: Python<'_>,
        board: PyRef<'_, PyBoard>,
        time: Option<f64>,
        nodes: Option<i64>,
        depth: Option<i64>,
    ) -> PyResult<Option<Analysis>> {
        let limit = limit(time, nodes, depth)?;
        let position = board.clone();
        drop(board);
        let (chosen, last) = self.think(py, &position, limit)?;
        let Some(sq) = chosen else {
            return Ok(None);
        };
        let c = position.board.coord(sq);
        let score = last.as_ref().map(|p| p.score);
        let mate = score.and_then(|s| {
            s.win_plies()
                .map(|p| p.div_ceil(2) as i64)
                .or_else(|| s.loss_plies().map(|p| -((p / 2) as i64)))
        });
        Ok(Some(Analysis {
            best_move: (c.row, c.col),
            depth: last.as_ref().map_or(0, |p| p.depth),
            score: score.map(|s| s.0),
            score_text: score.map(|s| s.to_string()),
            mate,
            nodes: last.as_ref().map_or(0, |p| p.nodes),
            pv: last.map_or_else(Vec::new, |p| p.pv.iter().map(|c| (c.row, c.col)).collect()),
        }))
    }

    /// Forgets what earlier searches learned (a new game): the table, the proof step and
    /// the random choices start again from the seed.
    fn clear(&mut self) {
        self.engine.clear();
    }

    #[getter]
    fn threads(&self) -> usize {
        self.engine.config().threads
    }

    #[getter]
    fn level(&self) -> u8 {
        self.engine.config().level
    }

    #[getter]
    fn hash_mb(&self) -> usize {
        self.engine.config().hash_mb
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.engine.config().seed
    }

    fn __repr__(&self) -> String {
        let c = self.engine.config();
        format!(
            "Engine(threads={}, hash_mb={}, level={}, seed={})",
            c.threads, c.hash_mb, c.level, c.seed
        )
    }
}
