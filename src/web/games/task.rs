//! A game's task on its game thread: it takes the page's requests and the searches' reports
//! one at a time, and sends what they change to the page that has the game, if any.

use super::context::{Context, Report};
use super::jump61::Jump61;
use super::keep::Keeper;
use super::record::Keepable;
use super::snatch::Snatch;
use crate::web::limits::Limits;
use crate::web::pool::SearchPool;
use crate::web::protocol::{ClientMessage, Kind, ServerMessage};
use std::sync::Arc;
use tokio::sync::mpsc;

/// A request to a game's task.
pub enum Request {
    /// A page takes the game: its messages go to `outbox` from now on.
    Attach { outbox: mpsc::Sender<ServerMessage> },
    /// The page has gone: any search stops at once; the game waits for a reconnect.
    Detach,
    /// A message from the page.
    Message(ClientMessage),
}

/// Either kind of game.
enum Game {
    Jump61(Box<Jump61>),
    Snatch(Box<Snatch>),
}

impl Game {
    fn new(kind: Kind, limits: &Limits) -> Game {
        match kind {
            Kind::Jump61 => Game::Jump61(Box::new(Jump61::new(limits))),
            Kind::Snatch => Game::Snatch(Box::default()),
        }
    }

    fn kind(&self) -> Kind {
        match self {
            Game::Jump61(_) => Kind::Jump61,
            Game::Snatch(_) => Kind::Snatch,
        }
    }

    fn message(&mut self, message: ClientMessage, ctx: &mut Context) {
        match self {
            Game::Jump61(g) => g.message(message, ctx),
            Game::Snatch(g) => g.message(message, ctx),
        }
    }

    fn report(&mut self, report: Report, ctx: &mut Context) {
        match self {
            Game::Jump61(g) => g.report(report, ctx),
            Game::Snatch(g) => g.report(report, ctx),
        }
    }

    fn settle(&mut self, ctx: &mut Context) {
        match self {
            Game::Jump61(g) => g.settle(ctx),
            Game::Snatch(g) => g.settle(ctx),
        }
    }

    fn keepable(&self) -> &dyn Keepable {
        match self {
            Game::Jump61(g) => &**g,
            Game::Snatch(g) => &**g,
        }
    }

    fn cancel_search(&mut self) {
        match self {
            Game::Jump61(g) => g.stop_all(),
            Game::Snatch(g) => g.cancel_search(),
        }
    }
}

/// Runs game `id` until its request channel closes (the registry forgot it). A game found
/// by its link starts from `replay`, the command-loop script of its moves and players.
pub async fn run(
    id: String,
    kind: Kind,
    mut requests: mpsc::Receiver<Request>,
    limits: Arc<Limits>,
    pool: Arc<SearchPool>,
    mut keeper: Option<Keeper>,
    replay: Option<String>,
) {
    let (reports_tx, mut reports) = mpsc::unbounded_channel();
    let mut ctx = Context::new(Arc::clone(&limits), pool, reports_tx);
    let mut game = Game::new(kind, &limits);
    if let Some(text) = replay {
        game.message(ClientMessage::Load { text }, &mut ctx);
    }
    let mut outbox: Option<mpsc::Sender<ServerMessage>> = None;
    loop {
        tokio::select! {
            request = requests.recv() => match request {
                None => break,
                Some(Request::Attach { outbox: page }) => {
                    outbox = Some(page);
                    ctx.attached = true;
                    ctx.send(joined(&id, game.kind()));
                    if let Some(seat) = keeper.as_ref().and_then(Keeper::seat) {
                        ctx.send(seat);
                    }
                    game.settle(&mut ctx);
                }
                Some(Request::Detach) => {
                    outbox = None;
                    ctx.attached = false;
                    game.cancel_search();
                }
                Some(Request::Message(ClientMessage::Kind { kind })) => {
                    game.cancel_search();
                    game = Game::new(kind, &limits);
                    ctx.send(joined(&id, kind));
                    game.settle(&mut ctx);
                }
                Some(Request::Message(message)) => game.message(message, &mut ctx),
            },
            Some(report) = reports.recv() => game.report(report, &mut ctx),
        }
        if let Some(keeper) = &mut keeper {
            keeper.keep(game.keepable(), &mut ctx).await;
        }
        if !deliver(&mut outbox, &mut ctx) {
            game.cancel_search();
        }
    }
    game.cancel_search();
}

fn joined(id: &str, kind: Kind) -> ServerMessage {
    ServerMessage::Joined {
        game: id.to_string(),
        kind,
    }
}

/// Sends the waiting messages to the page. A page that has gone, or that reads so slowly
/// that its messages pile up, loses the game (it is kept for a reconnect): its searches
/// stop and its connection closes.
/// Returns false when the page has just been let go.
fn deliver(outbox: &mut Option<mpsc::Sender<ServerMessage>>, ctx: &mut Context) -> bool {
    let messages = ctx.take_sent();
    let Some(page) = outbox else {
        return true;
    };
    for message in messages {
        if page.try_send(message).is_err() {
            *outbox = None;
            ctx.attached = false;
            return false;
        }
    }
    true
}
