//! Everything the server bounds, as data in one place: what one message, one connection, one
//! address and the whole server may use. `docs/web.md` lists the defaults; tests build
//! smaller or larger ones.

use std::time::Duration;

/// The server's limits. `Limits::default()` is what `jump61 serve` uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// The largest client message (one WebSocket message, and one frame), in bytes; a
    /// larger one closes its connection.
    pub max_message_bytes: usize,
    /// Messages a connection may send at once before the rate below applies.
    pub burst_messages: u32,
    /// Messages a second a connection may send after its burst; past that it gets an error
    /// and is closed (its game is kept, as after a closed page).
    pub messages_per_second: u32,
    /// Open WebSocket connections, in all.
    pub max_connections: usize,
    /// Open WebSocket connections from one address.
    pub max_connections_per_address: usize,
    /// Games kept, in all: played now, or waiting for their page to come back.
    pub max_games: usize,
    /// Games kept for one address.
    pub max_games_per_address: usize,
    /// Games kept in the database for one address (finished or not); games with a friend
    /// (their links and seats) are counted apart, against the same number.
    pub stored_games_per_address: usize,
    /// Games kept in the database, in all (and games with a friend, apart).
    pub stored_games: usize,
    /// Days a finished game stays in the database.
    pub keep_finished_days: u32,
    /// Games a page may ask about in one request of the Games view (`games`).
    pub max_games_listed: usize,
    /// How long a game whose page has gone is kept for a reconnect.
    pub idle_game: Duration,
    /// Games with a friend at once, in all (counted apart from the games above).
    pub friend_games: usize,
    /// Games with a friend created from one address and still kept.
    pub friend_games_per_address: usize,
    /// How long a friend's seat whose page has gone is kept for it: after that the other
    /// player may claim the game.
    pub friend_seat_kept: Duration,
    /// Searches running at once across all games: the search pool's threads.
    pub search_threads: usize,
    /// The longest time a move the AI may be given (`time S`, Jump Snatch's too).
    pub max_move_time: Duration,
    /// The largest node limit a move (`nodes N`).
    pub max_move_nodes: u64,
    /// Each game's transposition table, in MiB (the session's and its searcher's).
    pub hash_mb: usize,
    /// Each game's prover table for the AI's proof step (boards up to 5x5), in MiB: at least
    /// 8, the least a 5x5 table can be and stay exact.
    pub proof_mb: usize,
    /// The longest a Jump Snatch `solve` (fewest moves) or `value` thinks on the page.
    pub max_solve_time: Duration,
    /// Server messages waiting for a page that reads too slowly; past that its connection
    /// is closed.
    pub outbox_messages: usize,
    /// Client messages waiting for their game; past that the page gets a "busy" error.
    pub inbox_messages: usize,
    /// A connection must send `join` within this time, or it is closed.
    pub join_within: Duration,
    /// The server pings each page this often (a browser answers by itself).
    pub ping_every: Duration,
    /// A page from which nothing has come for this long (not even the answer to a ping) is
    /// taken for gone: its connection is closed, and its seat's keeping time starts. It is
    /// noticed within `page_silent + ping_every`.
    pub page_silent: Duration,
    /// Lines in a game sent with `load`.
    pub max_load_lines: usize,
    /// Jump Snatch moves listed in a state for the page (`legal`); the rest are counted.
    pub max_legal_listed: usize,
    /// Threads that hold the games (each runs many games' sessions, a message at a time).
    pub game_threads: usize,
    /// The longest an analysis of one position may think (a request may ask for less).
    pub analysis_time: Duration,
    /// The most positions an analysis's prover may expand (a request may ask for fewer).
    pub analysis_positions: u64,
    /// The prover table of one analysis, in MiB: when it is full it collects its garbage.
    pub analysis_memory_mb: usize,
    /// The most own moves the analysis's forced-win search looks for a win within.
    pub analysis_depth: u32,
    /// Puzzles in a collection a page loads (`puzzles`), each proven again by the server.
    pub max_puzzles: usize,
    /// The most positions the forced-win search may examine to prove a loaded puzzle, or
    /// to judge one move of a puzzle.
    pub puzzle_positions: u64,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Limits {
            max_message_bytes: 32 * 1024,
            burst_messages: 60,
            messages_per_second: 20,
            max_connections: 512,
            max_connections_per_address: 64,
            max_games: 256,
            max_games_per_address: 64,
            stored_games_per_address: 10_000,
            stored_games: 1_000_000,
            keep_finished_days: 365,
            max_games_listed: 200,
            idle_game: Duration::from_secs(30 * 60),
            friend_games: 256,
            friend_games_per_address: 16,
            friend_seat_kept: Duration::from_secs(5 * 60),
            search_threads: cores,
            max_move_time: Duration::from_secs(60),
            max_move_nodes: 100_000_000,
            hash_mb: 1,
            proof_mb: 8,
            max_solve_time: Duration::from_secs(10),
            outbox_messages: 512,
            inbox_messages: 64,
            join_within: Duration::from_secs(30),
            ping_every: Duration::from_secs(10),
            page_silent: Duration::from_secs(30),
            max_load_lines: 4000,
            max_legal_listed: 1000,
            game_threads: cores,
            analysis_time: Duration::from_secs(30),
            analysis_positions: 100_000_000,
            analysis_memory_mb: 512,
            analysis_depth: 3,
            max_puzzles: 100,
            puzzle_positions: 2_000_000,
        }
    }
}

