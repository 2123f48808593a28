//! The game itself, writing no text: the board, whose turn it is, who is an AI, whether a
//! game is on, the moves played (for undo and redo) and the engine with its settings. The
//! command loop's [`Session`](super::Session) and any other face drive it and say what
//! happened in their own words.

use super::command::Dialect;
use crate::board::{Board, ByColour, Colour, geometry};
use crate::interrupt::Interrupt;
use crate::search::{Engine, EngineConfig, Limit, Ponder, Progress};
use thiserror::Error;

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
    #[error("interrupted: the AI's move for {mover} was not played; {resume}")]
    Interrupted { mover: Colour, resume: &'static str },
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
    #[error("interrupted: the hint was given up; the game goes on")]
    HintInterrupted,
    #[error("cannot allocate a hash table of {wanted} MiB for the hint ({reason})")]
    HintMemory { wanted: usize, reason: String },
}

/// The AI's suggestion for the side to move (see [`Game::hint`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The square the AI would play.
    pub square: usize,
    /// When the search proved the move wins: in how many of the mover's own moves at most.
    pub wins_within: Option<u32>,
    /// The AI's proof step proved the position won for the mover (the move wins, in a
    /// number of moves the proof does not say).
    pub proven: bool,
}

/// One game: its position and history, its players and its engine.
pub struct Game {
    dialect: Dialect,
    board: Board,
    ai: ByColour<bool>,
    /// A game is in progress (2014 only; the 2019 dialect always plays).
    playing: bool,
    engine: Engine,
    /// The moves played since the board was last set, each with the board before it.
    history: Vec<(Board, usize)>,
    /// Moves taken back by `undo`, the next one to redo last.
    future: Vec<usize>,
    /// The AI thinking on a person's time (`ponder on`); dropping it stops it.
    pondering: Option<Ponder>,
}

impl Game {
    /// The initial state: a 6x6 board of the dialect's rules, Red manual, Blue the AI, no
    /// game in progress. A hash table the machine cannot give (`--hash 4096` where 4 GB
    /// are not to be had) is refused as the `hash` command refuses it: the default size is
    /// kept, and the error says so, instead of the program dying before its first line.
    pub fn new(dialect: Dialect, engine: EngineConfig) -> (Game, Option<PlayError>) {
        let wanted = engine.hash_mb;
        let default = EngineConfig::default().hash_mb;
        let mut game = Game {
            dialect,
            board: Board::with_rules(6, dialect.rules()),
            ai: ByColour {
                red: false,
                blue: true,
            },
            playing: false,
            engine: crate::proven::engine(EngineConfig {
                hash_mb: wanted.min(default),
                ..engine
            }),
            history: Vec::new(),
            future: Vec::new(),
            pondering: None,
        };
        let refused = (wanted > default).then(|| game.set_hash(wanted).err());
        (game, refused.flatten())
    }

    /// The dialect, which decides the rules and whether play needs `start`.
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

    /// Whether a game is on and the AI is to move.
    pub fn ai_to_move(&self) -> bool {
        self.in_play() && self.board.winner().is_none() && self.is_ai(self.board.to_move())
    }

    /// The AI's current settings.
    pub fn engine_config(&self) -> &EngineConfig {
        self.engine.config()
    }

    /// The moves played since the board was last set, oldest first.
    pub fn moves(&self) -> Vec<usize> {
        self.played().collect()
    }

