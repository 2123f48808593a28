//! The game session: the board, who is an AI, whether a game is being played, the engine and
//! its settings; it carries out commands and writes to an output and an error sink.

use super::command::{Command, Dialect, help_text};
use super::view;
use crate::board::{Board, ByColour, Colour, geometry};
use crate::search::solve::{SolveProgress, solve_with};
use crate::search::{Engine, EngineConfig, Limit, Ponder, Progress};
use std::fmt;
use std::io::Write;
use thiserror::Error;

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

/// Why a well-formed command cannot be carried out now. Nothing is changed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("row {row} is off the board: rows are 1 to {size}")]
    RowOffBoard { row: u64, size: usize },
    #[error("column {col} is off the board: columns are 1 to {size}")]
    ColumnOffBoard { col: u64, size: usize },
    #[error(
        "{spots} spots is too many for square {row} {col}: it has {capacity} neighbours, \
         so N must be 0 to {capacity}"
    )]
    TooManySpots {
        row: u64,
        col: u64,
        spots: u64,
        capacity: u8,
    },
    #[error("no game in progress; type start")]
    NotPlaying,
    #[error("the game is over: {winner} owns every square; type {reset} for a new game")]
    GameOver { winner: Colour, reset: &'static str },
    #[error("illegal move {row} {col}: it is {mover}'s turn, and {owner} owns that square")]
    Opponents {
        row: u64,
        col: u64,
        mover: Colour,
        owner: Colour,
    },
    #[error("it is {0}'s turn, and {0} is played by the AI")]
    AiToMove(Colour),
    #[error("the AI found no legal move for {0}; the game is stopped")]
    NoAiMove(Colour),
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
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    dialect: Dialect,
    prompts: bool,
    verbose: bool,
    board: Board,
    ai: ByColour<bool>,
    /// A game is in progress (2014 only; the 2019 dialect always plays).
    playing: bool,
    engine: Engine,
    /// The output sink failed (e.g. a closed pipe): stop quietly.
    closed: bool,
    /// The AI thinking on a person's time (`ponder on`); dropping it stops it.
    pondering: Option<Ponder>,
}

impl<'a> Session<'a> {
    /// The initial state: a 6x6 board, Red manual, Blue the AI, no game in progress.
    pub fn new(options: Options, out: &'a mut dyn Write, err: &'a mut dyn Write) -> Session<'a> {
        Session {
            out,
            err,
            dialect: options.dialect,
            prompts: options.prompts,
            verbose: options.verbose,
            board: Board::new(6),
            ai: ByColour {
                red: false,
                blue: true,
            },
            playing: false,
            engine: Engine::new(options.engine),
            closed: false,
            pondering: None,
        }
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether moves are being taken now (always in the 2019 dialect).
    pub fn in_play(&self) -> bool {
        self.dialect == Dialect::V2019 || self.playing
    }

    /// Whether the AI plays `colour`.
    pub fn is_ai(&self, colour: Colour) -> bool {
        *self.ai.get(colour)
    }

    /// The AI's current settings.
    pub fn engine_config(&self) -> &EngineConfig {
        self.engine.config()
    }

    /// Whether writing to the output failed; the loop then stops.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Prints the prompt, if this dialect and setting want one, without a newline.
    pub fn prompt(&mut self) {
        let mover = self.board.to_move();
        let text = match self.dialect {
            Dialect::V2019 => format!("{}> ", mover.name().to_ascii_lowercase()),
            Dialect::V2014 if !self.prompts => return,
            Dialect::V2014 => {
                if self.playing && self.board.winner().is_none() && !self.is_ai(mover) {
                    format!("{}> ", mover.name().to_ascii_lowercase())
                } else {
                    "> ".to_string()
                }
            }
        };
        self.write_out(&text);
    }

    /// Ends the session after the end of input: a terminal's cursor goes past the prompt.
    pub fn finish(&mut self) {
        if self.dialect == Dialect::V2014 && self.prompts {
            self.write_out("\n");
        }
    }

