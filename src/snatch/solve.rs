//! The two exact solvers: the fewest moves that leave one piece (the puzzle), and who wins
//! with perfect play (the game).
//!
//! Both rely on the game being finite: a jump removes a piece, a slide either makes a jump
//! possible (and jumps are compulsory, so a jump follows) or lowers the least distance
//! between pieces. So no position repeats, and plain recursion with a memo terminates.

use super::board::{Board, KEYS, LastJump};
use super::moves::{Move, children, legal_moves};
use rustc_hash::FxHashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The solver ran out of time (or was stopped) before it knew the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeout;

/// When a search must end: at a time, when a flag set from another thread says so (the web
/// server stops the search of a page that has closed), or never.
#[derive(Clone, Debug, Default)]
pub struct Deadline {
    pub time: Option<Instant>,
    pub stop: Option<Arc<AtomicBool>>,
}

impl Deadline {
    /// Whether the search must end now.
    pub fn passed(&self) -> bool {
        self.time.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

impl From<Option<Instant>> for Deadline {
    fn from(time: Option<Instant>) -> Deadline {
        Deadline { time, stop: None }
    }
}

impl From<Instant> for Deadline {
    fn from(time: Instant) -> Deadline {
        Deadline::from(Some(time))
    }
}

/// How often (in positions) a solver looks at the clock.
const CLOCK_EVERY: u64 = 4096;

/// The puzzle's answer: the fewest moves leaving one piece, in order, or `None` when no
/// sequence of legal moves does. Breadth-first, so the first one-piece board found is at
/// the least depth; every board is entered once (the seen table keeps its parent, which
/// also gives back the sequence).
pub fn fewest_moves(
    board: &Board,
    deadline: impl Into<Deadline>,
) -> Result<Option<Vec<Move>>, Timeout> {
    let deadline = deadline.into();
    match board.pieces() {
        0 => return Ok(None),
        1 => return Ok(Some(Vec::new())),
        _ => {}
    }
    let mut parent: FxHashMap<u64, u64> = FxHashMap::default();
    parent.insert(board.occupied(), board.occupied());
    let mut frontier = vec![board.occupied()];
    let mut kids = Vec::new();
    let mut seen = 0u64;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &occupied in &frontier {
            seen += 1;
            if seen.is_multiple_of(CLOCK_EVERY) && deadline.passed() {
                return Err(Timeout);
            }
            children(&Board::from_bits(board.size(), occupied), &mut kids);
            for &kid in &kids {
                if parent.contains_key(&kid) {
                    continue;
                }
                parent.insert(kid, occupied);
                if kid.count_ones() == 1 {
                    return Ok(Some(sequence(board, &parent, kid)));
                }
                next.push(kid);
            }
        }
        frontier = next;
    }
    Ok(None)
}

/// The moves from `board` to `goal`, following the parents back.
fn sequence(board: &Board, parent: &FxHashMap<u64, u64>, goal: u64) -> Vec<Move> {
    let mut boards = vec![goal];
    let mut at = goal;
    while at != board.occupied() {
        match parent.get(&at) {
            Some(&p) => at = p,
            None => break,
        }
        boards.push(at);
    }
    boards.reverse();
    boards
        .windows(2)
        .filter_map(|pair| {
            let from = Board::from_bits(board.size(), pair[0]);
            legal_moves(&from).into_iter().find(|m| m.result == pair[1])
        })
        .collect()
}

/// One remembered position: the full board is kept, so a hash collision is seen as a miss
/// and never answers for another position.
#[derive(Clone, Copy)]
struct Entry {
    occupied: u64,
    last: LastJump,
    value: i32,
}

/// Scores of the exact search, from the side to move: `WIN - plies` for a win that ends
/// the game in `plies`, `-(WIN - plies)` for a loss.
pub const WIN: i32 = 1000;

/// Which kind of answer the two-player solver memoises.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Only who wins: stops at the first winning move.
    WinLoss,
    /// How soon: the winner ends the game soonest, the loser resists longest.
    Distance,
}

