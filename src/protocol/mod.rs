//! The textual command loop of the 2014 assignment (§3-5), and the 2019 course's dialect of
//! it: a line of input becomes a [`Command`], which the [`Session`] carries out.
//!
//! Required lines (AI moves, wins, `dump`) go to the output sink, flushed at once; errors
//! (`error: ...`) and search progress go to the error sink, so they never mix with them.

mod command;
mod session;
pub mod view;

pub use command::{
    Command, CommandError, Dialect, MAX_HASH_MB, MAX_LEVEL, MAX_NODES, MAX_QUOTED, MAX_SOLVE,
    MAX_SOLVE_POSITIONS, MAX_THREADS, clip, help_text, parse_clock, parse_seconds,
};
pub use session::{Flow, Options, PlayError, Session};

use std::io::{BufRead, Write};

/// Runs the command loop until `quit`, the end of `input`, a read error, or a failed write to
/// `out`. Never panics on any input.
///
/// ```
/// use jump61::protocol::{Options, run_loop};
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let input = "size 2\n# a comment\ndump\njump\nquit\ndump\n";
/// run_loop(input.as_bytes(), &mut out, &mut err, Options::default());
/// assert_eq!(String::from_utf8(out).unwrap(), "====\n    1- 1-\n    1- 1-\n====\n");
/// assert!(String::from_utf8(err).unwrap().starts_with("error: unknown command 'jump'"));
/// ```
pub fn run_loop(
    mut input: impl BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    options: Options,
) {
    let mut session = Session::new(options, out, err);
    let mut line = Vec::new();
    loop {
        session.prompt();
        if session.is_closed() {
            return;
        }
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if session.handle_line(&String::from_utf8_lossy(&line)) == Flow::Quit {
            return;
        }
    }
    session.finish();
}
