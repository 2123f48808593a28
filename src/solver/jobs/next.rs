//! Which jobs to run next: the waves of a split, chosen from what the jobs run so far have
//! settled.
//!
//! A proof needs, at each of the winner's nodes, one move that wins, and at each of the
//! loser's, every move. Which side wins an undecided node is not known, so it is guessed
//! ([`Guess`], from the AI's search of each of the node's moves, see [`ai_guess`]). At a
//! node whose side to move is guessed to win, the next wave runs one move only: the first
//! in the guess's order that no job has refuted yet, so a refutation brings in the next
//! move. At a node whose side to move is guessed to lose, it runs every move not yet
//! settled. Below a node nothing is run once the node is decided.

use super::tree::{Outcome, Target, Tree};
use crate::board::Board;
use crate::search::{Engine, EngineConfig, Evaluation, Limits};

/// A guess at an undecided node: who wins it, and its moves, best first for the side to
/// move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guess {
    /// Whether the side to move is thought to win.
    pub mover_wins: bool,
    /// Indexes into the node's `moves`, best first.
    pub order: Vec<usize>,
}

/// The jobs of the next wave, in the order they were chosen: every job worth running now
/// under `dir`'s guesses. `nodes` and `jobs` are the outcomes known (see
/// [`super::tree::outcomes`]); `runnable[j]` says whether running job `j` can settle it (a
/// job that stopped at its own limit cannot: it has to be split again). Empty when the
/// root is decided, or when nothing runnable is left under it.
pub fn next_jobs(
    tree: &Tree,
    nodes: &[Outcome],
    jobs: &[Option<Outcome>],
    runnable: &[bool],
    guess: &mut dyn FnMut(usize) -> Guess,
) -> Vec<usize> {
    let mut plan = Plan {
        tree,
        nodes,
        jobs,
        runnable,
        chosen: Vec::new(),
        taken: vec![false; tree.jobs.len()],
        visited: vec![None; tree.nodes.len()],
    };
    plan.node(0, guess);
    plan.chosen
}

/// A walk of the tree from the root that chooses the next wave's jobs.
struct Plan<'a> {
    tree: &'a Tree,
    nodes: &'a [Outcome],
    jobs: &'a [Option<Outcome>],
    runnable: &'a [bool],
    chosen: Vec<usize>,
    taken: Vec<bool>,
    /// Each node walked: whether it had work below it.
    visited: Vec<Option<bool>>,
}

impl Plan<'_> {
    /// Chooses the jobs below node `n`; whether this node has any work below it still (a
    /// node visited before answers as it did then).
    fn node(&mut self, n: usize, guess: &mut dyn FnMut(usize) -> Guess) -> bool {
        if self.nodes[n] != Outcome::Unknown {
            return false;
        }
        if let Some(any) = self.visited[n] {
            return any;
        }
        // A node is reached again only through a move of another node (the tree is a
        // graph): until this walk has finished it, count it as having work.
        self.visited[n] = Some(true);
        let g = guess(n);
        let mut any = false;
        for i in g.order {
            let target = self.tree.nodes[n].moves[i].1;
            if self.settled(target) {
                continue;
            }
            any |= self.target(target, guess);
            // The side guessed to win needs one move: the first that may still win.
            if any && g.mover_wins {
                break;
            }
        }
        self.visited[n] = Some(any);
        any
    }

    /// Whether the outcome below `target` is known (a win at once, a decided node or a
    /// proven job). At the winner's node a known child is a refutation; at the loser's, a
    /// known child is a move answered.
    fn settled(&self, target: Target) -> bool {
        match target {
            Target::Win => true,
            Target::Node(c) => self.nodes[c] != Outcome::Unknown,
            Target::Job(j) => self.jobs[j].is_some(),
        }
    }

    /// Chooses the jobs below an unsettled `target`; whether there were any.
    fn target(&mut self, target: Target, guess: &mut dyn FnMut(usize) -> Guess) -> bool {
        match target {
            Target::Win => false,
            Target::Node(c) => self.node(c, guess),
            Target::Job(j) if !self.runnable[j] => false,
            Target::Job(j) => {
                if !std::mem::replace(&mut self.taken[j], true) {
                    self.chosen.push(j);
                }
                true
            }
        }
    }
}

