//! Exact answers for puzzle setters: does the side to move force a win within K of its own
//! moves, and with which first moves? An AND-OR search: the attacker needs one move that
//! wins, the defender must have every reply lose. Nothing is pruned that could hide a win,
//! and results are remembered per whole board (not per hash), so the answer is a proof.
//!
//! Deep questions on big boards can need billions of positions and gigabytes of memory, so
//! the solver examines at most a given number of positions and then says what it proved so
//! far. Giving up only ever turns "wins" into "unknown", never the other way: the tree is
//! monotone (a position the solver gave up on counts as not won, which can only make its
//! parents less won), so every win found before giving up is still proven.

use crate::board::{Board, Squares, geometry};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Positions examined before the solver gives up, unless told otherwise. Our machine examines
/// 2 to 3 million a second; only those with two or more moves to go are remembered (6x6,
/// seven moves: 23 million examined, 177 MB).
pub const DEFAULT_POSITION_LIMIT: u64 = 5_000_000;

/// The answer to a forced-win question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The side to move wins in `moves` of its own moves (the least such number), with
    /// every first move (square index, ascending) that achieves it.
    Win { moves: u32, first_moves: Vec<usize> },
    /// No forced win within `max_moves` of the side to move's own moves.
    NoWinWithin { max_moves: u32 },
    /// The solver examined `positions` positions and gave up while asking about a win in
    /// `no_win_within + 1` moves: there is none in `no_win_within`, and `first_moves` (maybe
    /// empty, maybe not all of them) are proven to win in `no_win_within + 1`.
    GaveUp {
        no_win_within: u32,
        first_moves: Vec<usize>,
        positions: u64,
    },
    /// The position is already won, by the player who moved last.
    AlreadyOver,
}

/// Progress of a solve: no win within `moves` is proven after `positions` positions.
#[derive(Clone, Copy, Debug)]
pub struct SolveProgress {
    pub moves: u32,
    pub positions: u64,
    pub elapsed: Duration,
}

impl std::fmt::Display for SolveProgress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "info solve no win within {} positions {} time {:.3}s",
            self.moves,
            self.positions,
            self.elapsed.as_secs_f64()
        )
    }
}

/// Solves `board` for a forced win of the side to move within `max_moves` of its own moves,
/// examining at most [`DEFAULT_POSITION_LIMIT`] positions.
///
/// ```
/// use jump61::{board::Board, search::solve::{solve, Solution}};
/// let b: Board = "2r2b/1r1r".parse().unwrap();
/// assert_eq!(solve(&b, 2), Solution::Win { moves: 1, first_moves: vec![0] });
/// ```
pub fn solve(board: &Board, max_moves: u32) -> Solution {
    solve_with(board, max_moves, DEFAULT_POSITION_LIMIT, &mut |_| {})
}

/// [`solve`] with a limit on the positions examined, reporting each number of moves within
/// which no win is proven.
pub fn solve_with(
    board: &Board,
    max_moves: u32,
    position_limit: u64,
    progress: &mut dyn FnMut(&SolveProgress),
) -> Solution {
    solve_until(board, max_moves, position_limit, None, progress)
}

/// [`solve_with`] that also gives up at `deadline`: a limit of time rather than work (not
/// reproducible from run to run, but what a person waiting for the answer means).
pub fn solve_until(
    board: &Board,
    max_moves: u32,
    position_limit: u64,
    deadline: Option<Instant>,
    progress: &mut dyn FnMut(&SolveProgress),
) -> Solution {
    solve_stoppable(board, max_moves, position_limit, deadline, None, progress)
}

/// [`solve_until`] that also gives up soon after `stop` is set from another thread (Ctrl-C
/// at the command loop).
pub fn solve_stoppable(
    board: &Board,
    max_moves: u32,
    position_limit: u64,
    deadline: Option<Instant>,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&SolveProgress),
) -> Solution {
    solve_counted(board, max_moves, position_limit, deadline, stop, progress).0
}

/// [`solve_with`] without progress that also says how many positions it examined: the
/// work a puzzle's answer cost, the same on every run.
pub fn solve_measured(board: &Board, max_moves: u32, position_limit: u64) -> (Solution, u64) {
    solve_counted(board, max_moves, position_limit, None, None, &mut |_| {})
}

