//! Building a collection from a seed: for each rule set, board size and number of moves,
//! positions a few moves before the end of seeded random games, kept when the side to move
//! forces a win in exactly that many moves with few winning first moves; then all of them
//! in the order of the work their proofs cost. The same seed gives the same collection on
//! any number of threads.

use super::Puzzle;
use crate::board::{Board, MAX_SIZE, Rules, Squares};
use crate::search::solve::{Solution, solve_measured};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

/// What to build.
#[derive(Clone, Debug)]
pub struct Plan {
    pub seed: u64,
    /// The rule sets, board sizes and numbers of moves: one cell for each combination.
    pub rules: Vec<Rules>,
    pub sizes: Vec<usize>,
    pub moves: Vec<u32>,
    /// Puzzles wanted in each cell.
    pub per_cell: usize,
    /// Most winning first moves a puzzle may have.
    pub max_answers: usize,
    /// Positions each candidate's search may examine before it is skipped.
    pub positions: u64,
    /// Candidates tried in a cell before it settles for fewer puzzles.
    pub candidates: u64,
    /// Positions a cell's candidates may examine in all before it settles for fewer
    /// puzzles (counted after each batch, so the same on any number of threads).
    pub budget: u64,
}

impl Plan {
    /// The shipped collection's plan: both rule sets, 3x3 to 8x8, wins in 1 to 5.
    pub fn shipped(seed: u64) -> Plan {
        Plan {
            seed,
            rules: vec![Rules::V2014, Rules::V2013],
            sizes: (3..=8).collect(),
            moves: (1..=5).collect(),
            per_cell: 7,
            max_answers: 2,
            positions: 500_000,
            candidates: 4_000,
            budget: 10_000_000,
        }
    }

    /// The plan's cells, in the order they are built.
    pub fn cells(&self) -> Vec<Cell> {
        let mut cells = Vec::new();
        for &rules in &self.rules {
            for &size in &self.sizes {
                for &moves in &self.moves {
                    cells.push(Cell { rules, size, moves });
                }
            }
        }
        cells
    }

    /// The lines that head the collection file: how to build it again.
    pub fn header(&self, built: &[(Cell, usize)]) -> Vec<String> {
        let short: Vec<String> = built
            .iter()
            .filter(|(_, found)| *found < self.per_cell)
            .map(|(c, found)| format!("{} {}x{} in {}: {found}", c.rules, c.size, c.size, c.moves))
            .collect();
        let total: usize = built.iter().map(|(_, n)| n).sum();
        let mut lines = vec![
            format!(
                "{total} puzzles from jump61 puzzles --collection --seed {} (rules {}, sizes {}, \
                 wins in {}, {} a cell, at most {} winning first moves, {} positions a \
                 candidate, {} candidates and {} positions a cell)",
                self.seed,
                list(&self.rules),
                list(&self.sizes),
                list(&self.moves),
                self.per_cell,
                self.max_answers,
                self.positions,
                self.candidates,
                self.budget
            ),
            "easiest first: ordered by the positions the forced-win search examined".to_string(),
        ];
        if !short.is_empty() {
            lines.push(format!("cells short of puzzles: {}", short.join(", ")));
        }
        lines
    }
}

/// Items joined by commas.
fn list<T: std::fmt::Display>(items: &[T]) -> String {
    let words: Vec<String> = items.iter().map(|x| x.to_string()).collect();
    words.join(",")
}

/// Puzzles of one rule set, size and number of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub rules: Rules,
    pub size: usize,
    pub moves: u32,
}

/// Candidates searched at once: a fixed number, so that which ones are kept does not
/// depend on the threads.
const BATCH: u64 = 32;

/// Builds the plan's collection: every cell's puzzles, then all of them ordered by work
/// (ties, such as every win in 1 at no work, by moves, size, rules and notation), with how
/// many each cell found.
pub fn build(
    plan: &Plan,
    done: &(dyn Fn(Cell, usize) + Sync),
) -> (Vec<Puzzle>, Vec<(Cell, usize)>) {
    let mut all = Vec::new();
    let mut found = Vec::new();
    for cell in plan.cells() {
        let puzzles = fill(plan, cell);
        done(cell, puzzles.len());
        found.push((cell, puzzles.len()));
        all.extend(puzzles);
    }
    all.sort_by_cached_key(|p| {
        let b = &p.board;
        (p.work, p.moves, b.size(), b.rules() as u8, b.to_notation())
    });
    (all, found)
}

