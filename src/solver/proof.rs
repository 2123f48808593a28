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

use super::dfpn::Prover;
use super::key;
use crate::board::{Board, Colour, Coord, Squares};
use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hash;
use std::io::{self, Write};

/// The winner's move at `board` that the table proves (an immediate win if there is one).
/// A step the table no longer holds (a full table forgets) is proven again: the position
/// itself first, which leaves its winning move in the table, then move by move.
fn proven_move(prover: &mut Prover, board: &Board) -> Option<usize> {
    let after = |sq: usize| {
        let mut child = *board;
        child.play(sq);
        child
    };
    let moves = Squares(board.legal_moves());
    if let Some(sq) = moves.clone().find(|&sq| after(sq).winner().is_some()) {
        return Some(sq);
    }
    let known = |prover: &Prover| {
        moves
            .clone()
            .find(|&sq| prover.lookup(&after(sq)).is_loss())
    };
    if let Some(sq) = known(prover) {
        return Some(sq);
    }
    prover.prove(board);
    known(prover).or_else(|| moves.clone().find(|&sq| prover.prove(&after(sq)).is_loss()))
}

/// Walks the proof below `root` (whose side to move is `winner` or its victim), once per
/// distinct `key`, calling `visit` at each position with the winner's move (`None` where the
/// loser is to move).
/// Returns false if the table lacks a step (the proof is incomplete).
fn walk<K: Hash + Eq>(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    key: &dyn Fn(&Board) -> K,
    visit: &mut dyn FnMut(&Board, Option<usize>),
) -> bool {
    let mut seen = FxHashSet::default();
    let mut stack = vec![*root];
    while let Some(board) = stack.pop() {
        if board.winner().is_some() || !seen.insert(key(&board)) {
            continue;
        }
        if board.to_move() == winner {
            let Some(sq) = proven_move(prover, &board) else {
                return false;
            };
            visit(&board, Some(sq));
            let mut child = board;
            child.play(sq);
            stack.push(child);
        } else {
            visit(&board, None);
            for sq in Squares(board.legal_moves()) {
                let mut child = board;
                child.play(sq);
                stack.push(child);
            }
        }
    }
    true
}

/// Distinct positions (up to symmetry, both sides to move) in the proof that `winner` wins
/// from `root`; `None` if the table does not hold a whole proof.
pub fn proof_size(prover: &mut Prover, root: &Board, winner: Colour) -> Option<usize> {
    let mut size = 0;
    let sym = key::Symmetries::new(root.size())?;
    let key = |b: &Board| sym.key(b);
    walk(prover, root, winner, &key, &mut |_, _| size += 1).then_some(size)
}

/// The first lines of a proof file: what it proves.
pub fn header(root: &Board, winner: Colour) -> String {
    format!(
        "# jump61 proof: {winner} wins\nroot {}\nwinner {winner}\n",
        root.to_notation()
    )
}

/// Writes the proof that `winner` wins from `root`; returns the winner's positions written.
pub fn write_proof(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    out: &mut dyn Write,
) -> io::Result<usize> {
    out.write_all(header(root, winner).as_bytes())?;
    write_lines(prover, root, winner, out)
}

/// Writes the winner's move at every position of the proof below `root`
/// (`NOTATION R C`), with no header; returns the lines written.
pub fn write_lines(
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    out: &mut dyn Write,
) -> io::Result<usize> {
    let mut lines = 0;
    let mut result = Ok(());
    let sym = key::Symmetries::new(root.size()).ok_or_else(|| io::Error::other("too big"))?;
    let key = |b: &Board| sym.key(b);
    let complete = walk(prover, root, winner, &key, &mut |b, sq| {
        let Some(sq) = sq else { return };
        let c = b.coord(sq);
        if result.is_ok() {
            result = writeln!(out, "{} {} {}", b.to_notation(), c.row, c.col);
        }
        lines += 1;
    });
    result?;
    if !complete {
        return Err(io::Error::other("the table does not hold the whole proof"));
    }
    Ok(lines)
}

