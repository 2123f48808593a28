//! Who wins with perfect play, in rooms that each import only the rooms above them in this
//! list:
//!
//! - [`numbers`], [`limits`] and [`atomic`]: the proof and disproof numbers every room
//!   shares, when a prover must stop, and files written whole or not at all;
//! - [`table`]: the shared table of fixed-size entries, its keys (the eight symmetries), their
//!   packing, its garbage collection and its memory;
//! - [`dfpn`]: the df-pn search, its threads, its estimates for positions never expanded and
//!   its growth;
//! - [`checkpoint`]: a proof's proven entries saved and restored;
//! - [`proof`]: proofs written, and checked by the rules alone;
//! - [`value`]: game values, with every winning first move, and their progress lines;
//! - [`collection`]: whole files of forced-win puzzles, checked or made;
//! - [`jobs`]: a proof cut into jobs for a batch engine, and combined again.

pub mod atomic;
pub mod checkpoint;
pub mod collection;
pub mod dfpn;
pub mod jobs;
pub mod limits;
pub mod numbers;
pub mod proof;
pub mod puzzles;
pub mod table;
pub mod value;

pub(crate) use value::useful_threads;
pub use value::{
    Asked, FirstMoves, Listed, ProofSize, Report, SESSION_TIME, Value, decide, decide_seeking,
    game_value, game_value_checkpointed, game_value_on, game_value_sized, game_value_stoppable,
    game_value_threads, game_value_watched, progress,
};
