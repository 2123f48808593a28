//! The command loop, the position notation and the match runner's reading of engine output
//! under generated input (see `tests/reliability`). A CI-sized run; `cargo run --release
//! --features examples --example fuzz -- --lines N` runs longer ones. Every failure the fuzzer ever found is a
//! test at the end of this file.

#[path = "reliability/fuzz.rs"]
mod fuzzing;
use crate::grammar;

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
            if let Err(failure) = fuzzing::fuzz_session(dialect, seed, SESSION) {
                panic!("{failure}");
            }
        }
    }
}

#[test]
fn position_notation_round_trips() {
    let mut rng = Rng::new(61);
    for case in 0..200_000 {
        fuzzing::notation_case(&mut rng).unwrap_or_else(|e| panic!("case {case}: {e}"));
    }
}

#[test]
fn engine_move_lines_are_read_or_rejected_cleanly() {
    let mut rng = Rng::new(62);
    for case in 0..200_000 {
        fuzzing::move_line_case(&mut rng).unwrap_or_else(|e| panic!("case {case}: {e}"));
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
                let line = grammar::line(&mut rng, 6);
                if !fuzzing::has_costly_line(&line, dialect) {
                    input.extend(line);
                    input.push(b'\n');
                }
            }
            let (mut out, mut err) = (Vec::new(), Vec::new());
            run_loop(
                &input[..],
                &mut out,
                &mut err,
                fuzzing::fast_options(dialect),
            );
        }
    }
}

// ----- what the fuzzer found -----

/// The loop's output and error streams for `input`, in the 2014 dialect with the fuzzer's
/// fast settings.
fn run_2014(input: &str) -> (String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    run_loop(
        input.as_bytes(),
        &mut out,
        &mut err,
        fuzzing::fast_options(DIALECTS[0]),
    );
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

/// Found by the fuzzer (2014, seed 1, line 2089): a winning move stops its chain reaction at
/// once and may leave squares holding more spots than they have neighbours; a `set` that
/// ended the win left them on a board still to be played, whose moves expect a board at rest.
/// Such a `set` is now refused until the overfull squares are set first.
#[test]
fn found_a_set_may_not_end_a_win_and_leave_overfull_squares() {
    let input = "position 2r2r/2b2b\nmanual blue\nstart\n1 1\nset 1 1 0\n\
                 set 1 2 2 r\nset 2 1 2 r\nset 2 2 2 r\nset 1 1 0\ndump\n";
    let (out, err) = run_2014(input);
    assert!(out.contains("Red wins."), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: square "), "{err}");
    assert!(err.contains("set it to at most 2 first, or clear"), "{err}");
    assert!(out.contains("====\n    1- 2r\n    2r 2r\n====\n"), "{out}");
}

/// Found by the fuzzer: a won board may keep overfull squares (see above), so the board
/// invariants allow them only when someone has won.
#[test]
fn found_a_won_board_may_hold_overfull_squares() {
    let mut board: jump61::board::Board = "2r2r/2b2b".parse().unwrap();
    board.play(0);
    assert!(board.winner().is_some());
    fuzzing::check_board(&board).unwrap();
}

/// A 5 MB word is quoted by its first 40 characters, on the error stream of the real loop.
#[test]
fn a_five_megabyte_word_is_quoted_by_forty_characters() {
    let word = "z".repeat(5 << 20);
    let input = format!("{word}\nsize {word}\nposition {word}\n");
    let (_, err) = run_2014(&input);
    assert_eq!(err.lines().count(), 3, "{}", &err[..err.len().min(500)]);
    assert!(err.len() < 600, "{}", &err[..600]);
    assert!(err.contains(&format!("'{}...'", "z".repeat(40))), "{err}");
}
