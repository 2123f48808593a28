//! The transport: a page's WebSocket, the connections and games kept by id, and the threads
//! the games live on.

pub mod connection;
pub mod host;
pub mod registry;

use crate::web::games::friend::Friends;
use crate::web::games::keep::SharedStore;
use crate::web::limits::Limits;
use crate::web::pool::SearchPool;
use host::Host;
use registry::Registry;
use std::sync::Arc;

/// What every connection and game of one server share.
pub struct Server {
    pub limits: Arc<Limits>,
    pub registry: Arc<Registry>,
    pub pool: Arc<SearchPool>,
    pub(crate) host: Host,
    /// Where games are kept (`None`: nowhere, `--no-db`).
    pub store: Option<SharedStore>,
    /// The games between two people, by their links.
    pub friends: Friends,
}