/// How deep the AI looks from each move of a node to rank them: a few plies, cheap next to
/// any job (some milliseconds a move on 5x5), and the same ranking on every run.
pub const GUESS_DEPTH: u32 = 4;

/// The AI's guess at `board`, a node whose `moves` are listed: each move's position
/// searched [`GUESS_DEPTH`] plies deep on one thread with a fresh table (so the ranking is
/// the same whatever was guessed before), the moves ranked by their scores for the side to
/// move (ties in the node's order), and the side to move guessed to win when its best move
/// scores above even.
pub fn ai_guess(board: &Board, moves: &[(usize, Target)]) -> Guess {
    let mut engine = Engine::new(EngineConfig::default());
    let mut scored: Vec<(i32, usize)> = moves
        .iter()
        .enumerate()
        .map(|(i, &(sq, _))| {
            let mut child = *board;
            child.play(sq);
            let score = if child.winner().is_some() {
                i32::MAX
            } else {
                engine.clear();
                let found = engine.search(
                    &child,
                    Limits::depth(GUESS_DEPTH),
                    Evaluation::Full,
                    true,
                    &mut |_| {},
                );
                -found.score.0
            };
            (score, i)
        })
        .collect();
    scored.sort_by_key(|&(score, i)| (std::cmp::Reverse(score), i));
    Guess {
        mover_wins: scored.first().is_some_and(|&(score, _)| score > 0),
        order: scored.into_iter().map(|(_, i)| i).collect(),
    }
}