/// [`solve_stoppable`] with the positions examined.
fn solve_counted(
    board: &Board,
    max_moves: u32,
    position_limit: u64,
    deadline: Option<Instant>,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&SolveProgress),
) -> (Solution, u64) {
    if board.winner().is_some() {
        return (Solution::AlreadyOver, 0);
    }
    let start = Instant::now();
    let mut solver = Solver {
        limit: position_limit,
        deadline,
        stop,
        ..Solver::default()
    };
    for k in 1..=max_moves {
        let first_moves: Vec<usize> = Squares(board.legal_moves())
            .filter(|&sq| !solver.gave_up && solver.move_wins_within(board, sq, k))
            .collect();
        if solver.gave_up {
            let positions = solver.positions;
            let gave_up = Solution::GaveUp {
                no_win_within: k - 1,
                first_moves,
                positions,
            };
            return (gave_up, positions);
        }
        if !first_moves.is_empty() {
            let win = Solution::Win {
                moves: k,
                first_moves,
            };
            return (win, solver.positions);
        }
        progress(&SolveProgress {
            moves: k,
            positions: solver.positions,
            elapsed: start.elapsed(),
        });
    }
    (Solution::NoWinWithin { max_moves }, solver.positions)
}

/// Whether the side to move forces a win within `moves` of its own moves.
/// No limit on the positions examined: for building test suites.
pub fn wins_within(board: &Board, moves: u32) -> bool {
    let mut solver = Solver {
        limit: u64::MAX,
        ..Solver::default()
    };
    board.winner().is_none() && solver.wins_within(board, moves)
}

/// What is proven about one position: wins within `win` moves (0 = not proven), and has no
/// win within `no_win` moves.
#[derive(Clone, Copy, Default)]
struct Known {
    win: u32,
    no_win: u32,
}

#[derive(Default)]
struct Solver<'a> {
    known: FxHashMap<Board, Known>,
    /// Positions examined (not answered from `known`).
    positions: u64,
    limit: u64,
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    /// Set once `positions` passes `limit`: from then on nothing more is examined, and
    /// every open question is answered "no win".
    gave_up: bool,
}

