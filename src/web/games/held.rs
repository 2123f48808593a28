//! Whose seat a page shows for a finished game: the kept game's own secret (a game against
//! the AI, or of one's own), or a seat of a game with a friend, whose rounds are kept as
//! games `INVITErR-N` and whose seats are kept as the SHA-256 of their secrets. A page shows
//! only its own seat's secret; the other player's is never sent, nor its hash.

use super::friend::creators_colour;
use super::seat::{same_secret, seat_hash};
use super::words::colour_name;
use crate::web::store::{FriendLink, Store};

/// The seat a page holds in a finished game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holder {
    /// In a game with a friend: the colour this seat played in that round.
    pub you: Option<&'static str>,
    /// In a game with a friend: its invite id (the page finds its seat's secret by it).
    pub friend: Option<String>,
    /// In a game with a friend: its watch link's id and the round, which name the round's
    /// replay for anyone with the watch link (no secret in them).
    pub watched: Option<(String, u32)>,
}

/// The seat `secret` holds in the game with a friend at `invite` (0 the creator's, 1 the
/// guest's) and the game's watch id; `None` for no seat (or no such game).
pub fn friend_seat(store: &dyn Store, invite: &str, secret: &[u8; 16]) -> Option<(usize, String)> {
    let kept = store.load_friend(FriendLink::Invite(invite)).ok()??;
    let hash = seat_hash(secret);
    // Both seats are compared whatever the first gives, so the time tells nothing.
    let creator = same_secret(&kept.creator, &hash);
    let guest = kept.guest.is_some_and(|g| same_secret(&g, &hash));
    match (creator, guest) {
        (true, _) => Some((0, kept.watch)),
        (_, true) => Some((1, kept.watch)),
        _ => None,
    }
}

/// The invite id and round of a game with a friend's kept game `INVITErR-N`.
pub fn friend_round(id: &str) -> Option<(&str, u32)> {
    let (invite, rest) = id.split_once('r')?;
    let (round, made) = rest.split_once('-')?;
    let hex = invite.len() == 32 && invite.bytes().all(|b| b.is_ascii_hexdigit());
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (hex && number(made)).then_some(())?;
    Some((invite, round.parse().ok()?))
}

/// The colour seat `seat` (0 the creator's) played in round `round`.
pub fn colour_in(seat: usize, round: u32) -> &'static str {
    let creator = creators_colour(round);
    colour_name(if seat == 0 {
        creator
    } else {
        creator.opponent()
    })
}

/// The seat `secret` holds in kept game `id` if it is a round of a game with a friend and
/// the secret one of its seats'.
pub fn friend_holder(store: &dyn Store, id: &str, secret: &[u8; 16]) -> Option<Holder> {
    let (invite, round) = friend_round(id)?;
    let (seat, watch) = friend_seat(store, invite, secret)?;
    Some(Holder {
        you: Some(colour_in(seat, round)),
        friend: Some(invite.to_string()),
        watched: Some((watch, round)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rounds_id_names_its_invite_and_round() {
        let invite = "0123456789abcdef0123456789abcdef";
        assert_eq!(friend_round(&format!("{invite}r3-1")), Some((invite, 3)));
        assert_eq!(friend_round(&format!("{invite}r-1")), None);
        assert_eq!(friend_round(&format!("{invite}r2-")), None);
        assert_eq!(friend_round("abcr1-1"), None, "an invite is 32 hex digits");
        assert_eq!(friend_round("game-1"), None);
    }

    #[test]
    fn the_creator_is_red_in_odd_rounds_and_the_guest_then_blue() {
        assert_eq!((colour_in(0, 1), colour_in(1, 1)), ("red", "blue"));
        assert_eq!((colour_in(0, 2), colour_in(1, 2)), ("blue", "red"));
    }
}
