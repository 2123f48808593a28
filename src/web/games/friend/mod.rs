//! A Jump61 game between two people on two pages, and anyone with its watch link watching.
//!
//! One task on a game thread holds the game (the command loop's own `Session`, through
//! [`Jump61`], both sides people), its two seats and its watchers. A seat is held by a
//! secret only its page is told; the task knows each page by its connection's number, so a
//! move is checked against the seat of the connection that sent it: a move for the other
//! colour, or from a watcher, is refused and changes nothing. What a move changes goes to
//! every page at once; an error goes to the page that caused it only.

mod clock;
mod keeping;
mod play;
mod resume;
pub mod table;

pub use resume::{creators_colour, kept_start};
pub use table::Friends;

use super::context::Context;
use super::jump61::Jump61;
use super::keep::SharedStore;
use super::seat::{same_secret, seat_hash, secret_hex};
use super::words::{colour_name, result_text};
use crate::board::{Colour, MAX_SIZE, MIN_SIZE};
use crate::protocol::Dialect;
use crate::web::limits::Limits;
use crate::web::pool::SearchPool;
use crate::web::protocol::friend::{FriendView, OfferView, ResultView, SeatState, Seats};
use crate::web::protocol::{ClientMessage, ServerMessage, State};
use crate::web::store::KeptFriend;
use clock::Clock;
use keeping::Keeping;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// How a page comes into a game with a friend.
pub enum Entry {
    /// By the invite link: the seat nobody has taken yet.
    Accept,
    /// Back to the seat this secret holds.
    Sit([u8; 16]),
    /// By the watch link.
    Watch,
}

/// A request to a game with a friend, from a connection (known by its number).
pub enum Request {
    /// A page comes in: its messages go to `outbox`; `reply` says whether it may.
    Enter {
        connection: u64,
        entry: Entry,
        outbox: mpsc::Sender<ServerMessage>,
        reply: oneshot::Sender<Result<(), String>>,
    },
    /// The page has gone (or gone to another game).
    Leave { connection: u64 },
    Message {
        connection: u64,
        message: ClientMessage,
    },
}

/// A new game's setting, checked before its task starts.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    size: usize,
    dialect: Dialect,
    clock: Option<clock::Setting>,
}

impl Setup {
    /// The game a page asked for, or why it cannot be.
    pub fn new(
        size: usize,
        rules: Option<&str>,
        minutes: f64,
        increment: f64,
    ) -> Result<Setup, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(format!(
                "a board is {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}"
            ));
        }
        let dialect = match rules.unwrap_or("2014") {
            "2014" => Dialect::V2014,
            "2013" => Dialect::V2013,
            other => {
                let other = crate::protocol::clip(other);
                return Err(format!("unknown rules '{other}': 2014 or 2013"));
            }
        };
        let clock = clock::Setting::new(minutes, increment)?;
        Ok(Setup {
            size,
            dialect,
            clock,
        })
    }
}

/// A page that has the game.
struct Page {
    connection: u64,
    outbox: mpsc::Sender<ServerMessage>,
}

/// One person's seat (it keeps its secret across rematches; its colour swaps).
struct Seat {
    /// The SHA-256 of its secret, once someone has sat in it (the secret itself is only
    /// ever told to its page).
    hash: Option<[u8; 32]>,
    colour: Colour,
    page: Option<Page>,
    /// When its page went, while it is gone.
    gone_since: Option<Instant>,
}

impl Seat {
    fn open(colour: Colour) -> Seat {
        Seat {
            hash: None,
            colour,
            page: None,
            gone_since: None,
        }
    }

    /// Someone has sat in it.
    fn taken(&self) -> bool {
        self.hash.is_some()
    }

    fn state(&self) -> SeatState {
        match (self.taken(), &self.page) {
            (false, _) => SeatState::Open,
            (true, Some(_)) => SeatState::Here,
            (true, None) => SeatState::Gone,
        }
    }
}

/// A question one player asks the other.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Offer {
    Takeback,
    Rematch,
}

