//! A Jump61 game's tools beyond play, as messages from the page: the analysis board
//! ([`crate::web::games::analysis`]), Edit mode's position ([`crate::web::games::setup`]) and the puzzles
//! ([`crate::web::games::puzzles`]). Each changes the board only through the game's session, as a
//! typed line would.

use crate::board::{Board, Colour, Rules};
use crate::protocol::Command;
use crate::web::games::analysis::Plan;
use crate::web::games::context::{Context, Found};
use crate::web::games::jump61::Jump61;
use crate::web::games::puzzles::Act;
use crate::web::protocol::ClientMessage;

/// Whether `message` belongs to a puzzle on the board (the others wait until it is left).
pub fn in_a_puzzle(message: &ClientMessage) -> bool {
    matches!(
        message,
        ClientMessage::Puzzles { .. }
            | ClientMessage::Puzzle { .. }
            | ClientMessage::Attempt { .. }
            | ClientMessage::Retry {}
            | ClientMessage::Analyse { .. }
            | ClientMessage::Save {}
    )
}

impl Jump61 {
    /// The tools' messages.
    pub(super) fn tool(&mut self, message: ClientMessage, ctx: &mut Context) {
        match message {
            ClientMessage::Analyse {
                on,
                every,
                time,
                positions,
            } => self.analyse(on, every, (time, positions), ctx),
            ClientMessage::Setup { squares, to_move } => self.setup(&squares, to_move, ctx),
            ClientMessage::Puzzles { text, name, rules } => {
                let file = match (text, rules.as_deref()) {
                    (None, _) => None,
                    (Some(text), None | Some("2014")) => Some((text, name, Rules::V2014)),
                    (Some(text), Some("2013")) => Some((text, name, Rules::V2013)),
                    (Some(_), Some(other)) => {
                        let other = crate::protocol::clip(other);
                        return ctx.error(format!("unknown rules '{other}': 2014 or 2013"));
                    }
                };
                let file = file.map(|(text, name, rules)| (text, name.unwrap_or_default(), rules));
                self.puzzler.collection(file, ctx);
            }
            ClientMessage::Puzzle { index } => {
                let act = self.puzzler.open(index, ctx);
                self.act(act, ctx);
            }
            ClientMessage::Attempt { square: [row, col] } => self.attempt(row, col, ctx),
            ClientMessage::Retry {} => {
                let act = self.puzzler.retry(ctx);
                self.act(act, ctx);
            }
            _ => {}
        }
    }

    /// `analyse`: the analysis board on (within the limits) or off.
    fn analyse(
        &mut self,
        on: bool,
        every: bool,
        (time, positions): (Option<f64>, Option<u64>),
        ctx: &mut Context,
    ) {
        let plan = match on.then(|| Plan::of(every, time, positions, &ctx.limits)) {
            Some(Err(e)) => return ctx.error(e),
            Some(Ok(plan)) => Some(plan),
            None => None,
        };
        self.analyst.request(plan, ctx);
    }

    /// `setup`: a position set up square by square, as `position P` (and `move N`) would
    /// set it, refused with the loop's reason or the reason it cannot arise.
    fn setup(&mut self, squares: &[(u8, String)], to_move: Option<String>, ctx: &mut Context) {
        let board = *self.session.board();
        let commands = match crate::web::games::setup::commands(squares, to_move.as_deref(), &board)
        {
            Ok(commands) => commands,
            Err(e) => return ctx.error(format!("position refused, nothing changed: {e}")),
        };
        self.cancel_search();
        for command in commands {
            self.execute(command, false, ctx);
        }
    }

    /// `attempt`: a move in the puzzle, judged first (an illegal one gets the loop's reason).
    fn attempt(&mut self, row: usize, col: usize, ctx: &mut Context) {
        let board = *self.session.board();
        let legal = board
            .square_at(crate::board::Coord { row, col })
            .filter(|&sq| board.is_legal(sq) && board.winner().is_none());
        match legal {
            Some(sq) => self.puzzler.attempt(&board, sq, ctx),
            None => {
                let (row, col) = (row as u64, col as u64);
                // The session refuses it, with its reason, and nothing changes.
                self.execute(Command::Move { row, col }, false, ctx);
            }
        }
    }

    /// What a puzzle's search found, played on the board.
    pub(super) fn puzzle_report(&mut self, found: Found, ctx: &mut Context) {
        let board = *self.session.board();
        let act = self.puzzler.report(found, &board, ctx);
        self.act(act, ctx);
        self.settle(ctx);
    }

    /// Carries out what the puzzle asks of the board.
    fn act(&mut self, act: Option<Act>, ctx: &mut Context) {
        let (board, moves) = match act {
            None => return,
            Some(Act::Set(board, moves)) => (Some(board), moves),
            Some(Act::Play(moves)) => (None, moves),
        };
        if let Some(board) = board {
            self.set_puzzle(&board, ctx);
        }
        for sq in moves {
            let c = self.session.board().coord(sq);
            let (row, col) = (c.row as u64, c.col as u64);
            self.execute(Command::Move { row, col }, true, ctx);
        }
    }

    /// The puzzle's position on the board, both sides played by people, under its rules.
    fn set_puzzle(&mut self, board: &Board, ctx: &mut Context) {
        self.cancel_search();
        let rules = board.rules();
        if rules != self.session.board().rules() {
            self.rules(
                if rules == Rules::V2013 {
                    "2013"
                } else {
                    "2014"
                },
                ctx,
            );
        }
        let mut commands = vec![
            Command::Manual(Colour::Red),
            Command::Manual(Colour::Blue),
            Command::Position(Some(*board)),
        ];
        if rules == Rules::V2013 {
            commands.push(Command::MoveNumber(crate::web::games::setup::move_number(
                board,
                board.to_move(),
            )));
        }
        for command in commands {
            self.execute(command, false, ctx);
        }
    }
}
