//! The game session: the board, who is an AI, whether a game is being played, the engine and
//! its settings; it carries out commands and writes to an output and an error sink.

use super::command::{Command, CommandError, Dialect, help_text};
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
    #[error(
        "square {row} {col} holds {spots} spots, more than its {capacity} neighbours (the \
         winning move left it so); set it to at most {capacity} first, or clear"
    )]
    Unsettled {
        row: usize,
        col: usize,
        spots: u8,
        capacity: u8,
    },
    #[error("cannot allocate a hash table of {wanted} MiB ({reason}); it stays at {kept} MiB")]
    HashMemory {
        wanted: usize,
        kept: usize,
        reason: String,
    },
    #[error("nothing to undo: no move has been played since the board was set")]
    NothingToUndo,
    #[error("nothing to redo: no move has been taken back since the last move")]
    NothingToRedo,
    #[error("it is not the AI's turn")]
    NotAiTurn,
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
    /// The moves played since the board was last set, each with the board before it.
    history: Vec<(Board, usize)>,
    /// Moves taken back by `undo`, the next one to redo last.
    future: Vec<usize>,
    /// The AI's moves come from outside (`play_ai_move`), e.g. from the board screen's
    /// search thread, instead of from a search inside `execute`.
    external_ai: bool,
    /// The AI thinking on a person's time (`ponder on`); dropping it stops it.
    pondering: Option<Ponder>,
}

