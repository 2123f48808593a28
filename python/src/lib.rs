//! The `jump61` Python package's compiled part, `jump61._core`: the engine's board, AI,
//! solvers, game reviews, perft, random playouts and Jump Snatch as Python classes and functions. The
//! package's Python side (`package/jump61/`) re-exports them and adds the game
//! environments. Errors carry the command loop's own messages.

mod board;
mod engine;
mod review;
mod snatch;
mod solve;
mod stoppable;
mod tools;

use pyo3::prelude::*;

/// The package's version: this crate's (the wheel's, as maturin reads it), which must be
/// the engine's: the build fails otherwise, so the engine's Cargo.toml is the one source.
const VERSION: &str = env!("CARGO_PKG_VERSION");
const _: () = assert!(
    same(VERSION, jump61::VERSION),
    "python/Cargo.toml's version must be the engine's (Cargo.toml)"
);

/// Whether two strings are equal, at compile time.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The module `jump61._core`.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", VERSION)?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<engine::Analysis>()?;
    m.add_class::<solve::Solution>()?;
    m.add_class::<solve::ProofCheck>()?;
    m.add_class::<snatch::PySnatchBoard>()?;
    m.add_class::<tools::Playouts>()?;
    m.add_class::<review::Review>()?;
    m.add_class::<review::MoveReview>()?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::verify_proof, m)?)?;
    m.add_function(wrap_pyfunction!(review::review, m)?)?;
    m.add_function(wrap_pyfunction!(review::review_script, m)?)?;
    m.add_function(wrap_pyfunction!(tools::perft, m)?)?;
    m.add_function(wrap_pyfunction!(tools::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(tools::random_game, m)?)?;
    Ok(())
}
