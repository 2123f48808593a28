//! A page's Games view: its finished games listed, one replayed, one reviewed. They are
//! answered by the connection itself, whatever game the page is in; a review runs in the
//! search pool (one at a time a page) and its answer comes back on the page's own channel.

use super::Page;
use crate::web::games::{library, review};
use crate::web::protocol::{ClientMessage, ServerMessage};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

const NO_STORE: &str = "this server keeps no games (--no-db): there are no finished games to show";

impl Page {
    /// `games`, `replay`, `watched` or `review`.
    pub(super) fn library(&mut self, message: ClientMessage) {
        let Some(store) = self.server.store.clone() else {
            return self.replies.push(ServerMessage::error(NO_STORE));
        };
        let answer = {
            let most = self.server.limits.max_games_listed;
            match message {
                ClientMessage::Games { list, friends } => {
                    library::listed(&*store, &list, &friends, most)
                        .map(|list| Some(ServerMessage::Games { list }))
                }
                ClientMessage::Replay { id, seat } => library::open(&*store, &id, &seat)
                    .map(|found| Some(ServerMessage::Replay(Box::new(found.replay_view())))),
                ClientMessage::Watched { watch, round } => library::watched(&*store, &watch, round)
                    .map(|found| Some(ServerMessage::Replay(Box::new(found.replay_view())))),
                ClientMessage::Review { id, seat } => {
                    let found = library::finished(&*store, &id, &seat);
                    match found.and_then(|found| Ok((review::stored(&*store, &id)?, found))) {
                        Ok((Some(kept), _)) => Ok(Some(ServerMessage::Review(Box::new(kept)))),
                        Ok((None, found)) => {
                            drop(store);
                            self.start_review(found)
                        }
                        Err(e) => Err(e),
                    }
                }
                _ => Ok(None),
            }
        };
        match answer {
            Ok(Some(message)) => self.replies.push(message),
            Ok(None) => {}
            Err(e) => self.replies.push(ServerMessage::error(e)),
        }
    }

    /// Makes the game's review in the search pool; the `running` answer now, the review
    /// on the page's channel when it is made (and kept).
    fn start_review(&mut self, found: library::Finished) -> Result<Option<ServerMessage>, String> {
        if self.reviewing.as_ref().is_some_and(|r| !r.done()) {
            return Err("a review is being made for this page: one at a time".to_string());
        }
        let Some(store) = self.server.store.clone() else {
            return Err(NO_STORE.to_string());
        };
        let limits = review::limits(&self.server.limits);
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let running = review::running(&found.kept.game.id, &limits);
        let answers = self.answers.clone();
        let (job_stop, finished) = (Arc::clone(&stop), Arc::clone(&done));
        self.server.pool.spawn(
            Arc::clone(&stop),
            move || review::make(&found, &limits, job_stop, &*store),
            move |made| {
                finished.store(true, Ordering::Relaxed);
                let message = match made.flatten() {
                    Some(Ok(view)) => ServerMessage::Review(Box::new(view)),
                    Some(Err(e)) => ServerMessage::error(e),
                    // Stopped: the page has gone.
                    None => return,
                };
                let _ = answers.send(message);
            },
        );
        self.reviewing = Some(Reviewing { stop, done });
        Ok(Some(ServerMessage::Review(Box::new(running))))
    }

    /// Stops the page's review, if one is being made (the page has gone).
    pub(super) fn stop_review(&mut self) {
        if let Some(reviewing) = self.reviewing.take() {
            reviewing.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// A review being made for a page.
pub(super) struct Reviewing {
    stop: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
}

impl Reviewing {
    fn done(&self) -> bool {
        self.done.load(Ordering::Relaxed)
    }
}
