//! A Jump Snatch game on the page: `jump61 snatch`'s own session, its AI and its solvers run
//! in the server's search pool (never on the game's thread), its moves played through the
//! session as if typed.

use super::context::{Capture, Context, Found, Report, Running, flush_captured};
use crate::snatch::ai;
use crate::snatch::board::squares_of;
use crate::snatch::session::{Player as Side, puzzle_text, value_answer};
use crate::snatch::solve::{Deadline, fewest_moves};
use crate::snatch::{Board, LastJump, Session, legal_moves};
use crate::web::limits::Limits;
use crate::web::protocol::{
    ClientMessage, Fewest, Player, ServerMessage, SnatchMove, SnatchPlayers, SnatchState, State,
};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What a Jump Snatch search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    /// The AI's own move.
    AiMove,
    /// A move for the person to move (`go`), played as theirs.
    PersonMove,
    Hint,
    Fewest,
    Value,
}

struct Search {
    running: Running,
    task: Task,
    /// The position searched, with whose turn it was and who jumped last.
    position: (Board, usize, usize),
}

/// A Jump Snatch game.
pub struct Snatch {
    pub(super) session: Session<'static>,
    out: Capture,
    err: Capture,
    search: Option<Search>,
    /// The puzzle's answer and the board it answers.
    fewest: Option<(Board, Fewest)>,
    /// The legal moves of a board, listed for the page (at most `Limits::
    /// max_legal_listed`), with how many there are: a crowded 8x8 board can have tens of
    /// thousands of jump chains, so they are found once a position, not once a message.
    legal: Option<(Board, Vec<SnatchMove>, usize)>,
}

impl Snatch {
    /// A game as `jump61 snatch` starts one, its second player the AI.
    pub fn new() -> Snatch {
        let mut game = Snatch::blank();
        game.session.handle_line("second ai");
        game.out.take_lines();
        game
    }

    fn blank() -> Snatch {
        let (out, err) = (Capture::default(), Capture::default());
        let mut session = Session::new(out.clone(), err.clone());
        session.set_external_ai(true);
        Snatch {
            session,
            out,
            err,
            search: None,
            fewest: None,
            legal: None,
        }
    }

    /// The position with whose turn it is and how many moves were played.
    fn position(&self) -> (Board, usize, usize) {
        (
            *self.session.board(),
            self.session.turn(),
            self.session.moves().len(),
        )
    }

    /// Carries out a message from the page (`join` and `kind` are the task's).
    pub fn message(&mut self, message: ClientMessage, ctx: &mut Context) {
        match message {
            ClientMessage::Line { text } => self.line(&text, ctx),
            ClientMessage::Hint {} => self.start_for_person(Task::Hint, ctx),
            ClientMessage::Go {} => match &self.search {
                Some(s) if s.task == Task::AiMove => {
                    ctx.error("the AI is moving (a Jump Snatch search ends at its time)")
                }
                _ => self.start_for_person(Task::PersonMove, ctx),
            },
            ClientMessage::Stop {} => match self.search.as_ref().map(|s| s.task) {
                Some(Task::AiMove) => ctx.error("the AI's own move cannot be stopped"),
                Some(_) => {
                    self.cancel_search();
                    ctx.out("search stopped");
                }
                None => ctx.error("nothing to stop: the AI is not thinking"),
            },
            ClientMessage::Fewest {} => self.solve(Task::Fewest, ctx),
            ClientMessage::Save {} => ctx.send(ServerMessage::Saved { text: self.save() }),
            ClientMessage::Load { text } => self.load(&text, ctx),
            ClientMessage::Rules { .. } => {
                ctx.error("rules are Jump61's (2014 or 2013); Jump Snatch has one set")
            }
            ClientMessage::Analyse { .. }
            | ClientMessage::Setup { .. }
            | ClientMessage::Puzzles { .. }
            | ClientMessage::Puzzle { .. }
            | ClientMessage::Attempt { .. }
            | ClientMessage::Retry {} => {
                ctx.error("the analysis board, Edit and the puzzles are Jump61's")
            }
            ClientMessage::Join { .. } | ClientMessage::Kind { .. } => {}
            // A game with a friend's: the connection never passes them to this game.
            ClientMessage::Friend { .. }
            | ClientMessage::Accept { .. }
            | ClientMessage::Sit { .. }
            | ClientMessage::Watch { .. }
            | ClientMessage::Resign {}
            | ClientMessage::Takeback {}
            | ClientMessage::Answer { .. }
            | ClientMessage::Rematch {}
            | ClientMessage::Claim {} => {}
            // The Games view's: the connection answers them itself.
            ClientMessage::Games { .. }
            | ClientMessage::Replay { .. }
            | ClientMessage::Watched { .. }
            | ClientMessage::Review { .. } => {}
        }
        self.settle(ctx);
    }

