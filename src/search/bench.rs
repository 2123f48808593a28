//! `jump61 bench`: a fixed set of positions of sizes 4 to 10, each searched to a fixed
//! depth with a fresh table. On one thread the total node count is the search's signature:
//! any change to the search that alters it must say so (a test pins it).

use super::{Engine, EngineConfig, Evaluation, Limits};
use crate::board::Board;
use std::time::{Duration, Instant};

/// The depth `bench` searches unless told otherwise.
pub const DEFAULT_DEPTH: u32 = 6;

/// Two positions of each size 4 to 10, from seeded random play (2 and 4 plies per side of
/// the board), in the one-line notation.
pub const POSITIONS: [&str; 14] = [
    "2r2r2b1b/1-3b1-2b/1-1-1-2r/1-2r1-1-",
    "2r1-2b2b/2b3r1-3r/2b2b2r2b/2r2b3b1b",
    "1-1-1-1-2b/1-1-3b1-2b/2r2r1-1-1-/2b1-1-2r1-/2r2r1-1-1-",
    "1-3r2r1-1-/3b2b2b2r1-/2r1-2r3r3b/3b1-2r1-2b/2b1-1-1-2r",
    "2b1-2b2r1-1-/1-1-1-2b1-3r/1-1-2r1-1-1-/1-2b1-2b1-1-/2r1-1-1-2r1-/1-1-1-2b1-1-",
    "2b3b1b2b3b2r/1-1-2b2b1-2b/1-1-2r2b2r1-/2r2b1-2r1-2b/2r2b2r1-2r2b/1-1-2b1-1-2r",
    "1-1-1-1-1-1-1-/2r1-1-1-1-1-1-/1-1-2r1-1-1-2b/1-2b2r1-1-1-1-/1-1-1-1-1-2r2b/2b1-2r2b1-2r1-/2r2b1-1-1-1-2b",
    "2b2r2b1-1-1-2r/1-2b3r2b1-2b2b/1-1-2b2r1-2r2b/1-1-2b1-3b1-1-/2r2r1-1-2r2b2b/2r1-2r1-1-2r1-/1-3r1-2b1-1-1-",
    "1-2b1-2r1-1-1-1-/1-1-1-2b1-1-1-1-/1-1-1-2r1-1-1-2r/2r1-1-1-1-3b1-1-/2b1-1-1-1-1-1-1-/1-1-1-1-1-1-1-2b/1-2r2b2r1-2r1-1-/2b1-1-1-1-2r1-1-",
    "1-1-2b3r1-1-2r1-/1-1-2b2b1-1-1-1-/1-2r1-3b1-1-1-1-/2r2b1-1-2r1-2b1-/2b2b2r1-1-1-1-1-/1-1-2r1-3b2b2b1-/3r4r1-2r1-1-1-1-/2b2b1-2b1-2r2r1-",
    "1-1-1-1-2r1r2r2b1-/1-2r1-1-2b3r1-1-1-/1-1-1-2r1-2b2r2r1-/1-2b1-1-1-1-1-1-1-/1-1-1-1-1-1-1-1-1-/1-1-1-1-1-1-1-1-1-/1-1-2b1-1-1-2b1-1-/2b2r1-1-1-1-2r1-2b/1-1-1-1-1-1-1-1-1-",
    "2b2r1-1-1-2r3r2r1-/1b3b2b1-1-1-1-1-2b/3b2r1-1-2r1-1-2b1-/1-1-2r1-2b2r1-1-1-/2r1-1-1-1-1-1-1-2b/2b1-1-1-1-1-2b1-2b/1-1-2b1-1-1-1-1-1-/2b2b1-2b1-2r2r1-1-/2r1-3r2b1-2b1-2r2r",
    "2r1-1-1-1-1-1-2r1-1-/1-1-1-1-1-2r1-1-1-1-/1-1-1-1-1-1-2b2b1-2b/1-1-1-1-1-1-2b1-1-1-/1-1-1-2r1-1-1-1-2r1-/1-1-1-2b1-1-1-1-1-1-/2r1-1-1-1-1-2b1-1-2b/1-1-1-1-1-1-1-1-1-1-/1-1-2r2r1-1-1-1-2b1-/1-1-2b1-2r2r2b1-1-1-",
    "1-2b2b1-2b1-1-1-2r1r/2b1-1-2r2r2b2r2r3b2r/2r1-2b1-2b1-2r1-1-1-/2r1-1-2b1-1-1-1-1-1-/2b1-2r2b2r1-1-1-1-1-/1-2b1-1-2r2r1-1-1-1-/1-1-1-1-1-1-2r1-1-1-/2r2b1-1-1-1-2b3r1-1-/1-2b2r2r2b1-2b1-1-2b/1-1-1-1-1-1-1-1-2b2r",
];

/// One position's result.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    pub position: &'static str,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Searches every position to `depth` on `threads` threads, a fresh engine each.
pub fn run(depth: u32, threads: usize) -> Vec<BenchLine> {
    POSITIONS
        .iter()
        .map(|&position| {
            let board: Board = position.parse().expect("bench positions are valid");
            let mut engine = Engine::new(EngineConfig {
                threads,
                ..EngineConfig::default()
            });
            let start = Instant::now();
            let result = engine.search(
                &board,
                Limits::depth(depth),
                Evaluation::Full,
                true,
                &mut |_| {},
            );
            BenchLine {
                position,
                nodes: result.nodes,
                elapsed: start.elapsed(),
            }
        })
        .collect()
}

/// The total node count of a run: the signature.
pub fn signature(lines: &[BenchLine]) -> u64 {
    lines.iter().map(|l| l.nodes).sum()
}
