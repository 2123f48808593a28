//! Proofs of a game's value: written out from a prover's table, and checked again by the
//! plain rules with no search at all.
//!
//! A proof file names the root position and the winner, then lists, for every position of
//! the proof where the winner is to move, the move it plays (`NOTATION R C`), once for each
//! class of positions that the eight symmetries of the square map onto each other (a
//! position and its mirror image have the same value, so one line serves both: the 4x4
//! proof needs 2.6 million lines instead of 27 million). The checker plays that move, and at
//! each position where the loser is to move tries every reply; a position of the same class
//! as each position the winner then faces must be in the file. It computes the classes
//! itself, square by square, and trusts nothing else.

pub mod arise;
mod blocks;
mod bounded;
mod check;
mod file;
mod line;
mod packed;
mod seen;
mod sorted;
mod spill;
mod threads;

use seen::{Name, Seen};

pub use bounded::{Bounded, BoundedVerified, Open, verify_bounded};
pub use check::{CheckError, Stage, Verified, verify, verify_watched};
pub use file::write_file;

use super::dfpn::{MAX_MOVES, Prover};
use crate::board::{Board, Colour, Squares};
use arrayvec::ArrayVec;
use std::io::{self, Write};
use std::sync::atomic::Ordering::Relaxed;

/// The winner's move at `board` that the table proves (an immediate win if there is one),
/// the one with the least work below it where several are proven: the smallest proof the
/// table offers, as far as it can tell. A step the table no longer holds (a full table
/// forgets) is proven again: the position itself first, which leaves its winning move in
/// the table, then move by move.
pub(crate) fn proven_move(prover: &mut Prover, board: &Board) -> Option<usize> {
    let mut moves = ArrayVec::<usize, MAX_MOVES>::new();
    let mut children = ArrayVec::<Board, MAX_MOVES>::new();
    for sq in Squares(board.legal_moves()) {
        let mut child = *board;
        child.play_unhashed(sq);
        if child.winner().is_some() {
            return Some(sq);
        }
        moves.push(sq);
        children.push(child);
    }
    // Every child's bucket at once: the proof of the 4x4 start asks this of 4 million
    // positions, and one miss after the other made writing it take a third of the search.
    let known = |prover: &Prover| {
        let entries = prover.lookup_all(&children);
        // Ties go to the least place, a choice of the position's class: every image of a
        // position, however reached, gets the same move (so threads write the same proof).
        (0..moves.len())
            .filter(|&i| entries[i].0.is_loss())
            .min_by_key(|&i| (entries[i].1, entries[i].2))
    };
    let found = known(prover).or_else(|| {
        prover.prove(board);
        known(prover).or_else(|| (0..moves.len()).find(|&i| prover.prove(&children[i]).is_loss()))
    });
    found.map(|i| moves[i])
}

/// What each step of a walk of the proof needs: who wins, and from how many spots on it
/// takes the move that a won entry records (`Prover::won_move`, the move the search proved
/// first) rather than the one with the least work below it among all those the table proves
/// ([`proven_move`], 16 lookups where the other is one). The two plies at the top choose by
/// the work: a proof's size depends most on its first moves, and the least work made the 2013
/// 3x3 start's proof 3,708 positions, the recorded move 5,517. Below them the recorded
/// moves made the 4x4 start's proof 7.4% larger and its walk 43% fewer instructions
/// (docs/results/solving.md).
#[derive(Clone, Copy)]
struct Goal {
    winner: Colour,
    recorded_from: u32,
}

/// The plies at the top of a proof whose moves are chosen by the work below them.
const CHOSEN_PLIES: u32 = 2;

impl Goal {
    /// The goal of a walk from `root`: every move adds one spot.
    fn new(root: &Board, winner: Colour) -> Goal {
        Goal {
            winner,
            recorded_from: root.total_spots() + CHOSEN_PLIES,
        }
    }
}

/// Walks the proof below `root` (whose side to move is `winner` or its victim), once per
/// class of positions, calling `visit` at each position with the winner's move (`None`
/// where the loser is to move).
/// Returns false if the table lacks a step (the proof is incomplete).
fn walk(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    visit: &mut dyn FnMut(&Board, Option<usize>),
) -> bool {
    let seen = Seen::new(&prover.table);
    let goal = Goal::new(root, winner);
    let mut stack = vec![*root];
    while !stack.is_empty() {
        if !step_batch(prover, &seen, &mut stack, goal, visit) {
            return false;
        }
    }
    true
}

/// Positions a walk takes off its stack at once: their keys first, each prefetching its
/// group of the set of positions seen, then their steps, so that the set's cache misses
/// overlap (one after the other they took a fifth of the time of writing the 4x4 proof).
const BATCH: usize = 16;

/// Takes up to [`BATCH`] positions off the top of `stack` and makes a [`step`] at each
/// one the walk has not seen yet, pushing what is below them onto `stack`; false as
/// [`step`], and when the prover's caller has set its stop flag (a walk of millions of
/// positions takes seconds, most of them proving nothing again).
fn step_batch(
    prover: &mut Prover,
    seen: &Seen,
    stack: &mut Vec<Board>,
    goal: Goal,
    visit: &mut dyn FnMut(&Board, Option<usize>),
) -> bool {
    if prover.stop_flag.as_ref().is_some_and(|f| f.load(Relaxed)) {
        return false;
    }
    let from = stack.len().saturating_sub(BATCH);
    let batch: ArrayVec<(Board, Option<Name>), BATCH> = stack
        .drain(from..)
        .rev()
        .map(|board| {
            let name = walked_name(prover, &board);
            if let Some(n) = name {
                seen.prefetch(n);
            }
            (board, name)
        })
        .collect();
    for (board, name) in batch {
        if let Some(name) = name
            && seen.insert(name)
            && !step(prover, &board, goal, visit, &mut |b| stack.push(b))
        {
            return false;
        }
    }
    true
}

