//! The AND/OR tree of a split: every position up to `plies` moves below the root, one per
//! class under the board's symmetries (the solver's key), whose leaves are the jobs.
//!
//! The tree is built the same way every time from the root and the depth alone, so
//! `combine` rebuilds it instead of trusting the split file's copy, and only checks that the
//! file agrees.

use crate::board::{Board, Squares};
use crate::solver::table::key::Symmetries;
use rustc_hash::FxHashMap;

/// Where a move of a node leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The move wins the game at once for the side that plays it.
    Win,
    /// Another node of the tree.
    Node(usize),
    /// A job: a position `plies` moves below the root, proven on its own.
    Job(usize),
}

/// A position above the jobs, with one move into each class of its children.
#[derive(Clone, Debug)]
pub struct Node {
    /// The first position of the class reached, which every line of the split names.
    pub board: Board,
    /// One move per class of children: the square, from `board`, and where it leads.
    pub moves: Vec<(usize, Target)>,
}

/// The tree above the jobs; node 0 is the root.
#[derive(Clone, Debug)]
pub struct Tree {
    pub nodes: Vec<Node>,
    /// The jobs' positions, in the order they were first reached.
    pub jobs: Vec<Board>,
    pub plies: u32,
}

impl Tree {
    /// Expands `root` (not over, of a size the solver keys) `plies` moves deep, breadth
    /// first; `None` if the board is too large for keys.
    pub fn build(root: &Board, plies: u32) -> Option<Tree> {
        let sym = Symmetries::new(root.size())?;
        let mut tree = Tree {
            nodes: vec![Node {
                board: *root,
                moves: Vec::new(),
            }],
            jobs: Vec::new(),
            plies,
        };
        let mut seen: FxHashMap<u128, Target> = FxHashMap::default();
        seen.insert(sym.key(root), Target::Node(0));
        let mut level = vec![0];
        for depth in 1..=plies {
            let mut next = Vec::new();
            for &parent in &level {
                let board = tree.nodes[parent].board;
                for sq in Squares(board.legal_moves()) {
                    let mut child = board;
                    child.play(sq);
                    let target = if child.winner().is_some() {
                        Target::Win
                    } else {
                        *seen
                            .entry(sym.key(&child))
                            .or_insert_with(|| tree.add(child, depth == plies, &mut next))
                    };
                    let moves = &mut tree.nodes[parent].moves;
                    if target == Target::Win || !moves.iter().any(|&(_, t)| t == target) {
                        moves.push((sq, target));
                    }
                }
            }
            level = next;
        }
        Some(tree)
    }

    /// A new node or job for `board`, first reached now.
    fn add(&mut self, board: Board, is_job: bool, level: &mut Vec<usize>) -> Target {
        if is_job {
            self.jobs.push(board);
            return Target::Job(self.jobs.len() - 1);
        }
        self.nodes.push(Node {
            board,
            moves: Vec::new(),
        });
        level.push(self.nodes.len() - 1);
        Target::Node(self.nodes.len() - 1)
    }
}

/// What is known of a position, from its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Wins,
    Loses,
    Unknown,
}

/// Each node's outcome from its side to move, given each job's (`None`: not known).
pub fn outcomes(tree: &Tree, jobs: &[Option<Outcome>]) -> Vec<Outcome> {
    let mut out = vec![Outcome::Unknown; tree.nodes.len()];
    // Children come after their parents (breadth first), so backwards is bottom up.
    for i in (0..tree.nodes.len()).rev() {
        let child = |t: Target| match t {
            Target::Win => Outcome::Loses, // seen from the loser, who would be to move
            Target::Node(n) => out[n],
            Target::Job(j) => jobs[j].unwrap_or(Outcome::Unknown),
        };
        let moves = &tree.nodes[i].moves;
        out[i] = if moves.iter().any(|&(_, t)| child(t) == Outcome::Loses) {
            Outcome::Wins
        } else if moves.iter().all(|&(_, t)| child(t) == Outcome::Wins) {
            Outcome::Loses
        } else {
            Outcome::Unknown
        };
    }
    out
}

/// The jobs whose outcome could still change the root's: those reached from the root
/// through undecided nodes only. A job below a decided node is not needed.
pub fn needed(tree: &Tree, nodes: &[Outcome], jobs: &[Option<Outcome>]) -> Vec<bool> {
    let mut need = vec![false; tree.jobs.len()];
    let mut visited = vec![false; tree.nodes.len()];
    let mut stack = vec![0];
    while let Some(n) = stack.pop() {
        if visited[n] || nodes[n] != Outcome::Unknown {
            continue;
        }
        visited[n] = true;
        for &(_, t) in &tree.nodes[n].moves {
            match t {
                Target::Node(c) => stack.push(c),
                Target::Job(j) if jobs[j].is_none() => need[j] = true,
                _ => {}
            }
        }
    }
    need
}

/// The proof of a decided root as the tree gives it: the winner's move at each of the
/// winner's nodes on it (node, square), and the jobs it rests on.
pub fn proof_tree(
    tree: &Tree,
    nodes: &[Outcome],
    jobs: &[Option<Outcome>],
) -> (Vec<(usize, usize)>, Vec<usize>) {
    let (mut lines, mut below) = (Vec::new(), Vec::new());
    let winner = match nodes[0] {
        Outcome::Wins => tree.nodes[0].board.to_move(),
        Outcome::Loses => tree.nodes[0].board.to_move().opponent(),
        Outcome::Unknown => return (lines, below),
    };
    let job_loses = |j: usize| jobs[j] == Some(Outcome::Loses);
    let mut visited = vec![false; tree.nodes.len()];
    let mut used = vec![false; tree.jobs.len()];
    let mut stack = vec![0];
    while let Some(n) = stack.pop() {
        if std::mem::replace(&mut visited[n], true) {
            continue;
        }
        let node = &tree.nodes[n];
        let mut follow = |t: Target, stack: &mut Vec<usize>| match t {
            Target::Node(c) => stack.push(c),
            Target::Job(j) if !std::mem::replace(&mut used[j], true) => below.push(j),
            _ => {}
        };
        if node.board.to_move() == winner {
            // A move into a position lost for the other side: at once, or proven so.
            let (sq, t) = *node
                .moves
                .iter()
                .find(|&&(_, t)| match t {
                    Target::Win => true,
                    Target::Node(c) => nodes[c] == Outcome::Loses,
                    Target::Job(j) => job_loses(j),
                })
                .expect("a won node has a winning move");
            lines.push((n, sq));
            follow(t, &mut stack);
        } else {
            for &(_, t) in &node.moves {
                follow(t, &mut stack);
            }
        }
    }
    (lines, below)
}
