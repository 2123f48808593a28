//! What the players of a game with a friend do: move, resign, ask the other to take back a
//! move or play again, answer, claim a game the other has left. Each is checked against the
//! seat of the page that sent it; a refused one gets an `error` and changes nothing.

use super::clock::Clock;
use super::keeping::keeper;
use super::{FriendGame, Offer, new_game};
use crate::board::Colour;
use crate::protocol::Command;
use crate::web::games::words::colour_name;
use crate::web::protocol::ClientMessage;
use tokio::time::Instant;

/// How a game the board decides ends, as the store words it.
const WON_ON_THE_BOARD: &str = "won on the board";

/// A colour's name with a capital, for sentences.
fn named(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "Red",
        Colour::Blue => "Blue",
    }
}

impl FriendGame {
    /// A message from a page in the game.
    pub(super) fn message(&mut self, connection: u64, message: ClientMessage) {
        if let ClientMessage::Save {} = message {
            return self.game.message(message, &mut self.ctx);
        }
        let Some(i) = self.seat_of(connection) else {
            let why = if self.page_of(connection).is_some() {
                "you are watching this game: a watcher cannot play; nothing changed"
            } else {
                "this page is not in the game"
            };
            return self.ctx.error(why);
        };
        match message {
            ClientMessage::Line { text } => self.play(i, &text),
            ClientMessage::Resign {} => self.resign(i),
            ClientMessage::Takeback {} => self.ask(i, Offer::Takeback),
            ClientMessage::Rematch {} => self.ask(i, Offer::Rematch),
            ClientMessage::Answer { yes } => self.answer(i, yes),
            ClientMessage::Claim {} => self.claim(i),
            _ => self.ctx.error(
                "in a game with a friend a page sends a move (line R C), resign, takeback, \
                 answer, rematch, claim or save",
            ),
        }
    }

    /// Seat `i`'s move, if it is its turn and the move is legal.
    fn play(&mut self, i: usize, text: &str) {
        if let Some(why) = self.not_in_play() {
            return self.ctx.error(why);
        }
        let command = match Command::parse(text, self.setup.dialect) {
            Ok(Some(command @ Command::Move { .. })) => command,
            Ok(_) => {
                return self
                    .ctx
                    .error("in a game with a friend a line is a move: R C");
            }
            Err(e) => return self.ctx.error(e.to_string()),
        };
        let colour = self.seats[i].colour;
        let to_move = self.game.session.board().to_move();
        if colour != to_move {
            return self.ctx.error(format!(
                "it is {}'s move, and you play {}: nothing changed",
                named(to_move),
                named(colour)
            ));
        }
        let before = self.game.session.moves().len();
        self.game.execute(command, true, &mut self.ctx);
        if self.game.session.moves().len() == before {
            return;
        }
        self.offer = None;
        if let Some(clock) = &mut self.clock {
            clock.moved(colour, colour.opponent(), Instant::now());
        }
        if let Some(winner) = self.game.session.board().winner() {
            self.finish(winner, WON_ON_THE_BOARD);
        }
        self.game.settle(&mut self.ctx);
        self.changed = true;
    }