impl<'a> Session<'a> {
    /// The initial state: a 6x6 board, Red manual, Blue the AI, no game in progress. The
    /// sinks may be borrowed (`&mut Vec<u8>`, a locked stdout) or owned by the session (the
    /// web server's games keep theirs).
    pub fn new(options: Options, out: impl Write + 'a, err: impl Write + 'a) -> Session<'a> {
        Session {
            out: Box::new(out),
            err: Box::new(err),
            dialect: options.dialect,
            prompts: options.prompts,
            verbose: options.verbose,
            board: Board::with_rules(6, options.dialect.rules()),
            ai: ByColour {
                red: false,
                blue: true,
            },
            playing: false,
            engine: Engine::new(options.engine),
            closed: false,
            history: Vec::new(),
            future: Vec::new(),
            external_ai: false,
            pondering: None,
        }
    }

    /// Lets the caller search for the AI (`ai_to_move`, then `play_ai_move`) instead of
    /// `execute` searching itself; the board screen does so to keep answering keys.
    pub fn set_external_ai(&mut self, on: bool) {
        self.external_ai = on;
    }

    /// Whether a game is on and the AI is to move.
    pub fn ai_to_move(&self) -> bool {
        self.in_play() && self.board.winner().is_none() && self.is_ai(self.board.to_move())
    }

    /// Plays the AI's move `sq`, found outside the session (see `set_external_ai`).
    pub fn play_ai_move(&mut self, sq: usize) -> Result<(), PlayError> {
        let mover = self.board.to_move();
        if !self.ai_to_move() {
            return Err(PlayError::NotAiTurn);
        }
        if !self.board.is_legal(sq) {
            return Err(PlayError::NoAiMove(mover));
        }
        self.play_announced(mover, sq);
        Ok(())
    }

    /// Plays the AI's move `sq` for `mover`, announces it, and shows what follows.
    fn play_announced(&mut self, mover: Colour, sq: usize) {
        self.record(sq);
        let line = view::move_line(self.dialect, mover, self.board.coord(sq));
        self.say(&line);
        self.after_move();
    }

    /// The moves played since the board was last set, oldest first.
    pub fn moves(&self) -> Vec<usize> {
        self.history.iter().map(|&(_, sq)| sq).collect()
    }

    /// The board the moves of `moves` started from.
    pub fn start_board(&self) -> Board {
        self.history.first().map_or(self.board, |&(b, _)| b)
    }

    /// The last move played and the board before it.
    pub fn last_move(&self) -> Option<(Board, usize)> {
        self.history.last().copied()
    }

    /// How many moves `redo` could play again.
    pub fn redo_count(&self) -> usize {
        self.future.len()
    }

    /// The session's dialect.
    pub fn dialect(&self) -> Dialect {
        self.dialect
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

    /// Whether search progress is printed (as after `verbose`).
    pub fn verbose(&self) -> bool {
        self.verbose
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
            Dialect::V2014 | Dialect::V2013 if !self.prompts => return,
            Dialect::V2014 | Dialect::V2013 => {
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
        if self.dialect != Dialect::V2019 && self.prompts {
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
                self.board = Board::with_rules(self.board.size(), self.dialect.rules());
                self.forget_history();
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
                self.board = Board::with_rules(size, self.dialect.rules());
                self.forget_history();
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
                let before = self.board;
                self.set_keeping_turn(|board| board.set_square(sq, spots as u8, owner));
                if let Some(e) = overfull_square(&self.board) {
                    self.board = before;
                    return Err(e);
                }
                self.forget_history();
                self.playing = false;
            }
            Command::MoveNumber(n) => {
                let mover = if n % 2 == 1 {
                    Colour::Red
                } else {
                    Colour::Blue
                };
                self.board.set_to_move(mover);
                self.forget_history();
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
                let kept = self.engine.config().hash_mb;
                let config = EngineConfig {
                    hash_mb: mb,
                    ..self.engine.config().clone()
                };
                (self.engine.try_set_config(config)).map_err(|e| PlayError::HashMemory {
                    wanted: mb,
                    kept,
                    reason: e.to_string(),
                })?;
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
                self.set_keeping_turn(|old| *old = board);
                self.forget_history();
                self.playing = false;
            }
            Command::Solve { moves, positions } => self.solve(moves, positions),
            Command::SolveValue => self.solve_value(),
            Command::Undo => self.undo()?,
            Command::Redo => self.redo()?,
        }
        self.play_ai()?;
        Ok(Flow::Continue)
    }

    /// Changes the board as `change` does; under the 2013 rules the side to move stays, as
    /// the number of the next move does (only `move N` and moves change it).
    fn set_keeping_turn(&mut self, change: impl FnOnce(&mut Board)) {
        let mover = self.board.to_move();
        change(&mut self.board);
        if self.dialect == Dialect::V2013 {
            self.board.set_to_move(mover);
        }
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
        self.record(sq);
        self.after_move();
        Ok(())
    }

    /// Plays `sq`, remembering the board before it; a new move forgets what undo took back.
    fn record(&mut self, sq: usize) {
        self.future.clear();
        self.replay(sq);
    }

    fn replay(&mut self, sq: usize) {
        self.history.push((self.board, sq));
        self.board.play(sq);
    }

    /// A new board: the moves before it no longer lead to it.
    fn forget_history(&mut self) {
        self.history.clear();
        self.future.clear();
    }

    /// Takes back moves until a person is to move, so the AI's reply goes with the move
    /// it answered (a person cannot take back only the AI's move: it would reply again).
    fn undo(&mut self) -> Result<(), PlayError> {
        let won = self.board.winner().is_some();
        let mut taken = 0;
        while let Some((before, sq)) = self.history.pop() {
            self.board = before;
            self.future.push(sq);
            taken += 1;
            if !self.is_ai(self.board.to_move()) {
                break;
            }
        }
        if taken == 0 {
            return Err(PlayError::NothingToUndo);
        }
        if won {
            // The game goes on from before its end.
            self.playing = true;
        }
        self.say(&format!("undo: {taken} move(s) taken back"));
        Ok(())
    }

    /// Plays again what undo took back, up to the next person's turn.
    fn redo(&mut self) -> Result<(), PlayError> {
        let mut played = 0;
        while let Some(sq) = self.future.pop() {
            if !self.board.is_legal(sq) {
                self.future.clear();
                break;
            }
            self.replay(sq);
            played += 1;
            if self.board.winner().is_some() || !self.is_ai(self.board.to_move()) {
                break;
            }
        }
        if played == 0 {
            return Err(PlayError::NothingToRedo);
        }
        self.say(&format!("redo: {played} move(s) played again"));
        if let Some(winner) = self.board.winner() {
            let line = view::win_line(self.dialect, winner);
            self.say(&line);
            self.playing = false;
        }
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

    /// `solve` without a depth: the game's value, then what the proof cost.
    fn solve_value(&mut self) {
        let limits = crate::solver::dfpn::Limits {
            deadline: Some(std::time::Instant::now() + crate::solver::SESSION_TIME),
            ..Default::default()
        };
        let (report, _) = crate::solver::game_value(&self.board, limits);
        self.say(&report.answer());
        if report.winner().is_some() {
            self.say(&report.to_string());
        }
    }

    /// The AI moves while a game is on and it is to move.
    fn play_ai(&mut self) -> Result<(), PlayError> {
        while !self.closed && !self.external_ai && self.in_play() && self.board.winner().is_none() {
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
            self.play_announced(mover, sq);
        }
        Ok(())
    }

    /// After any move: the board for people (2014), and the win line once a game is won.
    fn after_move(&mut self) {
        if self.dialect != Dialect::V2019 {
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
                Dialect::V2014 | Dialect::V2013 => "clear",
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

    /// Reports a line refused before it could be read as a command; nothing changes.
    pub fn reject(&mut self, e: &CommandError) {
        self.error(e);
    }

    /// Writes `error: ...` to the error sink; a failure there is ignored.
    fn error(&mut self, e: &dyn fmt::Display) {
        let _ = writeln!(self.err, "error: {e}").and_then(|_| self.err.flush());
    }
}

/// The first square holding more spots than it has neighbours on a board nobody has won.
/// A winning move stops its chain reaction at once and may leave such squares; a `set` that
/// ends the win must not leave them behind, as moves expect a board at rest.
fn overfull_square(board: &Board) -> Option<PlayError> {
    if board.winner().is_some() {
        return None;
    }
    let capacity = &geometry(board.size() as u8).capacity;
    let sq = (0..board.squares()).find(|&sq| board.spots(sq) > capacity[sq])?;
    let c = board.coord(sq);
    Some(PlayError::Unsettled {
        row: c.row,
        col: c.col,
        spots: board.spots(sq),
        capacity: capacity[sq],
    })
}
