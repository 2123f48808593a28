//! `jump61 snatch`: the Jump Snatch command loop, its lines read as the Jump61 loop reads
//! them (edited and remembered at a terminal, read as they are and bounded otherwise), or
//! one of its one-shot tools.

use super::readline::LineEditor;
use crate::interrupt::Interrupt;
use crate::protocol::{CommandError, Ended, Input, LineSource, plain_lines};
use crate::snatch::{Flow, Session, SnatchArgs, complete, run_tool};
use std::io::{IsTerminal, Write};

/// What the editor shows at the start of the line a person types.
const PROMPT: &str = "snatch> ";

/// Runs `jump61 snatch`; returns the exit code.
pub fn run(args: SnatchArgs) -> i32 {
    if let Some(tool) = args.command {
        return run_tool(tool);
    }
    let at_terminal = std::io::stdin().is_terminal();
    // At a terminal, Ctrl-C stops the AI's search, `solve` and `value`, not the program.
    let interrupt = at_terminal.then(crate::interrupt::catch_ctrl_c).flatten();
    let editor = (at_terminal && std::io::stdout().is_terminal())
        .then(|| LineEditor::with_words(Box::new(complete), "snatch_history", interrupt.clone()))
        .flatten();
    // The error stream is locked line by line, not for the whole loop: Ctrl-C's thread
    // writes there too.
    let ended = match editor {
        // Standard output unlocked: the editor draws its line there between commands.
        Some(mut editor) => run_loop(
            &mut editor,
            &mut std::io::stdout(),
            &mut std::io::stderr(),
            interrupt,
        ),
        None => run_loop(
            &mut plain_lines(std::io::stdin().lock()),
            &mut std::io::stdout().lock(),
            &mut std::io::stderr(),
            interrupt,
        ),
    };
    match ended {
        Ended::Done => 0,
        // As the signal's own default would.
        Ended::Left => 130,
    }
}

/// The Jump Snatch loop on lines from `lines`, until `quit`, the end of the input or
/// [`Input::Leave`].
pub fn run_loop(
    lines: &mut dyn LineSource,
    out: &mut dyn Write,
    err: &mut dyn Write,
    interrupt: Option<Interrupt>,
) -> Ended {
    let mut session = Session::new(out, err);
    session.set_interrupt(interrupt);
    let prompt = lines.shows_prompt().then_some(PROMPT);
    loop {
        match lines.next_line(prompt) {
            Input::End => return Ended::Done,
            Input::Leave => return Ended::Left,
            Input::Line(line) => {
                if session.handle_line(&line) == Flow::Quit {
                    return Ended::Done;
                }
            }
            Input::TooLong(start) => {
                session.report_error(&CommandError::LineTooLong(start).to_string());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_too_long_is_refused_and_the_game_goes_on() {
        let long = "x".repeat(crate::protocol::MAX_LINE + 10);
        let input = format!("size 4\n{long}\nboard\n");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let ended = run_loop(&mut plain_lines(input.as_bytes()), &mut out, &mut err, None);
        assert_eq!(ended, Ended::Done);
        let (out, err) = (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        );
        assert!(
            err.starts_with("error: ") && err.contains("too long"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.contains("  4 . . . ."), "{out}");
    }

    #[test]
    fn piped_lines_give_what_the_plain_loop_gives() {
        let input = "size 3\nset 1:1 x\nset 1:2 x\nboard\n1:1x1:3\nboard\nundo\nbogus\nvalue\n";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        run_loop(&mut plain_lines(input.as_bytes()), &mut out, &mut err, None);
        let (mut plain_out, mut plain_err) = (Vec::new(), Vec::new());
        crate::snatch::run_loop(input.as_bytes(), &mut plain_out, &mut plain_err);
        assert_eq!(out, plain_out);
        assert_eq!(err, plain_err);
        assert!(!out.is_empty() && !err.is_empty());
    }
}
