//! A proof's move line, `NOTATION R C`, put into a buffer with no allocation: a proof of the
//! 4x4 start has millions of them, and `Board::to_notation` with `format!` (a string for
//! every square and row) took some 1.6 µs a line, most of the time of writing one (perf).

use crate::board::Board;

/// Appends the line of the winner's move `sq` at `board`: the board's notation (as
/// [`Board::to_notation`] writes it), the move's row and column, and a newline.
pub fn push_move_line(out: &mut Vec<u8>, board: &Board, sq: usize) {
    let n = board.size();
    for row in 0..n {
        if row > 0 {
            out.push(b'/');
        }
        for sq in row * n..(row + 1) * n {
            let spots = board.spots(sq);
            match board.owner(sq) {
                None if spots == 0 => out.extend_from_slice(b"--"),
                owner => {
                    push_number(out, usize::from(spots));
                    out.push(owner.map_or(b'-', |o| o.letter() as u8));
                }
            }
        }
    }
    let at = board.coord(sq);
    out.push(b' ');
    push_number(out, at.row);
    out.push(b' ');
    push_number(out, at.col);
    out.push(b'\n');
}

/// Appends `x` in decimal.
fn push_number(out: &mut Vec<u8>, x: usize) {
    if x >= 10 {
        push_number(out, x / 10);
    }
    out.push(b'0' + (x % 10) as u8);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Rules, Squares};

    /// Every size and both rule sets, positions of seeded random games: the same bytes as
    /// the notation and `format!`.
    #[test]
    fn a_line_is_the_notation_and_the_move_as_format_writes_them() {
        let mut lines = 0;
        for rules in [Rules::V2014, Rules::V2013] {
            for size in 2..=10 {
                let mut board = Board::with_rules(size, rules);
                let mut seed = 12345u64 + size as u64;
                while board.winner().is_none() {
                    let moves: Vec<usize> = Squares(board.legal_moves()).collect();
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let sq = moves[(seed >> 33) as usize % moves.len()];
                    let mut out = Vec::new();
                    push_move_line(&mut out, &board, sq);
                    let c = board.coord(sq);
                    let want = format!("{} {} {}\n", board.to_notation(), c.row, c.col);
                    assert_eq!(String::from_utf8(out).unwrap(), want);
                    lines += 1;
                    board.play(sq);
                }
            }
        }
        assert!(lines > 1000, "{lines} lines");
        let mut out = Vec::new();
        push_number(&mut out, 1203);
        assert_eq!(out, b"1203");
    }
}
