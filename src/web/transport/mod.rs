//! The transport: a page's WebSocket, the connections and games kept by id, and the threads
//! the games live on.

pub mod connection;
pub mod host;
pub mod registry;
