//! The games with a friend a server holds, found by their invite id (which a seat's secret
//! goes with) or by their watch id. Both ids are 128 bits from the operating system's random
//! source, drawn apart: neither tells anything of the other, nor of a seat's secret. A game
//! not held (after a restart, or once let go) is taken up again from the store by its link.

use super::Request;
use crate::web::limits::Limits;
use crate::web::store::{FriendLink, KeptFriend};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Mutex, MutexGuard};
use tokio::sync::mpsc;

/// One game's entry.
struct Entry {
    requests: mpsc::Sender<Request>,
    watch: String,
    /// The address that created it.
    address: IpAddr,
}

/// The games with a friend, by invite id.
#[derive(Default)]
pub struct Friends {
    games: Mutex<HashMap<String, Entry>>,
}

/// 128 bits from the operating system, in hex.
pub fn random_hex() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers from the system: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl Friends {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Holds a new game for `address` within the limits: `spawn` starts its task with the
    /// invite id, the watch id and its request channel (false: the server is stopping).
    /// Returns the invite id and the channel.
    pub fn create(
        &self,
        address: IpAddr,
        limits: &Limits,
        spawn: impl FnOnce(String, String, mpsc::Receiver<Request>) -> bool,
    ) -> Result<(String, mpsc::Sender<Request>), String> {
        let mut games = self.lock();
        games.retain(|_, e| !e.requests.is_closed());
        if games.len() >= limits.friend_games {
            return Err(format!(
                "the server is full: {} games with a friend",
                limits.friend_games
            ));
        }
        let here = games.values().filter(|e| e.address == address).count();
        if here >= limits.friend_games_per_address {
            return Err(format!(
                "too many games with a friend from {address}: at most {}",
                limits.friend_games_per_address
            ));
        }
        let (invite, watch) = (random_hex()?, random_hex()?);
        let (tx, rx) = mpsc::channel(limits.inbox_messages);
        if !spawn(invite.clone(), watch.clone(), rx) {
            return Err("the server is shutting down".to_string());
        }
        let entry = Entry {
            requests: tx.clone(),
            watch,
            address,
        };
        games.insert(invite.clone(), entry);
        Ok((invite, tx))
    }

    /// The game whose invite id is `invite`.
    pub fn by_invite(&self, invite: &str) -> Option<mpsc::Sender<Request>> {
        held(&self.lock(), FriendLink::Invite(invite))
    }

    /// The game whose watch id is `watch`.
    pub fn by_watch(&self, watch: &str) -> Option<mpsc::Sender<Request>> {
        held(&self.lock(), FriendLink::Watch(watch))
    }

    /// The game at `link`: the one held, or else the one `load` finds kept, started again
    /// by `spawn` under its old links (one task a game, however many pages come back at
    /// once: the table stays locked meanwhile). `None`: no game at that link.
    pub fn find(
        &self,
        link: FriendLink<'_>,
        limits: &Limits,
        load: impl FnOnce() -> Result<Option<KeptFriend>, String>,
        spawn: impl FnOnce(KeptFriend, mpsc::Receiver<Request>) -> Result<(), String>,
    ) -> Result<Option<mpsc::Sender<Request>>, String> {
        let mut games = self.lock();
        if let Some(requests) = held(&games, link) {
            return Ok(Some(requests));
        }
        let Some(kept) = load()? else {
            return Ok(None);
        };
        games.retain(|_, e| !e.requests.is_closed());
        if games.len() >= limits.friend_games {
            return Err(format!(
                "the server is full: {} games with a friend",
                limits.friend_games
            ));
        }
        let (tx, rx) = mpsc::channel(limits.inbox_messages);
        let (invite, watch) = (kept.invite.clone(), kept.watch.clone());
        let address = kept
            .address
            .parse()
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        spawn(kept, rx)?;
        let entry = Entry {
            requests: tx.clone(),
            watch,
            address,
        };
        games.insert(invite, entry);
        Ok(Some(tx))
    }

    /// Forgets the games whose task has ended; returns how many are left.
    pub fn sweep(&self) -> usize {
        let mut games = self.lock();
        games.retain(|_, e| !e.requests.is_closed());
        games.len()
    }
}

/// The game at `link` whose task still runs.
fn held(games: &HashMap<String, Entry>, link: FriendLink<'_>) -> Option<mpsc::Sender<Request>> {
    let open = |e: &&Entry| !e.requests.is_closed();
    let entry = match link {
        FriendLink::Invite(invite) => games.get(invite).filter(open),
        FriendLink::Watch(watch) => games.values().filter(open).find(|e| e.watch == watch),
    }?;
    Some(entry.requests.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_32_hex_digits_and_differ() {
        let (a, b) = (random_hex().unwrap(), random_hex().unwrap());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    fn kept(invite: &str, watch: &str) -> KeptFriend {
        KeptFriend {
            invite: invite.into(),
            watch: watch.into(),
            size: 3,
            rules: "2014".into(),
            minutes: 0.0,
            increment: 0.0,
            creator: [1; 32],
            guest: None,
            round: 1,
            address: "127.0.0.2".into(),
            made_ms: 0,
        }
    }

    #[test]
    fn a_kept_game_is_taken_up_once_and_then_found_by_either_link() {
        let friends = Friends::default();
        let limits = Limits::default();
        let mut tasks = Vec::new();
        let found = friends.find(
            FriendLink::Watch("w1"),
            &limits,
            || Ok(Some(kept("i1", "w1"))),
            |kept, rx| {
                tasks.push((kept.invite, rx));
                Ok(())
            },
        );
        assert!(found.unwrap().is_some());
        assert_eq!(tasks.len(), 1);
        // Held now: the store is not asked again, by either link.
        for link in [FriendLink::Invite("i1"), FriendLink::Watch("w1")] {
            let again = friends.find(
                link,
                &limits,
                || panic!("the store asked again"),
                |_, _| panic!("a second task"),
            );
            assert!(again.unwrap().is_some());
        }
        let none = friends.find(
            FriendLink::Invite("i2"),
            &limits,
            || Ok(None),
            |_, _| Ok(()),
        );
        assert!(none.unwrap().is_none());
        let refused = friends.find(
            FriendLink::Invite("i3"),
            &limits,
            || Ok(Some(kept("i3", "w3"))),
            |_, _| Err("no".to_string()),
        );
        assert!(refused.is_err() && friends.by_invite("i3").is_none());
    }

    #[test]
    fn games_per_address_are_bounded_and_ended_games_forgotten() {
        let friends = Friends::default();
        let limits = Limits {
            friend_games_per_address: 2,
            ..Limits::default()
        };
        let here: IpAddr = "127.0.0.1".parse().unwrap();
        let mut kept = Vec::new();
        for _ in 0..2 {
            let mut rx = None;
            let made = friends.create(here, &limits, |_, _, r| {
                rx = Some(r);
                true
            });
            kept.push((made.unwrap(), rx.unwrap()));
        }
        let third = friends.create(here, &limits, |_, _, _| true);
        assert!(third.unwrap_err().contains("at most 2"));
        let ((invite, _), _) = kept.pop().unwrap();
        assert!(friends.by_invite(&invite).is_none(), "its task has ended");
        assert_eq!(friends.sweep(), 1);
    }
}
