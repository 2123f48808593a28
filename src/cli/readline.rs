//! The command loop's line editor, for a person at a terminal: arrows, Home and End, Ctrl-R,
//! Tab completing command names and their words, and a history kept across runs in the
//! user's data directory. Piped input never comes here: it is read as it is
//! (`protocol::run_loop_interruptible`), byte for byte as before.
//!
//! rustyline rather than reedline: the loop reads a line, then works, then reads again, and
//! rustyline is exactly that call (`readline(prompt)`), putting the terminal back in its
//! ordinary mode between lines, so a Ctrl-C during the work is still the signal
//! `interrupt` catches; it brings a bounded history file and completion with few
//! dependencies, and keeps the prompt as plain text (reedline draws its own prompt and menus
//! and wants the terminal for the whole session).
//!
//! Its `buffer-redux` feature keeps what a person types ahead while a command runs for the
//! next line (without it, the rest of a pasted block is lost).
//!
//! Ctrl-C while a line is edited is a key, not a signal (the editor's raw mode): it comes
//! back as `Interrupted` and presses the same [`Interrupt`] the signal's thread presses, so
//! it means what it means elsewhere at the prompt: a hint first, then leaving.

use crate::interrupt::{HINT, Interrupt, Pressed};
use crate::output::error_line;
use crate::protocol::{Dialect, Input, LineSource, MAX_LINE, MAX_QUOTED, complete};
use rustyline::completion::Completer;
use rustyline::config::{CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use std::ffi::OsString;
use std::path::PathBuf;

/// The most lines the history file keeps (the oldest go first).
pub const HISTORY_LINES: usize = 1000;

/// The completions of a line up to the cursor: where the last word starts, and what it
/// could become (a loop's own table of command words).
pub type Completion = Box<dyn Fn(&str) -> (usize, Vec<&'static str>)>;

/// Tab completion from the loop's command table.
struct Words(Completion);

impl Completer for Words {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let (start, words) = (self.0)(&line[..pos]);
        Ok((start, words.into_iter().map(String::from).collect()))
    }
}

impl Hinter for Words {
    type Hint = String;
}
impl Highlighter for Words {}
impl Validator for Words {}
impl Helper for Words {}

/// Lines typed at a terminal, edited and remembered.
pub struct LineEditor {
    editor: Editor<Words, DefaultHistory>,
    /// The history file; `None` once it failed (said once) or when there is no home.
    history: Option<PathBuf>,
    /// Ctrl-C's state, pressed here for a Ctrl-C typed at the prompt.
    interrupt: Option<Interrupt>,
}

impl LineEditor {
    /// An editor for the Jump61 loop of `dialect`, with the history of earlier runs; `None`
    /// when the terminal cannot be edited (the loop then reads plainly).
    pub fn new(dialect: Dialect, interrupt: Option<Interrupt>) -> Option<LineEditor> {
        let words = Box::new(move |before: &str| complete(before, dialect));
        LineEditor::with_words(words, "history", interrupt)
    }

    /// An editor completing from `words`, its history in the file `history_name` of the
    /// program's data directory.
    pub fn with_words(
        words: Completion,
        history_name: &str,
        interrupt: Option<Interrupt>,
    ) -> Option<LineEditor> {
        let config = Config::builder()
            .max_history_size(HISTORY_LINES)
            .ok()?
            .history_ignore_dups(true)
            .ok()?
            .completion_type(CompletionType::List)
            .auto_add_history(false)
            .build();
        let mut editor = Editor::with_config(config).ok()?;
        editor.set_helper(Some(Words(words)));
        let mut history = data_dir(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
            .map(|dir| dir.join(history_name));
        if let Some(path) = &history {
            match editor.load_history(path) {
                Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    history_failed(path, &e);
                    history = None;
                }
                Ok(()) => {}
            }
        }
        Some(LineEditor {
            editor,
            history,
            interrupt,
        })
    }

    /// Adds `line` to the history and to its file; a file that cannot be written is said
    /// once, and the loop goes on without it.
    fn remember(&mut self, line: &str) {
        if line.trim().is_empty() || self.editor.add_history_entry(line).is_err() {
            return;
        }
        let Some(path) = &self.history else {
            return;
        };
        let dir_made = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .map_err(ReadlineError::Io);
        if let Err(e) = dir_made.and_then(|()| self.editor.append_history(path)) {
            history_failed(path, &e);
            self.history = None;
        }
    }

    /// A Ctrl-C typed at the prompt: the first says how to leave, the second leaves (as
    /// when the signal comes between lines). Without a caught signal it leaves at once.
    fn ctrl_c(&self) -> Option<Input> {
        match self.interrupt.as_ref().map(Interrupt::press) {
            Some(Pressed::Hint) => {
                // The editor has ended the line the prompt was on.
                error_line(HINT);
                None
            }
            Some(Pressed::Stopped) => None,
            Some(Pressed::Leave) | None => Some(Input::Leave),
        }
    }
}

impl LineSource for LineEditor {
    fn shows_prompt(&self) -> bool {
        true
    }

    fn next_line(&mut self, prompt: Option<&str>) -> Input {
        loop {
            match self.editor.readline(prompt.unwrap_or("")) {
                Ok(line) if line.len() > MAX_LINE => {
                    let mut end = (4 * MAX_QUOTED).min(line.len());
                    while !line.is_char_boundary(end) {
                        end -= 1;
                    }
                    return Input::TooLong(line[..end].to_string());
                }
                Ok(line) => {
                    self.remember(&line);
                    return Input::Line(line);
                }
                Err(ReadlineError::Interrupted) => {
                    if let Some(input) = self.ctrl_c() {
                        return input;
                    }
                }
                Err(_) => return Input::End,
            }
        }
    }
}

/// The program's data directory, where the history files live: `$XDG_DATA_HOME/jump61`,
/// else `$HOME/.local/share/jump61` (the XDG default); `None` without either.
fn data_dir(xdg_data_home: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    // The XDG rules ignore a relative (or empty) setting.
    let data = xdg_data_home
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            let home = PathBuf::from(home?);
            home.is_absolute().then(|| home.join(".local/share"))
        })?;
    Some(data.join("jump61"))
}

fn history_failed(path: &std::path::Path, e: &ReadlineError) {
    error_line(format_args!(
        "note: the history file {} cannot be used ({e}); lines typed now are not kept",
        path.display()
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_lives_in_the_data_directory() {
        let path = |xdg: Option<&str>, home: Option<&str>| {
            data_dir(xdg.map(OsString::from), home.map(OsString::from))
                .map(|dir| dir.join("history"))
        };
        assert_eq!(
            path(Some("/data"), Some("/home/a")),
            Some(PathBuf::from("/data/jump61/history"))
        );
        assert_eq!(
            path(None, Some("/home/a")),
            Some(PathBuf::from("/home/a/.local/share/jump61/history"))
        );
        assert_eq!(
            path(Some("relative"), Some("/home/a")),
            Some(PathBuf::from("/home/a/.local/share/jump61/history"))
        );
        assert_eq!(path(Some(""), None), None);
        assert_eq!(path(None, None), None);
    }
}
