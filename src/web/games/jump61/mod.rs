//! A Jump61 game on the page: the command loop's own `Session` (the same as `jump61` and
//! `--display` drive), with its AI searched in the server's pool instead of inside the
//! session, as the board screen searches on a thread of its own.
//!
//! Every change goes through the session: a page's line is parsed by `Command::parse` and
//! carried out by `Session::execute`; the AI's move, found in the pool for the position it
//! was asked about, is played by `Session::play_ai_move`. Only the settings that would
//! reach past one game (memory, threads, the solver) are refused here.

mod tools;

use super::analysis::Analyst;
use super::anim;
use super::context::{Capture, Context, Found, Report, Running, flush_captured};
use super::puzzles::Puzzler;
use super::words::{colour_name, score_text};
use crate::board::{Board, Colour, Coord};
use crate::display::save;
use crate::protocol::{Command, CommandError, Dialect, MAX_LINE, MAX_QUOTED, Options, Session};
use crate::search::{Engine, EngineConfig, Limit, Progress, Score};
use crate::web::limits::Limits;
use crate::web::protocol::{
    ClientMessage, Jump61Players, Jump61State, Player, Purpose, ServerMessage,
};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A search for this game.
struct Search {
    running: Running,
    purpose: Purpose,
    /// A move for the person to move (`go`), played as theirs.
    for_person: bool,
    /// The position searched: an answer for another position is never used.
    board: Board,
    /// The score of the deepest depth finished.
    score: Option<Score>,
}

/// A Jump61 game.
pub struct Jump61 {
    pub(super) session: Session<'static>,
    out: Capture,
    err: Capture,
    /// The searcher's engine, kept between moves for its table (away while it searches).
    engine: Option<Box<Engine>>,
    search: Option<Search>,
    /// The analysis board, when it is on.
    pub(super) analyst: Analyst,
    /// The puzzle on the board, if any.
    pub(super) puzzler: Puzzler,
}

impl Jump61 {
    /// A game as the command loop starts one (6x6, Red a person, Blue the AI, 1 s a move),
    /// with the server's memory per game.
    pub fn new(limits: &Limits) -> Jump61 {
        let engine = EngineConfig {
            hash_mb: limits.hash_mb,
            proof_mb: limits.proof_mb,
            threads: 1,
            ..EngineConfig::default()
        };
        let mut game = Jump61::with(Dialect::V2014, engine);
        game.resume();
        game
    }

    fn with(dialect: Dialect, engine: EngineConfig) -> Jump61 {
        let (out, err) = (Capture::default(), Capture::default());
        let options = Options {
            dialect,
            engine,
            verbose: false,
            prompts: false,
        };
        let mut session = Session::new(options, out.clone(), err.clone());
        session.set_external_ai(true);
        Jump61 {
            session,
            out,
            err,
            engine: None,
            search: None,
            analyst: Analyst::default(),
            puzzler: Puzzler::default(),
        }
    }

    /// Carries out a message from the page (`join` and `kind` are the task's).
    pub fn message(&mut self, message: ClientMessage, ctx: &mut Context) {
        if self.puzzler.on() && !tools::in_a_puzzle(&message) {
            ctx.error("a puzzle is on the board: play it, or leave the Puzzles tab first");
            return self.settle(ctx);
        }
        match message {
            ClientMessage::Line { text } => self.line(&text, ctx),
            ClientMessage::Rules { rules } => self.rules(&rules, ctx),
            ClientMessage::Hint {} => self.hint(ctx),
            ClientMessage::Go {} => self.go(ctx),
            ClientMessage::Stop {} => self.stop(ctx),
            ClientMessage::Save {} => ctx.send(ServerMessage::Saved {
                text: save::commands(&self.session),
            }),
            ClientMessage::Load { text } => self.load(&text, ctx),
            ClientMessage::Fewest {} => {
                ctx.error("fewest is for Jump Snatch; in Jump61 ask for a hint")
            }
            ClientMessage::Join { .. } | ClientMessage::Kind { .. } => {}
            other => self.tool(other, ctx),
        }
        self.settle(ctx);
    }

    /// One line of the command loop's language.
    fn line(&mut self, text: &str, ctx: &mut Context) {
        let command = match parse(text, self.session.dialect(), &ctx.limits) {
            Ok(Some(command)) => command,
            Ok(None) => return,
            Err(e) => return ctx.error(e),
        };
        let is_move = matches!(command, Command::Move { .. });
        self.execute(command, is_move, ctx);
    }