impl Limits {
    /// The limits as `name value` lines, for `serve` to print and the docs to quote.
    pub fn describe(&self) -> Vec<String> {
        vec![
            format!("message size: {} bytes", self.max_message_bytes),
            format!(
                "messages: a burst of {}, then {} a second per connection",
                self.burst_messages, self.messages_per_second
            ),
            format!(
                "connections: {} in all, {} per address",
                self.max_connections, self.max_connections_per_address
            ),
            format!(
                "a page is pinged every {} s and taken for gone after {} s of silence",
                self.ping_every.as_secs_f64(),
                self.page_silent.as_secs_f64()
            ),
            format!(
                "games kept: {} in all, {} per address, {} s after their page has gone",
                self.max_games,
                self.max_games_per_address,
                self.idle_game.as_secs()
            ),
            format!(
                "games with a friend: {} in all, {} created per address; a seat whose page has \
                 gone is kept {} s, then the other player may claim the game",
                self.friend_games,
                self.friend_games_per_address,
                self.friend_seat_kept.as_secs()
            ),
            format!(
                "games in the database: {} in all, {} per address, finished ones kept {} days",
                self.stored_games, self.stored_games_per_address, self.keep_finished_days
            ),
            format!(
                "the Games view: at most {} games a request; a review at a time a page, each \
                 position within the analysis limits below, kept in the database once made",
                self.max_games_listed
            ),
            format!(
                "searches at once: {} (the search pool's threads)",
                self.search_threads
            ),
            format!(
                "AI time a move: at most {} s; nodes a move: at most {}; hash: {} MiB a game",
                self.max_move_time.as_secs_f64(),
                self.max_move_nodes,
                self.hash_mb
            ),
            format!(
                "the AI's proof step: a table of at most {} MiB a game",
                self.proof_mb
            ),
            format!(
                "analysis: at most {} s and {} positions a position, a prover table of {} MiB \
                 (it collects its garbage when full), wins in up to {} moves; analyses share \
                 the search pool",
                self.analysis_time.as_secs_f64(),
                self.analysis_positions,
                self.analysis_memory_mb,
                self.analysis_depth
            ),
            format!(
                "puzzles: a loaded collection of at most {} lines and {} puzzles, each proven \
                 (and each move judged) within {} positions",
                self.max_load_lines, self.max_puzzles, self.puzzle_positions
            ),
        ]
    }
}
