//! The full AI: the alpha-beta search of [`crate::search`] with the proof step of the df-pn
//! prover of [`crate::solver`]. The search asks, through its [`ProofStep`](crate::search::ProofStep) socket, for a move
//! proven to win; this room answers with the prover, so it stands above both and neither
//! names it. The faces get their AI here ([`engine`]).

mod step;

pub use step::{DfpnStep, SLICE_POSITIONS};

use crate::search::{Engine, EngineConfig};

/// The full engine: the search with the df-pn proof step plugged in (used at level 5 on
/// boards up to the prover's size; the lower levels and fixed depths only search).
pub fn engine(config: EngineConfig) -> Engine {
    Engine::with_proof_step(config, DfpnStep::default())
}
