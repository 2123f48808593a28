//! Game values on several cores: the root's moves (one per symmetry class) are shared out
//! among threads, and each is proven by a prover of its own, with its own table.
//!
//! df-pn's table is its whole state and is read and written at every step, so sharing one
//! between threads would cost more in contention than it saves; at the root, though, the
//! moves are independent questions. The price is what the separate tables do not share
//! (positions reached below two different first moves are proven twice), which on the 4x4
//! board is small next to the second core. Each move's answer is the same whatever the
//! thread count or the order in which threads take the moves: a fresh prover is
//! deterministic.

use super::dfpn::{Entry, Limits, Prover, Stop};
use super::key::Symmetries;
use super::{Report, Value, proof};
use crate::board::{Board, Squares};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The moves of the root that lead to one position, up to symmetry.
struct RootMove {
    squares: Vec<usize>,
    /// The position after each of `squares`: images of one another.
    children: Vec<Board>,
}

/// What the prover of one root move found.
#[derive(Default)]
struct Proven {
    entry: Option<Entry>,
    positions: u64,
    memory: usize,
    proof_size: Option<usize>,
    /// The proof's lines below this move (`NOTATION R C`), when asked for and proven.
    proof_lines: Option<Vec<u8>>,
    stopped: Option<Stop>,
}

/// Proves the value of `board` with `threads` provers working on the root's moves; each
/// prover may use `limits.positions` positions and `limits.memory / threads` bytes. With
/// `proof`, also returns the proof file's text.
pub fn game_value_split(
    board: &Board,
    limits: Limits,
    threads: usize,
    proof: bool,
) -> (Report, Option<Vec<u8>>) {
    let start = Instant::now();
    let mut report = Report::empty(board);
    if board.winner().is_some() {
        return (report, None);
    }
    let Some(sym) = Symmetries::new(board.size()) else {
        report.value = Value::TooBig;
        return (report, None);
    };
    let (wins_at_once, moves) = root_moves(board, &sym);
    let threads = threads.clamp(1, moves.len().max(1));
    let each = Limits {
        memory: limits.memory / threads,
        ..limits
    };
    let proven = prove_all(&moves, each, threads, proof);
    report.positions = proven.iter().map(|p| p.positions).sum();
    report.memory = proven.iter().map(|p| p.memory).sum();
    let text = combine(&mut report, &wins_at_once, &moves, &proven, proof);
    report.elapsed = start.elapsed();
    (report, text)
}

/// The root's moves that win at once, and the others grouped by the position they reach.
fn root_moves(board: &Board, sym: &Symmetries) -> (Vec<usize>, Vec<RootMove>) {
    let (mut at_once, mut moves, mut keys) = (Vec::new(), Vec::<RootMove>::new(), Vec::new());
    for sq in Squares(board.legal_moves()) {
        let mut child = *board;
        child.play(sq);
        if child.winner().is_some() {
            at_once.push(sq);
            continue;
        }
        let key = sym.key(&child);
        match keys.iter().position(|&k| k == key) {
            Some(i) => {
                moves[i].squares.push(sq);
                moves[i].children.push(child);
            }
            None => {
                keys.push(key);
                moves.push(RootMove {
                    squares: vec![sq],
                    children: vec![child],
                });
            }
        }
    }
    (at_once, moves)
}

/// Proves every root move, `threads` at a time, each with a fresh prover.
fn prove_all(moves: &[RootMove], limits: Limits, threads: usize, proof: bool) -> Vec<Proven> {
    let results: Vec<Mutex<Proven>> = moves.iter().map(|_| Mutex::default()).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(m) = moves.get(i) else { break };
                    let p = prove_one(&m.children, limits, proof);
                    if let Ok(mut slot) = results[i].lock() {
                        *slot = p;
                    }
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_default())
        .collect()
}