/// The name in the set of positions seen of `board`, a position of the walk; `None` where
/// the game is over (nothing to walk there).
fn walked_name(prover: &Prover, board: &Board) -> Option<Name> {
    board
        .winner()
        .is_none()
        .then(|| Seen::name(&prover.table, prover.sym.key(board)))
}

/// One step of a walk of the proof, at `board`, a position the walk had not seen (and
/// where the game goes on): `visit` it with the winner's move (`None` where the loser is
/// to move) and hand the positions below it to `below`. False if the table lacks the
/// winner's move there and it cannot be proven again.
fn step(
    prover: &mut Prover,
    board: &Board,
    goal: Goal,
    visit: &mut dyn FnMut(&Board, Option<usize>),
    below: &mut dyn FnMut(Board),
) -> bool {
    if board.to_move() == goal.winner {
        // Below the top, the move the search recorded where it proved the position; else
        // the table's children are asked (an immediate win, or a win restored from a
        // checkpoint).
        let recorded = (board.total_spots() >= goal.recorded_from)
            .then(|| prover.won_move(board))
            .flatten();
        let Some(sq) = recorded.or_else(|| proven_move(prover, board)) else {
            return false;
        };
        visit(board, Some(sq));
        let mut child = *board;
        child.play_unhashed(sq);
        below(child);
    } else {
        visit(board, None);
        for sq in Squares(board.legal_moves()) {
            let mut child = *board;
            child.play_unhashed(sq);
            below(child);
        }
    }
    true
}

/// Distinct positions (up to symmetry, both sides to move) in the proof that `winner` wins
/// from `root`; `None` if the table does not hold a whole proof.
pub fn proof_size(prover: &mut Prover, root: &Board, winner: Colour) -> Option<usize> {
    let mut size = 0;
    walk(prover, root, winner, &mut |_, _| size += 1).then_some(size)
}

/// [`proof_size`] on `threads` threads, as the proof's writer walks it with no file to write
/// (`threads::write_lines_threads`): one thread walking the 4x4 start's proof took 8.5 to
/// 13 s after the search (docs/results/solving.md).
pub fn proof_size_threads(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    threads: usize,
) -> Option<usize> {
    if threads <= 1 || root.size() < 4 {
        return proof_size(prover, root, winner);
    }
    let walked = threads::write_lines_threads(prover, root, winner, &mut io::sink(), threads);
    walked.ok().map(|w| w.positions)
}

/// The first lines of a proof file: what it proves, under which rules (the checker reads
/// every position by them), and who moves at the root (the 2013 `move N` may hand the turn
/// to the side the spots do not say).
pub fn header(root: &Board, winner: Colour) -> String {
    format!(
        "# jump61 proof: {winner} wins\nrules {}\nroot {}\nto-move {}\nwinner {winner}\n",
        root.rules(),
        root.to_notation(),
        root.to_move()
    )
}

/// The last line of a proof file: how many move lines came before it, so that a file cut
/// short is refused rather than read as a proof that fails.
pub fn trailer(move_lines: usize) -> String {
    format!("end {move_lines}\n")
}

/// The move lines of a proof file's text written by [`header`], lines and [`trailer`].
pub fn move_lines(text: &[u8]) -> usize {
    text.split(|&b| b == b'\n')
        .filter(|l| l.split(|&b| b == b' ').count() == 3 && !l.starts_with(b"#"))
        .count()
}

/// Writes the proof that `winner` wins from `root`; returns the winner's positions written.
pub fn write_proof(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    out: &mut dyn Write,
) -> io::Result<usize> {
    out.write_all(header(root, winner).as_bytes())?;
    let written = write_counted(prover, root, winner, out)?;
    out.write_all(trailer(written.lines).as_bytes())?;
    Ok(written.lines)
}

/// What writing a proof wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Move lines: the winner's positions.
    pub lines: usize,
    /// Positions of the proof, both sides to move (what [`proof_size`] counts).
    pub positions: usize,
}

/// [`write_proof`], counting the proof's positions as it goes (one walk where
/// [`proof_size`] then [`write_proof`] take two), on `threads` threads (see
/// `proof::threads`; with one, the same file on every run).
pub fn write_proof_counted(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    out: &mut (dyn Write + Send),
    threads: usize,
) -> io::Result<Written> {
    out.write_all(header(root, winner).as_bytes())?;
    let written = if threads > 1 {
        threads::write_lines_threads(prover, root, winner, out, threads)?
    } else {
        write_counted(prover, root, winner, out)?
    };
    out.write_all(trailer(written.lines).as_bytes())?;
    Ok(written)
}

/// Writes the winner's move at every position of the proof below `root`
/// (`NOTATION R C`), with no header; returns the lines written.
pub fn write_lines(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    out: &mut dyn Write,
) -> io::Result<usize> {
    write_counted(prover, root, winner, out).map(|w| w.lines)
}

/// [`write_lines`], counting the positions too.
fn write_counted(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    out: &mut dyn Write,
) -> io::Result<Written> {
    let mut written = Written::default();
    let mut result = Ok(());
    let mut line = Vec::new();
    let complete = walk(prover, root, winner, &mut |b, sq| {
        written.positions += 1;
        let Some(sq) = sq else { return };
        if result.is_ok() {
            line.clear();
            line::push_move_line(&mut line, b, sq);
            result = out.write_all(&line);
        }
        written.lines += 1;
    });
    result?;
    if !complete {
        return Err(io::Error::other("the table does not hold the whole proof"));
    }
    Ok(written)
}
