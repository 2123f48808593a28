//! A game with a friend in the store: its links, setting and seats kept when it is made,
//! each change of its seats or round written as it happens, and its moves (with the
//! clocks after each) through the game's [`Keeper`]. A failed write is told to the page and
//! the log, and the game goes on in memory, no longer kept.

use super::FriendGame;
use super::clock::{Clock, Setting};
use crate::web::games::jump61::Jump61;
use crate::web::games::keep::{Keeper, SharedStore, now_ms};
use crate::web::games::record::{Keepable, Key, Look, Record};
use crate::web::games::seat::seat_hash;
use crate::web::limits::Limits;
use crate::web::store::{KeptFriend, Store, StoreError};
use std::sync::Arc;

/// Where the game is kept, when the server keeps games.
pub(super) struct Keeping {
    pub(super) store: SharedStore,
    /// The address that created the game.
    pub(super) address: String,
    pub(super) keeper: Keeper,
}

impl FriendGame {
    /// A new game: the creator's seat, kept with the game's links before its page is told
    /// them (a failed write is told to the creator's page; the game goes on in memory).
    pub(super) fn found(&mut self, creator: [u8; 16], store: Option<(SharedStore, String)>) {
        self.seats[0].hash = Some(seat_hash(&creator));
        let Some((store, address)) = store else {
            return;
        };
        let setting = self.setup.clock;
        let kept = KeptFriend {
            invite: self.invite.clone(),
            watch: self.watch.clone(),
            size: self.setup.size as u8,
            rules: self.setup.dialect.to_string(),
            minutes: setting.map_or(0.0, |c| c.minutes),
            increment: setting.map_or(0.0, |c| c.increment),
            creator: seat_hash(&creator),
            guest: None,
            round: 1,
            address: address.clone(),
            made_ms: now_ms(),
        };
        let limits = &self.limits;
        let made = store.create_friend(&kept, limits.stored_games_per_address, limits.stored_games);
        match made {
            Ok(()) => {
                self.keeping = Some(Keeping {
                    keeper: keeper(&store, &self.invite, 1, &address, limits),
                    store,
                    address,
                })
            }
            Err(e) => self.not_kept(e),
        }
    }

    /// Writes one change of the game's seats or round; a failure is told to the page and
    /// the log, and the game goes on in memory, no longer kept.
    pub(super) fn write(
        &mut self,
        change: impl FnOnce(&dyn Store, &str) -> Result<(), StoreError>,
    ) {
        let Some(keeping) = &self.keeping else {
            return;
        };
        let written = change(&*keeping.store, &self.invite);
        if let Err(e) = written {
            self.not_kept(e);
        }
    }

    /// The store failed: said on the log and to the page, and nothing more is written.
    fn not_kept(&mut self, e: StoreError) {
        crate::output::error_line(format_args!("jump61 serve: a game with a friend: {e}"));
        self.ctx.error(e.to_string());
        self.keeping = None;
    }

    /// Writes what changed to the store, waiting for the disk on a blocking thread.
    pub(super) async fn keep(&mut self) {
        if let Some(keeping) = &mut self.keeping {
            let game = Timed {
                game: &self.game,
                setting: self.setup.clock,
                clock: self.clock.as_ref(),
            };
            keeping.keeper.keep(&game, &mut self.ctx).await;
        }
    }

    /// [`FriendGame::keep`] on the game thread, for a caller that cannot wait.
    pub(super) fn keep_now(&mut self) {
        if let Some(keeping) = &mut self.keeping {
            let game = Timed {
                game: &self.game,
                setting: self.setup.clock,
                clock: self.clock.as_ref(),
            };
            keeping.keeper.keep_now(&game, &mut self.ctx);
        }
    }
}

/// The game as the store keeps it, with its clocks.
struct Timed<'a> {
    game: &'a Jump61,
    setting: Option<Setting>,
    clock: Option<&'a Clock>,
}

impl Keepable for Timed<'_> {
    fn look(&self) -> Look {
        Look {
            clock_left: self.clock.map(Clock::left_ms),
            ..self.game.look()
        }
    }

    fn compare(&self, kept: &[Key]) -> (usize, usize) {
        self.game.compare(kept)
    }

    fn moves_from(&self, from: usize) -> Vec<(Key, String)> {
        self.game.moves_from(from)
    }

    fn record(&self) -> Record {
        Record {
            clock: self.setting.map(|c| c.stored()),
            ..self.game.record()
        }
    }
}

/// The keeper of round `round` of the game at `invite`.
pub(super) fn keeper(
    store: &SharedStore,
    invite: &str,
    round: u32,
    address: &str,
    limits: &Arc<Limits>,
) -> Keeper {
    Keeper::new(
        Arc::clone(store),
        format!("{invite}r{round}"),
        address.to_string(),
        Arc::clone(limits),
    )
}
