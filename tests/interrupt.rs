//! Ctrl-C at the command loop (a person at a terminal): it stops the line's work and the
//! game goes on. The signal itself is caught by the program (scripts/loop_tmux.sh presses
//! the real key); here a thread presses the loop's `Interrupt` as the signal's thread does.
//!
//! Jump Snatch's loop likewise. One test, its cases in turn: a press also stops every df-pn prover of the process, so
//! no other proof may run beside them.

use jump61::protocol::{Interrupt, Options, Pressed, run_loop_interruptible};
use std::time::{Duration, Instant};

/// Runs `input` through the loop, pressing Ctrl-C once a line's work has run a while
/// (presses at the prompt before then only hint); returns the output, the errors and how
/// long the loop took.
fn interrupted_run(input: &str) -> (String, String, Duration) {
    pressed_during(|interrupt, out, err| {
        run_loop_interruptible(input.as_bytes(), out, err, Options::default(), interrupt);
    })
}

/// The same for the Jump Snatch loop.
fn interrupted_snatch(input: &str) -> (String, String, Duration) {
    pressed_during(|interrupt, out, err| {
        jump61::snatch::run_loop_interruptible(input.as_bytes(), out, err, interrupt);
    })
}

fn pressed_during(
    run: impl FnOnce(Option<Interrupt>, &mut Vec<u8>, &mut Vec<u8>),
) -> (String, String, Duration) {
    let interrupt = Interrupt::new();
    let presser = interrupt.clone();
    let pressing = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        while presser.press() != Pressed::Stopped {
            std::thread::sleep(Duration::from_millis(20));
        }
    });
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let start = Instant::now();
    run(Some(interrupt), &mut out, &mut err);
    let took = start.elapsed();
    pressing.join().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (text(out), text(err), took)
}

#[test]
fn ctrl_c_stops_the_lines_work_and_the_game_goes_on() {
    // The AI's search (30 s a move): its move is not played, and the game waits for start.
    let (out, err, took) = interrupted_run(
        "size 4\nauto red\nmanual blue\ntime 30\nstart\nposition\ntime 0.05\nstart\nposition\n",
    );
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert!(
        err.contains(
            "error: interrupted: the AI's move for Red was not played; type start to go on"
        ),
        "{err}"
    );
    let positions: Vec<&str> = out.lines().filter(|l| l.contains('/')).collect();
    assert_eq!(positions.len(), 2, "{out}");
    assert_eq!(positions[0], "1-1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1-");
    assert_ne!(
        positions[1], positions[0],
        "the AI moved after the next start: {out}"
    );

    // `solve` (the game's value, up to 60 s): unknown, with what it proved of each move.
    let (out, err, took) = interrupted_run("size 4\nsolve\ndump\n");
    assert!(took < Duration::from_secs(40), "{took:?}");
    assert!(out.contains("unknown: interrupted after "), "{out}{err}");
    assert!(out.contains("first moves: 1 1 "), "{out}");
    assert!(
        out.ends_with("    1- 1- 1- 1-\n====\n"),
        "the game is kept: {out}"
    );

    // `solve N P` (a forced win within N moves, up to P positions): it gives up at once.
    let (out, err, took) = interrupted_run("size 6\nsolve 8 10000000000\ndump\n");
    assert!(took < Duration::from_secs(40), "{took:?}");
    assert!(out.contains("no forced win for Red within "), "{out}{err}");
    assert!(out.contains("; gave up on "), "{out}");

    // Jump Snatch: the AI's search (30 s a move) on an 8x8 board it cannot solve at once.
    let (out, err, took) = interrupted_snatch("random 8 30 1\ntime 30\nfirst ai\nboard\n");
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert!(
        err.contains("error: interrupted: the AI's move was not played; type `first ai`"),
        "{err}"
    );
    assert!(!out.contains("(AI) plays"), "{out}");
    // Its `value` (up to 60 s).
    let (_, err, took) = interrupted_snatch("random 8 30 1\nvalue\nboard\n");
    assert!(took < Duration::from_secs(40), "{took:?}");
    assert!(err.contains("error: interrupted: no answer"), "{err}");
}
