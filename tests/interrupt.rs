//! Ctrl-C at the command loop (a person at a terminal): it stops the line's work and the
//! game goes on. The signal itself is caught by the program (scripts/loop_tmux.sh presses
//! the real key); here a thread presses the loop's `Interrupt` as the signal's thread does.
//!
//! Jump Snatch's loop likewise, in the same test, case after case: a press also stops every
//! df-pn prover of this process, so no other proof may run in it meanwhile. The other tests
//! send SIGINT to a real `jump61 solve` and `jump61 match` (other processes).

use jump61::interrupt::{CTRL_C_HELP, Interrupt, Pressed};
use jump61::protocol::{Options, run_loop_interruptible};
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
    // `help` says what Ctrl-C does where it is caught (a terminal), and only there.
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let at_terminal = Some(Interrupt::new());
    run_loop_interruptible(
        &b"help\n"[..],
        &mut out,
        &mut err,
        Options::default(),
        at_terminal,
    );
    assert!(
        String::from_utf8(out)
            .unwrap()
            .ends_with(&format!("{CTRL_C_HELP}\n"))
    );
    let mut piped = Vec::new();
    jump61::protocol::run_loop(&b"help\n"[..], &mut piped, &mut err, Options::default());
    assert!(!String::from_utf8(piped).unwrap().contains("Ctrl-C"));

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

/// Starts `jump61 ARGS`, sends it SIGINT once a line of its standard error passes `ready`
/// (its work runs, and the signal is caught by then), and returns its status code and
/// standard output. The signal goes to it alone, as a terminal's Ctrl-C reaches a match
/// runner whose engines run in process groups of their own.
fn sigint_once(args: &[&str], ready: impl Fn(&str) -> bool) -> (Option<i32>, String) {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(args)
        .env("JUMP61_PROGRESS_SECONDS", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while err.read_line(&mut line).unwrap() > 0 && !ready(&line) {
        line.clear();
    }
    assert!(ready(&line), "never ready: {args:?}");
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // Standard error is read to its end so that the child never blocks on it.
    let rest = std::thread::spawn(move || std::io::read_to_string(err));
    let out = child.wait_with_output().unwrap();
    let _ = rest.join();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Ctrl-C on a long proof without a checkpoint: it stops, says what it proved of each first
/// move, and exits with status 130 (it was killed at once before).
#[test]
fn ctrl_c_stops_a_long_proof_with_what_it_proved() {
    let args = ["solve", "--size", "4", "--threads", "2", "--memory", "256"];
    let (code, text) = sigint_once(&[&args[..], &["--time", "600"]].concat(), |l| {
        l.contains(" positions, ")
    });
    assert_eq!(code, Some(130), "{text}");
    assert!(text.contains("unknown: interrupted after "), "{text}");
    assert!(text.contains("first moves: 1 1 "), "{text}");
}

/// Ctrl-C stops `jump61 match` with the report of the games finished (it died at once
/// before, reporting nothing), exit status 130; no engine is left running.
#[test]
fn ctrl_c_stops_a_match_with_the_games_finished() {
    let bin = env!("CARGO_BIN_EXE_jump61");
    // A seed no other test uses marks this match's engines among the machine's processes.
    let engine = format!("{bin} --threads 1 --seed 4242424242");
    let args = [
        "match",
        "--engine1",
        &engine,
        "--engine2",
        &engine,
        "--games",
        "1000",
    ];
    let args = [&args[..], &["--size", "4", "--time", "0.05"]].concat();
    let (code, report) = sigint_once(&args, |l| l.starts_with("game 2/"));
    assert_eq!(code, Some(130), "{report}");
    assert!(report.contains("interrupted (Ctrl-C) after "), "{report}");
    assert!(report.contains(" of 1000 games"), "{report}");
    assert!(report.starts_with("engine1 vs engine2: "), "{report}");
    let left: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains("4242424242") && !c.contains("match"))
        .collect();
    assert_eq!(left, Vec::<String>::new(), "engines left running");
}
