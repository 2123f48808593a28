//! Command-line arguments and the subcommands that do not need the command loop.

use crate::board::{Board, MAX_SIZE, MIN_SIZE};
use crate::perft;
use clap::{Parser, Subcommand};
use std::time::Instant;

/// Jump61, a KJumpingCube variant: play at the terminal, or measure the engine.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Tool>,
}

/// The engine developers' tools.
#[derive(Subcommand, Debug)]
pub enum Tool {
    /// Count move sequences from a position, one line per depth: `DEPTH COUNT SECONDS NPS`.
    Perft {
        /// Board size (2 to 10).
        #[arg(value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
        size: u8,
        /// Deepest depth to count (1 to 12).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// Worker threads (default: all cores).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// Start from this position (rows of `dump` joined by `/`) instead of the initial one.
        #[arg(long)]
        position: Option<String>,
        /// Also print the count below each first move at the deepest depth.
        #[arg(long)]
        divide: bool,
    },
}

/// Runs the program; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    match cli.command {
        None => 0,
        Some(Tool::Perft {
            size,
            depth,
            threads,
            position,
            divide,
        }) => with_threads(threads, || run_perft(size, depth, position, divide)),
    }
}

/// Runs `job` on a rayon pool of `threads` workers (all cores when `None`).
pub fn with_threads<T: Send>(threads: Option<u16>, job: impl FnOnce() -> T + Send) -> T {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        pool = pool.num_threads(n as usize);
    }
    match pool.build() {
        Ok(pool) => pool.install(job),
        Err(_) => job(),
    }
}

fn run_perft(size: u8, depth: u32, position: Option<String>, divide: bool) -> i32 {
    let board = match position {
        None => Board::new(size as usize),
        Some(text) => match text.parse::<Board>() {
            Ok(b) if b.size() == size as usize => b,
            Ok(b) => {
                eprintln!(
                    "error: the position is {0}x{0}, but size {size} was given",
                    b.size()
                );
                return 2;
            }
            Err(e) => {
                eprintln!("error: bad --position: {e}");
                return 2;
            }
        },
    };
    for d in 1..=depth {
        let start = Instant::now();
        let count = perft::perft_parallel(&board, d);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{d} {count} {secs:.3}s {:.0} nps",
            count as f64 / secs.max(1e-9)
        );
    }
    if divide {
        for (sq, count) in perft::divide(&board, depth) {
            let c = board.coord(sq);
            println!("{}:{} {count}", c.row, c.col);
        }
    }
    0
}