/// The first `plan.per_cell` puzzles among the cell's numbered candidates.
fn fill(plan: &Plan, cell: Cell) -> Vec<Puzzle> {
    let seed = cell_seed(plan.seed, cell);
    let mut kept: Vec<Puzzle> = Vec::new();
    let (mut next, mut spent) = (0, 0);
    while kept.len() < plan.per_cell && next < plan.candidates && spent < plan.budget {
        let end = (next + BATCH).min(plan.candidates);
        let batch: Vec<(Option<Puzzle>, u64)> = (next..end)
            .into_par_iter()
            .map(|i| candidate(plan, cell, seed.wrapping_add(i)))
            .collect();
        for (p, work) in batch {
            spent += work;
            let Some(p) = p else { continue };
            if kept.len() < plan.per_cell && !kept.iter().any(|k| k.board == p.board) {
                kept.push(p);
            }
        }
        next = end;
    }
    kept
}

/// The seed of a cell's first candidate: the plan's seed mixed with the cell, so that each
/// cell's candidates differ.
fn cell_seed(seed: u64, cell: Cell) -> u64 {
    let mix = (cell.rules as u64) << 40 | (cell.size as u64) << 32 | cell.moves as u64;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ mix.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.random()
}

/// The puzzle candidate `seed` of `cell` makes, if it is one (exactly `cell.moves` to the
/// win, at most `plan.max_answers` winning first moves, proven within `plan.positions`),
/// and the positions its search examined.
fn candidate(plan: &Plan, cell: Cell, seed: u64) -> (Option<Puzzle>, u64) {
    let Some(board) = near_the_end(cell, seed) else {
        return (None, 0);
    };
    let (solution, work) = solve_measured(&board, cell.moves, plan.positions);
    let puzzle = match solution {
        Solution::Win { moves, first_moves }
            if moves == cell.moves && first_moves.len() <= plan.max_answers =>
        {
            Some(Puzzle {
                board,
                moves,
                answers: first_moves,
                work,
            })
        }
        _ => None,
    };
    (puzzle, work)
}

/// A position some plies before the end of a seeded random game on the cell's board: about
/// twice the cell's moves, where the side that goes on to win may force it in that many.
/// `None` when the game's side to move there is not its winner, or the game is too short.
fn near_the_end(cell: Cell, seed: u64) -> Option<Board> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut board = Board::with_rules(cell.size, cell.rules);
    let mut game = vec![board];
    // Random games end within a few hundred plies on these boards; the cap is a guard.
    let cap = 40 * MAX_SIZE * MAX_SIZE;
    while board.winner().is_none() && game.len() < cap {
        let moves: Vec<usize> = Squares(board.legal_moves()).collect();
        board.play(moves[rng.random_range(0..moves.len())]);
        game.push(board);
    }
    let winner = board.winner()?;
    let back = 2 * cell.moves as usize - 1 + 2 * rng.random_range(0..=cell.moves as usize);
    let at = game.len().checked_sub(1 + back)?;
    let position = game[at];
    (position.to_move() == winner).then_some(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(seed: u64) -> Plan {
        Plan {
            seed,
            rules: vec![Rules::V2014, Rules::V2013],
            sizes: vec![3, 4],
            moves: vec![1, 2],
            per_cell: 2,
            ..Plan::shipped(seed)
        }
    }

    fn on_threads(threads: usize, plan: &Plan) -> Vec<Puzzle> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| build(plan, &|_, _| {}).0)
    }

    #[test]
    fn a_small_build_is_the_same_on_one_thread_and_three() {
        let plan = small(7);
        let one = on_threads(1, &plan);
        assert_eq!(one.len(), 16);
        assert_eq!(one, on_threads(3, &plan));
        assert_ne!(one, on_threads(1, &small(8)));
    }

    #[test]
    fn built_puzzles_are_ordered_by_work_and_fill_their_cells() {
        let plan = small(3);
        let (puzzles, found) = build(&plan, &|_, _| {});
        assert!(puzzles.windows(2).all(|w| w[0].work <= w[1].work));
        assert_eq!(found.len(), 8);
        for (cell, n) in found {
            let mine = puzzles.iter().filter(|p| {
                (p.board.rules(), p.board.size(), p.moves) == (cell.rules, cell.size, cell.moves)
            });
            assert_eq!(mine.count(), n);
        }
        for p in &puzzles {
            assert!(p.answers.len() <= plan.max_answers);
        }
    }
}
