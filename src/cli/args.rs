//! Argument pieces the subcommands share: the rules, the starting position, numbers clap
//! reads, and the worker pool.

use crate::board::{Board, Colour, Rules};
use crate::protocol;
use clap::ValueEnum;
use std::time::Duration;

/// The `--rules` values of the tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// Squares start white with one spot; the spot count gives the side to move.
    #[default]
    #[value(name = "2014")]
    V2014,
    /// Squares start white and empty (`--`); `--move N` may set the side to move.
    #[value(name = "2013")]
    V2013,
}

impl RulesArg {
    /// The board's rules.
    pub fn rules(self) -> Rules {
        match self {
            RulesArg::V2014 => Rules::V2014,
            RulesArg::V2013 => Rules::V2013,
        }
    }
}

/// [`tool_position`], or the exit status 2 once the error is printed (what every tool does
/// with a position it cannot read).
pub fn tool_board(
    size: Option<u8>,
    position: Option<&str>,
    rules: Rules,
    move_number: Option<u64>,
) -> Result<Board, i32> {
    tool_position(size, position, rules, move_number).map_err(|e| {
        crate::output::error_line(format_args!("error: {e}"));
        2
    })
}

/// The starting position of a tool: the initial board of `size` or `position` read under
/// `rules`, with the side to move set from `move_number` (2013 rules only).
pub fn tool_position(
    size: Option<u8>,
    position: Option<&str>,
    rules: Rules,
    move_number: Option<u64>,
) -> Result<Board, String> {
    let mut board = match (position, size) {
        (None, Some(size)) => Board::with_rules(size as usize, rules),
        (None, None) => return Err("no position given".to_string()),
        (Some(text), size) => {
            let board =
                Board::parse_with_rules(text, rules).map_err(|e| format!("bad --position: {e}"))?;
            if let Some(size) = size.filter(|&s| s as usize != board.size()) {
                return Err(format!(
                    "the position is {0}x{0}, but size {size} was given",
                    board.size()
                ));
            }
            board
        }
    };
    match move_number {
        None => {}
        Some(_) if rules == Rules::V2014 => {
            return Err(
                "--move is for --rules 2013: under the 2014 rules the spots give the side to move"
                    .to_string(),
            );
        }
        Some(0) => return Err("--move 0: moves are numbered from 1".to_string()),
        Some(n) => board.set_to_move(if n % 2 == 1 {
            Colour::Red
        } else {
            Colour::Blue
        }),
    }
    Ok(board)
}

/// The most memory a table may be given, in MiB (16 TiB): a larger number is a typo.
pub(super) const MAX_MEMORY_MB: u64 = 1 << 24;

pub(super) fn seconds(text: &str) -> Result<Duration, String> {
    protocol::parse_seconds(text).map_err(|e| e.to_string())
}

pub(super) fn seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .or_else(|_| text.parse::<i64>().map(|n| n as u64))
        .map_err(|_| format!("bad seed '{text}': expected a whole number of at most 64 bits"))
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