    /// Carries out `command`; a move it plays is animated when `animate`.
    pub(super) fn execute(&mut self, command: Command, animate: bool, ctx: &mut Context) {
        let before = self.session.moves().len();
        let result = self.session.execute(command);
        flush_captured(&self.out, &self.err, ctx);
        if let Err(e) = result {
            ctx.error(e.to_string());
        }
        self.resume();
        if animate && self.session.moves().len() > before {
            self.animate(ctx);
        }
    }

    /// The 2014 rules stop play after settings change; the page always plays on, as the
    /// board screen does.
    fn resume(&mut self) {
        if !self.session.in_play() && self.session.board().winner().is_none() {
            let _ = self.session.execute(Command::Start);
        }
    }

    /// The last move's chain reaction, wave by wave.
    fn animate(&mut self, ctx: &mut Context) {
        if let Some((before, sq)) = self.session.last_move() {
            let c = before.coord(sq);
            ctx.send(ServerMessage::Anim {
                square: [c.row, c.col],
                mover: colour_name(before.to_move()),
                frames: anim::waves(&before, sq),
            });
        }
    }

    /// `rules`: a new game of the same size, players and AI under other rules.
    pub(super) fn rules(&mut self, rules: &str, ctx: &mut Context) {
        let dialect = match rules.trim() {
            "2014" => Dialect::V2014,
            "2013" => Dialect::V2013,
            other => {
                let other = crate::protocol::clip(other);
                return ctx.error(format!(
                    "unknown rules '{other}': the page plays 2014 or 2013"
                ));
            }
        };
        self.cancel_search();
        let size = self.session.board().size();
        let mut next = Jump61::with(dialect, self.session.engine_config().clone());
        for colour in [Colour::Red, Colour::Blue] {
            let _ = next.session.execute(if self.session.is_ai(colour) {
                Command::Auto(colour)
            } else {
                Command::Manual(colour)
            });
        }
        let _ = next.session.execute(Command::Size(size));
        next.resume();
        next.out.take_lines();
        next.analyst = std::mem::take(&mut self.analyst);
        next.puzzler = std::mem::take(&mut self.puzzler);
        *self = next;
        ctx.out(format!("rules {dialect}: a new {size}x{size} game"));
    }

    fn hint(&mut self, ctx: &mut Context) {
        if let Some(why) = self.not_playing() {
            return ctx.error(why);
        }
        if self.session.ai_to_move() {
            return ctx.error("a hint is for a person to move, and the AI is to move");
        }
        if self.search.is_some() {
            return ctx.error("the AI is thinking already");
        }
        self.think(Purpose::Hint, false, ctx);
    }

    /// `go`: the AI's search plays now; a person to move gets the AI's move played for them.
    fn go(&mut self, ctx: &mut Context) {
        if let Some(why) = self.not_playing() {
            return ctx.error(why);
        }
        match &self.search {
            Some(s) if s.purpose == Purpose::Move => s.running.stop(),
            _ => {
                self.cancel_search();
                let for_person = !self.session.ai_to_move();
                self.think(Purpose::Move, for_person, ctx);
            }
        }
    }

    /// `stop`: a hint or a move for a person is given up; the AI's own search plays now.
    fn stop(&mut self, ctx: &mut Context) {
        match &self.search {
            Some(s) if s.purpose == Purpose::Move && !s.for_person => s.running.stop(),
            Some(_) => {
                self.cancel_search();
                ctx.out("search stopped");
            }
            None => ctx.error("nothing to stop: the AI is not thinking"),
        }
    }

    /// Why no move can be searched now, if so.
    fn not_playing(&self) -> Option<String> {
        if let Some(winner) = self.session.board().winner() {
            return Some(format!("the game is over: {winner} has won"));
        }
        (!self.session.in_play()).then(|| "no game in progress".to_string())
    }

    /// `load`: the lines of a saved game carried out on a new game; all or nothing.
    fn load(&mut self, text: &str, ctx: &mut Context) {
        match self.loaded(text, &ctx.limits) {
            Ok(mut next) => {
                self.cancel_search();
                next.analyst = std::mem::take(&mut self.analyst);
                next.puzzler = std::mem::take(&mut self.puzzler);
                *self = next;
                let moves = self.session.moves().len();
                ctx.out(format!("loaded: {moves} moves"));
            }
            Err(e) => ctx.error(format!("load refused, the game goes on unchanged: {e}")),
        }
    }

