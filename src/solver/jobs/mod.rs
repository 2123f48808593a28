//! Proofs too big for one machine, cut into jobs that any batch engine runs (GNU parallel,
//! Slurm, Kubernetes), then put back together.
//!
//! `split` expands a root some plies deep ([`tree`]) and writes into a directory:
//!
//! - `split.txt`: the rules, the root, the depth, the tree above the jobs and the jobs
//!   themselves (`job ID NOTATION`);
//! - `jobs.txt`: one shell command a job, an ordinary `jump61 solve --position P` with its
//!   checkpoint, proof and answer under `DIR` ([`outputs`]), for `parallel < jobs.txt`, a
//!   Slurm array or an indexed Kubernetes job.
//!
//! `jobs next` ([`next`]) prints the commands of the jobs worth running next: a split is
//! run in waves, not whole.
//!
//! `combine` ([`combine`]) reads the jobs' proofs and answers back, decides the root by the
//! tree, and writes one proof of the whole. A job that answered `unknown` is split again
//! with its own directory, and the combined proof of that directory is written where the
//! job's proof belongs.

pub mod combine;
pub mod next;
pub mod outputs;
pub mod tree;

use crate::board::{Board, Rules};
use std::fmt::Write as _;
use tree::{Target, Tree};

/// How each job's `solve` is to run.
#[derive(Clone, Debug)]
pub struct JobSettings {
    /// The command that runs this program on the machines that run the jobs.
    pub program: String,
    pub time_seconds: u64,
    pub memory_mb: usize,
    pub threads: usize,
}

/// A job's name: `j` and its number from 1, as wide as the largest.
pub fn job_id(index: usize, jobs: usize) -> String {
    let width = jobs.to_string().len().max(4);
    format!("j{:0width$}", index + 1)
}

/// The arguments that give `solve` the position `board` under its rules and turn.
fn position_args(board: &Board) -> String {
    let mut args = format!("--position {}", board.to_notation());
    if board.rules() == Rules::V2013 {
        write!(args, " --rules 2013 --move {}", board.next_move_number()).unwrap();
    }
    args
}

/// A word as the shell reads it: quoted unless it is plain.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._/-+=:,".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The shell command that runs job `index` of `tree`, its files under `dir` (see
/// [`outputs`]): a `solve` that resumes from its checkpoint when run again, exits at once
/// when its answer is already there, and writes its proof and answer whole or not at all.
pub fn job_command(tree: &Tree, index: usize, dir: &str, settings: &JobSettings) -> String {
    let id = job_id(index, tree.jobs.len());
    let dir = dir.trim_end_matches('/');
    let file = |folder: &str, ext: &str| shell_word(&format!("{dir}/{folder}/{id}.{ext}"));
    format!(
        "{} solve {} --time {} --memory {} --threads {} --one-win --checkpoint {} --proof {} \
         --answer {} >> {} 2>&1",
        shell_word(&settings.program),
        position_args(&tree.jobs[index]),
        settings.time_seconds,
        settings.memory_mb,
        settings.threads,
        file("checkpoints", "ckpt"),
        file("proofs", "txt"),
        file("answers", "txt"),
        file("logs", "txt"),
    )
}

/// The lines of `split.txt` after its comment: header, tree and jobs, then `end`.
pub fn split_lines(tree: &Tree) -> Vec<String> {
    let root = &tree.nodes[0].board;
    let mut lines = vec![
        format!("rules {}", root.rules()),
        format!("root {}", root.to_notation()),
        format!("to-move {}", root.to_move()),
        format!("plies {}", tree.plies),
    ];
    let jobs = tree.jobs.len();
    for (i, node) in tree.nodes.iter().enumerate() {
        let moves: Vec<String> = node
            .moves
            .iter()
            .map(|&(sq, t)| {
                let c = node.board.coord(sq);
                let to = match t {
                    Target::Win => "win".to_string(),
                    Target::Node(n) => format!("n{n}"),
                    Target::Job(j) => job_id(j, jobs),
                };
                format!("{} {} {to}", c.row, c.col)
            })
            .collect();
        lines.push(format!(
            "node n{i} {} : {}",
            node.board.to_notation(),
            moves.join(", ")
        ));
    }
    for (j, board) in tree.jobs.iter().enumerate() {
        lines.push(format!("job {} {}", job_id(j, jobs), board.to_notation()));
    }
    lines.push(format!("end {}", tree.nodes.len() + jobs));
    lines
}

