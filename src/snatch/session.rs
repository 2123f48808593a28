//! The Jump Snatch command loop: one line in, a command parsed, the game changed, text out.
//! Errors go to the error stream and change nothing; the loop never panics.

use super::ai::{self, Reason};
use super::board::{Board, LastJump, MAX_SIZE, MIN_SIZE};
use super::moves::{Move, legal_moves, parse_move};
use super::solve::{Deadline, fewest_moves, winning_moves};
use crate::interrupt::{CTRL_C_HELP, Interrupt};
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// Longest the `solve` and `value` commands think before giving up.
const SOLVE_LIMIT: Duration = Duration::from_secs(60);

const HELP: &str = "\
Jump Snatch commands:
  help                  this list
  size N                an empty N x N board (N from 3 to 8)
  set R:C x|.           put a piece on row R, column C, or empty it
  position P            a whole position, rows joined by '/', e.g. .xx/.xx/...
  random N K SEED       an N x N board with K pieces placed by SEED
  board                 print the board
  R:C-R:C               slide a piece one square, e.g. 3:3-2:2
  R:CxR:Cx...           a jump move, e.g. 1:3x3:3x1:1x1:3
  undo                  take back the last move (and the AI's reply)
  solve                 the fewest moves that leave one piece, with the moves
  value                 who wins with perfect play, and every winning first move
  first person|ai       who plays the first player's side (likewise: second)
  time SECONDS          the AI's time per move
  quit                  leave
Setting up a board starts a new game with the first player to move.";

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Person,
    Ai,
}

/// The game: the position, whose turn, who jumped last, the history for undo.
#[derive(Clone, Debug)]
struct Game {
    board: Board,
    last: LastJump,
    /// 0 when the first player is to move, 1 for the second.
    turn: usize,
    history: Vec<(Board, LastJump, usize)>,
    /// The moves played, as written, oldest first (one per entry of `history`).
    played: Vec<String>,
}

impl Game {
    fn new(board: Board) -> Game {
        Game {
            board,
            last: LastJump::Nobody,
            turn: 0,
            history: Vec::new(),
            played: Vec::new(),
        }
    }

    fn play(&mut self, m: &Move) {
        self.history.push((self.board, self.last, self.turn));
        self.played.push(m.to_string());
        self.board.set_bits(m.result);
        self.last = self.last.after(m.jump);
        self.turn = 1 - self.turn;
    }

    /// The winner's index when the side to move cannot move.
    fn winner(&self) -> Option<usize> {
        legal_moves(&self.board).is_empty().then(|| {
            if self.last.mover_wins_if_stuck() {
                self.turn
            } else {
                1 - self.turn
            }
        })
    }
}

/// "first player" or "second player".
pub fn side(turn: usize) -> &'static str {
    if turn == 0 {
        "first player"
    } else {
        "second player"
    }
}

/// Continue or leave the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The command loop's state and its two output streams.
pub struct Session<'a> {
    game: Game,
    players: [Player; 2],
    time: Duration,
    out: Box<dyn Write + 'a>,
    err: Box<dyn Write + 'a>,
    /// The AI's moves come from outside (`ai_to_move`, then `play_ai_move`), e.g. from the
    /// web server's search pool, instead of from a search inside `handle_line`.
    external_ai: bool,
    /// Ctrl-C's state when a person types at a terminal (see [`Interrupt`]).
    interrupt: Option<Interrupt>,
}

/// Runs the loop on `input` read as it is, until `quit` or the end of the input. (The
/// program's own loop reads its lines through the command line's face: bounded, or edited at
/// a terminal.)
pub fn run_loop(input: impl BufRead, out: &mut dyn Write, err: &mut dyn Write) {
    run_loop_interruptible(input, out, err, None);
}

/// [`run_loop`] where Ctrl-C (`interrupt`, pressed by whoever catches the signal) stops the
/// AI's search, `solve` and `value`.
pub fn run_loop_interruptible(
    mut input: impl BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
    interrupt: Option<Interrupt>,
) {
    let mut session = Session::new(out, err);
    session.set_interrupt(interrupt);
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if session.handle_line(&String::from_utf8_lossy(&line)) == Flow::Quit {
            return;
        }
    }
}

