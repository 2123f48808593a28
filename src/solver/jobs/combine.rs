//! Puts a split back together: each job's proof (or answer) read and checked, the root
//! decided by the tree above the jobs, and one proof of the whole written.

use super::job_id;
use super::tree::{self, Outcome, Tree};
use crate::board::{Board, Colour};
use crate::solver::proof;
use crate::solver::table::key::Symmetries;
use rayon::prelude::*;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What is known of one job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobState {
    /// Its proof checks: the side that wins.
    Proven(Colour),
    /// It ran and stopped at a limit (its answer line).
    Unknown(String),
    /// It ran and failed, or left a proof that does not check (why).
    Failed(String),
    /// Nothing from it yet.
    Missing,
}

/// A job's state, from `DIR/proofs/ID.txt` and `DIR/answers/ID.txt`.
pub fn job_state(dir: &Path, id: &str, job: &Board) -> JobState {
    let proof_path = proof_path(dir, id);
    if let Ok(text) = std::fs::read_to_string(&proof_path) {
        return match proof::verify(&text) {
            Ok(v) if same_position(&v.root, job) => JobState::Proven(v.winner),
            Ok(v) => JobState::Failed(format!(
                "its proof is of {}, not of the job's position",
                v.root.to_notation()
            )),
            Err(e) => JobState::Failed(format!("its proof is rejected: {e}")),
        };
    }
    let Ok(answer) = std::fs::read_to_string(dir.join("answers").join(format!("{id}.txt"))) else {
        return JobState::Missing;
    };
    let first = answer.lines().next().unwrap_or("").trim();
    if first.starts_with("unknown") {
        JobState::Unknown(first.to_string())
    } else if first.is_empty() {
        JobState::Missing
    } else {
        JobState::Failed(format!("answered `{first}` but left no proof"))
    }
}

/// Where job `id`'s proof belongs.
pub fn proof_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("proofs").join(format!("{id}.txt"))
}

/// Whether two positions are the same up to symmetry, under the same rules and turn.
fn same_position(a: &Board, b: &Board) -> bool {
    let Some(sym) = Symmetries::new(b.size()) else {
        return false;
    };
    a.size() == b.size() && a.rules() == b.rules() && sym.key(a) == sym.key(b)
}

/// A combine's findings: each job's state, each node's outcome and the jobs still needed.
pub struct Findings {
    pub states: Vec<JobState>,
    pub nodes: Vec<Outcome>,
    pub needed: Vec<bool>,
    /// Each job's outcome from its side to move, when proven.
    pub outcomes: Vec<Option<Outcome>>,
}

/// Reads every job's state under `dir` and decides what the tree can.
pub fn findings(tree: &Tree, dir: &Path) -> Findings {
    findings_watched(tree, dir, &|| {})
}

/// [`findings`], the jobs' proofs checked on the current rayon pool's threads and
/// `checked` told as each job is done: a split 24 moves into 5x5 left 5.7 GB of them.
pub fn findings_watched(tree: &Tree, dir: &Path, checked: &(dyn Fn() + Sync)) -> Findings {
    let n = tree.jobs.len();
    let states: Vec<JobState> = (tree.jobs.par_iter().enumerate())
        .map(|(j, job)| {
            let state = job_state(dir, &job_id(j, n), job);
            checked();
            state
        })
        .collect();
    let outcomes: Vec<Option<Outcome>> = states
        .iter()
        .zip(&tree.jobs)
        .map(|(s, job)| match s {
            JobState::Proven(w) if *w == job.to_move() => Some(Outcome::Wins),
            JobState::Proven(_) => Some(Outcome::Loses),
            _ => None,
        })
        .collect();
    let nodes = tree::outcomes(tree, &outcomes);
    let needed = tree::needed(tree, &nodes, &outcomes);
    Findings {
        states,
        nodes,
        needed,
        outcomes,
    }
}

impl Findings {
    /// The root's winner, when decided.
    pub fn winner(&self, tree: &Tree) -> Option<Colour> {
        let mover = tree.nodes[0].board.to_move();
        match self.nodes[0] {
            Outcome::Wins => Some(mover),
            Outcome::Loses => Some(mover.opponent()),
            Outcome::Unknown => None,
        }
    }

    /// The report: the root's value, then the jobs by state, needed or not.
    pub fn report(&self, tree: &Tree) -> Vec<String> {
        let n = tree.jobs.len();
        let root = &tree.nodes[0].board;
        let mut out = vec![match self.winner(tree) {
            Some(w) => format!(
                "{w} wins from {} ({} to move)",
                root.to_notation(),
                root.to_move()
            ),
            None => format!(
                "undecided: {} ({} to move)",
                root.to_notation(),
                root.to_move()
            ),
        }];
        let count = |f: &dyn Fn(&JobState) -> bool| self.states.iter().filter(|s| f(s)).count();
        out.push(format!(
            "jobs: {n}; proven {}; unknown {}; failed {}; missing {}",
            count(&|s| matches!(s, JobState::Proven(_))),
            count(&|s| matches!(s, JobState::Unknown(_))),
            count(&|s| matches!(s, JobState::Failed(_))),
            count(&|s| matches!(s, JobState::Missing)),
        ));
        let mut idle = Vec::new();
        for (j, state) in self.states.iter().enumerate() {
            let id = job_id(j, n);
            let what = match state {
                JobState::Proven(_) => continue,
                JobState::Unknown(a) => a.clone(),
                JobState::Failed(why) => format!("failed: {why}"),
                JobState::Missing => "missing".to_string(),
            };
            if self.needed[j] {
                out.push(format!(
                    "needed {id} {}: {what}",
                    tree.jobs[j].to_notation()
                ));
            } else {
                idle.push(id);
            }
        }
        if !idle.is_empty() {
            out.push(format!(
                "not needed (the tree is decided without them): {}",
                idle.join(" ")
            ));
        }
        out
    }

    /// Writes the proof of the decided root: the header, the winner's move at each of its
    /// nodes in the tree, the move lines of every job proof it rests on, and the `end`
    /// line. Returns the move lines written.
    pub fn write_proof(&self, tree: &Tree, dir: &Path, out: &mut dyn Write) -> io::Result<usize> {
        let winner = self
            .winner(tree)
            .ok_or_else(|| io::Error::other("the root is not decided"))?;
        let root = &tree.nodes[0].board;
        out.write_all(proof::header(root, winner).as_bytes())?;
        let (lines, below) = tree::proof_tree(tree, &self.nodes, &self.outcomes);
        for &(node, sq) in &lines {
            let board = &tree.nodes[node].board;
            let c = board.coord(sq);
            writeln!(out, "{} {} {}", board.to_notation(), c.row, c.col)?;
        }
        let mut count = lines.len();
        for j in below {
            let path = proof_path(dir, &job_id(j, tree.jobs.len()));
            let text = std::fs::read_to_string(&path)?;
            for line in text.lines() {
                if is_move_line(line) {
                    writeln!(out, "{line}")?;
                    count += 1;
                }
            }
        }
        out.write_all(proof::trailer(count).as_bytes())?;
        Ok(count)
    }
}

/// Whether a line of a proof file is one of its moves (`NOTATION ROW COL`).
fn is_move_line(line: &str) -> bool {
    !line.starts_with('#') && line.split_whitespace().count() == 3
}
