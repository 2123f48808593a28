//! jump61: a rules library and engine for Jump61, a KJumpingCube variant.

pub mod arena;
pub mod board;
pub mod cli;
pub mod display;
pub mod interrupt;
pub mod output;
pub mod perft;
pub mod playout;
pub mod protocol;
pub mod search;
pub mod snatch;
pub mod solver;
pub mod web;
