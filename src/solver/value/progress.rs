//! What a long proof shows as it goes: one line of the positions searched and how fast,
//! what the table proves of the first moves so far, and the table against its limit; and a
//! game value proven on a thread of its own whose lines reach the caller's thread as they
//! come (the command loop writes them to its error stream with `verbose on`).

use super::dfpn::{Limits, Prover};
use super::{Report, game_value_threads};
use crate::board::Board;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// `6456320 positions, 0.96 M/s; first moves: 1 4 wins, 1 5 wins, 2 4 loses, 8 unknown;
/// table 268 of 4295 MB` (a 5x5 position, docs/solving.md): the positions every thread
/// searched and how fast, what the table proves of the first moves so far (one a symmetry
/// class), and the table against its limit. On a terminal the spinner cuts it to the
/// terminal's width.
pub fn line(prover: &Prover, root: &Board, elapsed: Duration) -> String {
    let positions = prover.searched();
    let rate = positions as f64 / elapsed.as_secs_f64().max(1e-3) / 1e6;
    let mb = |bytes: usize| bytes as f64 / 1e6;
    let limit = prover.limits().memory;
    let of = if limit < usize::MAX {
        format!(" of {:.0}", mb(limit))
    } else {
        String::new()
    };
    let states = super::first_move_states(prover, root);
    format!(
        "{positions} positions, {rate:.2} M/s; first moves: {}; table {:.0}{of} MB",
        first_moves_so_far(root, &states),
        mb(prover.memory()),
    )
}

/// The first moves proven so far, named (the first [`NAMED`]), and how many are not:
/// `1 1 loses, 2 2 wins, 1 unknown`.
fn first_moves_so_far(root: &Board, states: &[(usize, Option<bool>)]) -> String {
    const NAMED: usize = 4;
    let proven: Vec<String> = states
        .iter()
        .filter_map(|&(sq, state)| {
            let verb = if state? { "wins" } else { "loses" };
            Some(format!("{} {verb}", root.coord(sq)))
        })
        .collect();
    let mut parts: Vec<String> = proven.iter().take(NAMED).cloned().collect();
    if proven.len() > NAMED {
        parts.push(format!("{} more proven", proven.len() - NAMED));
    }
    let unknown = states.len() - proven.len();
    if unknown > 0 || parts.is_empty() {
        parts.push(format!("{unknown} unknown"));
    }
    parts.join(", ")
}

/// The value of `board` on `threads` threads sharing one table, as
/// [`super::game_value_threads`], with its progress `line` handed to `show` (when given)
/// on the calling thread every [`super::dfpn::PROGRESS_EVERY`] positions of the first
/// thread (about a second). `None` if the proof failed.
pub fn game_value_showing(
    board: &Board,
    limits: Limits,
    threads: usize,
    show: Option<&mut dyn FnMut(&str)>,
) -> Option<Report> {
    let Some(show) = show else {
        return Some(game_value_threads(board, limits, threads, None).0);
    };
    let (root, start) = (*board, Instant::now());
    let (sender, lines) = mpsc::channel();
    let hook = Box::new(move |prover: &Prover| {
        // The receiver outlives the proof; a failed send only means the caller stopped.
        let _ = sender.send(line(prover, &root, start.elapsed()));
    });
    std::thread::scope(|scope| {
        let proof = scope.spawn(move || game_value_threads(&root, limits, threads, Some(hook)).0);
        // Ends when the proof's thread drops its prover, and with it the sender.
        for text in lines {
            show(&text);
        }
        proof.join().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_names_the_first_moves_proven_and_counts_the_rest() {
        let board = Board::new(4);
        let line = |states: &[(usize, Option<bool>)]| first_moves_so_far(&board, states);
        assert_eq!(line(&[(0, None), (1, None), (5, None)]), "3 unknown");
        assert_eq!(
            line(&[(0, Some(false)), (1, None), (5, Some(true))]),
            "1 1 loses, 2 2 wins, 1 unknown"
        );
        assert_eq!(line(&[(0, Some(false))]), "1 1 loses");
        let six: Vec<_> = (0..6).map(|sq| (sq, Some(false))).collect();
        assert_eq!(
            line(&six),
            "1 1 loses, 1 2 loses, 1 3 loses, 1 4 loses, 2 more proven"
        );
        assert_eq!(line(&[]), "0 unknown");
    }
}
