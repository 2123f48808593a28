//! The board screen's state: the session it drives, the cursor, the message, the chain
//! reaction being shown, the AI's search. Keys and clicks become the command loop's
//! [`Command`]s, carried out by the same [`Session`]; nothing here knows the rules.

use super::ai::{Purpose, Report, Thinker};
use crate::board::{Board, Colour, Coord, MAX_SIZE, MIN_SIZE};
use crate::protocol::{Command, Session};
use crate::search::{Engine, Limit, Progress};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::cell::Cell;
use std::time::{Duration, Instant};

/// How long each step of a chain reaction stays on the screen.
const WAVE_STEP: Duration = Duration::from_millis(120);
/// The time per move that `<` and `>` stay within, in milliseconds.
const TIME_KEYS_MS: (u64, u64) = (10, 600_000);

/// The last move's chain reaction, shown one step of distance at a time.
#[derive(Clone, Debug)]
pub struct Wave {
    pub before: Board,
    pub square: usize,
    /// The squares whose owner the move changed, by their distance from `square`: the
    /// order in which the reaction reached them.
    pub steps: Vec<u128>,
    /// How many steps are drawn in their new state.
    pub shown: usize,
    next: Instant,
}

impl Wave {
    fn new(before: Board, after: &Board, square: usize, animate: bool) -> Wave {
        let n = after.size();
        let distance = |sq: usize| (sq / n).abs_diff(square / n) + (sq % n).abs_diff(square % n);
        let mut steps: Vec<u128> = Vec::new();
        for sq in (0..after.squares()).filter(|&sq| sq != square) {
            if before.owner(sq) != after.owner(sq) {
                let d = distance(sq);
                if steps.len() < d {
                    steps.resize(d, 0);
                }
                steps[d - 1] |= 1 << sq;
            }
        }
        steps.retain(|&s| s != 0);
        let shown = if animate { 0 } else { steps.len() };
        Wave {
            before,
            square,
            steps,
            shown,
            next: Instant::now() + WAVE_STEP,
        }
    }

    /// Every square the move turned over.
    pub fn turned(&self) -> u128 {
        self.steps.iter().fold(0, |a, &s| a | s)
    }

    /// The turned squares not yet drawn in their new state.
    pub fn pending(&self) -> u128 {
        self.steps[self.shown..].iter().fold(0, |a, &s| a | s)
    }

    pub fn done(&self) -> bool {
        self.shown >= self.steps.len()
    }
}

/// Where the board was drawn, so that a click finds its square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardArea {
    pub x: u16,
    pub y: u16,
    pub cell_w: u16,
    pub cell_h: u16,
}

/// The board screen.
pub struct App<'a> {
    pub session: Session<'a>,
    pub cursor: usize,
    /// The answer to the last key (an error, a hint, a setting changed).
    pub message: String,
    pub hint: Option<usize>,
    pub animate: bool,
    pub wave: Option<Wave>,
    pub thinker: Option<Thinker>,
    /// The AI's latest finished depth, kept after its move for the status line.
    pub progress: Option<Progress>,
    pub help: bool,
    pub quit: bool,
    pub board_area: Cell<Option<BoardArea>>,
    engine: Option<Box<Engine>>,
    /// Moves already seen, so that only a new move starts a wave.
    seen_moves: usize,
    /// A winning move was played whose announcement waits for its wave to be shown.
    win_pending: bool,
}

