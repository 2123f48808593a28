//! Jump Snatch, the second game of the specification: pieces that belong to nobody, slides
//! and jump chains, the last player to jump wins; and the puzzle of leaving one piece in
//! the fewest moves.
//!
//! `board` (the `u64` board, Zobrist keys, geometry), `moves` (legal moves, notation),
//! `solve` (the two exact solvers), `ai` (exact play or alpha-beta), `session` (the command
//! loop). Nothing here touches Jump61's board or search.

pub mod ai;
pub mod bench;
pub mod board;
mod complete;
pub mod moves;
pub mod session;
pub mod solve;

pub use board::{Board, LastJump};
pub use complete::complete;
pub use moves::{Move, legal_moves, parse_move};
pub use session::{Flow, Session, run_loop, run_loop_interruptible};

use clap::{Args, Subcommand};
use std::io::Write;

/// `jump61 snatch`: the Jump Snatch command loop, or one answer.
#[derive(Args, Debug)]
pub struct SnatchArgs {
    #[command(subcommand)]
    pub command: Option<SnatchTool>,
}

/// The one-shot Jump Snatch tools.
#[derive(Subcommand, Debug)]
pub enum SnatchTool {
    /// The fewest moves leaving one piece (`1 move: 1:3x3:3x1:1x1:3`), or with
    /// `--two-player` who wins with perfect play and every winning first move.
    Solve {
        /// The position: rows joined by '/', `x` a piece, `.` empty, e.g. `.xx/.xx/...`.
        #[arg(long, value_name = "P")]
        position: String,
        /// Solve the two-player game (the player to move is the first) instead of the puzzle.
        #[arg(long)]
        two_player: bool,
    },
    /// Both solvers on seeded random boards (seeds 1 to N): median and slowest times.
    Bench {
        /// Board side (3 to 8).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(3..=8))]
        size: u8,
        /// Pieces on each board.
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(0..=64))]
        pieces: u8,
        /// How many boards.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        boards: u64,
    },
}

/// Runs one of `jump61 snatch`'s tools; returns the exit code. (The loop itself is run by
/// the command line's face, which reads its lines.)
pub fn run_tool(tool: SnatchTool) -> i32 {
    match tool {
        SnatchTool::Solve {
            position,
            two_player,
        } => solve_once(&position, two_player),
        SnatchTool::Bench {
            size,
            pieces,
            boards,
        } => bench::run(size as usize, pieces as usize, boards),
    }
}

fn solve_once(position: &str, two_player: bool) -> i32 {
    let board = match position.parse::<Board>() {
        Ok(b) => b,
        Err(e) => {
            crate::output::error_line(format_args!("error: bad --position: {e}"));
            return 2;
        }
    };
    let answer = if two_player {
        session::value_answer(&board, LastJump::Nobody, 0, None)
    } else {
        session::puzzle_answer(&board, None)
    };
    // Without a deadline the solvers always answer.
    let _ = writeln!(std::io::stdout(), "{}", answer.unwrap_or_default());
    0
}
