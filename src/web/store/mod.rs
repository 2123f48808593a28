//! The store: every game the server plays, kept so it outlasts the process. The games write
//! through the [`Store`] trait; [`sqlite::Sqlite`] is its one implementation today (a
//! second, a server database shared by several servers, would implement the same trait).

mod failure;
mod friends;
mod listing;
mod room;
pub mod sqlite;
mod writer;

pub use sqlite::{Refused, Sqlite};

/// A game as it starts: what it is and who plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// The game's public id.
    pub id: String,
    /// The seat's secret (only its page holds it).
    pub secret: [u8; 16],
    /// `jump61` or `snatch`.
    pub kind: String,
    /// The board's side (rows = columns).
    pub size: u8,
    /// `2014` or `2013` for Jump61; `snatch` for Jump Snatch.
    pub rules: String,
    /// The position it starts from, in the game's notation.
    pub start: String,
    /// Who plays red (first) and blue: `person`, or the AI with its level and limits.
    pub red: String,
    pub blue: String,
    /// The address that made it (the per-address limit counts by it).
    pub address: String,
    /// The clock, as the page set it (`None`: no clock).
    pub clock: Option<String>,
    /// When it started, in milliseconds since the Unix epoch.
    pub started_ms: i64,
}

/// A game as kept: its start, its moves in order, and its end if it is over.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub game: NewGame,
    /// Each move as the command loop writes it, with the time it was played.
    pub moves: Vec<(String, i64)>,
    pub end: Option<End>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct End {
    /// `red`, `blue` (the winner), or `none`.
    pub result: String,
    /// How: `won on the board`, `resigned`, `time`...
    pub how: String,
    pub at_ms: i64,
}

/// A finished game in a list: its date, board, players, result and length.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub id: String,
    pub kind: String,
    pub size: u8,
    pub rules: String,
    pub red: String,
    pub blue: String,
    pub started_ms: i64,
    pub end: End,
    pub moves: u32,
}

/// A game with a friend as kept, so that a restart finds it again by either link: its two
/// links, its setting, its seats and the round being played (a rematch is the next round;
/// round `R`'s moves are the game `INVITErR-1`).
#[derive(Clone, Debug, PartialEq)]
pub struct KeptFriend {
    pub invite: String,
    pub watch: String,
    pub size: u8,
    /// `2014` or `2013`.
    pub rules: String,
    /// The clock: minutes a side (0: no clock) and seconds added a move.
    pub minutes: f64,
    pub increment: f64,
    /// The SHA-256 of the creator's seat secret (the secret itself is never kept).
    pub creator: [u8; 32],
    /// The SHA-256 of the guest's seat secret, once someone has taken that seat.
    pub guest: Option<[u8; 32]>,
    pub round: u32,
    /// The address that made it (the per-address limit counts by it).
    pub address: String,
    pub made_ms: i64,
}

/// How a page names a game with a friend: by its invite link or by its watch link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FriendLink<'a> {
    Invite(&'a str),
    Watch(&'a str),
}

/// Why a write was not kept: the game in memory goes on, its page and the log are told.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum StoreError {
    #[error("the disk is full: this game is no longer kept (it goes on in memory)")]
    Full,
    #[error("the database is read-only: this game is not kept (it goes on in memory)")]
    ReadOnly,
    #[error("too many games kept: {0}")]
    TooMany(String),
    #[error("the database failed: {0} (the game goes on in memory)")]
    Other(String),
}

/// Where games are kept, shared by every game's thread at once (no lock around it). Each
/// write is atomic and on the disk when it returns; writes made at the same time may share a
/// transaction and its sync, each in a savepoint of its own, so one that fails fails alone.
pub trait Store: Send + Sync {
    /// Keeps a new game, within the limits: at most `per_address` games of its address
    /// and `in_all` games in all.
    fn create(&self, game: &NewGame, per_address: usize, in_all: usize) -> Result<(), StoreError>;
    /// Keeps move number `ply` (from 0) of game `id`, played at `at_ms`.
    fn record_move(&self, id: &str, ply: u32, mv: &str, at_ms: i64) -> Result<(), StoreError> {
        self.record_timed_move(id, ply, mv, at_ms, None)
    }
    /// Keeps a move with the clocks' time left after it, Red's and Blue's in milliseconds
    /// (`None`: the game has no clock), in the same transaction.
    fn record_timed_move(
        &self,
        id: &str,
        ply: u32,
        mv: &str,
        at_ms: i64,
        left: Option<[i64; 2]>,
    ) -> Result<(), StoreError>;
    /// The clocks' time left after game `id`'s last move that has them.
    fn clock_left(&self, id: &str) -> Result<Option<[i64; 2]>, StoreError>;
    /// Keeps the game's end.
    fn finish(&self, id: &str, end: &End) -> Result<(), StoreError>;
    /// The game `id`, if kept.
    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// The finished games, oldest first.
    fn finished(&self) -> Result<Vec<Summary>, StoreError>;
    /// Forgets game `id`'s moves from number `ply` on (they were taken back).
    fn take_back(&self, id: &str, ply: u32) -> Result<(), StoreError>;
    /// Game `id`'s review, as kept by [`Store::keep_review`], if it has one.
    fn review(&self, id: &str) -> Result<Option<String>, StoreError>;
    /// Keeps game `id`'s review (the text the page is sent), made at `at_ms`; it goes when
    /// the game goes.
    fn keep_review(&self, id: &str, review: &str, at_ms: i64) -> Result<(), StoreError>;
    /// Forgets the games finished before `before_ms`, and the games with a friend made
    /// before it that have no game left; how many games.
    fn forget_finished_before(&self, before_ms: i64) -> Result<usize, StoreError>;
    /// Keeps a new game with a friend, within the limits (counted apart from the games).
    fn create_friend(
        &self,
        friend: &KeptFriend,
        per_address: usize,
        in_all: usize,
    ) -> Result<(), StoreError>;
    /// Keeps the guest's seat of the game with a friend at `invite` (the hash of its secret).
    fn seat_guest(&self, invite: &str, guest: &[u8; 32]) -> Result<(), StoreError>;
    /// Keeps the round the game with a friend at `invite` plays now (after a rematch).
    fn next_round(&self, invite: &str, round: u32) -> Result<(), StoreError>;
    /// The game with a friend at `link`, if kept.
    fn load_friend(&self, link: FriendLink<'_>) -> Result<Option<KeptFriend>, StoreError>;
    /// The finished games (every round) of the game with a friend at `invite`, oldest first.
    fn friend_finished(&self, invite: &str) -> Result<Vec<Summary>, StoreError>;
}
