//! The tools' reports on standard output (`perft`, `bench`, `solve`, `verify-proof`,
//! `puzzles`, `match`). Rust ignores SIGPIPE, so `println!` panics when the reader has gone
//! (`jump61 perft 5 9 | head -1`). A report written here ends quietly instead, and what the
//! tool was asked to save (a proof, a checkpoint) is still saved.

use std::fmt::Display;
use std::io::{self, ErrorKind, Write};

/// Writes `text` and a newline to standard output: false when it could not, so that a
/// report still being computed can stop. A reader that left early is no error; any other
/// failure (a full disk) is said on standard error.
pub fn line(text: impl Display) -> bool {
    write(format_args!("{text}\n"))
}

/// Writes `text` as it is (it ends its own lines): false when it could not, as [`line()`].
pub fn text(text: impl Display) -> bool {
    write(format_args!("{text}"))
}

fn write(args: std::fmt::Arguments) -> bool {
    match io::stdout().lock().write_fmt(args) {
        Ok(()) => true,
        Err(e) if e.kind() == ErrorKind::BrokenPipe => false,
        Err(e) => {
            eprintln!("error: standard output: {e}");
            false
        }
    }
}