impl Solver<'_> {
    /// Whether playing `sq` wins at once or leaves the opponent lost within `k - 1` more
    /// of our moves, whatever it replies.
    fn move_wins_within(&mut self, board: &Board, sq: usize, k: u32) -> bool {
        let mut child = *board;
        child.play(sq);
        child.winner().is_some() || (k > 1 && self.every_reply_loses(&child, k - 1))
    }

    /// Counts one more position examined; false (and `gave_up` set) past the limit.
    fn count_position(&mut self) -> bool {
        // The clock is slow to read: look every few thousand positions.
        let late = self.positions.is_multiple_of(4096)
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.stop.is_some_and(|s| s.load(Relaxed)));
        if self.positions >= self.limit || late {
            self.gave_up = true;
            return false;
        }
        self.positions += 1;
        true
    }

    fn wins_within(&mut self, board: &Board, k: u32) -> bool {
        if self.gave_up {
            return false;
        }
        if k == 1 {
            // Most positions are here, and trying every move is cheaper than remembering.
            self.count_position();
            return wins_at_once(board);
        }
        let known = self.known.get(board).copied().unwrap_or_default();
        if known.win != 0 && known.win <= k {
            return true;
        }
        if known.no_win >= k || !self.count_position() {
            return false;
        }
        // Immediate wins first: the cheapest proof.
        let won = wins_at_once(board)
            || ordered_moves(board)
                .into_iter()
                .any(|sq| self.move_wins_within(board, sq, k));
        if self.gave_up && !won {
            // Unproven, not disproven: remember nothing.
            return false;
        }
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

/// Whether the side to move has a move that wins at once. A move that does not explode
/// changes one square only, so while the opponent owns a square only explosions can win.
fn wins_at_once(board: &Board) -> bool {
    let cap = &geometry(board.size() as u8).capacity;
    let only_explosions = board.owned(board.to_move().opponent()) != 0;
    Squares(board.legal_moves())
        .filter(|&sq| !only_explosions || board.spots(sq) == cap[sq])
        .any(|sq| {
            let mut child = *board;
            child.play(sq);
            child.winner().is_some()
        })
}

/// Legal moves with explosions first (they win, and refute, most often), then the rest.
fn ordered_moves(board: &Board) -> Vec<usize> {
    let cap = &geometry(board.size() as u8).capacity;
    let (mut explosive, mut quiet): (Vec<usize>, Vec<usize>) =
        Squares(board.legal_moves()).partition(|&sq| board.spots(sq) == cap[sq]);
    explosive.append(&mut quiet);
    explosive
}

/// The answer to `solve K`, for the side to move on `board`, as the command loop and
/// `solve --depth` print it.
///
/// ```
/// use jump61::board::Board;
/// use jump61::search::solve::{Solution, answer};
/// let board = Board::new(3);
/// let win = Solution::Win { moves: 2, first_moves: vec![0, 4] };
/// assert_eq!(answer(&board, &win), "Red wins in 2: 1 1, 2 2");
/// let none = Solution::NoWinWithin { max_moves: 3 };
/// assert_eq!(answer(&board, &none), "no forced win for Red within 3");
/// let unknown = Solution::GaveUp { no_win_within: 3, first_moves: vec![], positions: 9 };
/// assert_eq!(
///     answer(&board, &unknown),
///     "no forced win for Red within 3; gave up on 4 after 9 positions"
/// );
/// ```
pub fn answer(board: &Board, solution: &Solution) -> String {
    let mover = board.to_move();
    match solution {
        Solution::Win { moves, first_moves } => {
            format!("{mover} wins in {moves}: {}", coords(board, first_moves))
        }
        Solution::NoWinWithin { max_moves } => {
            format!("no forced win for {mover} within {max_moves}")
        }
        Solution::GaveUp {
            no_win_within,
            first_moves,
            positions,
        } if first_moves.is_empty() => format!(
            "no forced win for {mover} within {no_win_within}; \
             gave up on {} after {positions} positions",
            no_win_within + 1
        ),
        Solution::GaveUp {
            no_win_within,
            first_moves,
            positions,
        } => format!(
            "{mover} wins in {}: {} (perhaps not every such move: gave up after {positions} \
             positions)",
            no_win_within + 1,
            coords(board, first_moves)
        ),
        Solution::AlreadyOver => already_over(board),
    }
}

/// Squares as `R C, R C`.
fn coords(board: &Board, squares: &[usize]) -> String {
    let list: Vec<String> = squares
        .iter()
        .filter(|&&sq| sq < board.squares())
        .map(|&sq| board.coord(sq).to_string())
        .collect();
    list.join(", ")
}

/// A note that the game on `board` is over, worded unlike the required win line.
pub fn already_over(board: &Board) -> String {
    match board.winner() {
        Some(winner) => format!("the game is already over: {winner} owns every square"),
        None => "the game is already over".to_string(),
    }
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
    fn a_quiet_move_wins_when_the_opponent_owns_nothing() {
        // Red to move (4 spots + size 2 is even); 2:2 is white: taking it wins.
        let b: Board = "1r1r/1r1-".parse().unwrap();
        assert!(wins_within(&b, 1));
        let blue: Board = "1b1b/1-1b".parse().unwrap();
        assert!(
            !wins_within(&blue, 1),
            "Red is to move and cannot take three blue squares"
        );
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

    #[test]
    fn solutions_are_worded_as_the_issue_asks() {
        let board: Board = "1-1-/1-1-".parse().expect("valid");
        let win = Solution::Win {
            moves: 1,
            first_moves: vec![3],
        };
        assert_eq!(answer(&board, &win), "Red wins in 1: 2 2");
        let mut blue_to_move = board;
        blue_to_move.play(0);
        let win = Solution::Win {
            moves: 3,
            first_moves: vec![1, 2, 3],
        };
        assert_eq!(answer(&blue_to_move, &win), "Blue wins in 3: 1 2, 2 1, 2 2");
        let over: Board = "2r1r/1r1r".parse().expect("valid");
        assert_eq!(
            answer(&over, &Solution::AlreadyOver),
            "the game is already over: Red owns every square"
        );
    }
}
