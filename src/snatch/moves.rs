//! Legal moves and their notation.
//!
//! Jumps are compulsory: when any jump exists, the legal moves are exactly the jump moves
//! (every chain of one or more jumps by one piece, stopping after any jump). Otherwise the
//! legal moves are the slides that make a jump possible, or, when no slide does, the slides
//! that bring some piece closer to another than the present least distance. A move is its
//! resulting board: chains that reach the same board are one move (the first chain found
//! names it). See docs/snatch.md ("Readings of the open points") for why.

use super::board::{Board, DIRECTIONS, jumpers, min_distance, squares_of, within};
use std::fmt;
use thiserror::Error;

/// A legal move: the squares its piece visits, and the board it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// True for a jump move, false for a slide.
    pub jump: bool,
    /// The squares visited, the start first (two squares for a slide).
    pub path: Vec<u8>,
    /// The occupied squares after the move.
    pub result: u64,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.jump { "x" } else { "-" };
        let squares: Vec<String> = self.path.iter().map(|&sq| square_name(sq)).collect();
        write!(f, "{}", squares.join(sep))
    }
}

/// `row:col`, both counted from 1.
pub fn square_name(sq: u8) -> String {
    format!("{}:{}", sq / 8 + 1, sq % 8 + 1)
}

/// The square one step from `sq` in direction `d`, if it is on a board of side `size`.
fn step(sq: u8, (dr, dc): (i8, i8), size: usize) -> Option<u8> {
    let r = (sq / 8) as i32 + dr as i32;
    let c = (sq % 8) as i32 + dc as i32;
    let on = (0..size as i32).contains(&r) && (0..size as i32).contains(&c);
    on.then(|| (r * 8 + c) as u8)
}

/// Calls `visit(result, path)` for every legal move (chains reaching the same board are all
/// visited); returns whether the moves are jumps.
pub fn for_each_move(board: &Board, visit: &mut impl FnMut(u64, &[u8])) -> bool {
    let occupied = board.occupied();
    let can_jump = jumpers(occupied, board.empties());
    if can_jump != 0 {
        let mut path = [0u8; 64];
        for sq in squares_of(can_jump) {
            path[0] = sq;
            chains(board.size(), occupied, &mut path, 1, visit);
        }
        true
    } else {
        slides(board, visit);
        false
    }
}

/// Extends the chain `path[..len]` (whose piece stands on its last square) by every jump.
fn chains(
    size: usize,
    occupied: u64,
    path: &mut [u8; 64],
    len: usize,
    visit: &mut impl FnMut(u64, &[u8]),
) {
    let at = path[len - 1];
    for d in DIRECTIONS {
        let Some(over) = step(at, d, size) else {
            continue;
        };
        let Some(land) = step(over, d, size) else {
            continue;
        };
        if occupied & (1u64 << over) == 0 || occupied & (1u64 << land) != 0 {
            continue;
        }
        let next = occupied & !(1u64 << at) & !(1u64 << over) | 1u64 << land;
        path[len] = land;
        visit(next, &path[..=len]);
        chains(size, next, path, len + 1, visit);
    }
}

/// Visits the legal slides of a board where nobody can jump.
fn slides(board: &Board, visit: &mut impl FnMut(u64, &[u8])) {
    let occupied = board.occupied();
    let squares = board.squares();
    let closest = min_distance(occupied);
    let mut closer = Vec::new();
    let mut makes_jump = false;
    for from in squares_of(occupied) {
        for d in DIRECTIONS {
            let Some(to) = step(from, d, board.size()) else {
                continue;
            };
            if occupied & (1u64 << to) != 0 {
                continue;
            }
            let next = occupied & !(1u64 << from) | 1u64 << to;
            if jumpers(next, squares & !next) != 0 {
                makes_jump = true;
                visit(next, &[from, to]);
            } else if !makes_jump
                && closest.is_some_and(|m| m > 1 && within(to, next & !(1u64 << to), m - 1))
            {
                closer.push((next, [from, to]));
            }
        }
    }
    if !makes_jump {
        for (next, path) in &closer {
            visit(*next, path);
        }
    }
}

/// The boards the legal moves leave, each once, and whether they are jumps.
pub fn children(board: &Board, out: &mut Vec<u64>) -> bool {
    out.clear();
    let jump = for_each_move(board, &mut |result, _| out.push(result));
    out.sort_unstable();
    out.dedup();
    jump
}

