//! How the cost of a game value grows with the moves left: `cargo run --release --example
//! value_growth -- [--rules R] SIZE MOVES COUNT [POSITIONS] [--one-win] [--threads T]`
//! proves the value of COUNT positions reached by MOVES seeded random moves on a SIZE x SIZE
//! board under the rules of year R (2014 by default; 2013: squares start empty) (one prover
//! each, at most POSITIONS positions each, default unbounded) and prints each one's cost,
//! then the total: with every winning first move, or with `--one-win` the value and the
//! proof's first move only, as `solve --one-win` does; on T threads sharing each table
//! (default 1, whose counts are the same on every run). The estimates in
//! docs/results/solving.md for the 4x4 starts come from these runs.

mod common;

use jump61::solver::{Asked, FirstMoves, ProofSize, dfpn::Limits, game_value_sized};
use std::time::Instant;

fn main() {
    let usage = "value_growth [--rules R] SIZE MOVES COUNT [POSITIONS] [--one-win] [--threads T]";
    let (rules, size, moves, count, rest) = common::rules_size_moves_count(usage);
    let first_moves = match std::env::args().any(|a| a == "--one-win") {
        true => FirstMoves::One,
        false => FirstMoves::Every,
    };
    let asked = Asked {
        size: ProofSize::Walk,
        first_moves,
    };
    let threads = std::env::args()
        .skip_while(|a| a != "--threads")
        .nth(1)
        .map_or(1, |t| t.parse().unwrap_or(1));
    let limits = Limits {
        positions: rest.first().copied().unwrap_or(u64::MAX),
        ..Limits::default()
    };
    let mut play = common::RandomPlay::with_rules(12345, rules);
    let (start, mut total, mut unproven, mut done) = (Instant::now(), 0, 0, 0);
    while done < count {
        let Some(board) = play.position(size, moves) else {
            continue;
        };
        done += 1;
        let (report, _) = game_value_sized(&board, limits, threads, None, asked);
        total += report.positions;
        unproven += u32::from(report.winner().is_none());
        println!(
            "{} {} {}",
            report.positions,
            board.to_notation(),
            report.answer()
        );
    }
    println!(
        "total {total} positions, {unproven} unproven, in {:.2} s",
        start.elapsed().as_secs_f64()
    );
}
