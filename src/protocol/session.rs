//! The command loop's session: carries out commands on a [`Game`] and writes what happened,
//! in the dialect's words, to an output and an error sink.

use super::command::{Command, CommandError, Dialect, help_text};
use super::game::{Game, PlayError};
use super::view;
use crate::board::{Board, Colour};
use crate::interrupt::{CTRL_C_HELP, Interrupt};
use crate::search::solve::{SolveProgress, solve_stoppable};
use crate::search::{EngineConfig, Limit, Progress};
use std::fmt;
use std::io::Write;

/// How a session starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub dialect: Dialect,
    /// The AI's settings; commands such as `time` and `seed` change them later.
    pub engine: EngineConfig,
    /// Search progress on the error sink from the start (as after `verbose`).
    pub verbose: bool,
    /// Print prompts in the 2014 dialect (meant for a terminal); 2019 always prompts.
    pub prompts: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            dialect: Dialect::V2014,
            engine: EngineConfig::default(),
            verbose: false,
            prompts: false,
        }
    }
}

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One game session writing to `out` (required lines, boards, notes) and `err` (errors and
/// search progress).
pub struct Session<'a> {
    out: Box<dyn Write + 'a>,
    err: Box<dyn Write + 'a>,
    game: Game,
    prompts: bool,
    verbose: bool,
    /// The output sink failed (e.g. a closed pipe): stop quietly.
    closed: bool,
    /// The AI's moves come from outside (`play_ai_move`), e.g. from the board screen's
    /// search thread, instead of from a search inside `execute`.
    external_ai: bool,
    /// Ctrl-C's state when a person types at a terminal (see [`Interrupt`]).
    interrupt: Option<Interrupt>,
}