    fn line(&mut self, text: &str, ctx: &mut Context) {
        if text.len() > crate::protocol::MAX_LINE {
            return ctx.error("line too long");
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["quit" | "exit", ..] => ctx.error("quit: close the page to leave"),
            ["solve"] => self.solve(Task::Fewest, ctx),
            ["value"] => self.solve(Task::Value, ctx),
            ["time", secs] if secs.parse::<f64>().is_ok_and(|s| s > max_secs(&ctx.limits)) => ctx
                .error(format!(
                    "the page's AI thinks at most {} s a move",
                    max_secs(&ctx.limits)
                )),
            _ => {
                self.session.handle_line(text);
                flush_captured(&self.out, &self.err, ctx);
            }
        }
    }

    /// A search for the person to move: a hint, or their move (`go`).
    fn start_for_person(&mut self, task: Task, ctx: &mut Context) {
        if self.session.winner().is_some() {
            return ctx.error("the game is over");
        }
        if self.session.ai_to_move() {
            return ctx.error("the AI is to move");
        }
        self.cancel_search();
        self.think(task, ctx);
    }

    /// `solve` (the fewest moves) or `value` (who wins), in the pool.
    fn solve(&mut self, task: Task, ctx: &mut Context) {
        if task == Task::Fewest
            && self
                .fewest
                .as_ref()
                .is_some_and(|(b, _)| b == self.session.board())
        {
            return;
        }
        if self.search.is_some() {
            return ctx.error("the AI is thinking already");
        }
        self.think(task, ctx);
    }

    fn think(&mut self, task: Task, ctx: &mut Context) {
        let (board, last, turn) = (
            *self.session.board(),
            self.session.last_jump(),
            self.session.turn(),
        );
        let time = self.session.time();
        // The pool's stop flag ends the solvers and the AI too: a closed page frees its thread.
        let stop = Arc::new(AtomicBool::new(false));
        let deadline = Deadline {
            time: Some(Instant::now() + ctx.limits.max_solve_time),
            stop: Some(Arc::clone(&stop)),
        };
        let running = ctx.search(Arc::clone(&stop), move |_| match task {
            Task::Fewest => Found::Fewest(fewest_moves(&board, deadline)),
            Task::Value => Found::Value(value_answer(&board, last, turn, deadline)),
            _ => Found::Snatch(ai::choose_until(&board, last, time, Some(stop))),
        });
        self.search = Some(Search {
            running,
            task,
            position: self.position(),
        });
    }

    /// Gives up the search under way, if any.
    pub fn cancel_search(&mut self) {
        if let Some(s) = self.search.take() {
            s.running.stop();
        }
    }

    /// A report from a search.
    pub fn report(&mut self, report: Report, ctx: &mut Context) {
        let current = self
            .search
            .as_ref()
            .is_some_and(|s| s.running.id == report.search);
        let Some(search) = self.search.take_if(|_| current) else {
            return;
        };
        if search.position != self.position() {
            return self.settle(ctx);
        }
        match report.found {
            Found::Snatch(Some((m, reason))) => match search.task {
                Task::AiMove => {
                    let result = self.session.play_ai_move(&m, reason);
                    flush_captured(&self.out, &self.err, ctx);
                    if let Err(e) = result {
                        ctx.error(e);
                    }
                }
                Task::PersonMove => self.line(&m.to_string(), ctx),
                _ => ctx.send(ServerMessage::Hint {
                    text: m.to_string(),
                    score: reason.to_string(),
                }),
            },
            Found::Fewest(Ok(moves)) => {
                let text = puzzle_text(&moves);
                ctx.out(text.clone());
                let fewest = Fewest {
                    count: moves.as_ref().map(Vec::len),
                    moves: moves.iter().flatten().map(|m| m.to_string()).collect(),
                    text,
                };
                self.fewest = Some((*self.session.board(), fewest));
            }
            Found::Value(Some(text)) => ctx.out(text),
            Found::Fewest(Err(_)) | Found::Value(None) => ctx.error(format!(
                "no answer within {} s",
                ctx.limits.max_solve_time.as_secs_f64()
            )),
            _ => ctx.error("the AI's search failed"),
        }
        self.settle(ctx);
    }

    /// After any change: a search for a position gone is dropped, the AI starts when it
    /// is to move (while a page has the game), and the page gets the state.
    pub fn settle(&mut self, ctx: &mut Context) {
        if self
            .search
            .as_ref()
            .is_some_and(|s| s.position != self.position())
        {
            self.cancel_search();
        }
        if ctx.attached && self.search.is_none() && self.session.ai_to_move() {
            self.think(Task::AiMove, ctx);
        }
        flush_captured(&self.out, &self.err, ctx);
        self.list_legal(ctx.limits.max_legal_listed);
        ctx.send(ServerMessage::State(State::Snatch(self.state())));
    }

