//! Who is connected and which games are kept: the counts the limits bound, the games by id
//! for a page that comes back, and the sweep that forgets games whose page has long gone.

use crate::web::games::task::Request;
use crate::web::limits::Limits;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::mpsc;

/// One kept game.
struct Entry {
    requests: mpsc::Sender<Request>,
    address: IpAddr,
    /// The connection that has it now (connections are numbered), if any.
    attached: Option<u64>,
    /// When its page went away (or it was made).
    idle_since: Instant,
}

#[derive(Default)]
struct Inner {
    games: HashMap<String, Entry>,
    connections: usize,
    by_address: HashMap<IpAddr, usize>,
    next_connection: u64,
}

/// The connections and games of one server.
pub struct Registry {
    limits: Arc<Limits>,
    inner: Mutex<Inner>,
}

/// A counted connection; dropping it uncounts it.
pub struct Connection {
    registry: Arc<Registry>,
    address: IpAddr,
    pub number: u64,
}

impl Connection {
    /// The address it comes from.
    pub fn address(&self) -> std::net::IpAddr {
        self.address
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        let mut inner = self.registry.lock();
        inner.connections -= 1;
        if let Some(n) = inner.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                inner.by_address.remove(&self.address);
            }
        }
    }
}

/// The game a connection joined.
pub struct Joined {
    pub id: String,
    pub requests: mpsc::Sender<Request>,
}

impl Registry {
    pub fn new(limits: Arc<Limits>) -> Registry {
        Registry {
            limits,
            inner: Mutex::default(),
        }
    }

    /// The lock; a panic elsewhere while holding it leaves counts that are still usable.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a new connection from `address`, or says which limit refuses it.
    pub fn connect(self: &Arc<Self>, address: IpAddr) -> Result<Connection, String> {
        let mut inner = self.lock();
        if inner.connections >= self.limits.max_connections {
            return Err(format!(
                "the server is full: {} connections",
                self.limits.max_connections
            ));
        }
        let from_here = inner.by_address.get(&address).copied().unwrap_or(0);
        if from_here >= self.limits.max_connections_per_address {
            return Err(format!(
                "too many connections from {address}: at most {}",
                self.limits.max_connections_per_address
            ));
        }
        inner.connections += 1;
        *inner.by_address.entry(address).or_default() += 1;
        inner.next_connection += 1;
        Ok(Connection {
            registry: Arc::clone(self),
            address,
            number: inner.next_connection,
        })
    }

    /// Whether game `id` is open in a page other than `connection`: a held game stays
    /// with its page.
    pub fn held_elsewhere(&self, id: &str, connection: &Connection) -> bool {
        let inner = self.lock();
        inner.games.get(id).is_some_and(|e| {
            !e.requests.is_closed() && e.attached.is_some_and(|n| n != connection.number)
        })
    }

    /// The game `id` for `connection` if it is kept and no other page has it; `None`
    /// otherwise.
    pub fn rejoin(&self, id: &str, connection: &Connection) -> Option<Joined> {
        let mut inner = self.lock();
        let entry = inner.games.get_mut(id)?;
        if entry.requests.is_closed() {
            inner.games.remove(id);
            return None;
        }
        if entry.attached.is_some_and(|n| n != connection.number) {
            return None;
        }
        entry.attached = Some(connection.number);
        Some(Joined {
            id: id.to_string(),
            requests: entry.requests.clone(),
        })
    }

    /// Keeps a new game for `connection`, made by `spawn` (given the new id and the game's
    /// request channel). Within the limits, the oldest game no page has is forgotten to
    /// make room; when every kept game has a page, the new game is refused. A game found by
    /// its link comes back under its old `id`; a new one gets a new id.
    pub fn create(
        &self,
        connection: &Connection,
        id: Option<String>,
        spawn: impl FnOnce(String, mpsc::Receiver<Request>) -> bool,
    ) -> Result<Joined, String> {
        let mut inner = self.lock();
        if id.as_ref().is_some_and(|id| inner.games.contains_key(id)) {
            return Err("this game has just come back in another page".to_string());
        }
        let address = connection.address;
        let here = inner
            .games
            .values()
            .filter(|e| e.address == address)
            .count();
        if here >= self.limits.max_games_per_address
            && !evict_oldest_idle(&mut inner, Some(address))
        {
            return Err(format!(
                "too many games for {address}: at most {}, all open",
                self.limits.max_games_per_address
            ));
        }
        if inner.games.len() >= self.limits.max_games && !evict_oldest_idle(&mut inner, None) {
            return Err(format!(
                "the server is full: {} games, all open",
                self.limits.max_games
            ));
        }
        let id = id.unwrap_or_else(new_id);
        let (tx, rx) = mpsc::channel(self.limits.inbox_messages);
        if !spawn(id.clone(), rx) {
            return Err("the server is shutting down".to_string());
        }
        inner.games.insert(
            id.clone(),
            Entry {
                requests: tx.clone(),
                address,
                attached: Some(connection.number),
                idle_since: Instant::now(),
            },
        );
        Ok(Joined { id, requests: tx })
    }

    /// `connection` has left game `id` (unless another page has taken it since).
    pub fn detach(&self, id: &str, connection: &Connection) -> bool {
        let mut inner = self.lock();
        match inner.games.get_mut(id) {
            Some(e) if e.attached == Some(connection.number) => {
                e.attached = None;
                e.idle_since = Instant::now();
                true
            }
            _ => false,
        }
    }

    /// Forgets the games no page has had for `Limits::idle_game`, and those whose task has
    /// ended; their tasks end when their request channel closes. Returns how many.
    pub fn sweep(&self) -> usize {
        let mut inner = self.lock();
        let before = inner.games.len();
        let idle = self.limits.idle_game;
        inner.games.retain(|_, e| {
            !e.requests.is_closed() && (e.attached.is_some() || e.idle_since.elapsed() < idle)
        });
        before - inner.games.len()
    }

    /// Games kept now.
    pub fn games(&self) -> usize {
        self.lock().games.len()
    }

    /// Connections open now.
    pub fn connections(&self) -> usize {
        self.lock().connections
    }
}

/// Forgets the game longest without a page (of `address`, if given); false if every game
/// has one.
fn evict_oldest_idle(inner: &mut Inner, address: Option<IpAddr>) -> bool {
    let oldest = inner
        .games
        .iter()
        .filter(|(_, e)| e.attached.is_none() && address.is_none_or(|a| e.address == a))
        .min_by_key(|(_, e)| e.idle_since)
        .map(|(id, _)| id.clone());
    match oldest {
        Some(id) => inner.games.remove(&id).is_some(),
        None => false,
    }
}

/// A game id nobody can guess: 128 random bits in hex.
fn new_id() -> String {
    format!("{:032x}", rand::random::<u128>())
}