    /// Why no move may be played now, if so.
    fn not_in_play(&self) -> Option<&'static str> {
        if self.result.is_some() {
            return Some("the game is over: ask for a rematch");
        }
        if !self.seats[1].taken() {
            return Some("wait for your friend: nobody has opened the invite link yet");
        }
        None
    }

    fn resign(&mut self, i: usize) {
        if let Some(why) = self.not_in_play() {
            return self.ctx.error(why);
        }
        let colour = self.seats[i].colour;
        self.finish(colour.opponent(), "resigned");
        self.ctx.out(format!("{} resigned", named(colour)));
    }

    /// Seat `i` asks the other: to take back its last move, or (the game over) for a
    /// rematch; a rematch the other has asked for already starts.
    fn ask(&mut self, i: usize, what: Offer) {
        let colour = self.seats[i].colour;
        if what == Offer::Rematch && self.offer == Some((Offer::Rematch, colour.opponent())) {
            return self.rematch();
        }
        let refused = match what {
            Offer::Takeback => self.not_in_play().or_else(|| {
                let board = self.game.session.board();
                (self.game.session.moves().is_empty() || board.to_move() == colour)
                    .then_some("a take-back is of your own last move, before the other answers it")
            }),
            Offer::Rematch => self
                .result
                .is_none()
                .then_some("a rematch is asked once the game is over"),
        };
        let refused = refused.or_else(|| {
            self.offer
                .is_some()
                .then_some("a question is waiting for its answer already")
        });
        if let Some(why) = refused {
            return self.ctx.error(why);
        }
        self.offer = Some((what, colour));
        self.changed = true;
    }

    /// Seat `i` answers the other's question.
    fn answer(&mut self, i: usize, yes: bool) {
        let colour = self.seats[i].colour;
        let Some((what, from)) = self.offer.filter(|(_, from)| *from != colour) else {
            return self
                .ctx
                .error("nothing to answer: the other player has asked nothing");
        };
        self.offer = None;
        self.changed = true;
        if !yes {
            let asked = match what {
                Offer::Takeback => "take-back",
                Offer::Rematch => "rematch",
            };
            return self.ctx.out(format!(
                "{} declined {}'s {asked}",
                named(colour),
                named(from)
            ));
        }
        match what {
            Offer::Takeback => self.take_back(from),
            Offer::Rematch => self.rematch(),
        }
    }

    /// `mover`'s last move is taken back; its clock runs again.
    fn take_back(&mut self, mover: Colour) {
        if self.not_in_play().is_some() || self.game.session.board().to_move() == mover {
            return self
                .ctx
                .error("the move to take back is no longer the last one");
        }
        self.game.execute(Command::Undo, false, &mut self.ctx);
        if let Some(clock) = &mut self.clock {
            clock.start(self.game.session.board().to_move(), Instant::now());
        }
        self.game.settle(&mut self.ctx);
    }

    /// Another game at the same link and setting, the seats' colours swapped.
    fn rematch(&mut self) {
        let game = match new_game(self.setup, &self.limits, &mut self.ctx) {
            Ok(game) => game,
            Err(e) => return self.ctx.error(format!("no rematch: {e}")),
        };
        self.game = game;
        self.round += 1;
        for seat in &mut self.seats {
            seat.colour = seat.colour.opponent();
        }
        (self.offer, self.result) = (None, None);
        self.clock = self.setup.clock.map(Clock::new);
        if let Some(clock) = &mut self.clock {
            clock.start(Colour::Red, Instant::now());
        }
        let round = self.round;
        self.write(|store, invite| store.next_round(invite, round));
        if let Some(keeping) = &mut self.keeping {
            keeping.keeper = keeper(
                &keeping.store,
                &self.invite,
                round,
                &keeping.address,
                &self.limits,
            );
        }
        self.ctx
            .out(format!("rematch: game {} at this link", self.round));
        self.game.settle(&mut self.ctx);
        self.changed = true;
    }

    /// Seat `i` claims the game its opponent's page has left for long enough.
    fn claim(&mut self, i: usize) {
        match self.claim_wait(i) {
            Some(wait) if wait.is_zero() => {
                self.finish(self.seats[i].colour, "claimed: the other player left");
            }
            Some(wait) => self.ctx.error(format!(
                "the other player's seat is kept {} s more: nothing changed",
                wait.as_secs() + 1
            )),
            None => self.ctx.error("nothing to claim: the other player is here"),
        }
    }

    /// The running clock has run out: its side loses on time.
    pub(super) fn time_up(&mut self) {
        let now = Instant::now();
        let Some(clock) = &self.clock else {
            return;
        };
        let (Some(loser), Some(deadline)) = (clock.running(), clock.deadline()) else {
            return;
        };
        if deadline <= now && self.result.is_none() {
            self.finish(loser.opponent(), "on time");
            self.ctx.out(format!("{}'s time ran out", named(loser)));
        }
    }

    /// The game is over: `winner` wins, `how`.
    fn finish(&mut self, winner: Colour, how: &str) {
        if let Some(clock) = &mut self.clock {
            clock.stop(Instant::now());
        }
        self.offer = None;
        self.result = Some((winner, how.to_string()));
        // A win on the board is kept with the move that wins it.
        if how != WON_ON_THE_BOARD {
            self.keep_now();
            if let Some(keeping) = &mut self.keeping {
                keeping.keeper.end(colour_name(winner), how, &mut self.ctx);
            }
        }
        self.changed = true;
    }
}
