//! How the cost of a game value grows with the moves left: `cargo run --release --example
//! value_growth -- SIZE MOVES COUNT [POSITIONS]` proves the value of COUNT positions reached
//! by MOVES seeded random moves on a SIZE x SIZE board (one prover each, at most POSITIONS
//! positions each, default unbounded) and prints each one's cost, then the total. The
//! estimate in docs/solving.md for the 4x4 start comes from these runs.

use jump61::board::{Board, Squares};
use jump61::solver::{dfpn::Limits, game_value};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map_while(|a| a.parse().ok())
        .collect();
    let [size, moves, count, rest @ ..] = args.as_slice() else {
        eprintln!("usage: value_growth SIZE MOVES COUNT [POSITIONS]");
        std::process::exit(2);
    };
    if !(2..=5).contains(size) {
        eprintln!("error: game values are proven on boards 2x2 to 5x5");
        std::process::exit(2);
    }
    let limits = Limits {
        positions: rest.first().copied().unwrap_or(u64::MAX),
        ..Limits::default()
    };
    let mut seed = 12345u64;
    let mut next = |n: usize| {
        // xorshift64: the same positions on every machine.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (start, mut total, mut unproven, mut done) = (Instant::now(), 0, 0, 0);
    while done < *count {
        let mut board = Board::new(*size as usize);
        for _ in 0..*moves {
            if board.winner().is_some() {
                break;
            }
            let legal: Vec<usize> = Squares(board.legal_moves()).collect();
            board.play(legal[next(legal.len())]);
        }
        if board.winner().is_some() {
            continue;
        }
        done += 1;
        let (report, _) = game_value(&board, limits);
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
