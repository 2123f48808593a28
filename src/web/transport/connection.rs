//! One page's WebSocket: it reads the page's messages (bounded in size and rate), answers
//! what is wrong with them itself, passes the rest to its game, and writes the game's
//! messages back. It pings the page every `Limits::ping_every` (a browser answers by
//! itself), and lets a page from which nothing has come for `Limits::page_silent` go, as if
//! it had closed: a page whose network dropped is noticed within the sum of the two.
//! However it ends, its game is let go (and kept for a reconnect).

use super::Server;
use super::host::MakeTask;
use super::registry::{Connection, Joined};
use crate::web::games::friend;
use crate::web::games::keep::Keeper;
use crate::web::games::seat;
use crate::web::games::task::{self, Request};
use crate::web::protocol::{ClientMessage, Kind, ServerMessage};
use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

mod friendly;
mod library;

/// A connection's allowance of messages: a burst, then a steady rate.
struct Allowance {
    tokens: f64,
    burst: f64,
    rate: f64,
    last: Instant,
}

impl Allowance {
    fn new(burst: u32, rate: u32) -> Allowance {
        Allowance {
            tokens: burst as f64,
            burst: burst as f64,
            rate: rate as f64,
            last: Instant::now(),
        }
    }

    /// Spends one message; false when none is left.
    fn spend(&mut self) -> bool {
        let now = Instant::now();
        let earned = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + earned).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// What to do after a message from the page.
enum Next {
    Go,
    /// The page closed, or its stream ended: nothing more is read or written but our
    /// answering Close.
    Closed,
    /// Close with this code and reason.
    Close(u16, &'static str),
}

/// A page's connection and the game it has joined.
struct Page {
    server: Arc<Server>,
    connection: Connection,
    joined: Option<Joined>,
    /// The channel the game just joined writes to, for the loop to read from now on.
    new_inbox: Option<mpsc::Receiver<ServerMessage>>,
    /// Holds the channel read while no game has the page open, so it stays quiet.
    idle: Option<mpsc::Sender<ServerMessage>>,
    replies: Vec<ServerMessage>,
    /// The game with a friend it is in (a seat, or watching), instead of a game of its own.
    friend: Option<mpsc::Sender<friend::Request>>,
    /// Where a review made in the search pool sends its answer (the loop reads the other end).
    answers: mpsc::UnboundedSender<ServerMessage>,
    /// The review being made for this page, if any.
    reviewing: Option<library::Reviewing>,
}

/// Serves one WebSocket until it closes.
pub async fn serve(socket: WebSocket, connection: Connection, server: Arc<Server>) {
    let (mut sink, mut stream) = socket.split();
    let (idle, inbox) = mpsc::channel(1);
    let (answers, answered) = mpsc::unbounded_channel();
    let mut page = Page::new(server, connection, idle, answers);
    let close = page.converse(&mut sink, &mut stream, inbox, answered).await;
    page.stop_review();
    page.leave().await;
    finish(sink, stream, close).await;
}

/// Closes the socket once the game is let go: with our Close frame and the closing
/// handshake when the server ended the conversation (`close`), else by answering the page's.
async fn finish(
    mut sink: SplitSink<WebSocket, Message>,
    mut stream: SplitStream<WebSocket>,
    close: Option<(u16, &'static str)>,
) {
    if let Some((code, reason)) = close {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        if sink.send(Message::Close(Some(frame))).await.is_ok() {
            await_close(&mut stream).await;
        }
    } else {
        // The page closed first: our answering Close completes its handshake (a browser
        // reports the close once it comes), after the game has been let go.
        let _ = sink.close().await;
    }
}

/// How long a closed page may take to answer our Close frame.
const CLOSE_GRACE: Duration = Duration::from_secs(3);

/// The closing handshake: after our Close, reads and drops what the page still sends until
/// its Close comes back (or `CLOSE_GRACE` passes). Dropping the socket at once would reset
/// the connection under a page that is still writing (a flood), and the reset can discard
/// the error and Close we just sent before the page reads them.
async fn await_close(stream: &mut SplitStream<WebSocket>) {
    let drain = async {
        while let Some(Ok(message)) = stream.next().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_GRACE, drain).await;
}

impl Page {
    /// A page in no game yet; `idle` keeps the channel it reads open until it joins one.
    fn new(
        server: Arc<Server>,
        connection: Connection,
        idle: mpsc::Sender<ServerMessage>,
        answers: mpsc::UnboundedSender<ServerMessage>,
    ) -> Page {
        Page {
            server,
            connection,
            joined: None,
            new_inbox: None,
            idle: Some(idle),
            replies: Vec::new(),
            friend: None,
            answers,
            reviewing: None,
        }
    }

    /// Passes messages both ways, the page's to its game and the game's (with the replies)
    /// to the page, until one side ends it. Returns the code and reason of the Close to
    /// send when the server ends it, `None` when the page did or the socket failed.
    async fn converse(
        &mut self,
        sink: &mut SplitSink<WebSocket, Message>,
        stream: &mut SplitStream<WebSocket>,
        mut inbox: mpsc::Receiver<ServerMessage>,
        mut answered: mpsc::UnboundedReceiver<ServerMessage>,
    ) -> Option<(u16, &'static str)> {
        let limits = Arc::clone(&self.server.limits);
        let mut allowance = Allowance::new(limits.burst_messages, limits.messages_per_second);
        let join_by = tokio::time::Instant::now() + limits.join_within;
        let mut pings = tokio::time::interval(limits.ping_every);
        pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut heard = Instant::now();
        loop {
            let next = tokio::select! {
                incoming = stream.next() => {
                    heard = Instant::now();
                    self.incoming(incoming, &mut allowance).await
                }
                outgoing = inbox.recv() => self.outgoing(outgoing),
                Some(answer) = answered.recv() => {
                    self.replies.push(answer);
                    Next::Go
                }
                _ = pings.tick() => {
                    // Silent too long: its network has dropped, and it is let go as a
                    // closed page is (its seat is kept for it from now).
                    if heard.elapsed() >= limits.page_silent {
                        Next::Close(close_code::AWAY, "no answer to pings")
                    } else if sink.send(Message::Ping(Default::default())).await.is_err() {
                        Next::Closed
                    } else {
                        Next::Go
                    }
                }
                _ = tokio::time::sleep_until(join_by), if self.joined.is_none() && self.friend.is_none() => {
                    self.replies.push(ServerMessage::error("no join in time: the connection is closed"));
                    Next::Close(close_code::POLICY, "no join")
                }
            };
            let sent = self.send_replies(sink).await;
            match next {
                Next::Go if sent => {}
                Next::Go | Next::Closed => return None,
                Next::Close(code, reason) => return Some((code, reason)),
            }
            // A join cannot swap the channel while the select above reads it, so it leaves
            // the new one to be taken here.
            if let Some(rx) = self.new_inbox.take() {
                inbox = rx;
            }
        }
    }

    /// What the page sent, or the end of its stream.
    async fn incoming(
        &mut self,
        incoming: Option<Result<Message, axum::Error>>,
        allowance: &mut Allowance,
    ) -> Next {
        match incoming {
            // Every message counts, pings and binary ones too.
            Some(Ok(message)) if !matches!(message, Message::Close(_)) && !allowance.spend() => {
                self.replies.push(ServerMessage::error(format!(
                    "too many messages: more than {} a second; the connection is closed",
                    self.server.limits.messages_per_second
                )));
                Next::Close(close_code::POLICY, "too many messages")
            }
            Some(Ok(Message::Text(text))) => self.message(text.as_str()).await,
            Some(Ok(Message::Binary(_))) => {
                self.replies.push(ServerMessage::error(
                    "binary messages are not read: send JSON text",
                ));
                Next::Go
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => Next::Go,
            Some(Ok(Message::Close(_))) | None => Next::Closed,
            // Too large, or not WebSocket at all: nothing more can be read.
            Some(Err(_)) => Next::Close(close_code::SIZE, "message too large or malformed"),
        }
    }

    /// A message from the game for the page; `None` when the game has closed its channel,
    /// which it does when another page takes it or this one falls behind.
    fn outgoing(&mut self, outgoing: Option<ServerMessage>) -> Next {
        match outgoing {
            Some(message) => {
                self.replies.push(message);
                Next::Go
            }
            None => {
                self.replies.push(ServerMessage::error(
                    "this page no longer has the game: another page took it, or this one \
                     fell behind; reload to get it back",
                ));
                Next::Close(close_code::AWAY, "game taken")
            }
        }
    }

    /// Writes the replies waiting, all of them even after one fails (they are dropped
    /// either way); false if any could not be sent.
    async fn send_replies(&mut self, sink: &mut SplitSink<WebSocket, Message>) -> bool {
        let mut sent = true;
        for reply in self.replies.drain(..) {
            sent &= sink
                .send(Message::Text(reply.to_json().into()))
                .await
                .is_ok();
        }
        sent
    }

    /// One text message from the page.
    async fn message(&mut self, text: &str) -> Next {
        let (message, addressed) = match ClientMessage::parse(text) {
            Ok(parsed) => parsed,
            Err(e) => {
                self.replies.push(ServerMessage::error(e));
                return Next::Go;
            }
        };
        if let ClientMessage::Join { game, kind, seat } = message {
            return match seat {
                Some(seat) => self.resume(game.as_deref().unwrap_or(""), &seat).await,
                None => self.join(game.as_deref(), kind).await,
            };
        }
        if message.is_for_the_library() {
            self.library(message);
            return Next::Go;
        }
        if message.enters_a_friends_game() {
            self.enter_friend(message).await;
            return Next::Go;
        }
        if let Some(game) = self.friend.clone() {
            let request = friend::Request::Message {
                connection: self.connection.number,
                message,
            };
            self.pass_to_friend(game, request);
            return Next::Go;
        }
        if message.is_for_a_friends_game() {
            self.replies.push(ServerMessage::error(
                "resign, takeback, answer, rematch and claim are for a game with a friend",
            ));
            return Next::Go;
        }
        let Some(joined) = &self.joined else {
            self.replies.push(ServerMessage::error(
                r#"join a game first: {"t":"join","game":null,"kind":"jump61"}"#,
            ));
            return Next::Go;
        };
        if let Some(other) = addressed.filter(|g| *g != joined.id) {
            let other = crate::protocol::clip(&other);
            self.replies.push(ServerMessage::error(format!(
                "this connection plays game {}, not {other}",
                joined.id
            )));
            return Next::Go;
        }
        if !handed(
            &joined.requests,
            Request::Message(message),
            &mut self.replies,
        ) {
            self.joined = None;
            self.replies.push(ServerMessage::error(
                "the game has ended; join a game again",
            ));
        }
        Next::Go
    }

    /// `join`: the game `id` if the server holds it, or a new game of `kind`. A game
    /// another page has open stays there: this page is told so and closed.
    async fn join(&mut self, id: Option<&str>, kind: Kind) -> Next {
        if let Some(id) = id
            && self.server.registry.held_elsewhere(id, &self.connection)
        {
            return self.held();
        }
        self.leave().await;
        let registry = &self.server.registry;
        let kept = id.and_then(|id| registry.rejoin(id, &self.connection));
        let joined = match kept {
            Some(joined) => Ok(joined),
            None => registry.create(&self.connection, None, |id, requests| {
                self.spawn(id, kind, requests, None)
            }),
        };
        self.attach(joined).await;
        Next::Go
    }

    /// The game asked for is open in another page, which keeps it.
    fn held(&mut self) -> Next {
        self.replies.push(ServerMessage::error(
            "this game is open in another page and stays there: close that page to play it \
             here; nothing changed",
        ));
        Next::Close(close_code::AWAY, "game taken")
    }

    /// `join` by a game's link: the kept game `id` if `seat` is its secret, from memory if
    /// the server still holds it, else replayed from the store (after a restart). A wrong
    /// link gets an error and changes nothing: the page keeps the game it had.
    async fn resume(&mut self, id: &str, seat: &str) -> Next {
        let found = match &self.server.store {
            None => {
                Err("this server keeps no games (--no-db): a link cannot bring one back".into())
            }
            Some(store) => seat::find(&**store, id, seat),
        };
        let found = match found {
            Ok(found) => found,
            Err(e) => {
                self.replies.push(ServerMessage::error(e));
                return Next::Go;
            }
        };
        if self
            .server
            .registry
            .held_elsewhere(&found.game, &self.connection)
        {
            return self.held();
        }
        self.leave().await;
        let registry = &self.server.registry;
        let joined = match registry.rejoin(&found.game, &self.connection) {
            Some(joined) => Ok(joined),
            None => seat::script(&found.kept).and_then(|replay| {
                let id = Some(found.game.clone());
                registry.create(&self.connection, id, |id, requests| {
                    self.spawn(id, Kind::Jump61, requests, Some((found, replay)))
                })
            }),
        };
        self.attach(joined).await;
        Next::Go
    }

    /// Starts game `id`'s task on a game thread; a game found by its link is replayed and
    /// kept on under its old id. False if the server is shutting down.
    fn spawn(
        &self,
        id: String,
        kind: Kind,
        requests: mpsc::Receiver<Request>,
        resumed: Option<(seat::Found, String)>,
    ) -> bool {
        let (limits, pool) = (
            Arc::clone(&self.server.limits),
            Arc::clone(&self.server.pool),
        );
        let keeper = self.server.store.as_ref().map(|store| {
            let address = self.connection.address().to_string();
            let keeper = Keeper::new(Arc::clone(store), id.clone(), address, Arc::clone(&limits));
            match &resumed {
                Some((found, _)) => keeper.resumed(found.made, &found.kept),
                None => keeper,
            }
        });
        let replay = resumed.map(|(_, replay)| replay);
        let make: MakeTask =
            Box::new(move || Box::pin(task::run(id, kind, requests, limits, pool, keeper, replay)));
        self.server.host.spawn(make)
    }

    /// Gives the page the game it joined (or tells it why not).
    async fn attach(&mut self, joined: Result<Joined, String>) {
        let (outbox, inbox) = mpsc::channel(self.server.limits.outbox_messages);
        self.new_inbox = Some(inbox);
        let joined = match joined {
            Ok(joined) => joined,
            Err(e) => {
                self.idle = Some(outbox);
                return self.replies.push(ServerMessage::error(e));
            }
        };
        match joined.requests.send(Request::Attach { outbox }).await {
            Ok(()) => self.joined = Some(joined),
            Err(mpsc::error::SendError(Request::Attach { outbox })) => {
                self.idle = Some(outbox);
                self.replies.push(ServerMessage::error(
                    "the game has ended; join a game again",
                ));
            }
            Err(_) => {}
        }
    }

    /// Lets go of the game, which stops its search and waits for a reconnect (or of the
    /// game with a friend, which keeps the seat a while).
    async fn leave(&mut self) {
        if let Some(friend) = self.friend.take() {
            let connection = self.connection.number;
            let _ = friend.send(friend::Request::Leave { connection }).await;
        }
        if let Some(joined) = self.joined.take()
            && self.server.registry.detach(&joined.id, &self.connection)
        {
            let _ = joined.requests.send(Request::Detach).await;
        }
    }
}

/// Hands `request` to a game's task without waiting: a full queue drops it and says so in
/// `replies`. False when the task has ended.
fn handed<T>(game: &mpsc::Sender<T>, request: T, replies: &mut Vec<ServerMessage>) -> bool {
    match game.try_send(request) {
        Ok(()) => true,
        Err(mpsc::error::TrySendError::Full(_)) => {
            replies.push(ServerMessage::error(
                "the game is busy with earlier messages; this one was dropped",
            ));
            true
        }
        Err(mpsc::error::TrySendError::Closed(_)) => false,
    }
}
