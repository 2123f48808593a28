//! `jump61 bench`: a fixed set of positions of sizes 4 to 10, each searched to a fixed
//! depth with a fresh table. On one thread the total node count is the search's signature:
//! any change to the search that alters it must say so (a test pins it).

use super::{Engine, EngineConfig, Evaluation, Limits};
use crate::board::{Board, Rules, Squares};
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

/// Two positions of each size 4 to 10 under the 2013 rules, each reached from the empty
/// start by `2 * size` and `4 * size` seeded random plies (a fixed generator, so every build
/// has the same positions); `bench --rules 2013` searches these.
pub fn positions_2013() -> Vec<String> {
    let mut state = 0x2013_u64;
    let mut next = |n: u32| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % n as u64) as usize
    };
    let mut positions = Vec::new();
    for size in 4..=10 {
        for plies in [2 * size, 4 * size] {
            let mut board = Board::with_rules(size, Rules::V2013);
            for _ in 0..plies {
                let quiet: Vec<usize> = Squares(board.legal_moves())
                    .filter(|&sq| {
                        let mut child = board;
                        child.play(sq);
                        child.winner().is_none()
                    })
                    .collect();
                if quiet.is_empty() {
                    break;
                }
                board.play(quiet[next(quiet.len() as u32)]);
            }
            positions.push(board.to_notation());
        }
    }
    positions
}

/// One position's result.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    pub position: String,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Searches every position to `depth` on `threads` threads, a fresh engine each.
pub fn run(depth: u32, threads: usize) -> Vec<BenchLine> {
    run_with_rules(depth, threads, Rules::V2014)
}

/// `run` on the positions of `rules`: `POSITIONS` (2014) or `positions_2013()`.
pub fn run_with_rules(depth: u32, threads: usize, rules: Rules) -> Vec<BenchLine> {
    let positions: Vec<String> = match rules {
        Rules::V2014 => POSITIONS.iter().map(|p| p.to_string()).collect(),
        Rules::V2013 => positions_2013(),
    };
    positions
        .into_iter()
        .map(|position| {
            let board =
                Board::parse_with_rules(&position, rules).expect("bench positions are valid");
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
