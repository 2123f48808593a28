//! A page's connection to a game with a friend: it creates one, takes its open seat by the
//! invite link, comes back to its seat, or watches; then it passes its messages on. A link
//! to a game the server no longer holds (after a restart) takes it up from the store. A page
//! refused (a wrong secret, a held seat, a full game) keeps what it had.

use super::Page;
use crate::web::games::friend::{self, Entry, Origin, Request, Setup, Start};
use crate::web::games::seat::parse_secret;
use crate::web::protocol::{ClientMessage, ServerMessage};
use crate::web::store::FriendLink;
use crate::web::transport::host::MakeTask;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// The game's request channel and how the page comes in.
type Door = Result<(mpsc::Sender<Request>, Entry), String>;

const NO_SUCH_GAME: &str = "no game with a friend at that link: nothing changed";

impl Page {
    /// `friend`, `accept`, `sit` or `watch`.
    pub(super) async fn enter_friend(&mut self, message: ClientMessage) {
        let door: Door = match message {
            ClientMessage::Friend {
                size,
                rules,
                minutes,
                increment,
            } => self.create_friend(Setup::new(size, rules.as_deref(), minutes, increment)),
            ClientMessage::Accept { invite } => self
                .friend_at(FriendLink::Invite(&invite))
                .map(|game| (game, Entry::Accept)),
            ClientMessage::Sit { invite, seat } => parse_secret(&seat).and_then(|secret| {
                let game = self.friend_at(FriendLink::Invite(&invite))?;
                Ok((game, Entry::Sit(secret)))
            }),
            ClientMessage::Watch { watch } => self
                .friend_at(FriendLink::Watch(&watch))
                .map(|game| (game, Entry::Watch)),
            _ => return,
        };
        match door {
            Ok((game, entry)) => self.enter(game, entry).await,
            Err(e) => self.replies.push(ServerMessage::error(e)),
        }
    }

    /// A new game with a friend on a game thread; its creator sits in Red's seat.
    fn create_friend(&self, setup: Result<Setup, String>) -> Door {
        let setup = setup?;
        let creator = friend::new_secret()?;
        let server = &self.server;
        let address = self.connection.address();
        let store = server
            .store
            .as_ref()
            .map(|store| (Arc::clone(store), address.to_string()));
        let (limits, pool) = (Arc::clone(&server.limits), Arc::clone(&server.pool));
        let (_, game) =
            server
                .friends
                .create(address, &server.limits, |invite, watch, requests| {
                    let start = Start {
                        invite,
                        watch,
                        setup,
                        origin: Origin::New { creator },
                        limits,
                        pool,
                        store,
                    };
                    let make: MakeTask = Box::new(move || Box::pin(friend::run(start, requests)));
                    server.host.spawn(make)
                })?;
        Ok((game, Entry::Sit(creator)))
    }

    /// The game with a friend at `link`: held now, or else kept in the store and taken up
    /// again on a game thread.
    fn friend_at(&self, link: FriendLink<'_>) -> Result<mpsc::Sender<Request>, String> {
        let server = &self.server;
        let load = || match &server.store {
            None => Ok(None),
            Some(store) => store.load_friend(link).map_err(|e| e.to_string()),
        };
        let spawn = |kept, requests| {
            let store = server.store.as_ref().ok_or(NO_SUCH_GAME)?;
            let (limits, pool) = (Arc::clone(&server.limits), Arc::clone(&server.pool));
            let start = friend::kept_start(kept, limits, pool, Arc::clone(store))?;
            let make: MakeTask = Box::new(move || Box::pin(friend::run(start, requests)));
            match server.host.spawn(make) {
                true => Ok(()),
                false => Err("the server is shutting down".to_string()),
            }
        };
        server
            .friends
            .find(link, &server.limits, load, spawn)?
            .ok_or_else(|| NO_SUCH_GAME.to_string())
    }

    /// Asks the game to let this page in; if it does, the page leaves what it had.
    async fn enter(&mut self, game: mpsc::Sender<Request>, entry: Entry) {
        let (outbox, inbox) = mpsc::channel(self.server.limits.outbox_messages);
        let (reply, answer) = oneshot::channel();
        let connection = self.connection.number;
        let request = Request::Enter {
            connection,
            entry,
            outbox,
            reply,
        };
        let ended = || "this game with a friend has ended".to_string();
        let entered = match game.send(request).await {
            Ok(()) => answer.await.unwrap_or_else(|_| Err(ended())),
            Err(_) => Err(ended()),
        };
        if let Err(e) = entered {
            return self.replies.push(ServerMessage::error(e));
        }
        // Within the same game the task has moved the page itself (a watcher who sits).
        if !self.friend.as_ref().is_some_and(|f| f.same_channel(&game)) {
            self.leave().await;
        }
        self.friend = Some(game);
        self.new_inbox = Some(inbox);
    }

    /// Passes a message to the game with a friend.
    pub(super) fn pass_to_friend(&mut self, game: mpsc::Sender<Request>, request: Request) {
        if !super::handed(&game, request, &mut self.replies) {
            self.friend = None;
            self.replies.push(ServerMessage::error(
                "this game with a friend has ended; open its link again",
            ));
        }
    }
}
