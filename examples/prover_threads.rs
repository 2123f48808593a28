//! The prover on 1 and on several threads, side by side in one run: `cargo run --release
//! --features examples --example prover_threads -- POSITION|SIZE [MB] [THREADS...]` proves the position (or the
//! start of a SIZE x SIZE board) once per thread count (default 1 and 2) with a table of
//! MB megabytes (default 2048), and prints, every ten seconds and at the end, the positions
//! searched, positions per second, the table's fill and its garbage collections: the
//! figures of the solving guide.

use jump61::board::Board;
use jump61::solver::dfpn::parallel;
use jump61::solver::dfpn::{Limits, Prover};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(question) = args.first() else {
        eprintln!("usage: prover_threads POSITION|SIZE [MB] [THREADS...]");
        std::process::exit(2);
    };
    let board = match question.parse::<usize>() {
        Ok(size) if (2..=5).contains(&size) => Board::new(size),
        _ => match question.parse::<Board>() {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        },
    };
    let mb: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2048);
    let mut counts: Vec<usize> = args.iter().skip(2).filter_map(|a| a.parse().ok()).collect();
    if counts.is_empty() {
        counts = vec![1, 2];
    }
    for threads in counts {
        prove(&board, mb << 20, threads);
    }
}

/// Proves `board` on `threads` threads with a table of `memory` bytes; prints as it goes.
fn prove(board: &Board, memory: usize, threads: usize) {
    let limits = Limits {
        memory,
        ..Limits::default()
    };
    let Some(mut prover) = Prover::new(board.size(), limits) else {
        eprintln!("error: no prover for this size");
        return;
    };
    prover.reserve(memory);
    let (table, shared) = (Arc::clone(&prover.table), Arc::clone(&prover.shared));
    let start = Instant::now();
    let mut last = 0.0;
    prover.on_progress = Some(Box::new(move |p: &Prover| {
        let positions = p.searched();
        let secs = start.elapsed().as_secs_f64();
        if secs - last >= 10.0 {
            last = secs;
            let (used, proven) = table.fill();
            let gcs = shared
                .collections
                .load(std::sync::atomic::Ordering::Relaxed);
            println!(
                "  {secs:7.1} s {positions:>11} positions {:>9.0}/s table {:4.1}% full \
                 ({:4.1}% proven), {gcs} collections",
                positions as f64 / secs,
                used * 100.0,
                proven * 100.0
            );
        }
    }));
    let entry = parallel::prove(&mut prover, board, threads);
    let secs = start.elapsed().as_secs_f64();
    let value = if entry.is_win() {
        "the side to move wins"
    } else if entry.is_loss() {
        "the side to move loses"
    } else {
        "unknown"
    };
    println!(
        "{threads} thread(s): {value}; {} positions in {secs:.1} s, {:.0} positions/s; \
         table {} MB, {} collections",
        prover.positions,
        prover.positions as f64 / secs,
        prover.memory() >> 20,
        prover
            .shared
            .collections
            .load(std::sync::atomic::Ordering::Relaxed)
    );
}