impl<'a> Session<'a> {
    /// A session on the first example's board, both sides played by people. The sinks may
    /// be borrowed or owned by the session.
    pub fn new(out: impl Write + 'a, err: impl Write + 'a) -> Session<'a> {
        let board = ".xx/.xx/...".parse().unwrap_or(Board::empty(3));
        Session {
            game: Game::new(board),
            players: [Player::Person; 2],
            time: Duration::from_secs(1),
            out: Box::new(out),
            err: Box::new(err),
            external_ai: false,
            interrupt: None,
        }
    }

    /// Lets Ctrl-C (`interrupt`, pressed by whoever catches the signal) stop the AI's search,
    /// `solve` and `value`.
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.interrupt = interrupt;
    }

    /// Says `message` on the error stream, as a refused command is: the game is unchanged.
    pub fn report_error(&mut self, message: &str) {
        let _ = writeln!(self.err, "error: {message}");
    }

    /// Lets the caller search for the AI (`ai_to_move`, then `play_ai_move`) instead of
    /// `handle_line` searching itself.
    pub fn set_external_ai(&mut self, on: bool) {
        self.external_ai = on;
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.game.board
    }

    /// Who jumped last, seen from the side to move.
    pub fn last_jump(&self) -> LastJump {
        self.game.last
    }

    /// The side to move: 0 for the first player, 1 for the second.
    pub fn turn(&self) -> usize {
        self.game.turn
    }

    /// Who plays side `turn` (0 or 1).
    pub fn player_of(&self, turn: usize) -> Player {
        self.players[turn & 1]
    }

    /// The winner's side (0 or 1) once the side to move cannot move.
    pub fn winner(&self) -> Option<usize> {
        self.game.winner()
    }

    /// The board the moves of `moves` started from.
    pub fn start_board(&self) -> Board {
        self.game.history.first().map_or(self.game.board, |h| h.0)
    }

    /// The moves played since the board was set, as written, oldest first.
    pub fn moves(&self) -> &[String] {
        &self.game.played
    }

    /// The AI's time per move.
    pub fn time(&self) -> Duration {
        self.time
    }

    /// Whether the AI is to move in a game not yet over.
    pub fn ai_to_move(&self) -> bool {
        self.players[self.game.turn] == Player::Ai && self.game.winner().is_none()
    }

    /// Plays the AI's move `m`, found outside the session (see `set_external_ai`), and
    /// announces it as `handle_line` would; refused unless the AI is to move and `m` is legal.
    pub fn play_ai_move(&mut self, m: &Move, reason: Reason) -> Result<(), String> {
        if !self.ai_to_move() {
            return Err("it is not the AI's turn".to_string());
        }
        if !legal_moves(&self.game.board)
            .iter()
            .any(|l| l.result == m.result)
        {
            return Err(format!("{m} is not a legal move here"));
        }
        self.play_announced(m, reason);
        Ok(())
    }

    /// Handles one line of input. Write failures are ignored: a closed pipe is no reason
    /// to panic.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        // Ctrl-C stops this line's work until the guard drops.
        let _working = self.interrupt.as_ref().map(Interrupt::line);
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return Flow::Continue;
        };
        // A comment, as in Jump61's loop: a saved game's first line says what it is.
        if command.starts_with('#') {
            return Flow::Continue;
        }
        let outcome = match command {
            "quit" | "exit" => return Flow::Quit,
            "help" if self.interrupt.is_some() => self.say(&format!("{HELP}\n{CTRL_C_HELP}")),
            "help" => self.say(HELP),
            "size" => self.size(args),
            "set" => self.set(args),
            "position" => self.position(args),
            "random" => self.random(args),
            "board" => self.say(&self.describe()),
            "undo" => self.undo(),
            "solve" => self.solve(),
            "value" => self.value(),
            "first" | "second" => self.player(command, args),
            "time" => self.set_time(args),
            text if text.contains(':') => self.person_move(&words.concat()),
            other => Err(format!("unknown command '{other}' (type help)")),
        };
        if let Err(message) = outcome {
            self.report_error(&message);
        }
        Flow::Continue
    }

    fn say(&mut self, text: &str) -> Result<(), String> {
        let _ = writeln!(self.out, "{text}");
        Ok(())
    }

    /// The board, whose turn, and the result if the game is over.
    fn describe(&self) -> String {
        let g = &self.game;
        let status = match g.winner() {
            Some(w) => format!("game over: the {} wins", side(w)),
            None => format!("the {} to move", side(g.turn)),
        };
        format!("{}{}", g.board, status)
    }

    fn new_game(&mut self, board: Board) -> Result<(), String> {
        self.game = Game::new(board);
        self.ai_turns();
        Ok(())
    }

    fn size(&mut self, args: &[&str]) -> Result<(), String> {
        let n = one_number(args, "size N")?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(format!(
                "the size must be {MIN_SIZE} to {MAX_SIZE}, not {n}"
            ));
        }
        self.new_game(Board::empty(n))
    }

    fn set(&mut self, args: &[&str]) -> Result<(), String> {
        let [square, what] = args else {
            return Err("usage: set R:C x|.".into());
        };
        let piece = match *what {
            "x" | "X" => true,
            "." => false,
            other => return Err(format!("'{other}' is neither x nor .")),
        };
        let (r, c) = square
            .split_once(':')
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
            .ok_or_else(|| format!("'{square}' is not a square like 2:3"))?;
        let mut board = self.game.board;
        if r == 0 || c == 0 || !board.contains(r - 1, c - 1) {
            return Err(format!("square {r}:{c} is not on the board"));
        }
        board.set(((r - 1) * 8 + c - 1) as u8, piece);
        self.new_game(board)
    }

    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let [text] = args else {
            return Err("usage: position P, e.g. position .xx/.xx/...".into());
        };
        let board = text
            .parse::<Board>()
            .map_err(|e| format!("bad position: {e}"))?;
        self.new_game(board)
    }

    fn random(&mut self, args: &[&str]) -> Result<(), String> {
        let usage = || "usage: random SIZE PIECES SEED".to_string();
        let [n, k, seed] = args else {
            return Err(usage());
        };
        let n: usize = n.parse().map_err(|_| usage())?;
        let k: usize = k.parse().map_err(|_| usage())?;
        let seed: u64 = seed.parse().map_err(|_| usage())?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) || k > n * n {
            return Err(format!(
                "a {n}x{n} board cannot hold {k} pieces (size {MIN_SIZE} to {MAX_SIZE})"
            ));
        }
        self.new_game(Board::random(n, k, seed))?;
        self.say(&self.game.board.notation())
    }

    fn undo(&mut self) -> Result<(), String> {
        // Take back moves until a person is to move again, so an AI does not replay at once.
        loop {
            let (board, last, turn) = self.game.history.pop().ok_or("there is no move to undo")?;
            (self.game.board, self.game.last, self.game.turn) = (board, last, turn);
            self.game.played.pop();
            if self.players[turn] == Player::Person || self.game.history.is_empty() {
                return Ok(());
            }
        }
    }

    fn person_move(&mut self, text: &str) -> Result<(), String> {
        if let Some(w) = self.game.winner() {
            return Err(format!("the game is over: the {} won", side(w)));
        }
        let m = parse_move(&self.game.board, text).map_err(|e| e.to_string())?;
        self.game.play(&m);
        self.announce_end();
        self.ai_turns();
        Ok(())
    }

    /// Lets the AI move while it is its turn and the game goes on. A Ctrl-C during its
    /// search stops it, and its move is not played.
    fn ai_turns(&mut self) {
        while !self.external_ai && self.ai_to_move() {
            let stop = self.interrupt.as_ref().map(Interrupt::search_flag);
            let (board, last) = (&self.game.board, self.game.last);
            let Some((m, reason)) = ai::choose_until(board, last, self.time, stop) else {
                return;
            };
            if self.interrupt.as_ref().is_some_and(Interrupt::pressed) {
                let which = ["first", "second"][self.game.turn];
                let _ = writeln!(
                    self.err,
                    "error: interrupted: the AI's move was not played; type `{which} ai` to let \
                     it move, or `{which} person` to play it yourself"
                );
                return;
            }
            self.play_announced(&m, reason);
        }
    }

    /// Plays the AI's move `m`, saying how it was chosen.
    fn play_announced(&mut self, m: &Move, reason: Reason) {
        let _ = writeln!(
            self.out,
            "the {} (AI) plays {m} ({reason})",
            side(self.game.turn)
        );
        self.game.play(m);
        self.announce_end();
    }

    fn announce_end(&mut self) {
        if let Some(w) = self.game.winner() {
            let _ = writeln!(self.out, "game over: the {} wins", side(w));
        }
    }

    fn solve(&mut self) -> Result<(), String> {
        let answer = puzzle_answer(&self.game.board, self.solve_deadline())
            .ok_or_else(|| self.no_answer())?;
        self.say(&answer)
    }

    fn value(&mut self) -> Result<(), String> {
        let deadline = self.solve_deadline();
        let g = &self.game;
        let answer =
            value_answer(&g.board, g.last, g.turn, deadline).ok_or_else(|| self.no_answer())?;
        self.say(&answer)
    }

    /// When `solve` and `value` give up: after [`SOLVE_LIMIT`], or at a Ctrl-C.
    fn solve_deadline(&self) -> Deadline {
        Deadline {
            time: Some(Instant::now() + SOLVE_LIMIT),
            stop: self.interrupt.as_ref().map(Interrupt::search_flag),
        }
    }

    /// Why `solve` or `value` has no answer.
    fn no_answer(&self) -> String {
        if self.interrupt.as_ref().is_some_and(Interrupt::pressed) {
            "interrupted: no answer".to_string()
        } else {
            format!("no answer within {} s", SOLVE_LIMIT.as_secs())
        }
    }

    fn player(&mut self, which: &str, args: &[&str]) -> Result<(), String> {
        let index = usize::from(which == "second");
        self.players[index] = match args {
            ["person"] | ["human"] => Player::Person,
            ["ai"] | ["AI"] => Player::Ai,
            _ => return Err(format!("usage: {which} person|ai")),
        };
        self.ai_turns();
        Ok(())
    }

    fn set_time(&mut self, args: &[&str]) -> Result<(), String> {
        let [text] = args else {
            return Err("usage: time SECONDS".into());
        };
        let secs: f64 = text
            .parse()
            .map_err(|_| format!("'{text}' is not a number of seconds"))?;
        if !(0.001..=3600.0).contains(&secs) {
            return Err("the time must be between 0.001 and 3600 seconds".into());
        }
        self.time = Duration::from_secs_f64(secs);
        Ok(())
    }
}