/// A game with a friend, its seats and its watchers.
pub struct FriendGame {
    invite: String,
    watch: String,
    setup: Setup,
    limits: Arc<Limits>,
    game: Jump61,
    ctx: Context,
    /// The creator's seat, then the guest's.
    seats: [Seat; 2],
    watchers: Vec<Page>,
    clock: Option<Clock>,
    offer: Option<(Offer, Colour)>,
    result: Option<(Colour, String)>,
    round: u32,
    keeping: Option<Keeping>,
    /// Whether the pages must be sent the game's view after this request.
    changed: bool,
    /// When the game was made, or its last page left.
    quiet_since: Instant,
    /// Whether the pages have been told that a claim is open now.
    claim_told: bool,
}

/// What a game with a friend starts from.
pub struct Start {
    pub invite: String,
    pub watch: String,
    pub setup: Setup,
    pub origin: Origin,
    pub limits: Arc<Limits>,
    pub pool: Arc<SearchPool>,
    /// The store and the creator's address, when games are kept.
    pub store: Option<(SharedStore, String)>,
}

/// Where a game with a friend comes from.
pub enum Origin {
    /// A new game: its creator's seat's secret (its page sits with it at once).
    New { creator: [u8; 16] },
    /// A game kept in the store, taken up again (after a restart, or once let go).
    Kept(KeptFriend),
}

/// Runs a game with a friend until both seats' pages have been gone for
/// `Limits::idle_game` (or its request channel closes).
pub async fn run(start: Start, mut requests: mpsc::Receiver<Request>) {
    let mut friend = match FriendGame::new(start) {
        Ok(friend) => friend,
        Err(e) => {
            crate::output::error_line(format_args!("jump61 serve: a game with a friend: {e}"));
            return;
        }
    };
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        let deadline = friend.clock.as_ref().and_then(Clock::deadline);
        let sender = tokio::select! {
            request = requests.recv() => match request {
                None => break,
                Some(request) => {
                    let sender = friend.request(request);
                    friend.keep().await;
                    sender
                }
            },
            _ = tokio::time::sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                friend.time_up();
                friend.keep().await;
                None
            }
            _ = tick.tick() => {
                if friend.abandoned() {
                    break;
                }
                friend.tick();
                None
            }
        };
        friend.deliver(sender);
    }
}

/// A seat's secret from the operating system.
pub fn new_secret() -> Result<[u8; 16], String> {
    let mut secret = [0u8; 16];
    getrandom::fill(&mut secret).map_err(|e| format!("no random numbers from the system: {e}"))?;
    Ok(secret)
}

impl FriendGame {
    fn new(start: Start) -> Result<FriendGame, String> {
        let (reports, _) = mpsc::unbounded_channel();
        let mut ctx = Context::new(Arc::clone(&start.limits), start.pool, reports);
        let game = new_game(start.setup, &start.limits, &mut ctx)?;
        let mut friend = FriendGame {
            invite: start.invite,
            watch: start.watch,
            setup: start.setup,
            limits: start.limits,
            game,
            ctx,
            seats: [Seat::open(Colour::Red), Seat::open(Colour::Blue)],
            watchers: Vec::new(),
            clock: start.setup.clock.map(Clock::new),
            offer: None,
            result: None,
            round: 1,
            keeping: None,
            changed: false,
            quiet_since: Instant::now(),
            claim_told: false,
        };
        match start.origin {
            Origin::New { creator } => friend.found(creator, start.store),
            Origin::Kept(kept) => friend.resume(kept, start.store)?,
        }
        Ok(friend)
    }

    /// Carries out one request; the connection that sent it, for its errors.
    fn request(&mut self, request: Request) -> Option<u64> {
        match request {
            Request::Enter {
                connection,
                entry,
                outbox,
                reply,
            } => {
                let entered = self.enter(connection, entry, outbox);
                let _ = reply.send(entered);
                // A write that failed as it came in is told to its page.
                Some(connection)
            }
            Request::Leave { connection } => {
                self.leave(connection);
                None
            }
            Request::Message {
                connection,
                message,
            } => {
                self.message(connection, message);
                Some(connection)
            }
        }
    }

