//! The program's own lines on standard output and standard error, outside the command loop
//! (which writes to the sinks it is given). Rust ignores SIGPIPE, so `println!` and
//! `eprintln!` panic when the reader has gone (`jump61 perft 5 9 | head -1`, or
//! `2>&1 | head`). A line written here is lost quietly instead: a report still being
//! computed stops, and what the tool was asked to save (a proof, a checkpoint) is still
//! saved. Print through these, not with the std macros.

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

/// Writes `text` and a newline to standard error: errors, warnings and progress. A closed
/// error stream loses the line, never the work.
pub fn error_line(text: impl Display) {
    let _ = writeln!(io::stderr().lock(), "{text}");
}

fn write(args: std::fmt::Arguments) -> bool {
    match io::stdout().lock().write_fmt(args) {
        Ok(()) => true,
        Err(e) if e.kind() == ErrorKind::BrokenPipe => false,
        Err(e) => {
            error_line(format_args!("error: standard output: {e}"));
            false
        }
    }
}
