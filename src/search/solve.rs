//! Exact answers for puzzle setters: does the side to move force a win within K of its own
//! moves, and with which first moves? An AND-OR search: the attacker needs one move that
//! wins, the defender must have every reply lose. Nothing is pruned that could hide a win,
//! and results are remembered per whole board (not per hash), so the answer is a proof.

use crate::board::{Board, Squares, geometry};
use rustc_hash::FxHashMap;

/// The answer to a forced-win question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The side to move wins in `moves` of its own moves (the least such number), with
    /// every first move (square index, ascending) that achieves it.
    Win { moves: u32, first_moves: Vec<usize> },
    /// No forced win within `max_moves` of the side to move's own moves.
    NoWinWithin { max_moves: u32 },
    /// The position is already won, by the player who moved last.
    AlreadyOver,
}

/// Solves `board` for a forced win of the side to move within `max_moves` of its own moves.
///
/// ```
/// use jump61::{board::Board, search::solve::{solve, Solution}};
/// let b: Board = "2r2b/1r1r".parse().unwrap();
/// assert_eq!(solve(&b, 2), Solution::Win { moves: 1, first_moves: vec![0] });
/// ```
pub fn solve(board: &Board, max_moves: u32) -> Solution {
    if board.winner().is_some() {
        return Solution::AlreadyOver;
    }
    let mut solver = Solver::default();
    for k in 1..=max_moves {
        let first_moves: Vec<usize> = Squares(board.legal_moves())
            .filter(|&sq| solver.move_wins_within(board, sq, k))
            .collect();
        if !first_moves.is_empty() {
            return Solution::Win {
                moves: k,
                first_moves,
            };
        }
    }
    Solution::NoWinWithin { max_moves }
}

/// Whether the side to move forces a win within `moves` of its own moves.
pub fn wins_within(board: &Board, moves: u32) -> bool {
    board.winner().is_none() && Solver::default().wins_within(board, moves)
}

/// What is proven about one position: wins within `win` moves (0 = not proven), and has no
/// win within `no_win` moves.
#[derive(Clone, Copy, Default)]
struct Known {
    win: u32,
    no_win: u32,
}

#[derive(Default)]
struct Solver {
    known: FxHashMap<Board, Known>,
}

impl Solver {
    /// Whether playing `sq` wins at once or leaves the opponent lost within `k - 1` more
    /// of our moves, whatever it replies.
    fn move_wins_within(&mut self, board: &Board, sq: usize, k: u32) -> bool {
        let mut child = *board;
        child.play(sq);
        child.winner().is_some() || (k > 1 && self.every_reply_loses(&child, k - 1))
    }

    fn wins_within(&mut self, board: &Board, k: u32) -> bool {
        let known = self.known.get(board).copied().unwrap_or_default();
        if known.win != 0 && known.win <= k {
            return true;
        }
        if known.no_win >= k {
            return false;
        }
        // Immediate wins first: the cheapest proof.
        let moves = ordered_moves(board);
        let won = moves.iter().any(|&sq| self.move_wins_within(board, sq, 1))
            || (k > 1 && moves.iter().any(|&sq| self.move_wins_within(board, sq, k)));
        let entry = self.known.entry(*board).or_default();
        if won {
            entry.win = if entry.win == 0 { k } else { entry.win.min(k) };
        } else {
            entry.no_win = entry.no_win.max(k);
        }
        won
    }

    /// Whether every reply of the side to move (the defender) leaves the attacker winning
    /// within `k` of its moves. A reply that wins for the defender refutes at once.
    fn every_reply_loses(&mut self, board: &Board, k: u32) -> bool {
        ordered_moves(board).into_iter().all(|sq| {
            let mut child = *board;
            child.play(sq);
            child.winner().is_none() && self.wins_within(&child, k)
        })
    }
}

/// Legal moves with explosions first (they win, and refute, most often), then the rest.
fn ordered_moves(board: &Board) -> Vec<usize> {
    let cap = &geometry(board.size() as u8).capacity;
    let (mut explosive, mut quiet): (Vec<usize>, Vec<usize>) =
        Squares(board.legal_moves()).partition(|&sq| board.spots(sq) == cap[sq]);
    explosive.append(&mut quiet);
    explosive
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_already_won_board_is_over() {
        let b: Board = "2r2r/1r1r".parse().unwrap();
        assert_eq!(solve(&b, 3), Solution::AlreadyOver);
    }

    #[test]
    fn the_start_has_no_quick_win() {
        assert_eq!(
            solve(&Board::new(3), 2),
            Solution::NoWinWithin { max_moves: 2 }
        );
    }

    #[test]
    fn lists_every_fastest_first_move() {
        // Red to move: 1:1 explodes and wins; so does 2:2 (into 1:2 and 2:1)? Check by play.
        let b: Board = "2r2b/1r1r".parse().unwrap();
        let Solution::Win { moves, first_moves } = solve(&b, 3) else {
            panic!()
        };
        assert_eq!(moves, 1);
        for sq in Squares(b.legal_moves()) {
            let mut c = b;
            c.play(sq);
            assert_eq!(first_moves.contains(&sq), c.winner().is_some());
        }
    }
}
