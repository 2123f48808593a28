//! `solve`'s progress as a log shows it (standard error not a terminal: a cluster job, a
//! `nohup` run): a line every interval with the positions searched, their rate, what is
//! proven of the first moves so far, and the table against its limit.

use std::process::Command;

#[test]
fn a_long_proof_off_a_terminal_logs_its_progress_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(["solve", "--size", "4", "--threads", "1", "--memory", "256"])
        .args(["--positions", "3000000"])
        .env("JUMP61_PROGRESS_SECONDS", "0")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(" positions, ")).collect();
    assert!(lines.len() >= 3, "{err}");
    let mut last = 0;
    for line in &lines {
        // `2 s: 1048576 positions, 0.97 M/s; first moves: 3 unknown; table 34 of 268 MB`
        let (_, rest) = line.split_once(" s: ").expect(line);
        let (positions, rest) = rest.split_once(" positions, ").expect(line);
        let positions: u64 = positions.parse().expect(line);
        assert!(positions > last, "{line}");
        last = positions;
        let (rate, rest) = rest.split_once(" M/s; first moves: ").expect(line);
        assert!(rate.parse::<f64>().expect(line) > 0.0, "{line}");
        // The start's three first moves (a corner, an edge, a centre square) are all still
        // open this early (one thread: the same on every run).
        let (moves, table) = rest.split_once("; table ").expect(line);
        assert_eq!(moves, "3 unknown", "{line}");
        assert!(table.ends_with(" of 268 MB"), "{line}");
    }
    assert!(out.status.success(), "{err}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("first moves: 1 1 unknown, 1 2 unknown, 2 2 unknown"),
        "{stdout}"
    );
}

/// Ctrl-C (SIGINT) on a long proof without a checkpoint: it stops, says what it proved of
/// each first move, and exits with status 130 (it was killed at once before).
#[test]
fn ctrl_c_stops_a_long_proof_with_what_it_proved() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(["solve", "--size", "4", "--threads", "2", "--memory", "256"])
        .args(["--time", "600"])
        .env("JUMP61_PROGRESS_SECONDS", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A progress line: the proof runs, and Ctrl-C is caught by then.
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while err.read_line(&mut line).unwrap() > 0 && !line.contains(" positions, ") {
        line.clear();
    }
    assert!(line.contains(" positions, "), "no progress line");
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // Standard error is read to its end so that the child never blocks on it.
    let rest = std::thread::spawn(move || std::io::read_to_string(err));
    let out = child.wait_with_output().unwrap();
    let _ = rest.join();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(text.contains("unknown: interrupted after "), "{text}");
    assert!(text.contains("first moves: 1 1 "), "{text}");
}
