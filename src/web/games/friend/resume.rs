//! A game with a friend taken up again from the store, after a restart (a clean stop or
//! `kill -9`) or once its task let it go: its links, its seats (by the hashes of their
//! secrets), the round played, that round's moves replayed, its result, and its clocks as
//! they stood after the last kept move. The clocks stand until the page whose turn it is
//! comes back: the time the server was down is nobody's.

use super::clock::Clock;
use super::keeping::{Keeping, keeper};
use super::{FriendGame, Origin, Seat, Setup, Start, loaded};
use crate::board::Colour;
use crate::web::games::keep::SharedStore;
use crate::web::games::seat;
use crate::web::limits::Limits;
use crate::web::pool::SearchPool;
use crate::web::store::{KeptFriend, StoredGame};
use std::sync::Arc;
use tokio::time::Instant;

/// The start of a kept game with a friend, or why it cannot be taken up.
pub fn kept_start(
    kept: KeptFriend,
    limits: Arc<Limits>,
    pool: Arc<SearchPool>,
    store: SharedStore,
) -> Result<Start, String> {
    let setup = Setup::new(
        usize::from(kept.size),
        Some(&kept.rules),
        kept.minutes,
        kept.increment,
    )
    .map_err(|e| format!("the kept game with a friend is damaged: {e}"))?;
    let address = kept.address.clone();
    Ok(Start {
        invite: kept.invite.clone(),
        watch: kept.watch.clone(),
        setup,
        origin: Origin::Kept(kept),
        limits,
        pool,
        store: Some((store, address)),
    })
}

/// The colour the creator plays in round `round`: Red first, then swapped each rematch.
pub fn creators_colour(round: u32) -> Colour {
    if round % 2 == 1 {
        Colour::Red
    } else {
        Colour::Blue
    }
}

impl FriendGame {
    /// Takes up the kept game: both pages are gone until they come back by their links.
    pub(super) fn resume(
        &mut self,
        kept: KeptFriend,
        store: Option<(SharedStore, String)>,
    ) -> Result<(), String> {
        let Some((store, _)) = store else {
            return Err("a kept game with a friend needs the store".into());
        };
        let now = Instant::now();
        let creator = creators_colour(kept.round);
        self.seats = [
            Seat {
                hash: Some(kept.creator),
                gone_since: Some(now),
                ..Seat::open(creator)
            },
            Seat {
                hash: kept.guest,
                gone_since: kept.guest.map(|_| now),
                ..Seat::open(creator.opponent())
            },
        ];
        self.round = kept.round;
        let id = format!("{}r{}-1", kept.invite, kept.round);
        let (found, left) = { (store.load(&id), store.clock_left(&id)) };
        let found = found.map_err(|e| e.to_string())?;
        let left = left.map_err(|e| e.to_string())?;
        let mut keeper = keeper(
            &store,
            &kept.invite,
            kept.round,
            &kept.address,
            &self.limits,
        );
        if let Some(found) = found {
            self.replay(&found)?;
            keeper = keeper.resumed(1, &found);
        }
        if let (Some(setting), Some(left)) = (self.setup.clock, left) {
            self.clock = Some(Clock::resumed(setting, left));
        }
        self.keeping = Some(Keeping {
            store,
            address: kept.address,
            keeper,
        });
        Ok(())
    }

    /// Plays the kept round's moves again, and takes up its result.
    fn replay(&mut self, found: &StoredGame) -> Result<(), String> {
        let script = seat::script(found)?;
        self.game = loaded(script, &self.limits, &mut self.ctx)
            .map_err(|e| format!("the kept game {} does not replay: {e}", found.game.id))?;
        // What the replay said is no news to the pages that come back.
        self.ctx.take_sent();
        if let Some(end) = &found.end {
            let winner = match end.result.as_str() {
                "red" => Colour::Red,
                "blue" => Colour::Blue,
                other => return Err(format!("a kept game's winner is '{other}'")),
            };
            self.result = Some((winner, end.how.clone()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_creator_plays_red_then_each_rematch_swaps() {
        assert_eq!(creators_colour(1), Colour::Red);
        assert_eq!(creators_colour(2), Colour::Blue);
        assert_eq!(creators_colour(3), Colour::Red);
    }
}