    /// The squares of [`Game::moves`], read in place (nothing is copied).
    pub fn played(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.history.iter().map(|&(_, sq)| sq)
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

    /// Whether the AI is thinking on a person's time now.
    pub fn is_pondering(&self) -> bool {
        self.pondering.as_ref().is_some_and(|p| !p.is_finished())
    }

    /// Ends thinking on the person's time; its work stays in the table.
    pub fn stop_pondering(&mut self) {
        self.pondering = None;
    }

    /// With `ponder on`, while a person is to move against the AI, the AI thinks on the
    /// person's time (on another thread) until `stop_pondering`.
    pub fn ponder_if_waiting(&mut self) {
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

    /// `clear` (with `size`, a new size): a fresh board, no history, play stopped, the
    /// engine's memory of earlier games cleared.
    pub fn reset(&mut self, size: usize) {
        self.board = Board::with_rules(size, self.dialect.rules());
        self.forget_history();
        self.playing = false;
        self.engine.clear();
    }

    /// `start`: play from the current position, unless it is already won.
    pub fn start(&mut self) -> Result<(), PlayError> {
        if let Some(winner) = self.board.winner() {
            return Err(self.game_over(winner));
        }
        self.playing = true;
        Ok(())
    }

    /// `auto` and `manual`: whether the AI plays `colour`; play stops.
    pub fn set_ai(&mut self, colour: Colour, ai: bool) {
        *self.ai.get_mut(colour) = ai;
        self.playing = false;
    }

    /// `set R C N P`: `spots` spots of `owner` on a square; refused (nothing changed) off
    /// the board, over the square's neighbour count, or when it would leave a square
    /// overfull.
    pub fn set_square(
        &mut self,
        row: u64,
        col: u64,
        spots: u64,
        owner: Option<Colour>,
    ) -> Result<(), PlayError> {
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
        Ok(())
    }

    /// `move N` (2013): the next move is number `n`, Red's when odd.
    pub fn set_move_number(&mut self, n: u64) {
        let mover = if n % 2 == 1 {
            Colour::Red
        } else {
            Colour::Blue
        };
        self.board.set_to_move(mover);
        self.forget_history();
        self.playing = false;
    }

    /// `position NOTATION`: a whole new position (under the 2013 rules the side to move
    /// stays).
    pub fn set_position(&mut self, board: Board) {
        self.set_keeping_turn(|old| *old = board);
        self.forget_history();
        self.playing = false;
    }

    /// Changes the engine's settings as `change` does.
    pub fn configure(&mut self, change: impl FnOnce(&mut EngineConfig)) {
        let mut config = self.engine.config().clone();
        change(&mut config);
        self.engine.set_config(config);
    }

    /// A fresh game clock for both sides.
    pub fn reset_clock(&mut self) {
        self.engine.reset_clock();
    }

    /// A hash table of `mb` MiB; if it cannot be had, the old one stays.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), PlayError> {
        let kept = self.engine.config().hash_mb;
        let config = EngineConfig {
            hash_mb: mb,
            ..self.engine.config().clone()
        };
        (self.engine.try_set_config(config)).map_err(|e| PlayError::HashMemory {
            wanted: mb,
            kept,
            reason: e.to_string(),
        })
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

    /// A move typed by a person for the side to move, at a 1-based row and column; returns
    /// the square played.
    pub fn play_manual(&mut self, row: u64, col: u64) -> Result<usize, PlayError> {
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
        Ok(sq)
    }

    /// Plays the AI's move `sq`, found outside the game (e.g. by a search thread).
    pub fn play_ai_move(&mut self, sq: usize) -> Result<(), PlayError> {
        let mover = self.board.to_move();
        if !self.ai_to_move() {
            return Err(PlayError::NotAiTurn);
        }
        if !self.board.is_legal(sq) {
            return Err(PlayError::NoAiMove(mover));
        }
        self.record(sq);
        Ok(())
    }

    /// If the AI is to move, searches and plays its move; returns who moved where, or `None`
    /// when it is not the AI's turn. `progress` hears the search.
    /// A Ctrl-C (`interrupt`) during the search stops it, and its move is not played: the
    /// game stops until the next `start` (in the 2019 dialect, the AI moves again after the
    /// next command).
    pub fn search_ai_move(
        &mut self,
        progress: &mut dyn FnMut(&Progress),
        interrupt: Option<&Interrupt>,
    ) -> Result<Option<(Colour, usize)>, PlayError> {
        if !self.ai_to_move() {
            return Ok(None);
        }
        let mover = self.board.to_move();
        self.engine
            .set_stop_flag(interrupt.map(Interrupt::search_flag));
        let choice = self.engine.choose_move(&self.board, progress);
        self.engine.set_stop_flag(None);
        if interrupt.is_some_and(Interrupt::pressed) {
            self.playing = false;
            let resume = match self.dialect {
                Dialect::V2019 => "it moves again after the next command",
                Dialect::V2014 | Dialect::V2013 => "type start to go on",
            };
            return Err(PlayError::Interrupted { mover, resume });
        }
        let Some(sq) = choice.filter(|&sq| self.board.is_legal(sq)) else {
            self.playing = false;
            return Err(PlayError::NoAiMove(mover));
        };
        self.record(sq);
        Ok(Some((mover, sq)))
    }

    /// The move the AI would play for the side to move, within the AI's settings (under a
    /// game clock, the time it would give this move now). A fresh engine of those settings
    /// searches it, so the game, its history and the AI's own table, random choices and
    /// clock stay as they were: no later move can tell a hint was asked. A Ctrl-C
    /// (`interrupt`) gives the hint up.
    pub fn hint(
        &self,
        progress: &mut dyn FnMut(&Progress),
        interrupt: Option<&Interrupt>,
    ) -> Result<Hint, PlayError> {
        if let Some(winner) = self.board.winner() {
            return Err(self.game_over(winner));
        }
        let config = self.engine.config();
        let limit = match config.limit {
            Limit::Clock { .. } => Limit::MoveTime(self.engine.limits(&self.board).soft_time),
            limit => limit,
        };
        let wanted = EngineConfig {
            limit,
            ponder: false,
            ..config.clone()
        };
        // The smallest table first: a size the machine cannot give is an error, not a panic.
        // The full AI, its proof step included, as the game's own engine is.
        let mut engine = crate::proven::engine(EngineConfig {
            hash_mb: 1,
            ..wanted.clone()
        });
        engine
            .try_set_config(wanted)
            .map_err(|e| PlayError::HintMemory {
                wanted: config.hash_mb,
                reason: e.to_string(),
            })?;
        engine.set_stop_flag(interrupt.map(Interrupt::search_flag));
        let mut last_score = None;
        let mut hear = |p: &Progress| {
            last_score = Some(p.score);
            progress(p);
        };
        let choice = engine.choose_move(&self.board, &mut hear);
        if interrupt.is_some_and(Interrupt::pressed) {
            return Err(PlayError::HintInterrupted);
        }
        let mover = self.board.to_move();
        let square = choice
            .filter(|&sq| self.board.is_legal(sq))
            .ok_or(PlayError::NoAiMove(mover))?;
        let wins_within = last_score
            .and_then(|s| s.win_plies())
            .map(|plies| plies.div_ceil(2));
        Ok(Hint {
            square,
            wins_within,
            proven: engine.proved_last_win(),
        })
    }

    /// Takes back moves until a person is to move, so the AI's reply goes with the move
    /// it answered (a person cannot take back only the AI's move: it would reply again).
    /// Returns how many moves were taken back.
    pub fn undo(&mut self) -> Result<usize, PlayError> {
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
        Ok(taken)
    }

    /// Plays again what undo took back, up to the next person's turn or a win; returns how
    /// many moves were played.
    pub fn redo(&mut self) -> Result<usize, PlayError> {
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
        self.stop_if_won();
        Ok(played)
    }

    /// Plays `sq`, remembering the board before it; a new move forgets what undo took back.
    /// A won game stops.
    fn record(&mut self, sq: usize) {
        self.future.clear();
        self.replay(sq);
        self.stop_if_won();
    }

    fn replay(&mut self, sq: usize) {
        self.history.push((self.board, sq));
        self.board.play(sq);
    }

    fn stop_if_won(&mut self) {
        if self.board.winner().is_some() {
            self.playing = false;
        }
    }

    /// A new board: the moves before it no longer lead to it.
    fn forget_history(&mut self) {
        self.history.clear();
        self.future.clear();
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