    /// Finds the legal moves of the current position, unless they are known.
    fn list_legal(&mut self, most: usize) {
        let board = *self.session.board();
        if self.legal.as_ref().is_some_and(|(b, _, _)| *b == board) {
            return;
        }
        let moves = legal_moves(&board);
        let listed = moves
            .iter()
            .take(most)
            .map(|m| SnatchMove {
                text: m.to_string(),
                path: m.path.iter().map(|&sq| square(sq)).collect(),
                jump: m.jump,
            })
            .collect();
        self.legal = Some((board, listed, moves.len()));
    }

    /// The game as `jump61 snatch < FILE` replays it.
    fn save(&self) -> String {
        let mut text = String::from("# A Jump Snatch game; replay it with: jump61 snatch < FILE\n");
        text.push_str("first person\nsecond person\n");
        text.push_str(&format!(
            "position {}\n",
            self.session.start_board().notation()
        ));
        for m in self.session.moves() {
            text.push_str(m);
            text.push('\n');
        }
        text
    }

    /// `load`: the lines of a saved game carried out on a new game; all or nothing.
    fn load(&mut self, text: &str, ctx: &mut Context) {
        match loaded(text, &ctx.limits) {
            Ok(next) => {
                self.cancel_search();
                *self = next;
                ctx.out(format!("loaded: {} moves", self.session.moves().len()));
            }
            Err(e) => ctx.error(format!("load refused, the game goes on unchanged: {e}")),
        }
    }

    /// The whole visible state.
    pub fn state(&self) -> SnatchState {
        let board = self.session.board();
        let side = |turn: usize| if turn == 0 { "first" } else { "second" };
        let player = |turn: usize| Player::of(self.session.player_of(turn) == Side::Ai);
        let thinking = self
            .search
            .as_ref()
            .is_some_and(|s| matches!(s.task, Task::AiMove | Task::PersonMove | Task::Hint));
        SnatchState {
            size: board.size(),
            pieces: squares_of(board.occupied()).map(square).collect(),
            to_move: side(self.session.turn()),
            players: SnatchPlayers {
                first: player(0),
                second: player(1),
            },
            winner: self.session.winner().map(side),
            moves: self.session.moves().to_vec(),
            legal: self
                .legal
                .as_ref()
                .filter(|(b, _, _)| b == board)
                .map(|(_, listed, _)| listed.clone())
                .unwrap_or_default(),
            legal_count: self
                .legal
                .as_ref()
                .filter(|(b, _, _)| b == board)
                .map_or(0, |(_, _, count)| *count),
            can_undo: !self.session.moves().is_empty(),
            thinking,
            notation: board.notation(),
            last_jump: match self.session.last_jump() {
                LastJump::Nobody => "nobody",
                LastJump::Mover => "mover",
                LastJump::Opponent => "opponent",
            },
            time: self.session.time().as_secs_f64(),
            fewest: self
                .fewest
                .as_ref()
                .filter(|(b, _)| b == board)
                .map(|(_, f)| f.clone()),
        }
    }
}

impl Default for Snatch {
    fn default() -> Self {
        Snatch::new()
    }
}

/// A saved game's lines carried out on a new game, or the first refused line.
fn loaded(text: &str, limits: &Limits) -> Result<Snatch, String> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() > limits.max_load_lines {
        return Err(format!("more than {} lines", limits.max_load_lines));
    }
    let mut next = Snatch::blank();
    for (i, line) in lines.iter().enumerate() {
        let first = line.split_whitespace().next().unwrap_or("");
        match first {
            "quit" | "exit" => break,
            "solve" | "value" => continue,
            _ if first.starts_with('#') => continue,
            _ => {}
        }
        if line.len() > crate::protocol::MAX_LINE {
            return Err(format!("line {}: too long", i + 1));
        }
        next.session.handle_line(line);
        if let Some(e) = next.err.take_lines().first() {
            let e = e.strip_prefix("error: ").unwrap_or(e);
            return Err(format!("line {}: {e}", i + 1));
        }
    }
    next.out.take_lines();
    Ok(next)
}

fn max_secs(limits: &Limits) -> f64 {
    limits.max_move_time.as_secs_f64()
}

/// A square as `[row, col]`, both from 1.
fn square(sq: u8) -> [usize; 2] {
    [sq as usize / 8 + 1, sq as usize % 8 + 1]
}