impl<'a> App<'a> {
    /// A screen for `session`, whose AI will be searched for here (on a thread).
    pub fn new(mut session: Session<'a>) -> App<'a> {
        session.set_external_ai(true);
        let mut app = App {
            cursor: 0,
            message: "? shows the keys".to_string(),
            hint: None,
            animate: true,
            wave: None,
            thinker: None,
            progress: None,
            help: false,
            quit: false,
            board_area: Cell::new(None),
            engine: None,
            win_pending: false,
            seen_moves: session.moves().len(),
            session,
        };
        app.resume();
        app
    }

    /// Carries out `command` on the session, first dropping a search it would outdate.
    pub fn command(&mut self, command: Command) {
        self.thinker = None;
        self.hint = None;
        match self.session.execute(command) {
            Ok(_) => self.message.clear(),
            Err(e) => self.message = e.to_string(),
        }
        self.resume();
        self.after_change();
    }

    /// The 2014 dialect stops play after settings change; the screen always plays on.
    fn resume(&mut self) {
        if !self.session.in_play() && self.session.board().winner().is_none() {
            let _ = self.session.execute(Command::Start);
        }
    }

    /// Starts the wave of a new move; keeps the cursor on the board.
    fn after_change(&mut self) {
        let moves = self.session.moves().len();
        self.wave = match self.session.last_move() {
            Some((before, sq)) if moves > self.seen_moves => {
                Some(Wave::new(before, self.session.board(), sq, self.animate))
            }
            _ => None,
        };
        let new_move = moves > self.seen_moves;
        self.seen_moves = moves;
        if self.cursor >= self.session.board().squares() {
            self.cursor = 0;
        }
        self.win_pending = new_move && self.session.board().winner().is_some();
        self.announce_win_once_shown();
    }

    /// The win is announced when the winning move's chain reaction has been drawn, not
    /// while the board still shows the squares it has yet to turn over.
    fn announce_win_once_shown(&mut self) {
        if let Some(winner) = self.session.board().winner()
            && self.win_pending
            && self.wave_done()
        {
            self.win_pending = false;
            self.message = format!("{} wins! u undoes, n starts a new game, q quits", winner);
        }
    }

    /// Whether the last move's chain reaction has been drawn to its end.
    pub fn wave_done(&self) -> bool {
        self.wave.as_ref().is_none_or(Wave::done)
    }

    /// One key press.
    pub fn key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c')) {
            self.quit = true;
            return;
        }
        if self.help {
            // Any key closes the help; q still quits.
            self.help = false;
            if !matches!(key.code, KeyCode::Char('q')) {
                return;
            }
        }
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char('?') => self.help = true,
            KeyCode::Left | KeyCode::Char('h') => self.step_cursor(0, -1),
            KeyCode::Right | KeyCode::Char('l') => self.step_cursor(0, 1),
            KeyCode::Up | KeyCode::Char('k') => self.step_cursor(-1, 0),
            KeyCode::Down | KeyCode::Char('j') => self.step_cursor(1, 0),
            KeyCode::Enter | KeyCode::Char(' ') => self.play(self.cursor),
            KeyCode::Char('u') => self.undo_redo(Command::Undo),
            KeyCode::Char('r') => self.undo_redo(Command::Redo),
            KeyCode::Char('t') => self.ask_hint(),
            KeyCode::Char('m') | KeyCode::Char('.') => self.move_now(),
            KeyCode::Char('n') => self.command(Command::Clear),
            KeyCode::Char('+') | KeyCode::Char('=') => self.resize(1),
            KeyCode::Char('-') => self.resize(-1),
            KeyCode::Char('1') => self.toggle_player(Colour::Red),
            KeyCode::Char('2') => self.toggle_player(Colour::Blue),
            KeyCode::Char('x') => self.swap_sides(),
            KeyCode::Char('L') => self.next_level(),
            KeyCode::Char('<') => self.scale_time(false),
            KeyCode::Char('>') => self.scale_time(true),
            KeyCode::Char('a') => self.toggle_animation(),
            _ => {}
        }
    }

    /// A press of the plain key `c`.
    pub fn press(&mut self, c: char) {
        self.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }

    /// A left click at a terminal cell: plays the square under it, if any.
    pub fn click(&mut self, x: u16, y: u16) {
        let Some(area) = self.board_area.get() else {
            return;
        };
        let n = self.session.board().size() as u16;
        let (dx, dy) = (x.wrapping_sub(area.x), y.wrapping_sub(area.y));
        let (col, row) = (dx / area.cell_w.max(1), dy / area.cell_h.max(1));
        if x >= area.x && y >= area.y && col < n && row < n {
            self.cursor = (row * n + col) as usize;
            self.play(self.cursor);
        }
    }

    fn step_cursor(&mut self, drow: isize, dcol: isize) {
        let n = self.session.board().size() as isize;
        let (row, col) = (self.cursor as isize / n, self.cursor as isize % n);
        let (row, col) = ((row + drow).clamp(0, n - 1), (col + dcol).clamp(0, n - 1));
        self.cursor = (row * n + col) as usize;
    }

    /// The person to move plays `sq`; the session refuses what the rules do not allow.
    fn play(&mut self, sq: usize) {
        let Coord { row, col } = self.session.board().coord(sq);
        self.command(Command::Move {
            row: row as u64,
            col: col as u64,
        });
    }

    /// Undo or redo, saying how many moves it took (the session tells only its output).
    fn undo_redo(&mut self, command: Command) {
        let before = self.session.moves().len();
        self.command(command);
        let after = self.session.moves().len();
        if after < before {
            self.message = format!("undo: {} move(s) taken back", before - after);
        } else if after > before && self.session.board().winner().is_none() {
            self.message = format!("redo: {} move(s) played again", after - before);
        }
    }

    fn resize(&mut self, by: isize) {
        let size = self.session.board().size() as isize + by;
        if (MIN_SIZE as isize..=MAX_SIZE as isize).contains(&size) {
            self.command(Command::Size(size as usize));
            self.cursor = 0;
            self.message = format!("a new {size}x{size} game");
        } else {
            self.message = format!("boards are {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}");
        }
    }

    fn set_player(&mut self, colour: Colour, ai: bool) {
        self.command(if ai {
            Command::Auto(colour)
        } else {
            Command::Manual(colour)
        });
    }

    fn toggle_player(&mut self, colour: Colour) {
        let ai = !self.session.is_ai(colour);
        self.set_player(colour, ai);
        self.message = format!("{} is played by {}", colour, player_name(ai));
    }

    fn swap_sides(&mut self) {
        let (red, blue) = (
            self.session.is_ai(Colour::Red),
            self.session.is_ai(Colour::Blue),
        );
        self.set_player(Colour::Red, blue);
        self.set_player(Colour::Blue, red);
        self.message = format!(
            "sides swapped: Red {}, Blue {}",
            player_name(blue),
            player_name(red)
        );
    }

    fn next_level(&mut self) {
        let level = self.session.engine_config().level % 5 + 1;
        self.command(Command::Level(level));
        self.message = format!("AI level {level}");
    }

    /// `>` doubles the AI's time a move, `<` halves it.
    fn scale_time(&mut self, longer: bool) {
        // Under a node limit or a clock the keys start again from one second a move.
        let ms = match self.session.engine_config().limit {
            Limit::MoveTime(t) => t.as_millis() as u64,
            _ => 1000,
        };
        let ms = if longer { ms * 2 } else { ms / 2 };
        let ms = ms.clamp(TIME_KEYS_MS.0, TIME_KEYS_MS.1);
        self.command(Command::Time(Duration::from_millis(ms)));
        self.message = format!("AI time a move: {}", seconds(Duration::from_millis(ms)));
    }

    fn toggle_animation(&mut self) {
        self.animate = !self.animate;
        if let Some(w) = &mut self.wave {
            w.shown = w.steps.len();
        }
        let state = if self.animate { "on" } else { "off" };
        self.message = format!("chain reaction animation {state}");
    }

    fn ask_hint(&mut self) {
        let board = *self.session.board();
        if board.winner().is_some() || self.session.ai_to_move() {
            self.message = "a hint is for the person to move".to_string();
        } else if self.thinker.is_none() {
            self.think(board, Purpose::Hint);
            self.message = "thinking of a hint...".to_string();
        }
    }

    fn move_now(&mut self) {
        match &self.thinker {
            Some(t) => {
                t.stop();
                self.message = "moving now".to_string();
            }
            None => self.message = "the AI is not thinking".to_string(),
        }
    }

    fn think(&mut self, board: Board, purpose: Purpose) {
        let config = self.session.engine_config().clone();
        let engine = self
            .engine
            .take()
            .unwrap_or_else(|| Box::new(crate::proven::engine(config.clone())));
        self.progress = None;
        self.thinker = Some(Thinker::spawn(engine, &config, board, purpose));
    }

    /// Called often: takes the AI's reports, moves the wave on, starts the AI's turn.
    pub fn tick(&mut self) {
        while let Some(report) = self.thinker.as_ref().and_then(Thinker::try_report) {
            self.report(report);
        }
        if let Some(w) = &mut self.wave
            && !w.done()
            && Instant::now() >= w.next
        {
            w.shown += 1;
            w.next = Instant::now() + WAVE_STEP;
        }
        self.announce_win_once_shown();
        self.start_ai();
    }

    /// The AI starts thinking when it is its turn and the last move has been shown.
    fn start_ai(&mut self) {
        let wave_done = self.wave.as_ref().is_none_or(Wave::done);
        if self.thinker.is_none() && wave_done && self.session.ai_to_move() {
            self.think(*self.session.board(), Purpose::Move);
        }
    }

    fn report(&mut self, report: Report) {
        match report {
            Report::Progress(p) => self.progress = Some(p),
            Report::Lost => {
                self.thinker = None;
                self.message = "the AI's search failed".to_string();
            }
            Report::Done(choice, engine) => {
                self.engine = Some(engine);
                let Some(thinker) = self.thinker.take() else {
                    return;
                };
                match (thinker.purpose, choice) {
                    (Purpose::Hint, Some(sq)) => {
                        self.hint = Some(sq);
                        self.message = format!("hint: {}", self.session.board().coord(sq));
                    }
                    (Purpose::Move, Some(sq)) if thinker.board == *self.session.board() => {
                        if let Err(e) = self.session.play_ai_move(sq) {
                            self.message = e.to_string();
                        }
                        self.after_change();
                    }
                    _ => {}
                }
            }
        }
    }

    /// For tests and scripts: waits until the AI has moved as far as it will, with every
    /// wave shown at once.
    pub fn settle(&mut self) {
        loop {
            if let Some(w) = &mut self.wave {
                w.shown = w.steps.len();
            }
            self.announce_win_once_shown();
            self.start_ai();
            let Some(thinker) = &self.thinker else {
                return;
            };
            if let Some(report) = thinker.wait_report(Duration::from_secs(60)) {
                self.report(report);
            }
        }
    }
}

/// "person" or "AI".
pub fn player_name(ai: bool) -> &'static str {
    if ai { "AI" } else { "person" }
}

/// A duration as `1s`, `0.25s`.
pub fn seconds(d: Duration) -> String {
    format!("{}s", d.as_secs_f64())
}
