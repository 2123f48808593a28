//! `perft`: count move sequences from a position, depth by depth, optionally divided by first
//! move.

use super::args::{RulesArg, tool_board, with_threads};
use crate::board::{Board, MAX_SIZE, MIN_SIZE};
use crate::output;
use crate::perft;
use clap::Args;
use std::time::Instant;

/// The `perft` subcommand's arguments.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Board size (2 to 10).
    #[arg(value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
    pub size: u8,
    /// Deepest depth to count (1 to 12).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=12))]
    pub depth: u32,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Start from this position (rows of `dump` joined by `/`) instead of the initial one.
    #[arg(long, value_name = "NOTATION", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Also print the count below each first move at the deepest depth.
    #[arg(long)]
    pub divide: bool,
    /// The rules: 2014, or 2013 (squares start empty, white squares are `--`).
    #[arg(long, value_enum, default_value = "2014")]
    pub rules: RulesArg,
    /// 2013 rules: the number of the next move (odd: Red to move, even: Blue).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<u64>,
}

impl PerftArgs {
    /// Runs `perft`; returns the exit code.
    pub fn run(&self) -> i32 {
        let board = tool_board(
            Some(self.size),
            self.position.as_deref(),
            self.rules.rules(),
            self.move_number,
        );
        match board {
            Ok(board) => with_threads(self.threads, || run_perft(&board, self.depth, self.divide)),
            Err(status) => status,
        }
    }
}

fn run_perft(board: &Board, depth: u32, divide: bool) -> i32 {
    let board = *board;
    for d in 1..=depth {
        let start = Instant::now();
        let count = perft::perft_parallel(&board, d);
        let secs = start.elapsed().as_secs_f64();
        let nps = count as f64 / secs.max(1e-9);
        // A reader that left (`| head -1`) wants no deeper counts.
        if !output::line(format_args!("{d} {count} {secs:.3}s {nps:.0} nps")) {
            return 0;
        }
    }
    if divide {
        for (sq, count) in perft::divide(&board, depth) {
            let c = board.coord(sq);
            if !output::line(format_args!("{}:{} {count}", c.row, c.col)) {
                break;
            }
        }
    }
    0
}