/// The guess of `jobs next --all`: every node taken as lost by its side to move, so that
/// every move not yet settled is run at once. A cluster with a core for every job then
/// spends one wave where the AI's guesses could cost one a wrong guess.
pub fn no_guess(moves: usize) -> Guess {
    Guess {
        mover_wins: false,
        order: (0..moves).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::jobs::tree::outcomes;

    /// The 3x3 start split 2 plies deep, with every job's outcome from a direct proof.
    fn three_by_three() -> (Tree, Vec<Option<Outcome>>) {
        let tree = Tree::build(&Board::new(3), 2).unwrap();
        let proven = tree
            .jobs
            .iter()
            .map(|b| {
                let (report, _) = crate::solver::game_value(b, Default::default());
                Some(match report.winner() {
                    Some(w) if w == b.to_move() => Outcome::Wins,
                    Some(_) => Outcome::Loses,
                    None => panic!("a 3x3 job is proven"),
                })
            })
            .collect();
        (tree, proven)
    }

    /// A guess that keeps the node's order and says the side to move wins (or loses).
    fn fixed(tree: &Tree, mover_wins: bool) -> impl FnMut(usize) -> Guess + '_ {
        move |n| Guess {
            mover_wins,
            order: (0..tree.nodes[n].moves.len()).collect(),
        }
    }

    #[test]
    fn nothing_is_known_the_winner_tries_one_move_and_the_loser_every_move() {
        let (tree, _) = three_by_three();
        let none = vec![None; tree.jobs.len()];
        let nodes = outcomes(&tree, &none);
        let all = vec![true; tree.jobs.len()];
        // Red, to move at the root, guessed to win: one first move, every reply below it.
        let wave = next_jobs(&tree, &nodes, &none, &all, &mut fixed(&tree, true));
        let Target::Node(first) = tree.nodes[0].moves[0].1 else {
            panic!("a 2-ply split has nodes below the root")
        };
        let replies: Vec<usize> = (tree.nodes[first].moves.iter())
            .filter_map(|&(_, t)| match t {
                Target::Job(j) => Some(j),
                _ => None,
            })
            .collect();
        assert_eq!(wave, replies[..1], "the guessed winner's node one move");
        // Red guessed to lose: every first move, and one reply to each (Blue's first).
        let mut root_loses = |n: usize| Guess {
            mover_wins: n != 0,
            order: (0..tree.nodes[n].moves.len()).collect(),
        };
        let wave = next_jobs(&tree, &nodes, &none, &all, &mut root_loses);
        let mut first_replies: Vec<usize> = Vec::new();
        for &(_, t) in &tree.nodes[0].moves {
            let Target::Node(c) = t else { continue };
            let Target::Job(j) = tree.nodes[c].moves[0].1 else {
                continue;
            };
            if !first_replies.contains(&j) {
                first_replies.push(j);
            }
        }
        assert_eq!(wave, first_replies);
    }

    #[test]
    fn waves_chosen_from_proven_jobs_decide_the_root_and_then_nothing_is_left() {
        let (tree, proven) = three_by_three();
        // Guesses that agree along the tree: the root's side to move wins (or loses), so
        // the side to move below it loses (or wins).
        for root_wins in [true, false] {
            let mut guess = |n: usize| Guess {
                mover_wins: root_wins == (n == 0),
                order: (0..tree.nodes[n].moves.len()).collect(),
            };
            let mut known = vec![None; tree.jobs.len()];
            let all = vec![true; tree.jobs.len()];
            let mut waves = 0;
            loop {
                let nodes = outcomes(&tree, &known);
                let wave = next_jobs(&tree, &nodes, &known, &all, &mut guess);
                if wave.is_empty() {
                    assert_ne!(nodes[0], Outcome::Unknown, "nothing to run, root undecided");
                    break;
                }
                for j in wave {
                    assert!(known[j].is_none(), "a job chosen twice");
                    known[j] = proven[j];
                }
                waves += 1;
                assert!(waves <= tree.jobs.len(), "the waves do not end");
            }
            let direct = crate::solver::game_value(&tree.nodes[0].board, Default::default());
            let nodes = outcomes(&tree, &known);
            let mover = tree.nodes[0].board.to_move();
            let winner = if nodes[0] == Outcome::Wins {
                mover
            } else {
                mover.opponent()
            };
            assert_eq!(Some(winner), direct.0.winner());
            // Guessed right (Blue wins 3x3), the waves leave jobs unrun.
            let run = known.iter().filter(|k| k.is_some()).count();
            assert!(
                root_wins || run < tree.jobs.len(),
                "{run} of {} jobs run",
                tree.jobs.len()
            );
        }
    }

    #[test]
    fn with_no_guess_one_wave_runs_every_job_and_decides_the_root() {
        let (tree, proven) = three_by_three();
        let mut known = vec![None; tree.jobs.len()];
        let all = vec![true; tree.jobs.len()];
        let mut guess = |n: usize| no_guess(tree.nodes[n].moves.len());
        let wave = next_jobs(&tree, &outcomes(&tree, &known), &known, &all, &mut guess);
        let mut sorted = wave.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), wave.len(), "a job chosen twice");
        assert_eq!(sorted, (0..tree.jobs.len()).collect::<Vec<_>>());
        for j in wave {
            known[j] = proven[j];
        }
        let nodes = outcomes(&tree, &known);
        assert_ne!(nodes[0], Outcome::Unknown);
        assert!(next_jobs(&tree, &nodes, &known, &all, &mut guess).is_empty());
        // One job left unproven: only it is asked for again.
        let mut one_short = known.clone();
        let last = tree.jobs.len() - 1;
        one_short[last] = None;
        let nodes = outcomes(&tree, &one_short);
        let again = next_jobs(&tree, &nodes, &one_short, &all, &mut guess);
        assert!(again.is_empty() || again == [last], "{again:?}");
    }

    #[test]
    fn a_job_that_cannot_be_run_again_is_passed_over_for_the_next_move() {
        let (tree, _) = three_by_three();
        let none = vec![None; tree.jobs.len()];
        let nodes = outcomes(&tree, &none);
        let mut runnable = vec![true; tree.jobs.len()];
        let first = next_jobs(&tree, &nodes, &none, &runnable, &mut fixed(&tree, true));
        runnable[first[0]] = false;
        let next = next_jobs(&tree, &nodes, &none, &runnable, &mut fixed(&tree, true));
        assert!(!next.is_empty() && !next.contains(&first[0]), "{next:?}");
    }

    #[test]
    fn the_ai_ranks_an_immediate_win_first_and_guesses_its_side_wins() {
        // Red to move; 1 1 topples into Blue's only square and wins at once.
        let board: Board = "2r2b/1r1r".parse().unwrap();
        let moves: Vec<(usize, Target)> = crate::board::Squares(board.legal_moves())
            .map(|sq| (sq, Target::Job(sq)))
            .collect();
        let guess = ai_guess(&board, &moves);
        let mut after = board;
        after.play(moves[guess.order[0]].0);
        assert_eq!(after.winner(), Some(board.to_move()));
        assert!(guess.mover_wins);
        assert_eq!(guess, ai_guess(&board, &moves), "the same guess every time");
    }
}
