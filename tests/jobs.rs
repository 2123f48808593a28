//! Split, prove the jobs, combine: the value of the whole agrees with the direct proof, the
//! combined proof passes the checker, and what is missing or not needed is said. The jobs
//! are proven in this process here; `tests/jobs_parallel.rs` runs them with GNU parallel.

use crate::checkers;

use jump61::board::{Board, Rules};
use jump61::solver::dfpn::Limits;
use jump61::solver::jobs::combine::{JobState, findings, proof_path, set_aside};
use jump61::solver::jobs::tree::{Outcome, Tree};
use jump61::solver::jobs::{job_id, read_split, split_text};
use jump61::solver::{game_value, proof};
use std::path::{Path, PathBuf};

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jump61-jobs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("proofs")).unwrap();
    std::fs::create_dir_all(dir.join("answers")).unwrap();
    dir
}

/// Proves job `j` in this process, as `jump61 solve --position P --proof F` would.
fn prove_job(tree: &Tree, j: usize, dir: &Path) {
    let board = &tree.jobs[j];
    let (report, prover) = game_value(board, Limits::default());
    let mut text = Vec::new();
    proof::write_proof(
        &mut prover.unwrap(),
        board,
        report.winner().unwrap(),
        &mut text,
    )
    .unwrap();
    std::fs::write(proof_path(dir, &job_id(j, tree.jobs.len())), text).unwrap();
}

/// The position after `moves` (squares) from the start of `size` under `rules`.
fn after(size: usize, rules: Rules, moves: &[usize]) -> Board {
    let mut board = Board::with_rules(size, rules);
    for &sq in moves {
        assert!(board.is_legal(sq));
        board.play(sq);
    }
    board
}

/// Whether a line of a proof file is a move line.
fn is_move(line: &str) -> bool {
    !line.starts_with('#') && line.split_whitespace().count() == 3
}

/// Whether the jobs' proofs under `dir` overlap: their move lines put together under the
/// combined proof's header are refused for a class given twice.
fn jobs_overlap(tree: &Tree, dir: &Path, combined: &str) -> bool {
    let mut text: String = (combined.lines())
        .filter(|l| !is_move(l) && !l.starts_with("end "))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut count = 0;
    for j in 0..tree.jobs.len() {
        let proof = std::fs::read_to_string(proof_path(dir, &job_id(j, tree.jobs.len()))).unwrap();
        for line in proof.lines().filter(|l| is_move(l)) {
            text.push_str(line);
            text.push('\n');
            count += 1;
        }
    }
    text.push_str(&format!("end {count}\n"));
    // (With several classes repeated, the two checkers may name different ones.)
    match proof::verify(&text) {
        Err(proof::CheckError::Malformed { reason, .. }) => {
            assert!(
                reason.contains("a second move for the position of line"),
                "{reason}"
            );
            true
        }
        _ => false,
    }
}