/// The two-player solver: a memo of positions, by hash, with their values.
pub struct Solver {
    size: usize,
    mode: Mode,
    memo: FxHashMap<u64, Entry>,
    deadline: Deadline,
    nodes: u64,
}

impl Solver {
    /// A solver that only tells who wins.
    pub fn win_loss(size: usize, deadline: impl Into<Deadline>) -> Solver {
        Solver::new(size, Mode::WinLoss, deadline.into())
    }

    /// A solver that also tells how many plies the game lasts with perfect play.
    pub fn distance(size: usize, deadline: impl Into<Deadline>) -> Solver {
        Solver::new(size, Mode::Distance, deadline.into())
    }

    fn new(size: usize, mode: Mode, deadline: Deadline) -> Solver {
        Solver {
            size,
            mode,
            memo: FxHashMap::default(),
            deadline,
            nodes: 0,
        }
    }

    /// Positions examined so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move wins.
    pub fn wins(&mut self, board: &Board, last: LastJump) -> Result<bool, Timeout> {
        Ok(self.value(board, last)? > 0)
    }

    /// The exact value of the position for the side to move (see [`WIN`]); in win/loss
    /// mode only its sign is exact.
    pub fn value(&mut self, board: &Board, last: LastJump) -> Result<i32, Timeout> {
        debug_assert_eq!(board.size(), self.size);
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY) && self.deadline.passed() {
            return Err(Timeout);
        }
        let key = board.hash() ^ KEYS.last_jump[last as usize];
        if let Some(e) = self.memo.get(&key)
            && e.occupied == board.occupied()
            && e.last == last
        {
            return Ok(e.value);
        }
        let value = self.search(board, last)?;
        let entry = Entry {
            occupied: board.occupied(),
            last,
            value,
        };
        self.memo.insert(key, entry);
        Ok(value)
    }

    fn search(&mut self, board: &Board, last: LastJump) -> Result<i32, Timeout> {
        let mut kids = Vec::new();
        let jump = children(board, &mut kids);
        if kids.is_empty() {
            return Ok(stuck_score(last));
        }
        if jump && kids.iter().any(|k| k.count_ones() == 1) {
            // Leaving one piece ends the game at once with this jump the last: the best.
            return Ok(WIN - 1);
        }
        let mut best = -WIN - 1;
        for &kid in &kids {
            let mut next = *board;
            next.set_bits(kid);
            let score = parent_score(self.value(&next, last.after(jump))?);
            best = best.max(score);
            if best > 0 && self.mode == Mode::WinLoss {
                break;
            }
        }
        Ok(best)
    }
}

/// The score of a position where the side to move cannot move: the last jumper has won.
pub fn stuck_score(last: LastJump) -> i32 {
    if last.mover_wins_if_stuck() {
        WIN
    } else {
        -WIN
    }
}

/// A child's score seen from its parent, one ply further from the end.
pub fn parent_score(child: i32) -> i32 {
    if child > 0 { -child + 1 } else { -child - 1 }
}

/// Every winning first move of the side to move (empty when it loses), exactly.
pub fn winning_moves(
    board: &Board,
    last: LastJump,
    deadline: impl Into<Deadline>,
) -> Result<Vec<Move>, Timeout> {
    let mut solver = Solver::win_loss(board.size(), deadline);
    let mut winning = Vec::new();
    for m in legal_moves(board) {
        let mut next = *board;
        next.set_bits(m.result);
        if !solver.wins(&next, last.after(m.jump))? {
            winning.push(m);
        }
    }
    Ok(winning)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn first_example_takes_one_move() {
        let moves = fewest_moves(&board(".xx/.xx/..."), None).unwrap().unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].path.len(), 4);
    }

    #[test]
    fn second_example_is_lost_for_the_first_player() {
        let b = board("xx./.../.xx");
        assert!(
            !Solver::win_loss(3, None)
                .wins(&b, LastJump::Nobody)
                .unwrap()
        );
        assert!(
            winning_moves(&b, LastJump::Nobody, None)
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            Solver::distance(3, None).value(&b, LastJump::Nobody),
            Ok(-(WIN - 4))
        );
    }
}