/// The legal moves, one per resulting board, in the order first found.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    let jump = for_each_move(board, &mut |result, path| {
        if seen.insert(result) {
            moves.push(Move {
                jump: false,
                path: path.to_vec(),
                result,
            });
        }
    });
    for m in &mut moves {
        m.jump = jump;
    }
    moves
}

/// Why a typed move was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum MoveError {
    #[error("'{0}' is not a move: write a slide as 3:3-2:2 and a jump as 1:3x3:3x1:1")]
    Syntax(String),
    #[error("square {0} is not on the board")]
    OffBoard(String),
    #[error("there is no piece on {0}")]
    NoPiece(String),
    #[error("{0} is not a legal slide here")]
    IllegalSlide(String),
    #[error("{0} cannot jump to {1}")]
    IllegalJump(String, String),
    #[error("a jump is possible, so a jump must be made")]
    MustJump,
}

/// Reads `text` as a move of `board` and checks that it is legal.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let jump = text.contains('x');
    if jump && text.contains('-') {
        return Err(MoveError::Syntax(text.to_string()));
    }
    let path = text
        .split(if jump { 'x' } else { '-' })
        .map(|s| parse_square(board, s, text))
        .collect::<Result<Vec<u8>, MoveError>>()?;
    if path.len() < 2 || !jump && path.len() != 2 {
        return Err(MoveError::Syntax(text.to_string()));
    }
    if board.occupied() & (1u64 << path[0]) == 0 {
        return Err(MoveError::NoPiece(square_name(path[0])));
    }
    let moves = legal_moves(board);
    let can_jump = moves.first().is_some_and(|m| m.jump);
    if !jump {
        if can_jump {
            return Err(MoveError::MustJump);
        }
        return moves
            .into_iter()
            .find(|m| m.path == path)
            .ok_or_else(|| MoveError::IllegalSlide(text.to_string()));
    }
    let result = follow_jumps(board, &path)?;
    Ok(Move {
        jump: true,
        path,
        result,
    })
}

/// Plays the typed chain jump by jump, refusing the first jump that is not one.
fn follow_jumps(board: &Board, path: &[u8]) -> Result<u64, MoveError> {
    let mut occupied = board.occupied();
    for pair in path.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        let refuse = || MoveError::IllegalJump(square_name(from), square_name(to));
        let d = DIRECTIONS
            .into_iter()
            .find(|&d| {
                step(from, d, board.size()).and_then(|o| step(o, d, board.size())) == Some(to)
            })
            .ok_or_else(refuse)?;
        let over = step(from, d, board.size()).ok_or_else(refuse)?;
        if occupied & (1u64 << over) == 0 || occupied & (1u64 << to) != 0 {
            return Err(refuse());
        }
        occupied = occupied & !(1u64 << from) & !(1u64 << over) | 1u64 << to;
    }
    Ok(occupied)
}

fn parse_square(board: &Board, text: &str, whole: &str) -> Result<u8, MoveError> {
    let syntax = || MoveError::Syntax(whole.to_string());
    let (r, c) = text.trim().split_once(':').ok_or_else(syntax)?;
    let r: usize = r.trim().parse().map_err(|_| syntax())?;
    let c: usize = c.trim().parse().map_err(|_| syntax())?;
    if r == 0 || c == 0 || !board.contains(r - 1, c - 1) {
        return Err(MoveError::OffBoard(format!("{r}:{c}")));
    }
    Ok(((r - 1) * 8 + c - 1) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn the_seed_chain_is_one_legal_move() {
        let b = board(".xx/.xx/...");
        let m = parse_move(&b, "1:3x3:3x1:1x1:3").unwrap();
        assert_eq!(m.result.count_ones(), 1);
        assert!(legal_moves(&b).iter().any(|l| l.result == m.result));
    }

    #[test]
    fn slides_are_refused_when_a_jump_exists() {
        let b = board("xx./.../.xx");
        assert_eq!(parse_move(&b, "1:1-2:1"), Err(MoveError::MustJump));
    }

    #[test]
    fn the_only_slides_go_to_the_centre() {
        let moves = legal_moves(&board("..x/.../x.."));
        assert_eq!(moves.len(), 2);
        assert!(moves.iter().all(|m| !m.jump && m.path[1] == 9));
    }
}
