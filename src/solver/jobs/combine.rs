//! Puts a split back together: each job's proof (or answer) read and checked, the root
//! decided by the tree above the jobs, and one proof of the whole written.

use super::tree::{self, Outcome, Tree};
use super::{job_id, outputs};
use crate::board::{Board, Colour};
use crate::solver::proof;
use rayon::prelude::*;
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;

pub use super::outputs::{JobState, proof_path};

/// A job's state, from `DIR/proofs/ID.txt` (checked whole) and `DIR/answers/ID.txt`.
pub fn job_state(dir: &Path, id: &str, job: &Board) -> JobState {
    let path = proof_path(dir, id);
    if !path.exists() {
        return outputs::answer_state(dir, id);
    }
    let head = match outputs::peek_proof(&path) {
        Ok(head) => head,
        Err(why) => return JobState::Failed(why),
    };
    if let Some(why) = outputs::wrong_position(&head, job) {
        return JobState::Failed(why);
    }
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => return JobState::Failed(format!("its proof cannot be read: {e}")),
    };
    match proof::verify(&text) {
        Ok(v) => match answered_winner(dir, id) {
            Some(w) if w != v.winner => JobState::Failed(format!(
                "its answer says {w} wins, its proof {} wins",
                v.winner
            )),
            _ => JobState::Proven(v.winner),
        },
        Err(e) => JobState::Failed(format!("its proof does not check: {e}")),
    }
}

/// The winner a whole answer of job `id` names, if any.
fn answered_winner(dir: &Path, id: &str) -> Option<Colour> {
    let text = std::fs::read_to_string(outputs::answer_path(dir, id)).ok()?;
    let first = *outputs::answer_lines(&text)?.first()?;
    match first.strip_suffix(" wins")? {
        "Red" => Some(Colour::Red),
        "Blue" => Some(Colour::Blue),
        _ => None,
    }
}

/// Moves job `id`'s proof aside (to `ID.txt.rejected`) when it is whole but no proof of
/// the job, so that the job's command, run again, proves it again instead of finding it
/// finished. Returns whether it moved it.
pub fn set_aside(dir: &Path, id: &str) -> bool {
    let path = proof_path(dir, id);
    let mut aside = path.clone().into_os_string();
    aside.push(".rejected");
    outputs::peek_proof(&path).is_ok() && std::fs::rename(&path, aside).is_ok()
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
    let outcomes = job_outcomes(tree, &states);
    let nodes = tree::outcomes(tree, &outcomes);
    let needed = tree::needed(tree, &nodes, &outcomes);
    Findings {
        states,
        nodes,
        needed,
        outcomes,
    }
}

/// Each job's outcome from its side to move, where `states` name a winner.
pub fn job_outcomes(tree: &Tree, states: &[JobState]) -> Vec<Option<Outcome>> {
    (states.iter().zip(&tree.jobs))
        .map(|(s, job)| match s {
            JobState::Proven(w) if *w == job.to_move() => Some(Outcome::Wins),
            JobState::Proven(_) => Some(Outcome::Loses),
            _ => None,
        })
        .collect()
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
        let again = self.run_again(tree);
        if !again.is_empty() {
            out.push(format!("run again: {}", again.join(" ")));
        }
        out
    }

    /// The needed jobs that running again can settle: missing, stopped before they
    /// finished, or whose files are no result. (A job that stopped at its own limit is
    /// split again instead.)
    pub fn run_again(&self, tree: &Tree) -> Vec<String> {
        let n = tree.jobs.len();
        (self.states.iter().enumerate())
            .filter(|&(j, s)| {
                self.needed[j] && matches!(s, JobState::Missing | JobState::Failed(_))
            })
            .map(|(j, _)| job_id(j, n))
            .collect()
    }

    /// Writes the proof of the decided root: the header, one move line for each of the
    /// winner's classes the check reaches from the root, and the `end` line. Returns the
    /// move lines written.
    ///
    /// The jobs' proofs overlap (a split's positions meet again below it, and where two
    /// jobs reach one class each gives it), so their lines are first put together as they
    /// come in a file of the split's directory (the tree's moves, then each job's, a later
    /// line of a class taking its place as in the check), then walked from the root within
    /// [`COMPACT_MEMORY`] by [`proof::Bounded::compact`], which keeps each class reached
    /// once, its lists on disk beside that file when they outgrow the memory. Both files go
    /// when it is done.
    pub fn write_proof(&self, tree: &Tree, dir: &Path, out: &mut dyn Write) -> io::Result<usize> {
        let winner = self
            .winner(tree)
            .ok_or_else(|| io::Error::other("the root is not decided"))?;
        let lines = dir.join(format!(".combine-{}.lines.tmp", std::process::id()));
        let written = (self.write_lines(tree, dir, winner, &lines)).and_then(|()| {
            compact(
                &lines,
                dir,
                out,
                &proof::header(&tree.nodes[0].board, winner),
            )
        });
        let _ = std::fs::remove_file(&lines);
        written
    }

    /// Writes to `path` the header and every move line of the tree and of the job proofs
    /// the root rests on, as they come, and the `end` line.
    fn write_lines(&self, tree: &Tree, dir: &Path, winner: Colour, path: &Path) -> io::Result<()> {
        let mut out = io::BufWriter::new(std::fs::File::create(path)?);
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
        out.flush()
    }
}

/// The memory that compacting a combined proof may take for its lists (the program takes
/// a few megabytes more): the combined proof of a 5x5 position 20 moves in has 47 million
/// lines, about 1.5 GB of classes.
pub const COMPACT_MEMORY: usize = 512 << 20;

/// Writes to `out` the proof in the file `lines` with each class reached from its root
/// once ([`proof::Bounded::compact`]), its runs in `dir`: `header`, the move lines and the
/// `end` line. Returns the move lines written.
fn compact(lines: &Path, dir: &Path, out: &mut dyn Write, header: &str) -> io::Result<usize> {
    let stop = AtomicBool::new(false);
    let bounded = proof::Bounded {
        memory: COMPACT_MEMORY,
        spill_in: dir,
        stop: &stop,
    };
    let open = || -> io::Result<Box<dyn Read + Send>> { Ok(Box::new(File::open(lines)?)) };
    out.write_all(header.as_bytes())?;
    let compacted = bounded
        .compact(&open, out, &mut |_, _, _| {})
        .map_err(|e| io::Error::other(format!("the combined proof does not check: {e}")))?;
    let count = compacted.verified.positions;
    out.write_all(proof::trailer(count).as_bytes())?;
    Ok(count)
}

/// Whether a line of a proof file is one of its moves (`NOTATION ROW COL`).
fn is_move_line(line: &str) -> bool {
    !line.starts_with('#') && line.split_whitespace().count() == 3
}