    /// A page comes in, or is told why not (and nothing changes).
    fn enter(
        &mut self,
        connection: u64,
        entry: Entry,
        outbox: mpsc::Sender<ServerMessage>,
    ) -> Result<(), String> {
        let (seat, secret) = match entry {
            Entry::Watch => (None, None),
            Entry::Sit(secret) => (
                Some(self.seat_by_secret(connection, &secret)?),
                Some(secret),
            ),
            Entry::Accept => {
                self.open_seat(connection)?;
                let secret = new_secret()?;
                let hash = seat_hash(&secret);
                self.seats[1].hash = Some(hash);
                self.write(|store, invite| store.seat_guest(invite, &hash));
                (Some(1), Some(secret))
            }
        };
        self.forget_page(connection);
        self.claim_told = false;
        let page = Page { connection, outbox };
        let first = match seat {
            None => {
                self.watchers.push(page);
                self.view(None)
            }
            Some(i) => {
                let seat = &mut self.seats[i];
                (seat.page, seat.gone_since) = (Some(page), None);
                self.start_clock();
                let seated = ServerMessage::Seated {
                    invite: self.invite.clone(),
                    watch: self.watch.clone(),
                    colour: colour_name(self.seats[i].colour),
                    seat: secret.as_ref().map(secret_hex).unwrap_or_default(),
                };
                if let Some(page) = self.page_of(connection) {
                    let _ = page.outbox.try_send(seated);
                }
                self.view(Some(i))
            }
        };
        let state = ServerMessage::State(State::Jump61(self.game.state()));
        if let Some(page) = self.page_of(connection) {
            let _ = page.outbox.try_send(ServerMessage::Friend(Box::new(first)));
            let _ = page.outbox.try_send(state);
        }
        self.changed = true;
        Ok(())
    }

    /// A clock that stands runs once both seats are taken and the page whose turn it is is
    /// here: when the guest first sits, and after a restart when that page comes back.
    fn start_clock(&mut self) {
        let to_move = self.game.session.board().to_move();
        let here = |s: &Seat| s.colour == to_move && s.page.is_some();
        let ready = self.seats.iter().all(Seat::taken)
            && self.seats.iter().any(here)
            && self.result.is_none();
        if let Some(clock) = &mut self.clock
            && ready
            && clock.running().is_none()
        {
            clock.start(to_move, Instant::now());
        }
    }

    /// The seat `secret` holds, if no other page has it.
    fn seat_by_secret(&self, connection: u64, secret: &[u8; 16]) -> Result<usize, String> {
        let hash = seat_hash(secret);
        let i = (0..2)
            .find(|&i| self.seats[i].hash.is_some_and(|h| same_secret(&h, &hash)))
            .ok_or("no seat in this game with that secret: nothing changed")?;
        match &self.seats[i].page {
            Some(page) if page.connection != connection => Err(
                "this seat is held by another page: it stays there (close that page to sit here)"
                    .into(),
            ),
            _ => Ok(i),
        }
    }

    /// The guest's seat, if nobody has taken it.
    fn open_seat(&self, connection: u64) -> Result<usize, String> {
        if self.seat_of(connection) == Some(0) {
            return Err("this page holds the other seat: send the invite link to a friend".into());
        }
        if self.seats[1].taken() {
            return Err(
                "both seats of this game are taken: ask the players for its watch link".into(),
            );
        }
        Ok(1)
    }

    /// The page has gone: its seat is kept for it, or it watches no more.
    fn leave(&mut self, connection: u64) {
        self.forget_page(connection);
        self.changed = true;
    }

    /// Takes `connection` out of its seat or the watchers.
    fn forget_page(&mut self, connection: u64) {
        self.watchers.retain(|p| p.connection != connection);
        if let Some(i) = self.seat_of(connection) {
            self.seats[i].page = None;
            self.seats[i].gone_since = Some(Instant::now());
            self.claim_told = false;
        }
        if self.seats.iter().all(|s| s.page.is_none()) {
            self.quiet_since = Instant::now();
        }
    }

    /// The seat `connection` has.
    fn seat_of(&self, connection: u64) -> Option<usize> {
        (0..2).find(|&i| {
            self.seats[i]
                .page
                .as_ref()
                .is_some_and(|p| p.connection == connection)
        })
    }

    fn page_of(&self, connection: u64) -> Option<&Page> {
        let seats = self.seats.iter().filter_map(|s| s.page.as_ref());
        seats
            .chain(&self.watchers)
            .find(|p| p.connection == connection)
    }

    /// Whether every page has been gone long enough for the game to be let go.
    fn abandoned(&self) -> bool {
        self.seats.iter().all(|s| s.page.is_none())
            && self.quiet_since.elapsed() >= self.limits.idle_game
    }

