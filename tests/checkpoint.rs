//! `solve --checkpoint`: a proof's proven positions saved and resumed from, and every
//! checkpoint that is not the question's own, or not whole, refused with exit status 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A 4x4 position ten moves in (the benchmark's), proven in about a million positions.
const POSITION: &str = "1-1-2r2r/2b2r1-1-/3b2r1-2r/1-2b1-2b";

fn jump61(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(args)
        .output()
        .expect("run jump61")
}

/// `solve` of `position` with one thread and a small table, with `more` arguments.
fn solve_small(position: &str, more: &[&str]) -> Output {
    let mut args = vec![
        "solve",
        "--position",
        position,
        "--threads",
        "1",
        "--memory",
        "64",
        "--time",
        "600",
    ];
    args.extend(more);
    jump61(&args)
}

/// [`solve_small`], keeping `checkpoint`.
fn solve(position: &str, checkpoint: &Path, more: &[&str]) -> Output {
    let mut args = vec!["--checkpoint", checkpoint.to_str().unwrap()];
    args.extend(more);
    solve_small(position, &args)
}

/// The positions a `solve` answer says it searched.
fn searched(out: &Output) -> u64 {
    let text = String::from_utf8_lossy(&out.stdout);
    let after = text
        .split("searched ")
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"));
    after.split(' ').next().unwrap().parse().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jump61-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn a_resumed_proof_searches_fewer_new_positions_and_gives_the_same_value() {
    let fresh = jump61(&[
        "solve",
        "--position",
        POSITION,
        "--threads",
        "1",
        "--time",
        "600",
    ]);
    let answer = String::from_utf8_lossy(&fresh.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(answer.ends_with(" wins"), "{answer}");
    let path = scratch("resume.ckpt");
    // Stopped by a position limit halfway: what it proved is saved.
    let half = solve(
        POSITION,
        &path,
        &["--positions", &(searched(&fresh) / 2).to_string()],
    );
    let text = String::from_utf8_lossy(&half.stdout);
    assert!(text.contains("unknown: the positions limit"), "{text}");
    let saved: u64 = text
        .split("checkpoint ")
        .nth(1)
        .and_then(|t| t.split(": ").nth(1)?.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(saved > 0, "{text}");
    let resumed = solve(POSITION, &path, &[]);
    let text = String::from_utf8_lossy(&resumed.stdout);
    assert!(text.contains(&format!("\n{answer}\n")), "{text}");
    assert!(searched(&resumed) < searched(&fresh), "{text}");
}

/// Runs `solve` with the checkpoint at `path` as it is; asserts it is refused with exit
/// status 2 and an error naming `why`, and that the file is left as it was.
fn assert_refused(position: &str, path: &Path, why: &str, rules: &[&str]) {
    let before = std::fs::read(path).unwrap();
    let out = solve(position, path, rules);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("refused") && err.contains(why), "{err}");
    assert!(out.stdout.is_empty(), "nothing searched");
    assert_eq!(std::fs::read(path).unwrap(), before);
}

#[test]
fn checkpoints_of_other_questions_and_damaged_ones_are_refused() {
    let path = scratch("refuse.ckpt");
    let made = solve(POSITION, &path, &["--positions", "200000"]);
    assert!(made.status.success(), "{made:?}");
    let whole = std::fs::read(&path).unwrap();
    assert!(whole.len() > 200, "{} bytes", whole.len());
    // Another position, and the same squares under the other rules.
    assert_refused(
        "1-1-2r2r/2b2r1-1-/3b2r1-2r/1-2b2b1-",
        &path,
        "it is for root",
        &[],
    );
    assert_refused(
        "2r2r/2b--",
        &path,
        "it is for rules 2014",
        &["--rules", "2013"],
    );
    // Truncated, a byte changed, and not a checkpoint at all.
    std::fs::write(&path, &whole[..whole.len() - 7]).unwrap();
    assert_refused(POSITION, &path, "truncated", &[]);
    let mut changed = whole.clone();
    let last = changed.len() - 3;
    changed[last] ^= 0x40;
    std::fs::write(&path, &changed).unwrap();
    assert_refused(POSITION, &path, "checksum", &[]);
    std::fs::write(&path, b"hello\n\nworld").unwrap();
    assert_refused(POSITION, &path, "not a", &[]);
    // Version 1 recorded keys mixed another way: the same bytes would name other positions.
    let mut older = whole.clone();
    older[..19].copy_from_slice(b"jump61 checkpoint 1");
    std::fs::write(&path, &older).unwrap();
    assert_refused(POSITION, &path, "another version of jump61", &[]);
    // The whole file again is used.
    std::fs::write(&path, &whole).unwrap();
    assert!(
        solve(POSITION, &path, &["--positions", "1000"])
            .status
            .success()
    );
}

#[test]
fn sigterm_stops_the_proof_and_saves_what_it_proved() {
    let path = scratch("signal.ckpt");
    let child = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args([
            "solve",
            "--size",
            "4",
            "--threads",
            "2",
            "--memory",
            "64",
            "--time",
            "600",
        ])
        .args(["--checkpoint", path.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs(3));
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(text.contains("unknown: interrupted after"), "{text}");
    assert!(text.contains("proven positions saved"), "{text}");
    // The saved checkpoint is whole: the same question takes it.
    let again = jump61(&[
        "solve",
        "--size",
        "4",
        "--threads",
        "1",
        "--memory",
        "64",
        "--positions",
        "1000",
        "--checkpoint",
        path.to_str().unwrap(),
    ]);
    assert!(again.status.success(), "{again:?}");
}

/// The table's size at the end of a `solve` answer (`table N MB`).
fn table_mb(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    let after = text
        .split("table ")
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"));
    after.split(' ').next().unwrap().to_string()
}

/// A checkpoint changes nothing of the search: the table starts small and doubles as it
/// would without one (it took its whole `--memory` at once before: seconds of faulting in
/// for a proof of milliseconds, and another path), and what the grown table saved is read
/// back whole (the places a one-thread prover held while the table doubled once stored
/// keys that were no position's, and the checkpoint was refused).
#[test]
fn a_new_checkpoint_searches_what_no_checkpoint_does_and_reads_back() {
    let without = solve_small(POSITION, &[]);
    let path = scratch("same.ckpt");
    let with = solve(POSITION, &path, &[]);
    assert!(with.status.success(), "{with:?}");
    assert_eq!(searched(&with), searched(&without));
    assert_eq!(table_mb(&with), table_mb(&without));
    assert_ne!(table_mb(&with), "67.1", "the table grew from small");
    let again = solve(POSITION, &path, &[]);
    let text = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success(), "{text}");
    let answer = String::from_utf8_lossy(&without.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(answer.ends_with(" wins"), "{answer}");
    assert!(text.contains(&format!("\n{answer}\n")), "{text}");
    assert!(searched(&again) < searched(&without) / 10, "{text}");
}

/// A proof or checkpoint that could not be written is refused before the search (exit
/// status 2, nothing searched), not after it: the search may take hours. A file already
/// there is left as it is when the search then proves nothing.
#[test]
fn files_that_cannot_be_written_are_refused_before_the_search() {
    let missing = scratch("no-such-dir").join("file");
    let missing = missing.to_str().unwrap();
    for flag in ["--proof", "--checkpoint"] {
        let out = jump61(&["solve", "--size", "4", flag, missing, "--time", "600"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag}: {err}");
        assert!(err.contains("nothing searched"), "{flag}: {err}");
        assert!(out.stdout.is_empty(), "{flag}: nothing searched");
    }
    let kept = scratch("kept.txt");
    std::fs::write(&kept, "an older proof\n").unwrap();
    let out = jump61(&[
        "solve",
        "--size",
        "4",
        "--positions",
        "100",
        "--proof",
        kept.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "no value, no proof");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "an older proof\n");
}

/// A long proof saves its checkpoint every few minutes (here, with the interval the tests
/// may set, every tenth of a second) and says so on standard error each time, besides the
/// last save at the end on standard output.
#[test]
fn a_long_proof_saves_its_checkpoint_as_it_goes_and_says_so() {
    let path = scratch("periodic.ckpt");
    let out = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(["solve", "--size", "4", "--threads", "1", "--memory", "64"])
        .args([
            "--positions",
            "3000000",
            "--checkpoint",
            path.to_str().unwrap(),
        ])
        .env("JUMP61_CHECKPOINT_SECONDS", "0.1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let saves = err
        .lines()
        .filter(|l| l.starts_with("checkpoint ") && l.ends_with(" proven positions saved"))
        .count();
    assert!(saves >= 2, "{err}");
    assert!(out.status.success(), "{err}");
}