    fn loaded(&self, text: &str, limits: &Limits) -> Result<Jump61, String> {
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() > limits.max_load_lines {
            return Err(format!("more than {} lines", limits.max_load_lines));
        }
        let dialect = crate::protocol::script::named_dialect(text, Dialect::V2014);
        if dialect == Dialect::V2019 {
            return Err("the page plays the 2014 and 2013 rules, not the 2019 dialect".into());
        }
        let mut next = Jump61::with(dialect, self.session.engine_config().clone());
        for (i, line) in lines.iter().enumerate() {
            if let Ok(Some(Command::Quit)) = Command::parse(line, dialect) {
                break;
            }
            let command = match parse(line, dialect, limits) {
                Ok(Some(command)) => command,
                Ok(None) => continue,
                Err(e) => return Err(format!("line {}: {e}", i + 1)),
            };
            next.session
                .execute(command)
                .map_err(|e| format!("line {}: {e}", i + 1))?;
        }
        next.resume();
        next.out.take_lines();
        next.err.take_lines();
        Ok(next)
    }

    /// Starts a search of the current position in the pool.
    fn think(&mut self, purpose: Purpose, for_person: bool, ctx: &mut Context) {
        let board = *self.session.board();
        let config = EngineConfig {
            threads: 1,
            ponder: false,
            ..self.session.engine_config().clone()
        };
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Box::new(crate::proven::engine(config.clone())));
        engine.set_config(config);
        // The flag the pool watches while the job waits is the one the engine watches.
        let stop = Arc::new(AtomicBool::new(false));
        engine.set_stop_flag(Some(Arc::clone(&stop)));
        let running = ctx.search(stop, move |report| {
            let mut progress = |p: &Progress| report(Found::Progress(p.clone()));
            let choice = engine.choose_move(&board, &mut progress);
            Found::Jump61(choice, engine)
        });
        self.search = Some(Search {
            running,
            purpose,
            for_person,
            board,
            score: None,
        });
    }

    /// Gives up the search under way, if any; it stops at once.
    pub fn cancel_search(&mut self) {
        if let Some(s) = self.search.take() {
            s.running.stop();
        }
    }

    /// Stops every search of this game, its analysis and puzzle's too (its page has gone).
    pub fn stop_all(&mut self) {
        self.cancel_search();
        self.analyst.cancel();
        self.puzzler.cancel();
    }

    /// A report from a search.
    pub fn report(&mut self, report: Report, ctx: &mut Context) {
        if self.analyst.owns(report.search) {
            return self.analyst.report(report.found, ctx);
        }
        if self.puzzler.owns(report.search) {
            return self.puzzle_report(report.found, ctx);
        }
        let current = self
            .search
            .as_ref()
            .is_some_and(|s| s.running.id == report.search);
        match report.found {
            Found::Progress(p) if current => self.progress(&p, ctx),
            Found::Jump61(choice, engine) => {
                self.engine.get_or_insert(engine);
                if let Some(search) = self.search.take_if(|_| current) {
                    self.finished(search, choice, ctx);
                    self.settle(ctx);
                }
            }
            Found::Lost if current => {
                self.search = None;
                ctx.error("the AI's search failed");
                self.settle(ctx);
            }
            _ => {}
        }
    }

    fn progress(&mut self, p: &Progress, ctx: &mut Context) {
        let Some(search) = &mut self.search else {
            return;
        };
        search.score = Some(p.score);
        ctx.send(ServerMessage::Search {
            purpose: search.purpose,
            depth: p.depth,
            score: score_text(p.score),
            pv: p.pv.iter().map(|&c| coord_text(c)).collect(),
            nodes: p.nodes,
        });
    }

    fn finished(&mut self, search: Search, choice: Option<usize>, ctx: &mut Context) {
        let Some(sq) = choice else {
            return;
        };
        if search.board != *self.session.board() {
            return;
        }
        let c = search.board.coord(sq);
        match (search.purpose, search.for_person) {
            (Purpose::Hint, _) => ctx.send(ServerMessage::Hint {
                text: coord_text(c),
                score: search.score.map(score_text).unwrap_or_default(),
            }),
            (Purpose::Move, false) => {
                let result = self.session.play_ai_move(sq);
                flush_captured(&self.out, &self.err, ctx);
                match result {
                    Ok(()) => self.animate(ctx),
                    Err(e) => ctx.error(e.to_string()),
                }
            }
            (Purpose::Move, true) => {
                let (row, col) = (c.row as u64, c.col as u64);
                self.execute(Command::Move { row, col }, true, ctx);
            }
        }
    }

    /// After any change: a search for a position gone is dropped, the AI starts thinking
    /// when it is to move (while a page has the game), and the page gets the state.
    pub fn settle(&mut self, ctx: &mut Context) {
        let stale = self.search.as_ref().is_some_and(|s| {
            s.board != *self.session.board()
                || (s.purpose == Purpose::Move && !s.for_person && !self.session.ai_to_move())
        });
        if stale {
            self.cancel_search();
        }
        if ctx.attached && self.search.is_none() && self.session.ai_to_move() {
            self.think(Purpose::Move, false, ctx);
        }
        flush_captured(&self.out, &self.err, ctx);
        ctx.send(ServerMessage::State(crate::web::protocol::State::Jump61(
            self.state(),
        )));
        self.analyst.settle(self.session.board(), ctx);
        self.puzzler.send(ctx);
    }

    /// The whole visible state.
    pub fn state(&self) -> Jump61State {
        let board = self.session.board();
        let start = self.session.start_board();
        let moves: Vec<String> = self
            .session
            .moves()
            .iter()
            .map(|&sq| coord_text(start.coord(sq)))
            .collect();
        let config = self.session.engine_config();
        let (time, nodes) = match config.limit {
            Limit::MoveTime(t) => (Some(t.as_secs_f64()), None),
            Limit::Nodes(n) => (None, Some(n)),
            _ => (None, None),
        };
        Jump61State {
            size: board.size(),
            rules: board.rules().to_string(),
            squares: anim::squares(board),
            to_move: colour_name(board.to_move()),
            players: Jump61Players {
                red: Player::of(self.session.is_ai(Colour::Red)),
                blue: Player::of(self.session.is_ai(Colour::Blue)),
            },
            in_play: self.session.in_play(),
            winner: board.winner().map(colour_name),
            can_undo: !moves.is_empty(),
            moves,
            can_redo: self.session.redo_count() > 0,
            thinking: self.search.is_some(),
            notation: board.to_notation(),
            last: self.session.last_move().map(|(b, sq)| {
                let c = b.coord(sq);
                [c.row, c.col]
            }),
            time,
            nodes,
            level: config.level,
        }
    }
}

