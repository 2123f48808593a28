//! The textual command loop of the 2014 assignment (§3-5), and the 2019 course's dialect of
//! it: a line of input becomes a [`Command`], which the [`Session`] carries out on a
//! [`Game`] (the game itself, which writes no text and can be driven by any face).
//!
//! Required lines (AI moves, wins, `dump`) go to the output sink, flushed at once; errors
//! (`error: ...`) and search progress go to the error sink, so they never mix with them.

mod command;
mod game;
pub mod script;
mod session;
pub mod view;

pub use command::{
    Command, CommandError, Dialect, MAX_HASH_MB, MAX_LEVEL, MAX_LINE, MAX_NODES, MAX_QUOTED,
    MAX_SOLVE, MAX_SOLVE_POSITIONS, MAX_THREADS, clip, complete, help_text, parse_clock,
    parse_seconds,
};
pub use game::{Game, Hint, PlayError};
pub use session::{Flow, Options, Session};

use crate::interrupt::Interrupt;
use std::io::{self, BufRead, Write};

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
pub fn run_loop(input: impl BufRead, out: &mut dyn Write, err: &mut dyn Write, options: Options) {
    run_loop_interruptible(input, out, err, options, None);
}

/// [`run_loop`] where Ctrl-C (`interrupt`, pressed by whoever catches the signal) stops the
/// work of the line being carried out.
pub fn run_loop_interruptible(
    input: impl BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    options: Options,
    interrupt: Option<Interrupt>,
) {
    run_loop_reading(&mut plain_lines(input), out, err, options, interrupt);
}

/// The lines of `input` read as they are, at most [`MAX_LINE`] bytes kept of each (a longer
/// one comes as [`Input::TooLong`]).
pub fn plain_lines(input: impl BufRead) -> impl LineSource {
    PlainLines {
        input,
        line: Vec::new(),
    }
}

/// One read from a [`LineSource`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line, with or without its newline.
    Line(String),
    /// A line longer than [`MAX_LINE`]: its start (enough for an error to quote), the rest
    /// dropped.
    TooLong(String),
    /// The end of the input (or a read error).
    End,
    /// The person asked to leave at once (a second Ctrl-C at the prompt).
    Leave,
}

/// Where the command loop's lines come from: the input read as it is ([`run_loop`]), or a
/// line editor where a person types.
pub trait LineSource {
    /// Whether the source shows the prompt itself (a line editor draws it on the line it
    /// edits); otherwise the session writes it to the output.
    fn shows_prompt(&self) -> bool {
        false
    }

    /// The next line; `prompt` is what the session prompts with, if anything.
    fn next_line(&mut self, prompt: Option<&str>) -> Input;
}

/// How the command loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// `quit`, the end of the input, or a closed output.
    Done,
    /// A second Ctrl-C at the prompt ([`Input::Leave`]).
    Left,
}

/// The command loop on lines from `lines`, until `quit`, the end of the input, a failed
/// write to `out`, or [`Input::Leave`].
pub fn run_loop_reading(
    lines: &mut dyn LineSource,
    out: &mut dyn Write,
    err: &mut dyn Write,
    options: Options,
    interrupt: Option<Interrupt>,
) -> Ended {
    let mut session = Session::new(options, out, err);
    if let Some(interrupt) = interrupt {
        session.set_interrupt(interrupt);
    }
    loop {
        let prompt = session.prompt_text();
        if !lines.shows_prompt() {
            session.prompt();
        }
        if session.is_closed() {
            return Ended::Done;
        }
        let flow = match lines.next_line(prompt.as_deref()) {
            Input::End => break,
            Input::Leave => return Ended::Left,
            Input::Line(line) => session.handle_line(&line),
            Input::TooLong(start) => {
                session.reject(&CommandError::LineTooLong(start));
                Flow::Continue
            }
        };
        if flow == Flow::Quit {
            return Ended::Done;
        }
    }
    // A line editor has ended its line itself.
    if !lines.shows_prompt() {
        session.finish();
    }
    Ended::Done
}

/// Lines read from a `BufRead` as they are, at most [`MAX_LINE`] bytes kept of each.
struct PlainLines<R> {
    input: R,
    line: Vec<u8>,
}

impl<R: BufRead> LineSource for PlainLines<R> {
    fn next_line(&mut self, _prompt: Option<&str>) -> Input {
        self.line.clear();
        match read_line_capped(&mut self.input, &mut self.line, MAX_LINE) {
            Ok(Line::End) | Err(_) => Input::End,
            Ok(Line::Whole) => Input::Line(String::from_utf8_lossy(&self.line).into_owned()),
            Ok(Line::TooLong) => {
                // Enough bytes for the 40 characters the error quotes, even if multi-byte.
                let start = &self.line[..self.line.len().min(4 * MAX_QUOTED)];
                Input::TooLong(String::from_utf8_lossy(start).into_owned())
            }
        }
    }
}

/// What `read_line_capped` found.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// A line (with its newline, if the input had one).
    Whole,
    /// A line longer than the cap: its first `cap` bytes are kept, the rest was skipped.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line into `line`, keeping at most `cap` bytes of it; the rest of an overlong
/// line is read and dropped, so memory stays bounded whatever the input.
fn read_line_capped(input: &mut impl BufRead, line: &mut Vec<u8>, cap: usize) -> io::Result<Line> {
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, found_newline) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..=i], true),
            None => (buffer, false),
        };
        let room = cap.saturating_sub(line.len());
        too_long |= chunk.len() > room;
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        input.consume(used);
        if found_newline {
            break;
        }
    }
    Ok(match (read_any, too_long) {
        (false, _) => Line::End,
        (true, true) => Line::TooLong,
        (true, false) => Line::Whole,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_past_the_cap_is_cut_and_its_rest_skipped() {
        let mut input = &b"abcdefgh\nok\n\nlast"[..];
        let mut line = Vec::new();
        assert_eq!(
            read_line_capped(&mut input, &mut line, 4).unwrap(),
            Line::TooLong
        );
        assert_eq!(line, b"abcd");
        line.clear();
        assert_eq!(
            read_line_capped(&mut input, &mut line, 4).unwrap(),
            Line::Whole
        );
        assert_eq!(line, b"ok\n");
        line.clear();
        assert_eq!(
            read_line_capped(&mut input, &mut line, 4).unwrap(),
            Line::Whole
        );
        assert_eq!(line, b"\n");
        line.clear();
        assert_eq!(
            read_line_capped(&mut input, &mut line, 4).unwrap(),
            Line::Whole
        );
        assert_eq!(line, b"last");
        line.clear();
        assert_eq!(
            read_line_capped(&mut input, &mut line, 4).unwrap(),
            Line::End
        );
    }

    #[test]
    fn an_overlong_line_is_one_error_and_play_goes_on() {
        let input = format!("size 3\nsize {}\ndump\n", "9".repeat(MAX_LINE + 10));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        run_loop(input.as_bytes(), &mut out, &mut err, Options::default());
        let (out, err) = (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        );
        assert_eq!(err.lines().count(), 1, "{}", &err[..err.len().min(300)]);
        assert!(err.starts_with("error: line too long: 'size 999"), "{err}");
        assert!(err.len() < 200, "{err}");
        assert!(out.contains("1- 1- 1-\n====\n"), "{out}");
    }
}
