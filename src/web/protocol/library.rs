//! The messages of the Games view: the finished games a page played, each replayed move by
//! move and reviewed. The page remembers each of its kept games' id and seat secret (the
//! `seat` message) and each of its seats in a game with a friend (the `seated` message), and
//! shows them to ask: a game is answered only to a page that shows its secret, so no page
//! can list, replay or review another browser's games.
//!
//! # Client -> server
//! - `{"t":"games","list":[{"id":"<kept id>","seat":"<32 hex digits>"},...],
//!   "friends":[{"invite":"<invite id>","seat":"<32 hex digits>"},...]}`: the finished
//!   Jump61 and Jump Snatch games among `list`, and every finished round of the games with a
//!   friend in `friends` (`friends` may be left out), newest first. At most
//!   `Limits::max_games_listed` entries a request (more gets `error`), and at most as many
//!   games answered; an unknown id, a wrong secret and a game not finished are left out
//!   alike. Answer: `games`.
//! - `{"t":"replay","id":"<kept id>","seat":"<hex>"}`: one of them, whole: `replay`. `seat`
//!   is the game's own secret, or for a round of a game with a friend the page's seat in it.
//!   An unknown game or a wrong secret gets `error` (the same words for both) and changes
//!   nothing.
//! - `{"t":"watched","watch":"<watch id>","round":R}`: round `R` of a game with a friend,
//!   finished, by its watch link (a listed game's `watch` and `round`): `replay`, to anyone,
//!   as anyone with the watch link may watch the game. It names no seat and no invite: its
//!   `id` is `<watch id>rR`, its `you` and `friend` are null, and it cannot be reviewed
//!   (a review is asked for with a seat). An unknown watch id or a round not finished gets
//!   `error` and changes nothing.
//! - `{"t":"review","id":"<kept id>","seat":"<hex>"}`: a Jump61 game's review, as `jump61
//!   review` words it (a Jump Snatch game gets `error`: the review judges Jump61 games only).
//!   A review kept in the database is read back (`stored` true); otherwise one `review` with
//!   `running` true comes at once, and the whole review when the search pool has made it
//!   (within the analysis limits) and the database keeps it. One review at a time a page: a
//!   second while one runs gets `error`.
//!
//! # Server -> client
//! - `{"t":"games","list":[GameListed,...]}`
//! - `{"t":"replay","game":GameListed,"moves":["2 2",...],"boards":[[[spots,owner],...],...],
//!   "script":"..."}`: `boards` holds the start and the board after each move (row-major, as
//!   a `state`'s `squares`; for Jump Snatch `[1,"x"]` a piece and `[0,"."]` an empty
//!   square); `script` is the game in the command loop's `save` format (Jump Snatch: the
//!   lines `jump61 snatch < FILE` replays it with).
//! - `{"t":"review",...}`: [`ReviewView`].

use serde::{Deserialize, Serialize};

/// A game the page holds the seat of.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Held {
    pub id: String,
    pub seat: String,
}

/// A seat the page holds in a game with a friend.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct FriendHeld {
    pub invite: String,
    pub seat: String,
}

/// A finished game in the page's list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameListed {
    pub id: String,
    /// `jump61` or `snatch` (whose first player is `red`, its second `blue`).
    pub kind: String,
    /// When it started and ended, in milliseconds since the Unix epoch.
    pub started_ms: i64,
    pub finished_ms: i64,
    pub size: u8,
    pub rules: String,
    /// `person`, or the AI with its level and limit (`ai level 5 1 s a move`).
    pub red: String,
    pub blue: String,
    /// `red` or `blue`, the winner; `how`: `won on the board`, `resigned`, ...
    pub result: String,
    pub how: String,
    /// The two in words: `Red won on the board`, `Blue won: Red resigned`, ... (as `jump61
    /// games` says it).
    pub outcome: String,
    pub moves: usize,
    /// In a game with a friend: the colour the page's seat played (`red` or `blue`).
    pub you: Option<&'static str>,
    /// In a game with a friend: its invite id (to its seats only).
    pub friend: Option<String>,
    /// In a game with a friend: its watch link's id and the round this game was, which
    /// `watched` opens the replay by.
    pub watch: Option<String>,
    pub round: Option<u32>,
}

/// A finished game, whole, for the replay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplayView {
    pub game: GameListed,
    pub moves: Vec<String>,
    /// The start, then the board after each move: `[spots, owner]` a square, row-major.
    pub boards: Vec<Vec<(u8, &'static str)>>,
    /// The game in the command loop's `save` format: `jump61 < FILE` replays it.
    pub script: String,
}

/// One move of a review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveMark {
    /// `red` or `blue`.
    pub mover: String,
    /// `R C`.
    #[serde(rename = "move")]
    pub text: String,
    /// `jump61 review`'s words: `kept the win`, `threw the win away (winning: 1 1)` (or
    /// `(winning: 1 1; 4 1 not settled)`), `lost already`, `won the game`, or the
    /// evaluation's `good`, `inaccuracy`, `mistake`, `blunder`.
    pub mark: String,
    /// Whether the mark is proven (else judged by the evaluation's chance of winning).
    pub proven: bool,
    /// `jump61 review`'s line for the move: `3. Red 2 2: kept the win (won -> won)`.
    pub line: String,
    /// The mover's chance of winning before and after the move, 0 to 1.
    pub before: f64,
    pub after: f64,
    /// The moves that kept the win, when this one threw it away: `[row, col]`.
    pub winning: Vec<[usize; 2]>,
    /// The moves the review's limits proved neither winning nor losing, when this one threw
    /// the win away (`winning` may then miss some): `[row, col]`. A review kept before they
    /// were counted reads back with none.
    #[serde(default)]
    pub unsettled: Vec<[usize; 2]>,
}

/// A game's review, as the page shows it: a mark a move and Red's chance in every position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewView {
    pub id: String,
    /// The review is being made: the fields below are still empty.
    pub running: bool,
    /// Read back from the database, not computed for this request.
    pub stored: bool,
    /// What each position was given: `2000000 positions, 20000 nodes, 30 s a position`.
    pub limits: String,
    pub moves: Vec<MoveMark>,
    /// Red's chance of winning in each position, the start first (1 or 0 where proven).
    pub red_chances: Vec<f64>,
    /// Whether the evaluation judged any move (the page then draws the chances as a graph).
    pub judged: bool,
    /// `jump61 review`'s last line: `Red won in 12 moves`.
    pub result: String,
}
