//! The `split` and `combine` subcommands' work and printing; each returns the exit code.

use crate::board::Board;
use crate::solver::jobs::combine::findings_watched;
use crate::solver::jobs::tree::Tree;
use crate::solver::jobs::{JobSettings, check_root, job_command, read_split, split_text};
use std::io::Write;
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
    let written = std::fs::create_dir_all(dir.join("proofs"))
        .and_then(|_| std::fs::create_dir_all(dir.join("answers")))
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

/// Reads `dir`'s split and its jobs' results; prints the root's value and the jobs still
/// needed; writes the proof of the whole to `proof_path` when the root is decided. Exit 0
/// when decided (and the proof written), 1 when not, 2 when the split file is bad.
pub fn combine(dir: &Path, proof_path: Option<&Path>) -> i32 {
    let split_path = dir.join("split.txt");
    let text = match std::fs::read_to_string(&split_path) {
        Ok(t) => t,
        Err(e) => {
            crate::output::error_line(format_args!("error: {}: {e}", split_path.display()));
            return 2;
        }
    };
    let tree = match read_split(&text) {
        Ok(tree) => tree,
        Err((line, why)) => {
            crate::output::error_line(format_args!(
                "error: {} line {line}: {why}",
                split_path.display()
            ));
            return 2;
        }
    };
    let bar = crate::cli::solve::run::progress_bar(tree.jobs.len() as u64);
    bar.set_message("checking the jobs' proofs ");
    let found = findings_watched(&tree, dir, &|| bar.inc(1));
    bar.finish_and_clear();
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
    let written = std::fs::File::create(path).and_then(|f| {
        let mut out = std::io::BufWriter::new(f);
        let n = found.write_proof(&tree, dir, &mut out)?;
        out.flush().map(|_| n)
    });
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
