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