fn one_number(args: &[&str], usage: &str) -> Result<usize, String> {
    match args {
        [n] => n
            .parse()
            .map_err(|_| format!("'{n}' is not a whole number")),
        _ => Err(format!("usage: {usage}")),
    }
}

/// The puzzle's answer as printed: `1 move: M`, `3 moves: M M M`, or `cannot be done`;
/// `None` when time ran out.
pub fn puzzle_answer(board: &Board, deadline: impl Into<Deadline>) -> Option<String> {
    let moves = fewest_moves(board, deadline).ok()?;
    Some(puzzle_text(&moves))
}

/// The puzzle's answer as printed, from what `fewest_moves` found.
pub fn puzzle_text(moves: &Option<Vec<Move>>) -> String {
    match moves {
        None => "cannot be done: no sequence of legal moves leaves one piece".to_string(),
        Some(moves) if moves.is_empty() => "0 moves: one piece is already left".to_string(),
        Some(moves) => {
            let n = moves.len();
            let list: Vec<String> = moves.iter().map(Move::to_string).collect();
            format!(
                "{n} move{}: {}",
                if n == 1 { "" } else { "s" },
                list.join(" ")
            )
        }
    }
}

/// The two-player answer as printed, naming the side to move by `turn` (0 first, 1 second):
/// `the first player wins: M, M` or `the second player wins`; `None` when time ran out.
pub fn value_answer(
    board: &Board,
    last: LastJump,
    turn: usize,
    deadline: impl Into<Deadline>,
) -> Option<String> {
    if legal_moves(board).is_empty() {
        let winner = if last.mover_wins_if_stuck() {
            turn
        } else {
            1 - turn
        };
        return Some(format!("the {} wins: the game is over", side(winner)));
    }
    let winning = winning_moves(board, last, deadline).ok()?;
    Some(if winning.is_empty() {
        format!("the {} wins", side(1 - turn))
    } else {
        let list: Vec<String> = winning.iter().map(Move::to_string).collect();
        format!("the {} wins: {}", side(turn), list.join(", "))
    })
}
