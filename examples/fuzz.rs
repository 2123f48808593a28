//! Long fuzz runs of the command loop, the position notation and the match runner's reading
//! of engine output: `cargo run --release --features examples --example fuzz -- --lines N [--seed S]`.
//! The lines are shared out over the dialects in sessions of `SESSION` lines; each session
//! has its own seed, so a failure is reproduced from the seed and line number it prints.

#[path = "../tests/reliability/fuzz.rs"]
mod fuzz;
#[path = "../tests/reliability/grammar.rs"]
mod grammar;

use grammar::{DIALECTS, Rng};
use std::time::Instant;

const SESSION: u64 = 100_000;

fn main() {
    let (lines, first_seed) = arguments();
    let start = Instant::now();
    let mut tally = fuzz::Tally::default();
    let mut failures = 0u64;
    let sessions = lines.div_ceil(SESSION);
    for index in 0..sessions {
        let dialect = DIALECTS[index as usize % DIALECTS.len()];
        let seed = first_seed + index;
        let count = SESSION.min(lines - index * SESSION);
        match fuzz::fuzz_session(dialect, seed, count) {
            Ok(t) => tally.add(t),
            Err(failure) => {
                failures += 1;
                eprintln!("FAILURE {failure}");
            }
        }
        failures += side_cases(seed, count / 10);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{} lines ({} rejected, {} changed the board), {failures} failures, {secs:.0} s, {:.0} lines/s",
            tally.lines,
            tally.rejected,
            tally.board_changes,
            tally.lines as f64 / secs
        );
    }
    std::process::exit(i32::from(failures > 0));
}

/// The notation and move-line cases that go with a session; returns the failures.
fn side_cases(seed: u64, count: u64) -> u64 {
    let mut rng = Rng::new(seed ^ 0x5EED);
    let mut failures = 0;
    for _ in 0..count {
        for result in [
            fuzz::notation_case(&mut rng),
            fuzz::move_line_case(&mut rng),
        ] {
            if let Err(e) = result {
                failures += 1;
                eprintln!("FAILURE seed {seed}: {e}");
            }
        }
    }
    failures
}

/// `--lines N` (default 1000000) and `--seed S` (default 1).
fn arguments() -> (u64, u64) {
    let (mut lines, mut seed) = (1_000_000, 1);
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).and_then(|v| v.replace('_', "").parse().ok());
        match (pair[0].as_str(), value) {
            ("--lines", Some(n)) => lines = n,
            ("--seed", Some(s)) => seed = s,
            _ => {
                eprintln!("usage: fuzz [--lines N] [--seed S]");
                std::process::exit(2);
            }
        }
    }
    (lines, seed)
}
