//! Puzzle files as a person uses them: `solve --file` under either rule set, the shipped
//! collection re-checked by `solve --file` and rebuilt, in part, by `puzzles --collection`.

use jump61::board::Rules;
use jump61::solver::puzzles::{self, SHIPPED_TEXT};
use std::process::{Command, Output};

fn jump61(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(args)
        .output()
        .expect("jump61 runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A file of `text` in a directory of this test's own.
fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("jump61-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// A 2013 position (white squares `--`), Red to move, and the same question asked of a
/// 2014 one.
const P2013: &str = "--2r--/2r1b1r/----2r";
const P2014: &str = "1-2r1-/2r1b1r/1-1-2r";

/// What `solve --depth 3` answers for `position` under `rules`.
fn depth_answer(position: &str, rules: &str) -> String {
    // `=`: a 2013 position may start with `--`.
    let position = format!("--position={position}");
    let out = jump61(&["solve", "--rules", rules, &position, "--depth", "3"]);
    assert!(out.status.success(), "{out:?}");
    stdout(&out).trim().to_string()
}

/// `--file` reads its lines under `--rules`, or under a `# rules` line: the same answers as
/// `--position`; a 2013 line read under the 2014 rules is refused, as before.
#[test]
fn solve_file_honours_the_rules() {
    let (a2013, a2014) = (depth_answer(P2013, "2013"), depth_answer(P2014, "2014"));
    let plain = file("plain.txt", &format!("{P2013} 3\n"));
    let out = jump61(&[
        "solve",
        "--rules",
        "2013",
        "--file",
        &plain,
        "--threads",
        "1",
    ]);
    assert_eq!(stdout(&out).lines().next(), Some(a2013.as_str()));
    assert!(out.status.success(), "{out:?}");

    let refused = jump61(&["solve", "--file", &plain, "--threads", "1"]);
    let first = stdout(&refused).lines().next().unwrap_or("").to_string();
    assert!(first.starts_with("line 1: bad position:"), "{first}");
    assert!(first.contains("'--' is not a square"), "{first}");
    assert_eq!(refused.status.code(), Some(1));

    let mixed = format!("# rules 2013\n{P2013} 3 # a comment\n# rules 2014\n{P2014} 3\n");
    let mixed = file("mixed.txt", &mixed);
    let out = jump61(&["solve", "--file", &mixed, "--threads", "2"]);
    let answers: Vec<String> = stdout(&out).lines().take(2).map(String::from).collect();
    assert_eq!(answers, [a2013, a2014]);
    assert!(out.status.success(), "{out:?}");

    let typo = file("typo.txt", &format!("# rules 2031\n{P2014} 3\n"));
    let out = jump61(&["solve", "--file", &typo, "--threads", "1"]);
    assert!(
        stdout(&out).starts_with("line 1: unknown rules '2031'"),
        "{out:?}"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// The recorded answer of each question line of a collection: the comment without its
/// work, as `solve --file` prints it.
fn recorded_answers(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (_, comment) = l.split_once(" # ").expect("a recorded answer");
            let (answer, _) = comment.rsplit_once(" (").expect("the work");
            answer.to_string()
        })
        .collect()
}

/// `jump61 solve --file puzzles/collection.txt` proves every recorded answer again: each
/// line's answer is the one the file records, none malformed, none stopped by a limit.
#[test]
fn solve_file_proves_the_shipped_collection_again() {
    let path = format!("{}/puzzles/collection.txt", env!("CARGO_MANIFEST_DIR"));
    // No time limit that a loaded machine could hit: the answers are all this test asks.
    let out = jump61(&["solve", "--file", &path, "--threads", "2", "--time", "3600"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let recorded = recorded_answers(SHIPPED_TEXT);
    assert_eq!(recorded.len(), puzzles::shipped().len());
    let answered: Vec<&str> = text.lines().take(recorded.len()).collect();
    assert_eq!(answered, recorded);
    assert!(text.contains("\nhit a limit: 0\n"), "{text}");
    assert!(text.contains("\nmalformed lines: 0\n"), "{text}");
}

/// The puzzle lines of a collection, each with the rules it is read under.
fn puzzle_lines(text: &str, size: usize) -> Vec<(String, String)> {
    let mut rules = String::new();
    let mut lines = Vec::new();
    for line in text.lines() {
        if let Some(r) = line.strip_prefix("# rules ") {
            rules = r.to_string();
        } else if !line.starts_with('#') && line.split('/').count() == size {
            lines.push((rules.clone(), line.to_string()));
        }
    }
    lines
}

/// `puzzles --collection` rebuilds the shipped collection's 3x3 and 4x4 puzzles line for
/// line, and byte for byte the same on one thread and two.
#[test]
fn a_partial_rebuild_is_the_shipped_collection_on_any_threads() {
    for size in ["3", "4"] {
        let build = |threads: &str| {
            let out = jump61(&[
                "puzzles",
                "--collection",
                "--seed",
                "1",
                "--size",
                size,
                "--threads",
                threads,
            ]);
            assert!(out.status.success(), "{out:?}");
            stdout(&out)
        };
        let one = build("1");
        assert_eq!(one, build("2"));
        let n = size.parse().unwrap();
        let rebuilt = puzzle_lines(&one, n);
        assert_eq!(rebuilt.len(), 70);
        assert_eq!(rebuilt, puzzle_lines(SHIPPED_TEXT, n));
    }
}

/// The collection's recorded work is what the search examines: a sample re-proven by the
/// library (which `solve --file` does not print).
#[test]
fn the_recorded_work_is_the_searchs() {
    let shipped = puzzles::shipped();
    let step = shipped.len() / 40;
    for p in shipped.iter().step_by(step.max(1)) {
        let proven = puzzles::prove(&p.board, p.moves, u64::MAX).unwrap();
        assert_eq!(&proven, p, "{}", p.line());
    }
    assert!(puzzles::parse_collection(SHIPPED_TEXT, Rules::V2013).is_ok());
}

#[test]
fn puzzles_needs_a_size_and_moves_or_a_collection() {
    let out = jump61(&["puzzles", "--size", "4"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--size and --moves, or --collection"), "{err}");
}