/// What a checked proof establishes.
#[derive(Debug, PartialEq, Eq)]
pub struct Verified {
    pub root: Board,
    pub winner: Colour,
    /// The winner's positions checked (classes under the symmetries).
    pub positions: usize,
}

/// Checks a proof file's text by the rules alone.
pub fn verify(text: &str) -> Result<Verified, String> {
    let (root, winner, moves) = parse(text)?;
    if root.winner().is_some() {
        return Err("the root position is already over".into());
    }
    let mut done = FxHashSet::default();
    let mut stack = vec![root];
    let mut positions = 0;
    while let Some(board) = stack.pop() {
        if !done.insert(class(&board)) {
            continue;
        }
        if board.to_move() == winner {
            positions += 1;
            // The file's position of this class stands for this one: same value.
            let Some(&(given, sq)) = moves.get(&class(&board)) else {
                return Err(format!("no move given for {}", board.to_notation()));
            };
            if !given.is_legal(sq) {
                return Err(format!("illegal move given for {}", given.to_notation()));
            }
            let mut child = given;
            child.play(sq);
            if child.winner().is_none() {
                stack.push(child);
            }
        } else {
            for sq in Squares(board.legal_moves()) {
                let mut child = board;
                child.play(sq);
                match child.winner() {
                    Some(_) => return Err(format!("{} escapes", board.to_notation())),
                    None => stack.push(child),
                }
            }
        }
    }
    Ok(Verified {
        root,
        winner,
        positions,
    })
}

/// A position's class under the eight symmetries of the square: the side to move, then
/// the least of the eight images' lists of squares (spots and owner, row by row). Two
/// positions share a class exactly when one is an image of the other.
fn class(board: &Board) -> Vec<u8> {
    let n = board.size();
    let cell = |row: usize, col: usize| {
        let sq = board.square_at(Coord {
            row: row + 1,
            col: col + 1,
        });
        let sq = sq.expect("an image of a square is on the board");
        let owner = match board.owner(sq) {
            None => 0,
            Some(Colour::Red) => 1,
            Some(Colour::Blue) => 2,
        };
        board.spots(sq) * 3 + owner
    };
    let image = |t: usize| -> Vec<u8> {
        let mut out = Vec::with_capacity(n * n + 1);
        out.push(u8::from(board.to_move() == Colour::Red));
        for r in 0..n {
            for c in 0..n {
                let (r2, c2) = if t & 4 != 0 { (c, r) } else { (r, c) };
                let r2 = if t & 1 != 0 { n - 1 - r2 } else { r2 };
                let c2 = if t & 2 != 0 { n - 1 - c2 } else { c2 };
                out.push(cell(r2, c2));
            }
        }
        out
    };
    (0..8).map(image).min().expect("eight images")
}

/// The winner's moves by class: the position written in the file, and its move.
type Parsed = (Board, Colour, FxHashMap<Vec<u8>, (Board, usize)>);

/// The root, the winner and the winner's moves of a proof file.
fn parse(text: &str) -> Result<Parsed, String> {
    let (mut root, mut winner, mut moves) = (None, None, FxHashMap::default());
    for (i, line) in text.lines().enumerate() {
        let bad = |what: &str| format!("line {}: {what}", i + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [w, ..] if w.starts_with('#') => {}
            ["root", p] => root = Some(p.parse::<Board>().map_err(|e| bad(&e.to_string()))?),
            ["winner", "Red"] => winner = Some(Colour::Red),
            ["winner", "Blue"] => winner = Some(Colour::Blue),
            [p, r, c] => {
                let board = p.parse::<Board>().map_err(|e| bad(&e.to_string()))?;
                let (r, c) = (r.parse::<usize>(), c.parse::<usize>());
                let sq = match (r, c) {
                    (Ok(r), Ok(c)) => board.square_at(Coord { row: r, col: c }),
                    _ => None,
                };
                let sq = sq.ok_or_else(|| bad("bad square"))?;
                moves.insert(class(&board), (board, sq));
            }
            _ => return Err(bad("expected `NOTATION ROW COL`")),
        }
    }
    let root = root.ok_or("no `root` line")?;
    let winner = winner.ok_or("no `winner` line")?;
    Ok((root, winner, moves))
}
