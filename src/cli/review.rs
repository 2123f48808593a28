//! `review`: a saved game looked back at, a line a move with its mark
//! ([`crate::review`], worded by [`crate::review::words`] as on the web page).

use super::DialectArg;
use crate::protocol::script::{MAX_SCRIPT_BYTES, named_dialect, read_script};
use crate::protocol::{Dialect, MAX_SOLVE_POSITIONS};
use crate::review::{MAX_EVAL_NODES, ReviewLimits, review, words};
use clap::Args;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The `review` subcommand's arguments.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The game: a file of the command loop's commands, as `save` writes it.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The file's dialect (default: the one its `# dialect` line names, else 2014).
    #[arg(long, value_enum)]
    pub dialect: Option<DialectArg>,
    /// Positions the prover may expand for each position's value (boards up to 5x5).
    #[arg(long, value_name = "N", default_value_t = ReviewLimits::default().positions,
          value_parser = clap::value_parser!(u64).range(1..=MAX_SOLVE_POSITIONS))]
    pub positions: u64,
    /// Nodes of the AI's search for each position's evaluation.
    #[arg(long, value_name = "N", default_value_t = ReviewLimits::default().eval_nodes,
          value_parser = clap::value_parser!(u64).range(1..=MAX_EVAL_NODES))]
    pub nodes: u64,
}

impl ReviewArgs {
    /// Prints the review; returns the exit code (2: the file was refused).
    pub fn run(&self) -> i32 {
        let text = match read_text(&self.file) {
            Ok(text) => text,
            Err(e) => {
                crate::output::error_line(format_args!("error: {}: {e}", self.file.display()));
                return 2;
            }
        };
        let dialect = match self.dialect {
            Some(DialectArg::V2014) => Dialect::V2014,
            Some(DialectArg::V2019) => Dialect::V2019,
            Some(DialectArg::V2013) => Dialect::V2013,
            None => named_dialect(&text, Dialect::V2014),
        };
        let game = match read_script(&text, dialect) {
            Ok(game) => game,
            Err(e) => {
                crate::output::error_line(format_args!("error: {}: {e}", self.file.display()));
                return 2;
            }
        };
        let limits = ReviewLimits {
            positions: self.positions,
            eval_nodes: self.nodes,
            ..ReviewLimits::default()
        };
        let stop = Arc::new(AtomicBool::new(false));
        let done = match review(&game.start, &game.moves, &limits, stop) {
            Ok(done) => done,
            Err(e) => {
                crate::output::error_line(format_args!("error: {}: {e}", self.file.display()));
                return 2;
            }
        };
        let mut out = std::io::stdout().lock();
        for line in words::lines(&done) {
            let _ = writeln!(out, "{line}");
        }
        0
    }
}

/// The file's text, refused when it cannot be read, is not UTF-8 or is too large.
fn read_text(path: &PathBuf) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_SCRIPT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() > MAX_SCRIPT_BYTES {
        return Err(format!(
            "larger than {MAX_SCRIPT_BYTES} bytes: not a game file"
        ));
    }
    String::from_utf8(bytes).map_err(|_| "not text (UTF-8): not a game file".to_string())
}