    /// Once a second: the pages are told when a claim becomes possible.
    fn tick(&mut self) {
        let claimable = (0..2).any(|i| self.claim_wait(i) == Some(Duration::ZERO));
        if claimable && !self.claim_told {
            self.claim_told = true;
            self.changed = true;
        }
    }

    /// The game as page `you` (a seat, or a watcher) sees it.
    fn view(&self, you: Option<usize>) -> FriendView {
        let now = Instant::now();
        let colour = |c: Colour| self.seats.iter().find(|s| s.colour == c);
        let state = |c| colour(c).map_or(SeatState::Open, Seat::state);
        let claim_in = you.and_then(|i| self.claim_wait(i));
        FriendView {
            you: you.map_or("watching", |i| colour_name(self.seats[i].colour)),
            invite: you.map(|_| self.invite.clone()),
            watch: self.watch.clone(),
            round: self.round,
            seats: Seats {
                red: state(Colour::Red),
                blue: state(Colour::Blue),
            },
            clock: self.clock.as_ref().map(|c| c.view(now)),
            offer: self.offer.map(|(what, from)| OfferView {
                what: match what {
                    Offer::Takeback => "takeback",
                    Offer::Rematch => "rematch",
                },
                from: colour_name(from),
            }),
            result: self.result.as_ref().map(|(winner, how)| ResultView {
                winner: colour_name(*winner),
                how: how.clone(),
                text: result_text("jump61", colour_name(*winner), how),
            }),
            can_claim: claim_in == Some(Duration::ZERO),
            claim_in_ms: claim_in.map(|d| d.as_millis() as u64),
        }
    }

    /// How long seat `i` must wait before it may claim the game (the other's page gone).
    fn claim_wait(&self, i: usize) -> Option<Duration> {
        let other = &self.seats[1 - i];
        if self.result.is_some() || !other.taken() {
            return None;
        }
        let gone = other.gone_since?;
        Some(self.limits.friend_seat_kept.saturating_sub(gone.elapsed()))
    }

    /// Sends what the request produced: errors (and a save) to `sender` only; the view,
    /// the moves and the state to every page. A page that cannot take them is let go.
    fn deliver(&mut self, sender: Option<u64>) {
        let (mut private, mut public) = (Vec::new(), Vec::new());
        for message in self.ctx.take_sent() {
            match message {
                ServerMessage::Error { .. } | ServerMessage::Saved { .. } => private.push(message),
                // The store's link is for a page's own game; a seat has its own secret.
                ServerMessage::Seat { .. } => {}
                _ => public.push(message),
            }
        }
        let changed = std::mem::take(&mut self.changed) || !public.is_empty();
        let seated = (0..2).filter(|&i| self.seats[i].page.is_some()).map(Some);
        let roles = seated.chain(std::iter::repeat_n(None, self.watchers.len()));
        let pages = self.seats.iter().filter_map(|s| s.page.as_ref());
        let mut failed = Vec::new();
        for (page, you) in pages.chain(&self.watchers).zip(roles) {
            let mut messages = Vec::new();
            if Some(page.connection) == sender {
                messages.append(&mut private);
            }
            if changed {
                messages.push(ServerMessage::Friend(Box::new(self.view(you))));
            }
            messages.extend(public.iter().cloned());
            if messages
                .into_iter()
                .any(|m| page.outbox.try_send(m).is_err())
            {
                failed.push(page.connection);
            }
        }
        for connection in failed {
            self.leave(connection);
        }
    }
}

/// A new game of `setup`, both sides people.
fn new_game(setup: Setup, limits: &Limits, ctx: &mut Context) -> Result<Jump61, String> {
    let mut text = String::new();
    if setup.dialect == Dialect::V2013 {
        text.push_str("# dialect 2013\n");
    }
    text.push_str(&format!("manual red\nmanual blue\nsize {}\n", setup.size));
    loaded(text, limits, ctx)
}

/// The game a command-loop script makes, or the first error it meets.
fn loaded(text: String, limits: &Limits, ctx: &mut Context) -> Result<Jump61, String> {
    let mut game = Jump61::new(limits);
    game.message(ClientMessage::Load { text }, ctx);
    let sent = ctx.take_sent();
    if let Some(ServerMessage::Error { text }) = sent
        .iter()
        .find(|m| matches!(m, ServerMessage::Error { .. }))
    {
        return Err(text.clone());
    }
    Ok(game)
}
