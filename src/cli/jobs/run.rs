//! The `split`, `combine` and `jobs next` subcommands' work and printing; each returns the
//! exit code.

use crate::board::Board;
use crate::solver::jobs::combine::{JobState, findings_watched, job_outcomes, set_aside};
use crate::solver::jobs::next::{ai_guess, next_jobs, no_guess};
use crate::solver::jobs::tree::{self, Outcome, Tree};
use crate::solver::jobs::{
    JobSettings, check_root, job_command, job_id, outputs, read_split, split_text,
};
use std::path::Path;

/// Splits `root` `plies` deep into `dir`: writes `split.txt` and `jobs.txt`, makes the
/// `proofs` and `answers` folders, and prints the job commands.
pub fn split(root: &Board, plies: u32, dir: &Path, settings: &JobSettings) -> i32 {
    if let Err(e) = check_root(root) {
        crate::output::error_line(format_args!("error: {e}"));
        return 2;
    }
    let Some(tree) = Tree::build(root, plies) else {
        crate::output::error_line(format_args!("error: the board is too large for the solver"));
        return 2;
    };
    let Some(dir_text) = dir.to_str() else {
        crate::output::error_line(format_args!(
            "error: {}: the folder's name is not UTF-8",
            dir.display()
        ));
        return 2;
    };
    let commands: String = (0..tree.jobs.len())
        .map(|j| job_command(&tree, j, dir_text, settings) + "\n")
        .collect();
    let written = (outputs::FOLDERS.iter())
        .try_for_each(|f| std::fs::create_dir_all(dir.join(f)))
        .and_then(|_| std::fs::write(dir.join("split.txt"), split_text(&tree)))
        .and_then(|_| std::fs::write(dir.join("jobs.txt"), &commands));
    if let Err(e) = written {
        crate::output::error_line(format_args!("error: {}: {e}", dir.display()));
        return 2;
    }
    crate::output::text(&commands);
    crate::output::error_line(format_args!(
        "{} jobs {} plies below {} ({} positions above them), written to {}",
        tree.jobs.len(),
        plies,
        root.to_notation(),
        tree.nodes.len(),
        dir.join("jobs.txt").display()
    ));
    0
}

/// Reads `dir`'s split: the tree, or the exit status 2 (the error said).
fn read_tree(dir: &Path) -> Result<Tree, i32> {
    let split_path = dir.join("split.txt");
    let text = std::fs::read_to_string(&split_path).map_err(|e| {
        crate::output::error_line(format_args!("error: {}: {e}", split_path.display()));
        2
    })?;
    read_split(&text).map_err(|(line, why)| {
        crate::output::error_line(format_args!(
            "error: {} line {line}: {why}",
            split_path.display()
        ));
        2
    })
}

/// Reads `dir`'s split and its jobs' results; prints the root's value and the jobs still
/// needed; writes the proof of the whole to `proof_path` when the root is decided. A job
/// proof that is whole but rejected is moved aside, so that the job's command runs it
/// again. Exit 0 when decided (and the proof written), 1 when not, 2 when the split file is
/// bad.
pub fn combine(dir: &Path, proof_path: Option<&Path>) -> i32 {
    let tree = match read_tree(dir) {
        Ok(tree) => tree,
        Err(status) => return status,
    };
    let bar = crate::cli::solve::run::progress_bar(tree.jobs.len() as u64);
    bar.set_message("checking the jobs' proofs ");
    let found = findings_watched(&tree, dir, &|| bar.inc(1));
    bar.finish_and_clear();
    for (j, state) in found.states.iter().enumerate() {
        let id = job_id(j, tree.jobs.len());
        if matches!(state, JobState::Failed(_)) && set_aside(dir, &id) {
            crate::output::error_line(format_args!(
                "{id}: its proof is rejected; moved to {}.rejected, so that its command \
                 proves it again",
                outputs::proof_path(dir, &id).display()
            ));
        }
    }
    // A closed standard output (`combine | head`) only hides the rest of the report: the
    // proof is still written.
    for line in found.report(&tree) {
        if !crate::output::line(line) {
            break;
        }
    }
    let (Some(winner), Some(path)) = (found.winner(&tree), proof_path) else {
        return i32::from(found.winner(&tree).is_none());
    };
    let written = outputs::write_atomically(path, |out| found.write_proof(&tree, dir, out));
    match written {
        Ok(n) => {
            crate::output::line(format_args!(
                "proof written to {}: {n} lines of {winner}'s moves",
                path.display()
            ));
            0
        }
        Err(e) => {
            crate::output::error_line(format_args!("error: {}: {e}", path.display()));
            1
        }
    }
}

/// Prints the commands (the lines of `dir`'s `jobs.txt`) of the jobs worth running next,
/// chosen by [`next_jobs`] from what the jobs' files claim ([`outputs::peek`]: their
/// proofs are not checked here, `combine` does that) and the AI's guesses. Nothing when
/// the root is decided. With `all`, every job still worth running ([`no_guess`]). Exit 0 when it printed jobs or the root is decided, 1 when the root
/// is undecided and no job can be run (those stopped at their limits are to be split
/// again), 2 when the split or job file is bad.
pub fn next(dir: &Path, all: bool) -> i32 {
    let tree = match read_tree(dir) {
        Ok(tree) => tree,
        Err(status) => return status,
    };
    let jobs_path = dir.join("jobs.txt");
    let commands: Vec<String> = match std::fs::read_to_string(&jobs_path) {
        Ok(text) => text.lines().map(str::to_string).collect(),
        Err(e) => {
            crate::output::error_line(format_args!("error: {}: {e}", jobs_path.display()));
            return 2;
        }
    };
    if commands.len() != tree.jobs.len() {
        crate::output::error_line(format_args!(
            "error: {} has {} lines for the split's {} jobs",
            jobs_path.display(),
            commands.len(),
            tree.jobs.len()
        ));
        return 2;
    }
    let n = tree.jobs.len();
    let states: Vec<JobState> = (tree.jobs.iter().enumerate())
        .map(|(j, job)| outputs::peek(dir, &job_id(j, n), job))
        .collect();
    let known = job_outcomes(&tree, &states);
    let nodes = tree::outcomes(&tree, &known);
    let runnable: Vec<bool> = states
        .iter()
        .map(|s| !matches!(s, JobState::Unknown(_)))
        .collect();
    let mut guess = |node: usize| {
        let node = &tree.nodes[node];
        if all {
            no_guess(node.moves.len())
        } else {
            ai_guess(&node.board, &node.moves)
        }
    };
    let wave = next_jobs(&tree, &nodes, &known, &runnable, &mut guess);
    for &j in &wave {
        if !crate::output::line(&commands[j]) {
            return 0;
        }
    }
    let proven = known.iter().filter(|k| k.is_some()).count();
    let root = &tree.nodes[0].board;
    let value = match nodes[0] {
        Outcome::Wins => format!("{} wins", root.to_move()),
        Outcome::Loses => format!("{} wins", root.to_move().opponent()),
        Outcome::Unknown => "undecided".to_string(),
    };
    crate::output::error_line(format_args!(
        "next: {} jobs; {proven} of {n} proven so far; the root {value}",
        wave.len()
    ));
    if wave.is_empty() && nodes[0] == Outcome::Unknown {
        let stopped: Vec<String> = (0..n)
            .filter(|&j| !runnable[j])
            .map(|j| job_id(j, n))
            .collect();
        crate::output::error_line(format_args!(
            "no job left to run: split again those that stopped at their limits: {}",
            stopped.join(" ")
        ));
        return 1;
    }
    0
}