/// A page's line as a command, or why it is refused: what the loop refuses, and the
/// settings that would reach past one game.
fn parse(text: &str, dialect: Dialect, limits: &Limits) -> Result<Option<Command>, String> {
    if text.len() > MAX_LINE {
        let mut end = (4 * MAX_QUOTED).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        return Err(CommandError::LineTooLong(text[..end].to_string()).to_string());
    }
    let command = Command::parse(text, dialect).map_err(|e| e.to_string())?;
    let not_here =
        |what: &str, why: &str| Err(format!("{what} is not available on the web page: {why}"));
    match &command {
        Some(Command::Quit) => {
            Err("quit: close the page to leave; the game is kept a while".into())
        }
        Some(Command::Hash(_)) => not_here("hash", "the server sets each game's memory"),
        Some(Command::Threads(_)) => not_here("threads", "searches share the server's pool"),
        Some(Command::Ponder(_)) => not_here("ponder", "the AI thinks on its own time only"),
        Some(Command::Verbose(_)) => not_here("verbose", "the page shows the search as it goes"),
        Some(Command::Clock { .. }) => not_here("clock", "the AI plays by time or nodes a move"),
        Some(Command::Solve { .. } | Command::SolveValue) => {
            not_here("solve", "it runs in the command loop (jump61, then solve)")
        }
        Some(Command::Time(t)) if *t > limits.max_move_time => Err(format!(
            "the page's AI thinks at most {} s a move",
            limits.max_move_time.as_secs_f64()
        )),
        Some(Command::Nodes(n)) if *n > limits.max_move_nodes => Err(format!(
            "the page's AI searches at most {} nodes a move",
            limits.max_move_nodes
        )),
        _ => Ok(command),
    }
}

/// A square as the command loop writes a move: `2 3`.
fn coord_text(c: Coord) -> String {
    format!("{} {}", c.row, c.col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_that_reach_past_one_game_are_refused() {
        let limits = Limits::default();
        let parse14 = |line: &str| parse(line, Dialect::V2014, &limits);
        assert_eq!(parse14("2 3"), Ok(Some(Command::Move { row: 2, col: 3 })));
        assert_eq!(parse14("# a comment"), Ok(None));
        assert!(
            parse14("quit")
                .unwrap_err()
                .starts_with("quit: close the page")
        );
        for refused in [
            "hash 8",
            "threads 2",
            "ponder on",
            "verbose",
            "solve 3",
            "solve",
            "clock 5 1",
        ] {
            let e = parse14(refused).unwrap_err();
            assert!(
                e.contains("is not available on the web page"),
                "{refused}: {e}"
            );
        }
        assert!(parse14("time 61").unwrap_err().contains("at most 60 s"));
        assert!(parse14("time 60").is_ok());
        assert!(parse14("nodes 100000001").is_err());
        assert!(
            parse14(&"x".repeat(MAX_LINE + 1))
                .unwrap_err()
                .starts_with("line too long")
        );
    }
}