impl<'a> Session<'a> {
    /// The initial state: a 6x6 board, Red manual, Blue the AI, no game in progress. The
    /// sinks may be borrowed (`&mut Vec<u8>`, a locked stdout) or owned by the session (the
    /// web server's games keep theirs).
    pub fn new(options: Options, out: impl Write + 'a, err: impl Write + 'a) -> Session<'a> {
        let (game, refused) = Game::new(options.dialect, options.engine);
        let mut session = Session {
            out: Box::new(out),
            err: Box::new(err),
            game,
            prompts: options.prompts,
            verbose: options.verbose,
            closed: false,
            external_ai: false,
            interrupt: None,
        };
        if let Some(e) = refused {
            session.error(&e);
        }
        session
    }

    /// Lets Ctrl-C (`interrupt`, pressed by whoever catches the signal) stop the work of
    /// the line being carried out.
    pub fn set_interrupt(&mut self, interrupt: Interrupt) {
        self.interrupt = Some(interrupt);
    }

    /// The game the session plays.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Lets the caller search for the AI (`ai_to_move`, then `play_ai_move`) instead of
    /// `execute` searching itself; the board screen does so to keep answering keys.
    pub fn set_external_ai(&mut self, on: bool) {
        self.external_ai = on;
    }

    /// Whether a game is on and the AI is to move.
    pub fn ai_to_move(&self) -> bool {
        self.game.ai_to_move()
    }

    /// Plays the AI's move `sq`, found outside the session (see `set_external_ai`).
    pub fn play_ai_move(&mut self, sq: usize) -> Result<(), PlayError> {
        let mover = self.game.board().to_move();
        self.game.play_ai_move(sq)?;
        self.announce(mover, sq);
        Ok(())
    }

    /// Announces the AI's move `sq` for `mover`, and shows what follows.
    fn announce(&mut self, mover: Colour, sq: usize) {
        let line = view::move_line(self.dialect(), mover, self.board().coord(sq));
        self.say(&line);
        self.after_move();
    }

    /// The moves played since the board was last set, oldest first.
    pub fn moves(&self) -> Vec<usize> {
        self.game.moves()
    }

    /// The squares of [`Session::moves`], read in place (nothing is copied).
    pub fn played(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.game.played()
    }

    /// The board the moves of `moves` started from.
    pub fn start_board(&self) -> Board {
        self.game.start_board()
    }

    /// The last move played and the board before it.
    pub fn last_move(&self) -> Option<(Board, usize)> {
        self.game.last_move()
    }

    /// How many moves `redo` could play again.
    pub fn redo_count(&self) -> usize {
        self.game.redo_count()
    }

    /// The session's dialect.
    pub fn dialect(&self) -> Dialect {
        self.game.dialect()
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// Whether moves are being taken now (always in the 2019 dialect).
    pub fn in_play(&self) -> bool {
        self.game.in_play()
    }

    /// Whether the AI plays `colour`.
    pub fn is_ai(&self, colour: Colour) -> bool {
        self.game.is_ai(colour)
    }

    /// Whether search progress is printed (as after `verbose`).
    pub fn verbose(&self) -> bool {
        self.verbose
    }

    /// The AI's current settings.
    pub fn engine_config(&self) -> &EngineConfig {
        self.game.engine_config()
    }

    /// Whether writing to the output failed; the loop then stops.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The prompt, if this dialect and setting want one: `> `, or `red> ` when a person
    /// plays the side to move.
    pub fn prompt_text(&self) -> Option<String> {
        let board = self.board();
        let mover = board.to_move();
        let text = match self.dialect() {
            Dialect::V2019 => format!("{}> ", mover.name().to_ascii_lowercase()),
            Dialect::V2014 | Dialect::V2013 if !self.prompts => return None,
            Dialect::V2014 | Dialect::V2013 => {
                if self.in_play() && board.winner().is_none() && !self.is_ai(mover) {
                    format!("{}> ", mover.name().to_ascii_lowercase())
                } else {
                    "> ".to_string()
                }
            }
        };
        Some(text)
    }

    /// Prints the prompt (see [`Session::prompt_text`]), without a newline.
    pub fn prompt(&mut self) {
        if let Some(text) = self.prompt_text() {
            self.write_out(&text);
        }
    }

    /// Ends the session after the end of input: a terminal's cursor goes past the prompt.
    pub fn finish(&mut self) {
        if self.dialect() != Dialect::V2019 && self.prompts {
            self.write_out("\n");
        }
    }

    /// Parses and carries out one input line; errors go to the error sink.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        // Ctrl-C stops this line's work until the guard drops.
        let _working = self.interrupt.as_ref().map(Interrupt::line);
        // A line has come: thinking on the person's time ends here, its work kept in the table.
        self.game.stop_pondering();
        let flow = match Command::parse(line, self.dialect()) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => match self.execute(command) {
                Ok(flow) => flow,
                Err(e) => {
                    self.error(&e);
                    Flow::Continue
                }
            },
            Err(e) => {
                self.error(&e);
                Flow::Continue
            }
        };
        if self.closed {
            return Flow::Quit;
        }
        if flow == Flow::Continue {
            self.game.ponder_if_waiting();
        }
        flow
    }

    /// Whether the AI is thinking on a person's time now.
    pub fn is_pondering(&self) -> bool {
        self.game.is_pondering()
    }

    /// Carries out one command, then lets the AI move while it is its turn.
    pub fn execute(&mut self, command: Command) -> Result<Flow, PlayError> {
        match command {
            Command::Quit => return Ok(Flow::Quit),
            Command::Clear => self.game.reset(self.board().size()),
            Command::Start => self.game.start()?,
            Command::Auto(colour) => self.game.set_ai(colour, true),
            Command::Manual(colour) => self.game.set_ai(colour, false),
            Command::Size(size) => self.game.reset(size),
            Command::Set {
                row,
                col,
                spots,
                owner,
            } => self.game.set_square(row, col, spots, owner)?,
            Command::MoveNumber(n) => self.game.set_move_number(n),
            Command::Dump => self.dump(),
            Command::Seed(seed) => self.game.configure(|c| c.seed = seed),
            Command::Help => self.help(),
            Command::Move { row, col } => {
                self.game.play_manual(row, col)?;
                self.after_move();
            }
            Command::Undo => {
                let taken = self.game.undo()?;
                self.say(&format!("undo: {taken} move(s) taken back"));
            }
            Command::Redo => {
                let played = self.game.redo()?;
                self.say(&format!("redo: {played} move(s) played again"));
                self.say_win();
            }
            Command::ShowBoard => self.show_board(),
            Command::Hint => self.hint()?,
            Command::Position(None) => self.show_position(),
            Command::Position(Some(board)) => self.game.set_position(board),
            Command::Solve { moves, positions } => self.solve(moves, positions),
            Command::SolveValue => self.solve_value(),
            setting @ (Command::Time(_)
            | Command::Nodes(_)
            | Command::Clock { .. }
            | Command::Ponder(_)
            | Command::Hash(_)
            | Command::Threads(_)
            | Command::Level(_)
            | Command::Verbose(_)) => self.set(setting)?,
        }
        self.play_ai()?;
        Ok(Flow::Continue)
    }

    /// `dump`: the position in the dialect's dump format.
    fn dump(&mut self) {
        for line in view::dump(self.dialect(), self.board()) {
            self.say(&line);
        }
    }

    /// `help`: the dialect's command list, and how Ctrl-C works when it is caught here.
    fn help(&mut self) {
        for line in help_text(self.dialect()).lines() {
            self.say(line);
        }
        if self.interrupt.is_some() {
            self.say(CTRL_C_HELP);
        }
    }

    /// `hint`: the AI's move for the side to move, in one line; nothing changes.
    fn hint(&mut self) -> Result<(), PlayError> {
        let (verbose, err) = (self.verbose, &mut *self.err);
        let mut progress = |p: &Progress| {
            if verbose {
                let _ = writeln!(err, "{p}").and_then(|_| err.flush());
            }
        };
        let hint = self.game.hint(&mut progress, self.interrupt.as_ref())?;
        let line = view::hint_line(self.board(), hint);
        self.say(&line);
        Ok(())
    }

    /// `position` without an argument: the position in board notation, on one line.
    fn show_position(&mut self) {
        let line = self.board().to_notation();
        self.say(&line);
    }

    /// The settings commands: the engine's limits and size, and `verbose`; each is
    /// acknowledged in a line.
    fn set(&mut self, command: Command) -> Result<(), PlayError> {
        match command {
            Command::Time(time) => {
                self.game.configure(|c| c.limit = Limit::MoveTime(time));
                self.say(&format!("time per move: {} s", time.as_secs_f64()));
            }
            Command::Nodes(nodes) => {
                self.game.configure(|c| c.limit = Limit::Nodes(nodes));
                self.say(&format!("nodes per move: {nodes}"));
            }
            Command::Clock { total, increment } => {
                let limit = Limit::Clock { total, increment };
                self.game.configure(|c| c.limit = limit);
                // The same setting again still means a fresh clock for both sides.
                self.game.reset_clock();
                self.say(&format!("clock: {limit}"));
            }
            Command::Ponder(on) => {
                self.game.configure(|c| c.ponder = on);
                self.say(if on { "ponder: on" } else { "ponder: off" });
            }
            Command::Hash(mb) => {
                self.game.set_hash(mb)?;
                self.say(&format!("hash table: {mb} MiB"));
            }
            Command::Threads(threads) => {
                self.game.configure(|c| c.threads = threads);
                self.say(&format!("search threads: {threads}"));
            }
            Command::Level(level) => {
                self.game.configure(|c| c.level = level);
                self.say(&format!("AI level: {level}"));
            }
            Command::Verbose(on) => {
                self.verbose = on;
                self.say(if on {
                    "verbose: on (search progress goes to the error stream)"
                } else {
                    "verbose: off"
                });
            }
            // `execute` has carried out every other command.
            _ => {}
        }
        Ok(())
    }

    /// `solve`: the exact answer, with progress on the error stream when verbose.
    fn solve(&mut self, moves: u32, positions: u64) {
        let board = *self.board();
        let answer = if board.winner().is_some() {
            view::already_over(&board)
        } else {
            let (verbose, err) = (self.verbose, &mut *self.err);
            let mut progress = |p: &SolveProgress| {
                if verbose {
                    let _ = writeln!(err, "{p}").and_then(|_| err.flush());
                }
            };
            let stop = self.interrupt.as_ref().map(Interrupt::search_flag);
            let solution = solve_stoppable(
                &board,
                moves,
                positions,
                None,
                stop.as_deref(),
                &mut progress,
            );
            view::solution(&board, &solution)
        };
        self.say(&answer);
    }

    /// `solve` without a depth: the game's value on the search's threads (one table), then
    /// what the proof cost (or, when the time ran out, what is proven of each first move);
    /// with `verbose`, the proof's progress line about once a second on the error sink.
    fn solve_value(&mut self) {
        let board = *self.board();
        let limits = crate::solver::dfpn::Limits {
            deadline: Some(std::time::Instant::now() + crate::solver::SESSION_TIME),
            ..Default::default()
        };
        let threads = self.game.engine_config().threads;
        let err = &mut *self.err;
        let mut show = |line: &str| {
            let _ = writeln!(err, "info solve {line}").and_then(|_| err.flush());
        };
        let show = self.verbose.then_some(&mut show as &mut dyn FnMut(&str));
        let report = crate::solver::progress::game_value_showing(&board, limits, threads, show);
        let Some(report) = report else {
            self.error(&"the proof failed; the game goes on");
            return;
        };
        self.say(&report.answer());
        if report.winner().is_some() {
            self.say(&report.to_string());
        }
        let first_moves = report.first_moves_line();
        if !first_moves.is_empty() {
            self.say(&first_moves);
        }
    }

    /// The AI moves while a game is on and it is to move.
    fn play_ai(&mut self) -> Result<(), PlayError> {
        while !self.closed && !self.external_ai {
            let verbose = self.verbose;
            let err = &mut *self.err;
            let mut progress = |p: &Progress| {
                if verbose {
                    let _ = writeln!(err, "{p}").and_then(|_| err.flush());
                }
            };
            let interrupt = self.interrupt.as_ref();
            let Some((mover, sq)) = self.game.search_ai_move(&mut progress, interrupt)? else {
                break;
            };
            self.announce(mover, sq);
        }
        Ok(())
    }

    /// After any move: the board for people (2014), and the win line once a game is won.
    fn after_move(&mut self) {
        if self.dialect() != Dialect::V2019 {
            self.show_board();
        }
        self.say_win();
    }

    /// The win line, if the game is won.
    fn say_win(&mut self) {
        if let Some(winner) = self.board().winner() {
            let line = view::win_line(self.dialect(), winner);
            self.say(&line);
        }
    }

    fn show_board(&mut self) {
        for line in view::readable(self.board()) {
            self.say(&line);
        }
    }

    /// Writes one line to the output and flushes it at once.
    fn say(&mut self, line: &str) {
        self.write_out(&format!("{line}\n"));
    }

    fn write_out(&mut self, text: &str) {
        if self.closed {
            return;
        }
        if self
            .out
            .write_all(text.as_bytes())
            .and_then(|_| self.out.flush())
            .is_err()
        {
            self.closed = true;
        }
    }

    /// Reports a line refused before it could be read as a command; nothing changes.
    pub fn reject(&mut self, e: &CommandError) {
        self.error(e);
    }

    /// Writes `error: ...` to the error sink; a failure there is ignored.
    fn error(&mut self, e: &dyn fmt::Display) {
        let _ = writeln!(self.err, "error: {e}").and_then(|_| self.err.flush());
    }
}
