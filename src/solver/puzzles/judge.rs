//! A player's move in a puzzle, judged by proof: does it keep the forced win, and if so,
//! which reply resists longest; if not, which reply escapes.

use crate::board::{Board, Squares};
use crate::search::solve::{Solution, solve_measured};

/// What a move of the side that wins does to the forced win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move wins the game at once.
    Won,
    /// The win is still forced: `defence` is the defender's reply that resists longest,
    /// after which the attacker wins in `moves_left` more of its own moves (and no fewer).
    Keeps { defence: usize, moves_left: u32 },
    /// The move lets the defender escape: after `refutation` no forced win within the moves
    /// left exists (or the defender has won).
    Escapes { refutation: usize },
}

/// Judges the move `mv` of the side to move on `board`, which was to win within
/// `moves_left` of its own moves (`mv` included), searching at most `positions` positions
/// in all. The longest defence is the reply with the slowest forced win, then the one with
/// the fewest winning answers, then the lowest square; the refutation is a reply that wins
/// the game for the defender if there is one, else the lowest square after which no win
/// within the moves left is forced. `Err` for an illegal move, a finished game, no moves
/// left, or the position limit reached. The same answer on every run.
pub fn judge(board: &Board, mv: usize, moves_left: u32, positions: u64) -> Result<Verdict, String> {
    if board.winner().is_some() {
        return Err("the game is already over".to_string());
    }
    if !board.is_legal(mv) {
        return Err(format!("{} is not a legal move", board.coord(mv)));
    }
    if moves_left == 0 {
        return Err("no moves left to win in".to_string());
    }
    let mut after = *board;
    after.play(mv);
    if after.winner().is_some() {
        return Ok(Verdict::Won);
    }
    let replies: Vec<(usize, Board)> = Squares(after.legal_moves())
        .map(|sq| {
            let mut child = after;
            child.play(sq);
            (sq, child)
        })
        .collect();
    // The defender's own win is the plainest refutation, and the cheapest to find.
    if let Some(&(sq, _)) = replies.iter().find(|(_, child)| child.winner().is_some()) {
        return Ok(Verdict::Escapes { refutation: sq });
    }
    if moves_left == 1 {
        let first = replies.first().map_or(0, |&(sq, _)| sq);
        return Ok(Verdict::Escapes { refutation: first });
    }
    longest_defence(&replies, moves_left - 1, positions)
}

/// The verdict once no reply wins at once: every reply in `replies` searched for the
/// attacker's fastest win within `moves_left`, `positions` positions in all.
fn longest_defence(
    replies: &[(usize, Board)],
    moves_left: u32,
    positions: u64,
) -> Result<Verdict, String> {
    let mut budget = positions;
    // (moves the attacker still needs, its winning answers, the reply): the longest first.
    let mut longest: Option<(u32, usize, usize)> = None;
    for &(sq, child) in replies {
        let (solution, used) = solve_measured(&child, moves_left, budget);
        budget = budget.saturating_sub(used);
        match solution {
            Solution::Win { moves, first_moves } => {
                let resists = (moves, first_moves.len(), sq);
                let longer = |&(m, n, _): &(u32, usize, usize)| {
                    moves > m || (moves == m && first_moves.len() < n)
                };
                if longest.as_ref().is_none_or(longer) {
                    longest = Some(resists);
                }
            }
            Solution::NoWinWithin { .. } | Solution::AlreadyOver => {
                return Ok(Verdict::Escapes { refutation: sq });
            }
            Solution::GaveUp { .. } => {
                return Err(format!(
                    "gave up after {positions} positions: the move is not judged"
                ));
            }
        }
    }
    match longest {
        Some((moves_left, _, defence)) => Ok(Verdict::Keeps {
            defence,
            moves_left,
        }),
        None => Err("the defender has no move".to_string()),
    }
}

/// The whole proven line of a win within `moves` own moves from `board`: the attacker's
/// first winning move (the lowest square) each turn, the longest defence after it, to the
/// win. `Err` if there is no such win or the search reached `positions` positions (each
/// step's search gets that many).
pub fn main_line(board: &Board, moves: u32, positions: u64) -> Result<Vec<usize>, String> {
    let (mut board, mut moves_left, mut line) = (*board, moves, Vec::new());
    loop {
        let (solution, _) = solve_measured(&board, moves_left, positions);
        let Solution::Win { first_moves, moves } = solution else {
            return Err(format!(
                "no forced win within {moves_left} found: {}",
                crate::search::solve::answer(&board, &solution)
            ));
        };
        let mv = first_moves[0];
        line.push(mv);
        match judge(&board, mv, moves, positions)? {
            Verdict::Won => return Ok(line),
            Verdict::Keeps {
                defence,
                moves_left: left,
            } => {
                line.push(defence);
                board.play(mv);
                board.play(defence);
                moves_left = left;
            }
            Verdict::Escapes { .. } => {
                return Err(
                    "a winning first move was refuted: the search disagrees with itself".into(),
                );
            }
        }
    }
}
