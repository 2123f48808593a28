//! `jump61 split`, GNU parallel running the jobs it writes, `jump61 combine`: end to end on
//! 4x4 positions, 2 and 3 plies deep, against `jump61 solve` on the same position and
//! `jump61 verify-proof` on the combined proof. Skips, saying so, where `parallel` is not
//! installed (CI installs it: `.ci/run`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The folder holding the `jump61` under test, to put first on the jobs' `PATH`.
fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_jump61"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs `program ARGS` in `dir` with our `jump61` on the `PATH`: exit code and stdout.
fn run(dir: &Path, program: &str, args: &[&str], stdin: Option<&Path>) -> (i32, String) {
    let path = format!(
        "{}:{}",
        bin_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new(program);
    command.args(args).current_dir(dir).env("PATH", path);
    if let Some(file) = stdin {
        command.stdin(std::fs::File::open(file).unwrap());
    }
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), format!("{stdout}{stderr}"))
}

fn have_parallel() -> bool {
    Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The winner `jump61 solve` or `combine` names on its first line.
fn winner(answer: &str) -> &str {
    answer.split_whitespace().next().unwrap_or("")
}

fn split_run_combine(position: &str, plies: u32, name: &str) {
    let dir = std::env::temp_dir().join(format!("jump61-parallel-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let plies = plies.to_string();
    let (code, out) = run(
        &dir,
        "jump61",
        &[
            "split",
            "--position",
            position,
            "--plies",
            &plies,
            "--dir",
            "work",
            "--job-time",
            "120",
            "--job-memory",
            "256",
        ],
        None,
    );
    assert_eq!(code, 0, "{out}");
    let jobs = std::fs::read_to_string(dir.join("work/jobs.txt")).unwrap();
    assert!(
        jobs.lines()
            .all(|l| l.starts_with("jump61 solve --position ")),
        "{jobs}"
    );
    // Before the jobs: undecided, every job missing and needed.
    let (code, out) = run(&dir, "jump61", &["combine", "--dir", "work"], None);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("undecided") && out.contains("needed j0001"),
        "{out}"
    );
    // The jobs, two at a time, exactly as the guide runs them.
    let (code, out) = run(
        &dir,
        "parallel",
        &["-j", "2", "--halt", "now,fail=1"],
        Some(&dir.join("work/jobs.txt")),
    );
    assert_eq!(code, 0, "{out}");
    let (code, combined) = run(
        &dir,
        "jump61",
        &["combine", "--dir", "work", "--proof", "p.txt"],
        None,
    );
    assert_eq!(code, 0, "{combined}");
    // The jobs' proofs checked one at a time: the same report (all but the proof's line).
    let (code, one) = run(
        &dir,
        "jump61",
        &["combine", "--dir", "work", "--threads", "1"],
        None,
    );
    assert_eq!(code, 0, "{one}");
    let report = |out: &str| {
        out.lines()
            .filter(|l| !l.starts_with("proof written"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(report(&one), report(&combined));
    let (code, direct) = run(&dir, "jump61", &["solve", "--position", position], None);
    assert_eq!(code, 0, "{direct}");
    assert_eq!(winner(&combined), winner(&direct), "{combined}\n{direct}");
    let (code, checked) = run(&dir, "jump61", &["verify-proof", "p.txt"], None);
    assert_eq!(code, 0, "{checked}");
    assert!(
        checked.starts_with(&format!(
            "proof checked: {} wins from {position}",
            winner(&direct)
        )),
        "{checked}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gnu_parallel_runs_the_jobs_of_4x4_splits_and_combine_proves_the_direct_value() {
    if !have_parallel() {
        eprintln!("SKIPPED: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    // 12 and 16 moves into seeded random 4x4 games; each proves directly in under a second.
    split_run_combine("1-3b3b1-/2r1-1-2r/3r1-2r1-/1-2r2b2b", 2, "12-2");
    split_run_combine("2r2b3r2r/2b2b2b2r/3r1-2b3b/1r3r1-1-", 2, "16-2");
    split_run_combine("2r2b3r2r/2b2b2b2r/3r1-2b3b/1r3r1-1-", 3, "16-3");
}
