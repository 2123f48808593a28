//! The real binary ends quietly, with status 0, at the end of its input, when its output is
//! closed (as by `jump61 | head -1`), also while the AI is thinking, and whatever SIGPIPE
//! does: Rust ignores the signal, so a closed pipe shows up as a failed write, which the
//! command loop takes as the end.

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn jump61(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start jump61")
}

/// Waits for the child (at most `limit`) and returns its status code and standard error.
fn finish(mut child: Child, limit: Duration) -> (Option<i32>, String) {
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            child.kill().ok();
            panic!("jump61 still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    // Empty when the test closed the error stream itself.
    let mut err = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        stderr.read_to_string(&mut err).unwrap();
    }
    (child.wait().unwrap().code(), err)
}

#[test]
fn end_of_input_ends_quietly() {
    let mut child = jump61(&[]);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"size 3\ndump")
        .unwrap();
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(
        finish(child, Duration::from_secs(10)),
        (Some(0), String::new())
    );
    assert_eq!(
        out,
        "====\n    1- 1- 1-\n    1- 1- 1-\n    1- 1- 1-\n====\n"
    );
}

#[test]
fn closed_output_ends_quietly() {
    let mut child = jump61(&[]);
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // The program may stop reading at its first failed write: later writes may fail too.
    for _ in 0..1000 {
        if stdin.write_all(b"help\ndump\n").is_err() {
            break;
        }
    }
    drop(stdin);
    assert_eq!(
        finish(child, Duration::from_secs(10)),
        (Some(0), String::new())
    );
}

#[test]
fn closed_output_while_the_ai_is_thinking_ends_quietly() {
    let mut child = jump61(&["--time", "0.5"]);
    let mut stdin = child.stdin.take().unwrap();
    // Both sides are the AI: without the closed output it would play a whole game.
    stdin.write_all(b"size 10\nauto red\nstart\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(100));
    drop(child.stdout.take());
    let (code, err) = finish(child, Duration::from_secs(10));
    drop(stdin);
    assert_eq!((code, err), (Some(0), String::new()));
}

#[test]
fn piped_into_head_ends_quietly() {
    let script = format!(
        "yes help | head -n 5000 | '{}' | head -n 1; echo \"status ${{PIPESTATUS[2]}}\"",
        env!("CARGO_BIN_EXE_jump61")
    );
    let output = Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("bash");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("Commands, one per line"), "{text}");
    assert!(text.ends_with("status 0\n"), "{text}");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn sigpipe_while_the_ai_is_thinking_is_harmless() {
    let mut child = jump61(&["--time", "0.3"]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"size 4\nstart\n1 1\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let kill = Command::new("kill")
        .args(["-PIPE", &child.id().to_string()])
        .status();
    assert!(kill.expect("kill").success());
    stdin.write_all(b"dump\nquit\n").unwrap();
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(
        finish(child, Duration::from_secs(10)),
        (Some(0), String::new())
    );
    assert!(out.contains("Blue moves"), "{out}");
    assert!(out.ends_with("====\n"), "{out}");
}

/// The tools' reports end quietly too when nobody reads them (`jump61 perft 4 9 | head -1`):
/// Rust's `println!` would panic there (status 101). Each tool below starts with its output
/// already closed, so its first write fails: status 0, no panic, and what it was asked to
/// write to a file is still written.
#[test]
fn tools_with_closed_output_end_quietly() {
    let dir = std::env::temp_dir().join(format!("jump61-closed-output-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof = dir.join("p.txt");
    let proof = proof.to_str().unwrap();
    let split = dir.join("split");
    let tools: [&[&str]; 6] = [
        &["perft", "3", "6", "--divide"],
        &["bench", "--depth", "1"],
        &["puzzles", "--size", "4", "--moves", "1", "--count", "3"],
        &["solve", "--size", "2", "--proof", proof],
        &["verify-proof", proof],
        &[
            "split",
            "--size",
            "3",
            "--plies",
            "1",
            "--dir",
            split.to_str().unwrap(),
        ],
    ];
    for args in tools {
        let mut child = jump61(args);
        drop(child.stdin.take());
        drop(child.stdout.take());
        let (code, err) = finish(child, Duration::from_secs(60));
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let written = std::fs::read_to_string(proof).expect("the proof is written");
    assert!(written.lines().count() > 1, "{written}");
    assert!(split.join("jobs.txt").exists());
    // Both streams closed, as `2>&1 | head -0` leaves them: what goes to standard error
    // (split's summary, puzzles' shortfall, a refused argument) is lost quietly too.
    let split_again = dir.join("split-again");
    let (again, missing) = (split_again.to_str().unwrap(), dir.join("missing.txt"));
    let tools: [(&[&str], i32); 3] = [
        (&["split", "--size", "3", "--plies", "1", "--dir", again], 0),
        (&["puzzles", "--size", "2", "--moves", "8"], 1),
        (&["verify-proof", missing.to_str().unwrap()], 2),
    ];
    for (args, status) in tools {
        let mut child = jump61(args);
        drop(child.stdin.take());
        drop(child.stdout.take());
        drop(child.stderr.take());
        let (code, _) = finish(child, Duration::from_secs(60));
        assert_eq!(code, Some(status), "{args:?}");
    }
    assert!(split_again.join("jobs.txt").exists());
    std::fs::remove_dir_all(&dir).ok();
}

/// `solve --file` stops answering at its first failed write (`jump61 solve --file F | head
/// -1`): it used to find every answer before writing any, and went on to the end of the file
/// with nobody reading. Each of the 400 questions below runs to its 0.1 s limit, since none
/// settles the 10x10 start to 8 moves that soon (2 s reach 5), and one is asked at a time: all
/// of them take 40 s on any machine, however fast. With its output closed, it ends after
/// the first, well within the 15 s allowed (status 0 and nothing on standard error either
/// way, so the time is what tells).
#[test]
fn solve_file_with_closed_output_stops_answering() {
    let dir = std::env::temp_dir().join(format!("jump61-solve-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many.txt");
    let start = vec!["1-".repeat(10); 10].join("/");
    std::fs::write(&file, format!("{start} 8\n").repeat(400)).unwrap();
    let file = file.to_str().unwrap();
    let mut child = jump61(&["solve", "--file", file, "--threads", "1", "--time", "0.1"]);
    drop(child.stdin.take());
    drop(child.stdout.take());
    let (code, err) = finish(child, Duration::from_secs(15));
    assert_eq!((code, err), (Some(0), String::new()));
    std::fs::remove_dir_all(&dir).ok();
}