/// The whole of `split.txt`.
pub fn split_text(tree: &Tree) -> String {
    let mut text = format!(
        "# jump61 split: {} plies below the root, {} nodes above {} jobs.\n\
         # Run the jobs (jobs.txt), then `jump61 combine --dir DIR`.\n",
        tree.plies,
        tree.nodes.len(),
        tree.jobs.len()
    );
    for line in split_lines(tree) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// Reads `split.txt`: rebuilds the tree from its header and checks that every line agrees.
/// Errors name the first bad line.
pub fn read_split(text: &str) -> Result<Tree, (usize, String)> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let (root, plies) = read_split_header(text, &lines)?;
    let tree =
        Tree::build(&root, plies).ok_or((lines[1].0, "the board is too large".to_string()))?;
    check_split_lines(text, &lines, &tree)?;
    Ok(tree)
}

/// The root and plies of `split.txt`, from the first four of its `lines` (numbered, without
/// comments and blank lines): `rules`, `root`, `to-move` and `plies`. The turn is the
/// spots' under the 2014 rules; under the 2013 rules the line sets it.
fn read_split_header(text: &str, lines: &[(usize, &str)]) -> Result<(Board, u32), (usize, String)> {
    let field = |k: usize, name: &str| split_field(text, lines, k, name);
    let (n, rules) = field(0, "rules")?;
    let rules: Rules = rules.parse().map_err(|e| (n, e))?;
    let (n, root) = field(1, "root")?;
    let mut root = Board::parse_with_rules(root, rules).map_err(|e| (n, e.to_string()))?;
    check_root(&root).map_err(|e| (n, e))?;
    let (n, to_move) = field(2, "to-move")?;
    match to_move {
        "Red" | "Blue" if to_move == root.to_move().name() => {}
        "Red" | "Blue" if rules == Rules::V2013 => root.set_to_move(root.to_move().opponent()),
        "Red" | "Blue" => return Err((n, "under the 2014 rules the spots give the turn".into())),
        _ => return Err((n, "expected `to-move Red` or `to-move Blue`".into())),
    }
    let (n, plies) = field(3, "plies")?;
    let plies: u32 = plies
        .parse()
        .ok()
        .filter(|p| (1..=MAX_PLIES).contains(p))
        .ok_or((n, format!("expected `plies K`, K from 1 to {MAX_PLIES}")))?;
    Ok((root, plies))
}

/// Line `k` of `lines`, which must read `name VALUE`: its number in `text` and the value.
/// A missing line is a truncated file, reported at the file's last line.
fn split_field<'t>(
    text: &str,
    lines: &[(usize, &'t str)],
    k: usize,
    name: &str,
) -> Result<(usize, &'t str), (usize, String)> {
    let last = text.lines().count();
    let &(n, line) = lines.get(k).ok_or((
        last,
        format!("the file ends before its `{name}` line: it is truncated"),
    ))?;
    line.strip_prefix(name)
        .and_then(|v| v.strip_prefix(' '))
        .map(|v| (n, v.trim()))
        .ok_or((n, format!("expected `{name} ...`")))
}

/// Checks that `lines` are exactly the lines of `tree`'s split, header included, and no
/// more; the error is at the first line that differs, or at the file's last line if it
/// stops short.
fn check_split_lines(
    text: &str,
    lines: &[(usize, &str)],
    tree: &Tree,
) -> Result<(), (usize, String)> {
    let want = split_lines(tree);
    for (k, expected) in want.iter().enumerate() {
        let Some(&(n, line)) = lines.get(k) else {
            let last = text.lines().count();
            return Err((last, "the file ends early: it is truncated".into()));
        };
        if line != expected {
            return Err((
                n,
                format!("expected `{expected}`: the split of this root differs"),
            ));
        }
    }
    if let Some(&(n, _)) = lines.get(want.len()) {
        return Err((n, "text after the `end` line".into()));
    }
    Ok(())
}

/// The most plies a split may take: enough for every use, few enough that the tree fits.
pub const MAX_PLIES: u32 = 8;

/// Why `root` cannot be split: over, too large for the solver, or not a game's position.
pub fn check_root(root: &Board) -> Result<(), String> {
    if root.winner().is_some() {
        return Err(format!("{} is already over", root.to_notation()));
    }
    if root.size() > crate::solver::table::key::MAX_KEY_SIZE {
        return Err(format!(
            "game values are solved on boards up to {0}x{0} only",
            crate::solver::table::key::MAX_KEY_SIZE
        ));
    }
    crate::solver::proof::arise::could_arise(root)
}