/// Splits `root`, proves every job, combines: returns the combined proof's check (in both
/// checkers, which refuse a class given twice) and whether the jobs' proofs overlap.
fn split_prove_combine(root: &Board, plies: u32, name: &str) -> (proof::Verified, bool) {
    let dir = folder(name);
    let tree = Tree::build(root, plies).unwrap();
    std::fs::write(dir.join("split.txt"), split_text(&tree)).unwrap();
    let tree = read_split(&std::fs::read_to_string(dir.join("split.txt")).unwrap()).unwrap();
    for j in 0..tree.jobs.len() {
        prove_job(&tree, j, &dir);
    }
    let found = findings(&tree, &dir);
    assert!(
        found
            .states
            .iter()
            .all(|s| matches!(s, JobState::Proven(_)))
    );
    let mut text = Vec::new();
    let written = found.write_proof(&tree, &dir, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let checked = checkers::verify(&text).unwrap_or_else(|e| panic!("{}: {e}", root.to_notation()));
    // One line for each of the winner's classes the check reaches, and no other.
    assert_eq!(text.lines().filter(|l| is_move(l)).count(), written);
    assert_eq!(checked.positions, written);
    let left = std::fs::read_dir(&dir).unwrap().flatten();
    let left: Vec<_> = left
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let overlap = jobs_overlap(&tree, &dir, &text);
    let (direct, _) = game_value(root, Limits::default());
    assert_eq!(
        Some(checked.winner),
        direct.winner(),
        "{}",
        root.to_notation()
    );
    assert_eq!(checked.root, *root);
    let _ = std::fs::remove_dir_all(&dir);
    (checked, overlap)
}

#[test]
fn split_and_combine_agree_with_the_direct_proof_on_small_boards_under_both_rules() {
    for rules in [Rules::V2014, Rules::V2013] {
        for plies in 1..=3 {
            let (_, overlap) = split_prove_combine(
                &Board::with_rules(3, rules),
                plies,
                &format!("3x3-{rules}-{plies}"),
            );
            // Two plies down the 3x3 start, as on 4x4, the jobs' proofs meet: each class
            // they share is still given once.
            assert!(overlap || plies != 2, "{rules} {plies}");
        }
        split_prove_combine(&Board::with_rules(2, rules), 2, &format!("2x2-{rules}"));
    }
    // The 2013 turn handed over (`move 2`): Blue moves first on the empty board.
    let mut blue_first = Board::with_rules(3, Rules::V2013);
    blue_first.set_to_move(jump61::board::Colour::Blue);
    split_prove_combine(&blue_first, 2, "3x3-blue-first");
}

#[test]
fn split_and_combine_agree_with_the_direct_proof_on_late_4x4_positions() {
    // Positions of seeded random games: 12 and 16 moves into 2014 games (109,552 and
    // 12,838 positions to prove directly), 30 into a 2013 one (27,632).
    let roots = [
        Board::parse_with_rules("1-3b3b1-/2r1-1-2r/3r1-2r1-/1-2r2b2b", Rules::V2014).unwrap(),
        Board::parse_with_rules("2r2b3r2r/2b2b2b2r/3r1-2b3b/1r3r1-1-", Rules::V2014).unwrap(),
        Board::parse_with_rules("2b2r3r1r/2b1r2b2b/2r1b4b2b/2r1r2r1r", Rules::V2013).unwrap(),
    ];
    for (i, root) in roots.iter().enumerate() {
        assert!(root.winner().is_none());
        split_prove_combine(root, 2, &format!("4x4-{i}-2"));
        if i > 0 {
            split_prove_combine(root, 3, &format!("4x4-{i}-3"));
        }
    }
}

#[test]
fn combine_refuses_each_bad_output_by_job_and_reason_and_names_the_jobs_to_run_again() {
    let root = after(3, Rules::V2014, &[4]);
    let dir = folder("refused");
    let tree = Tree::build(&root, 2).unwrap();
    let n = tree.jobs.len();
    for j in 0..n {
        prove_job(&tree, j, &dir);
    }
    let path = |j: usize| proof_path(&dir, &job_id(j, n));
    let text = |j: usize| std::fs::read_to_string(path(j)).unwrap();
    // Cut short, another job's proof, a move line taken out (its count put right), none.
    let whole = text(0);
    std::fs::write(path(0), &whole[..whole.len() / 2]).unwrap();
    std::fs::write(path(1), text(2)).unwrap();
    let third = text(3);
    let lines: Vec<&str> = third.lines().collect();
    let moves = lines.iter().filter(|l| l.split(' ').count() == 3).count();
    let first = lines
        .iter()
        .position(|l| l.split(' ').count() == 3)
        .unwrap();
    let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    broken.remove(first);
    *broken.last_mut().unwrap() = format!("end {}", moves - 1);
    std::fs::write(path(3), broken.join("\n") + "\n").unwrap();
    std::fs::remove_file(path(4)).unwrap();
    let found = findings(&tree, &dir);
    let why = |j: usize| match &found.states[j] {
        JobState::Failed(why) => why.clone(),
        other => format!("{other:?}"),
    };
    assert!(why(0).contains("truncated"), "{}", why(0));
    assert!(why(1).contains("not of the job's position"), "{}", why(1));
    assert!(why(3).contains("does not check"), "{}", why(3));
    assert_eq!(found.states[4], JobState::Missing);
    // The needed ones among them are the jobs to run again, by name.
    let again = found.run_again(&tree);
    let bad = [0, 1, 3, 4];
    for j in bad {
        assert_eq!(again.contains(&job_id(j, n)), found.needed[j], "{again:?}");
    }
    let report = found.report(&tree).join("\n");
    if !again.is_empty() {
        assert!(
            report.contains(&format!("run again: {}", again.join(" "))),
            "{report}"
        );
    }
    // A rejected proof that is whole is moved aside, so that its job runs again.
    assert!(set_aside(&dir, &job_id(3, n)));
    assert!(!path(3).exists());
    assert!(
        !set_aside(&dir, &job_id(0, n)),
        "a cut proof is run again as it is"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn combine_names_the_jobs_still_needed_and_those_a_sibling_makes_unneeded() {
    let root = after(3, Rules::V2014, &[4]);
    let dir = folder("partial");
    let tree = Tree::build(&root, 2).unwrap();
    let n = tree.jobs.len();
    // Nothing done: every job is needed, the root undecided.
    let found = findings(&tree, &dir);
    assert_eq!(found.winner(&tree), None);
    assert!(found.needed.iter().all(|&b| b));
    assert!(found.report(&tree)[1].contains(&format!("missing {n}")));
    // One job answered unknown, one failed: each is named with its state.
    std::fs::write(
        dir.join("answers").join(format!("{}.txt", job_id(0, n))),
        "unknown: the time limit was reached after 10 positions\nend 1\n",
    )
    .unwrap();
    std::fs::write(proof_path(&dir, &job_id(1, n)), "not a proof\n").unwrap();
    let report = findings(&tree, &dir).report(&tree).join("\n");
    assert!(
        report.contains(&format!("needed {} ", job_id(0, n)))
            && report.contains("unknown: the time"),
        "{report}"
    );
    assert!(
        report.contains(&format!("needed {} ", job_id(1, n)))
            && report.contains("failed: its proof has no `rules` line: not a proof file"),
        "{report}"
    );
    // Prove the jobs one by one until the root is decided: the rest are then not needed,
    // and the proof written rests on the proven ones alone.
    let mut proven = 0;
    for j in 0..n {
        prove_job(&tree, j, &dir);
        proven += 1;
        if findings(&tree, &dir).winner(&tree).is_some() {
            break;
        }
    }
    let found = findings(&tree, &dir);
    let winner = found
        .winner(&tree)
        .expect("decided once every job is proven");
    let idle: Vec<usize> = (0..n)
        .filter(|&j| !matches!(found.states[j], JobState::Proven(_)))
        .collect();
    assert!(idle.iter().all(|&j| !found.needed[j]));
    if proven < n {
        let report = found.report(&tree).join("\n");
        assert!(report.contains("not needed"), "{report}");
    }
    let mut text = Vec::new();
    found.write_proof(&tree, &dir, &mut text).unwrap();
    let checked = checkers::verify(&String::from_utf8(text).unwrap()).unwrap();
    assert_eq!(checked.winner, winner);
    let (direct, _) = game_value(&root, Limits::default());
    assert_eq!(direct.winner(), Some(winner));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_job_answered_by_a_split_of_its_own_combines_like_a_proven_one() {
    let root = Board::new(3);
    let dir = folder("resplit");
    let tree = Tree::build(&root, 1).unwrap();
    let n = tree.jobs.len();
    for j in 1..n {
        prove_job(&tree, j, &dir);
    }
    // Job 1 split again two plies deeper, its jobs proven, its combined proof put where
    // the job's proof belongs.
    let sub_dir = dir.join(format!("{}.split", job_id(0, n)));
    std::fs::create_dir_all(sub_dir.join("proofs")).unwrap();
    let sub = Tree::build(&tree.jobs[0], 2).unwrap();
    for j in 0..sub.jobs.len() {
        prove_job(&sub, j, &sub_dir);
    }
    let mut text = Vec::new();
    findings(&sub, &sub_dir)
        .write_proof(&sub, &sub_dir, &mut text)
        .unwrap();
    std::fs::write(proof_path(&dir, &job_id(0, n)), text).unwrap();
    let found = findings(&tree, &dir);
    assert!(
        found
            .states
            .iter()
            .all(|s| matches!(s, JobState::Proven(_)))
    );
    assert_eq!(
        found.nodes[0],
        Outcome::Loses,
        "the 3x3 start is lost for Red"
    );
    let mut text = Vec::new();
    found.write_proof(&tree, &dir, &mut text).unwrap();
    assert!(proof::verify(&String::from_utf8(text).unwrap()).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_split_file_that_does_not_match_its_root_is_refused_at_its_first_bad_line() {
    let tree = Tree::build(&Board::new(3), 2).unwrap();
    let text = split_text(&tree);
    assert!(read_split(&text).is_ok());
    let lines: Vec<&str> = text.lines().collect();
    // A job's position changed.
    let k = lines.iter().position(|l| l.starts_with("job ")).unwrap();
    let mut bad = lines.clone();
    let changed = bad[k].replace("1-", "2r");
    bad[k] = &changed;
    assert_eq!(read_split(&bad.join("\n")).unwrap_err().0, k + 1);
    // Cut short, mid-line and at a line's end.
    let cut = &text[..text.len() * 2 / 3];
    let err = read_split(cut).unwrap_err();
    assert_eq!(err.0, cut.lines().count(), "{err:?}");
    let short = lines[..lines.len() - 1].join("\n");
    assert!(read_split(&short).unwrap_err().1.contains("truncated"));
    // A position no game reaches, and plies out of range.
    let impossible = text.replace("root 1-1-1-/1-1-1-/1-1-1-", "root 2b1-1-/1-1-1-/1-1-1-");
    assert_eq!(read_split(&impossible).unwrap_err().0, 4);
    let deep = text.replace("plies 2", "plies 99");
    assert_eq!(read_split(&deep).unwrap_err().0, 6);
}
