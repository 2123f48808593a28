//! jump61: a rules library and engine for Jump61, a KJumpingCube variant.

pub mod arena;
pub mod board;
pub mod calendar;
#[cfg(feature = "program")]
pub mod cli;
#[cfg(feature = "program")]
pub mod display;
pub mod interrupt;
pub mod output;
pub mod perft;
pub mod playout;
pub mod protocol;
pub mod proven;
pub mod review;
pub mod search;
pub mod snatch;
pub mod solver;
#[cfg(feature = "program")]
pub mod web;

/// The engine's version (its Cargo.toml's), which the Python package carries too.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