    /// Parses and carries out one input line; errors go to the error sink.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        // A line has come: thinking on the person's time ends here, its work kept in the table.
        self.pondering = None;
        let flow = match Command::parse(line, self.dialect) {
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
            self.ponder_if_waiting();
        }
        flow
    }

    /// With `ponder on`, while a person is to move against the AI, the AI thinks on the
    /// person's time (on another thread) until the next line comes.
    fn ponder_if_waiting(&mut self) {
        let mover = self.board.to_move();
        let waiting = self.engine.config().ponder
            && self.in_play()
            && self.board.winner().is_none()
            && !self.is_ai(mover)
            && self.is_ai(mover.opponent());
        if waiting {
            self.pondering = Some(self.engine.ponder(&self.board));
        }
    }

    /// Whether the AI is thinking on a person's time now.
    pub fn is_pondering(&self) -> bool {
        self.pondering.as_ref().is_some_and(|p| !p.is_finished())
    }

    /// Carries out one command, then lets the AI move while it is its turn.
    pub fn execute(&mut self, command: Command) -> Result<Flow, PlayError> {
        match command {
            Command::Quit => return Ok(Flow::Quit),
            Command::Clear => {
                self.board = Board::new(self.board.size());
                self.playing = false;
                self.engine.clear();
            }
            Command::Start => {
                if let Some(winner) = self.board.winner() {
                    return Err(self.game_over(winner));
                }
                self.playing = true;
            }
            Command::Auto(colour) => {
                *self.ai.get_mut(colour) = true;
                self.playing = false;
            }
            Command::Manual(colour) => {
                *self.ai.get_mut(colour) = false;
                self.playing = false;
            }
            Command::Size(size) => {
                self.board = Board::new(size);
                self.playing = false;
                self.engine.clear();
            }
            Command::Set {
                row,
                col,
                spots,
                owner,
            } => {
                let sq = self.square(row, col)?;
                let capacity = geometry(self.board.size() as u8).capacity[sq];
                if spots > capacity as u64 {
                    return Err(PlayError::TooManySpots {
                        row,
                        col,
                        spots,
                        capacity,
                    });
                }
                self.board.set_square(sq, spots as u8, owner);
                self.playing = false;
            }
            Command::Dump => {
                for line in view::dump(self.dialect, &self.board) {
                    self.say(&line);
                }
            }
            Command::Seed(seed) => self.configure(|c| c.seed = seed),
            Command::Help => {
                for line in help_text(self.dialect).lines() {
                    self.say(line);
                }
            }
            Command::Move { row, col } => self.manual_move(row, col)?,
            Command::Time(time) => {
                self.configure(|c| c.limit = Limit::MoveTime(time));
                self.say(&format!("time per move: {} s", time.as_secs_f64()));
            }
            Command::Nodes(nodes) => {
                self.configure(|c| c.limit = Limit::Nodes(nodes));
                self.say(&format!("nodes per move: {nodes}"));
            }
            Command::Clock { total, increment } => {
                let limit = Limit::Clock { total, increment };
                self.configure(|c| c.limit = limit);
                // The same setting again still means a fresh clock for both sides.
                self.engine.reset_clock();
                self.say(&format!("clock: {limit}"));
            }
            Command::Ponder(on) => {
                self.configure(|c| c.ponder = on);
                self.say(if on { "ponder: on" } else { "ponder: off" });
            }
            Command::Hash(mb) => {
                self.configure(|c| c.hash_mb = mb);
                self.say(&format!("hash table: {mb} MiB"));
            }
            Command::Threads(threads) => {
                self.configure(|c| c.threads = threads);
                self.say(&format!("search threads: {threads}"));
            }
            Command::Level(level) => {
                self.configure(|c| c.level = level);
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
            Command::ShowBoard => self.show_board(),
            Command::Position(None) => {
                let line = self.board.to_notation();
                self.say(&line);
            }
            Command::Position(Some(board)) => {
                self.board = board;
                self.playing = false;
            }
            Command::Solve { moves, positions } => self.solve(moves, positions),
        }
        self.play_ai()?;
        Ok(Flow::Continue)
    }

    /// A move typed by a person for the side to move.
    fn manual_move(&mut self, row: u64, col: u64) -> Result<(), PlayError> {
        if let Some(winner) = self.board.winner() {
            return Err(self.game_over(winner));
        }
        if !self.in_play() {
            return Err(PlayError::NotPlaying);
        }
        let sq = self.square(row, col)?;
        let mover = self.board.to_move();
        if self.is_ai(mover) {
            return Err(PlayError::AiToMove(mover));
        }
        if !self.board.is_legal(sq) {
            return Err(PlayError::Opponents {
                row,
                col,
                mover,
                owner: mover.opponent(),
            });
        }
        self.board.play(sq);
        self.after_move();
        Ok(())
    }

    /// `solve`: the exact answer, with progress on the error stream when verbose.
    fn solve(&mut self, moves: u32, positions: u64) {
        let answer = if self.board.winner().is_some() {
            view::already_over(&self.board)
        } else {
            let (verbose, err) = (self.verbose, &mut *self.err);
            let mut progress = |p: &SolveProgress| {
                if verbose {
                    let _ = writeln!(err, "{p}").and_then(|_| err.flush());
                }
            };
            view::solution(
                &self.board,
                &solve_with(&self.board, moves, positions, &mut progress),
            )
        };
        self.say(&answer);
    }

    /// The AI moves while a game is on and it is to move.
    fn play_ai(&mut self) -> Result<(), PlayError> {
        while !self.closed && self.in_play() && self.board.winner().is_none() {
            let mover = self.board.to_move();
            if !self.is_ai(mover) {
                break;
            }
            let verbose = self.verbose;
            let err = &mut *self.err;
            let mut progress = |p: &Progress| {
                if verbose {
                    let _ = writeln!(err, "{p}").and_then(|_| err.flush());
                }
            };
            let choice = self.engine.choose_move(&self.board, &mut progress);
            let Some(sq) = choice.filter(|&sq| self.board.is_legal(sq)) else {
                self.playing = false;
                return Err(PlayError::NoAiMove(mover));
            };
            self.board.play(sq);
            let line = view::move_line(self.dialect, mover, self.board.coord(sq));
            self.say(&line);
            self.after_move();
        }
        Ok(())
    }

    /// After any move: the board for people (2014), and the win line once a game is won.
    fn after_move(&mut self) {
        if self.dialect == Dialect::V2014 {
            self.show_board();
        }
        if let Some(winner) = self.board.winner() {
            let line = view::win_line(self.dialect, winner);
            self.say(&line);
            self.playing = false;
        }
    }

    /// The square at a 1-based row and column of the current board.
    fn square(&self, row: u64, col: u64) -> Result<usize, PlayError> {
        let size = self.board.size();
        let on_board = |n: u64| (1..=size as u64).contains(&n);
        if !on_board(row) {
            return Err(PlayError::RowOffBoard { row, size });
        }
        if !on_board(col) {
            return Err(PlayError::ColumnOffBoard { col, size });
        }
        Ok((row as usize - 1) * size + col as usize - 1)
    }

    fn game_over(&self, winner: Colour) -> PlayError {
        PlayError::GameOver {
            winner,
            reset: match self.dialect {
                Dialect::V2014 => "clear",
                Dialect::V2019 => "new",
            },
        }
    }

    fn configure(&mut self, change: impl FnOnce(&mut EngineConfig)) {
        let mut config = self.engine.config().clone();
        change(&mut config);
        self.engine.set_config(config);
    }

    fn show_board(&mut self) {
        for line in view::readable(&self.board) {
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

    /// Writes `error: ...` to the error sink; a failure there is ignored.
    fn error(&mut self, e: &dyn fmt::Display) {
        let _ = writeln!(self.err, "error: {e}").and_then(|_| self.err.flush());
    }
}
