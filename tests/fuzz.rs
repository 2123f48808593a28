//! The command loop, the position notation and the match runner's reading of engine output
//! under generated input (see `tests/reliability`). A CI-sized run; `cargo run --release
//! --example fuzz -- --lines N` runs longer ones. Every failure the fuzzer ever found is a
//! test at the end of this file.

#[path = "reliability/fuzz.rs"]
mod fuzz;
#[path = "reliability/grammar.rs"]
mod grammar;

use grammar::{DIALECTS, Rng};
use jump61::protocol::run_loop;

/// Lines per dialect: some seconds of a release build, a minute on a busy shared machine.
const LINES: u64 = 60_000;
/// Lines per session: long enough for games to be played out, short enough that the
/// starting position recurs.
const SESSION: u64 = 20_000;

#[test]
fn command_loop_survives_generated_lines_in_every_dialect() {
    for &dialect in DIALECTS {
        for seed in 0..LINES / SESSION {
            if let Err(failure) = fuzz::fuzz_session(dialect, seed, SESSION) {
                panic!("{failure}");
            }
        }
    }
}

#[test]
fn position_notation_round_trips() {
    let mut rng = Rng::new(61);
    for case in 0..200_000 {
        fuzz::notation_case(&mut rng).unwrap_or_else(|e| panic!("case {case}: {e}"));
    }
}

#[test]
fn engine_move_lines_are_read_or_rejected_cleanly() {
    let mut rng = Rng::new(62);
    for case in 0..200_000 {
        fuzz::move_line_case(&mut rng).unwrap_or_else(|e| panic!("case {case}: {e}"));
    }
}

/// The real loop over raw bytes, newlines and all: it must return, never panic.
#[test]
fn run_loop_survives_raw_byte_streams() {
    let mut rng = Rng::new(63);
    for &dialect in DIALECTS {
        for _ in 0..200 {
            let mut input = Vec::new();
            for _ in 0..200 {
                input.extend(grammar::line(&mut rng, 6));
                input.push(b'\n');
            }
            let (mut out, mut err) = (Vec::new(), Vec::new());
            run_loop(&input[..], &mut out, &mut err, fuzz::fast_options(dialect));
        }
    }
}
