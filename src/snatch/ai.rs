//! The AI: exact play while the exact solver finishes in time, otherwise an alpha-beta
//! search with an evaluation, deepened until the time is up. It only ever picks from the
//! legal moves, so it never plays an illegal one.

use super::board::{Board, LastJump};
use super::moves::{Move, children, legal_moves};
use super::solve::{Deadline, Solver, Timeout, WIN, parent_score, stuck_score};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How the AI chose its move, for the command loop to report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The exact solver: the game's value with perfect play is known.
    Exact { wins: bool },
    /// Alpha-beta to this depth, the exact solver having run out of time.
    Search { depth: u32 },
}

impl std::fmt::Display for Reason {
    /// As the command loop says it: `a win is certain`, `searched 7 plies`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reason::Exact { wins: true } => f.write_str("a win is certain"),
            Reason::Exact { wins: false } => f.write_str("a loss with perfect play"),
            Reason::Search { depth } => write!(f, "searched {depth} plies"),
        }
    }
}

/// The AI's move for the side to move, or `None` when it has no legal move. Half the time
/// goes to the exact solver (fastest win, or longest resistance), the rest to alpha-beta.
pub fn choose(board: &Board, last: LastJump, time: Duration) -> Option<(Move, Reason)> {
    choose_until(board, last, time, None)
}

/// As `choose`, ending early (with the best move found so far) once `stop` is set.
pub fn choose_until(
    board: &Board,
    last: LastJump,
    time: Duration,
    stop: Option<Arc<AtomicBool>>,
) -> Option<(Move, Reason)> {
    let moves = legal_moves(board);
    if moves.is_empty() {
        return None;
    }
    let start = Instant::now();
    let half = Deadline {
        time: Some(start + time / 2),
        stop: stop.clone(),
    };
    if let Ok((m, wins)) = exact(board, last, &moves, half) {
        return Some((m, Reason::Exact { wins }));
    }
    let deadline = Deadline {
        time: Some(start + time),
        stop,
    };
    let (m, depth) = deepen(board, last, moves, deadline);
    Some((m, Reason::Search { depth }))
}

/// The best move by exact distance: the quickest win, or the longest loss.
fn exact(
    board: &Board,
    last: LastJump,
    moves: &[Move],
    deadline: Deadline,
) -> Result<(Move, bool), Timeout> {
    let mut solver = Solver::distance(board.size(), deadline);
    let mut best: Option<(i32, &Move)> = None;
    for m in moves {
        let mut next = *board;
        next.set_bits(m.result);
        let score = parent_score(solver.value(&next, last.after(m.jump))?);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, m));
        }
    }
    let (score, m) = best.ok_or(Timeout)?;
    Ok((m.clone(), score > 0))
}

/// Iterative deepening over the root moves until the deadline; the best move of the
/// deepest finished depth (the first legal move if none finished).
fn deepen(board: &Board, last: LastJump, moves: Vec<Move>, deadline: Deadline) -> (Move, u32) {
    let mut best = moves[0].clone();
    let mut finished = 0;
    for depth in 1..=64 {
        let mut search = AlphaBeta {
            deadline: &deadline,
            nodes: 0,
        };
        let mut depth_best: Option<(i32, &Move)> = None;
        let mut alpha = -WIN - 1;
        for m in &moves {
            let mut next = *board;
            next.set_bits(m.result);
            let Ok(child) = search.negamax(&next, last.after(m.jump), depth - 1, -WIN - 1, -alpha)
            else {
                return (best, finished);
            };
            let score = parent_score(child);
            if depth_best.is_none_or(|(b, _)| score > b) {
                depth_best = Some((score, m));
                alpha = alpha.max(score);
            }
        }
        if let Some((score, m)) = depth_best {
            best = m.clone();
            finished = depth;
            if score.abs() > WIN - 100 {
                break; // a proven result: deeper search cannot change it
            }
        }
    }
    (best, finished)
}

struct AlphaBeta<'a> {
    deadline: &'a Deadline,
    nodes: u64,
}

impl AlphaBeta<'_> {
    fn negamax(
        &mut self,
        board: &Board,
        last: LastJump,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<i32, Timeout> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.deadline.passed() {
            return Err(Timeout);
        }
        let mut kids = Vec::new();
        let jump = children(board, &mut kids);
        if kids.is_empty() {
            return Ok(stuck_score(last));
        }
        if depth == 0 {
            return Ok(evaluate(board, last, jump, kids.len()));
        }
        let mut best = -WIN - 1;
        for &kid in &kids {
            let mut next = *board;
            next.set_bits(kid);
            // Widened by a ply each way, since scores move one step nearer zero per ply.
            let (child_alpha, child_beta) = (-beta - 1, -alpha + 1);
            let score = parent_score(self.negamax(
                &next,
                last.after(jump),
                depth - 1,
                child_alpha,
                child_beta,
            )?);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }
}

/// A guess for a position the search does not see to the end, from the side to move. The
/// last jumper wins when play stalls, so having jumped last is worth most; being able to
/// jump now is worth something too, and so is having more moves than few.
fn evaluate(board: &Board, last: LastJump, jump: bool, moves: usize) -> i32 {
    let last_jump = if last == LastJump::Mover { 40 } else { -40 };
    let jump_now = if jump { 20 } else { 0 };
    let odd_pieces = if board.pieces() % 2 == 1 { 5 } else { -5 };
    last_jump + jump_now + odd_pieces + moves.min(20) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ai_finishes_the_first_example_at_once() {
        let b: Board = ".xx/.xx/...".parse().unwrap();
        let (m, reason) = choose(&b, LastJump::Nobody, Duration::from_secs(1)).unwrap();
        assert_eq!(m.result.count_ones(), 1);
        assert_eq!(reason, Reason::Exact { wins: true });
    }

    #[test]
    fn the_fallback_search_plays_a_legal_move() {
        let b: Board = "xx.x..xx/.x..x.../..xx..x./x....x../.xx..x.x/...x..../x..xx..x/.x....x."
            .parse()
            .unwrap();
        let moves = legal_moves(&b);
        let (m, _) = deepen(
            &b,
            LastJump::Nobody,
            moves.clone(),
            (Instant::now() + Duration::from_millis(50)).into(),
        );
        assert!(moves.contains(&m));
    }
}