/// Proves one root move's position; its proof is recorded whoever wins it, below each of
/// the move's symmetric images (a checker tries every move, not one per class).
fn prove_one(children: &[Board], limits: Limits, proof: bool) -> Proven {
    let child = &children[0];
    let Some(mut prover) = Prover::new(child.size(), limits) else {
        return Proven::default();
    };
    let entry = prover.prove(child);
    let winner = if entry.is_win() {
        Some(child.to_move())
    } else if entry.is_loss() {
        Some(child.to_move().opponent())
    } else {
        None
    };
    let mut p = Proven {
        entry: Some(entry),
        positions: prover.positions,
        memory: prover.memory(),
        stopped: prover.stopped,
        ..Proven::default()
    };
    if let Some(w) = winner {
        p.proof_size = proof::proof_size(&prover, child, w);
        if proof {
            let mut lines = Vec::new();
            let written = children
                .iter()
                .all(|c| proof::write_lines(&prover, c, w, &mut lines).is_ok());
            p.proof_lines = written.then_some(lines);
        }
    }
    p
}

/// The root's value from its moves' values; the proof's text when asked for.
fn combine(
    report: &mut Report,
    at_once: &[usize],
    moves: &[RootMove],
    proven: &[Proven],
    proof: bool,
) -> Option<Vec<u8>> {
    let wins = |p: &Proven| p.entry.is_some_and(Entry::is_loss);
    let loses = |p: &Proven| p.entry.is_some_and(Entry::is_win);
    let mut first_moves: Vec<usize> = at_once.to_vec();
    for (m, p) in moves.iter().zip(proven) {
        if wins(p) {
            first_moves.extend(&m.squares);
        }
    }
    first_moves.sort_unstable();
    let stop = proven.iter().find_map(|p| p.stopped);
    // The move the proof follows when the root's side wins: one at once, or the first
    // root move proven.
    let below = moves.iter().zip(proven).find(|(_, p)| wins(p));
    if !first_moves.is_empty() {
        report.value = Value::Wins {
            first_moves,
            complete: stop.is_none(),
        };
        report.proof_size = match below {
            _ if !at_once.is_empty() => Some(1),
            Some((_, p)) => p.proof_size.map(|n| n + 1),
            None => None,
        };
    } else if !proven.is_empty() && proven.iter().all(loses) {
        report.value = Value::Loses;
        let sizes: Option<usize> = proven.iter().map(|p| p.proof_size).sum();
        report.proof_size = sizes.map(|n| n + 1);
    } else {
        report.value = Value::Unknown(stop.unwrap_or(Stop::Positions));
        return None;
    }
    proof.then(|| proof_text(&report.board, at_once, below, proven))?
}

/// The proof file: the header of [`proof::write_proof`], the root's move when its side
/// wins, then the proof below each root move it needs (all of them when the root's side
/// loses). A position below two root moves may be listed twice; either move is proven.
fn proof_text(
    board: &Board,
    at_once: &[usize],
    below: Option<(&RootMove, &Proven)>,
    proven: &[Proven],
) -> Option<Vec<u8>> {
    let root_wins = !at_once.is_empty() || below.is_some();
    let winner = if root_wins {
        board.to_move()
    } else {
        board.to_move().opponent()
    };
    let mut text = proof::header(board, winner).into_bytes();
    if !root_wins {
        for p in proven {
            text.extend(p.proof_lines.as_ref()?);
        }
        text.extend(proof::trailer(proof::move_lines(&text)).bytes());
        return Some(text);
    }
    let sq = at_once
        .first()
        .copied()
        .or(below.map(|(m, _)| m.squares[0]))?;
    let c = board.coord(sq);
    text.extend(format!("{} {} {}\n", board.to_notation(), c.row, c.col).bytes());
    if at_once.is_empty() {
        text.extend(below?.1.proof_lines.as_ref()?);
    }
    text.extend(proof::trailer(proof::move_lines(&text)).bytes());
    Some(text)
}
