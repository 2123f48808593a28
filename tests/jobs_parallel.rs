//! `jump61 split`, GNU parallel running the jobs it writes, `jump61 combine`: end to end on
//! 4x4 positions, 2 and 3 plies deep, against `jump61 solve` on the same position and
//! `jump61 verify-proof` on the combined proof; and a 4x4 position one move in, in waves of
//! `jobs next`, one job killed and resumed, its combined proof checked; `jobs next --all` on
//! 3x3, its one wave run by `sh`. Skips, saying so, where `parallel` is not
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
    let checked = verified_in_both_modes(&dir, &combined);
    assert!(
        checked.starts_with(&format!(
            "proof checked: {} wins from {position}",
            winner(&direct)
        )),
        "{checked}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `verify-proof p.txt` in memory and within 64 MB: both accept the combined proof (so
/// it gives no class twice) and count as many positions as `combine` wrote lines (so it
/// gives none the check does not need). Returns the check in memory.
fn verified_in_both_modes(dir: &Path, combined: &str) -> String {
    let (code, checked) = run(dir, "jump61", &["verify-proof", "p.txt"], None);
    assert_eq!(code, 0, "{checked}");
    let (code, within) = run(
        dir,
        "jump61",
        &["verify-proof", "p.txt", "--memory", "64"],
        None,
    );
    assert_eq!(code, 0, "{within}");
    let count = |text: &str, after: &str, before: &str| -> String {
        let rest = &text[text.find(after).unwrap_or_else(|| panic!("{text}")) + after.len()..];
        rest.split(before).next().unwrap().to_string()
    };
    let lines = count(combined, ".txt: ", " lines of");
    assert_eq!(
        count(&checked, "(", " positions"),
        lines,
        "{combined}\n{checked}"
    );
    assert_eq!(
        count(&within, "(", " positions"),
        lines,
        "{combined}\n{within}"
    );
    checked
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

/// The joblog's rows (after its header): (sequence number, exit value, signal).
fn joblog_rows(path: &Path) -> Vec<(usize, i32, i32)> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .map(|row| {
            let f: Vec<&str> = row.split('\t').collect();
            (
                f[0].parse().unwrap(),
                f[6].parse().unwrap(),
                f[7].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn waves_of_jobs_next_under_gnu_parallel_resume_a_killed_job_and_rerun_only_what_failed() {
    if !have_parallel() {
        eprintln!("SKIPPED: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("jump61-waves-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The 4x4 start after Red's move in the centre, split one move deep: Blue's reply that
    // wins is one job of some 13 million positions (15 s of an idle core), so a 5 s timeout
    // stops its first run on any machine.
    let split = [
        "split",
        "--position",
        "1-1-1-1-/1-2r1-1-/1-1-1-1-/1-1-1-1-",
        "--plies",
        "1",
        "--dir",
        "work",
        "--job-time",
        "600",
        "--job-memory",
        "1024",
    ];
    let (code, out) = run(&dir, "jump61", &split, None);
    assert_eq!(code, 0, "{out}");
    let mut wave = 0;
    loop {
        let (code, next) = run(&dir, "jump61", &["jobs", "next", "--dir", "work"], None);
        assert_eq!(code, 0, "{next}");
        let commands: Vec<&str> = next.lines().filter(|l| l.starts_with("jump61 ")).collect();
        if commands.is_empty() {
            break;
        }
        wave += 1;
        assert!(wave <= 9, "more waves than jobs");
        let file = dir.join(format!("wave{wave}.txt"));
        std::fs::write(&file, commands.join("\n") + "\n").unwrap();
        let joblog = format!("joblog{wave}.txt");
        let parallel = ["-j", "2", "--joblog", &joblog];
        if wave == 1 {
            // A job killed after 5 s (TERM, and a minute to save its checkpoint): it fails...
            let timeout = ["--timeout", "5", "--termseq", "TERM,60000,KILL,25"];
            let (code, out) = run(
                &dir,
                "parallel",
                &[&parallel[..], &timeout].concat(),
                Some(&file),
            );
            assert_ne!(code, 0, "no job was killed: {out}");
            let failed: Vec<usize> = (joblog_rows(&dir.join(&joblog)).iter())
                .filter(|&&(_, exit, signal)| exit != 0 || signal != 0)
                .map(|&(seq, _, _)| seq)
                .collect();
            assert!(!failed.is_empty());
            // ...and the rerun runs only what failed, which resumes from its checkpoint.
            let before = joblog_rows(&dir.join(&joblog)).len();
            let resume = [&parallel[..], &["--resume-failed"]].concat();
            let (code, out) = run(&dir, "parallel", &resume, Some(&file));
            assert_eq!(code, 0, "{out}");
            let rows = joblog_rows(&dir.join(&joblog));
            let rerun: Vec<usize> = rows[before..].iter().map(|&(seq, _, _)| seq).collect();
            assert_eq!(
                rerun, failed,
                "the rerun ran other jobs than those that failed"
            );
            for seq in failed {
                let answer = commands[seq - 1]
                    .split("--answer work/answers/")
                    .nth(1)
                    .unwrap();
                let log = format!("work/logs/{}", answer.split_whitespace().next().unwrap());
                let log = std::fs::read_to_string(dir.join(log)).unwrap();
                assert!(log.contains("resuming from its proven positions"), "{log}");
            }
        } else {
            let (code, out) = run(&dir, "parallel", &parallel, Some(&file));
            assert_eq!(code, 0, "{out}");
        }
        // A wave run again finds every job answered and runs nothing.
        let (code, out) = run(&dir, "parallel", &["-j", "2"], Some(&file));
        assert_eq!(code, 0, "{out}");
    }
    let (code, combined) = run(
        &dir,
        "jump61",
        &["combine", "--dir", "work", "--proof", "p.txt"],
        None,
    );
    assert_eq!(code, 0, "{combined}");
    // The combined value stands on its proof, which the rules alone check: the position is
    // not proven again directly (some 20 million positions more), nor its proof checked
    // within a memory limit (the small splits above do both).
    let (code, checked) = run(&dir, "jump61", &["verify-proof", "p.txt"], None);
    assert_eq!(code, 0, "{checked}");
    assert!(
        checked.starts_with(&format!("proof checked: {} wins", winner(&combined))),
        "{combined}\n{checked}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The job commands among `out`'s lines (`jobs next` says on standard error how many).
fn job_lines(out: &str) -> Vec<String> {
    let mut lines: Vec<String> = (out.lines())
        .filter(|l| l.starts_with("jump61 solve "))
        .map(String::from)
        .collect();
    lines.sort();
    lines
}

#[test]
fn jobs_next_all_gives_every_job_in_one_wave_then_nothing() {
    let dir = std::env::temp_dir().join(format!("jump61-next-all-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let split = [
        "split",
        "--position",
        "1-1-1-/1-1-1-/1-1-1-",
        "--plies",
        "2",
        "--dir",
        "work",
    ];
    assert_eq!(run(&dir, "jump61", &split, None).0, 0);
    let every = job_lines(&std::fs::read_to_string(dir.join("work/jobs.txt")).unwrap());
    assert!(every.len() > 2, "{every:?}");
    let next = |all: bool| {
        let mut args = vec!["jobs", "next", "--dir", "work"];
        if all {
            args.push("--all");
        }
        let (code, out) = run(&dir, "jump61", &args, None);
        assert_eq!(code, 0, "{out}");
        job_lines(&out)
    };
    let guessed = next(false);
    assert!(
        !guessed.is_empty() && guessed.len() < every.len(),
        "the guesses run some jobs: {guessed:?}"
    );
    assert_eq!(next(true), every, "--all: every job, each once");
    std::fs::write(dir.join("wave.txt"), every.join("\n") + "\n").unwrap();
    assert_eq!(run(&dir, "sh", &["wave.txt"], None).0, 0);
    assert!(next(true).is_empty(), "the root decided: nothing left");
    let (code, out) = run(&dir, "jump61", &["combine", "--dir", "work"], None);
    assert_eq!((code, winner(&out)), (0, "Blue"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
