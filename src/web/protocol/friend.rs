//! The messages of a Jump61 game between two people on two pages, and of those who watch it.
//!
//! # Client -> server
//! - `{"t":"friend","size":5,"rules":"2014"|"2013","minutes":M,"increment":S}`: a new game
//!   with a friend; this page takes Red. `minutes` 0 (the default) plays without a clock;
//!   otherwise each side has `minutes` and gains `increment` seconds a move. Answer:
//!   `seated` (the invite link's id, the watch link's id, this page's colour and its seat's
//!   secret), `friend`, `state`.
//! - `{"t":"accept","invite":"<id>"}`: the invite link: the first page to send it takes the
//!   other seat (and its own secret, in `seated`); once both are taken it gets `error`.
//! - `{"t":"sit","invite":"<id>","seat":"<32 hex digits>"}`: back to one's own seat (after a
//!   reload). A seat another page holds, a wrong secret or an unknown id gets `error` and
//!   changes nothing.
//! - `{"t":"watch","watch":"<id>"}`: the game, read only.
//! - `{"t":"line","text":"R C"}`: a move, by the seat whose turn it is. A move for the other
//!   colour, a move from a watcher, or any other line gets `error` and changes nothing.
//! - `{"t":"resign"}`; `{"t":"takeback"}`: asks the other player to take back one's last
//!   move; `{"t":"answer","yes":true|false}`: the other player's answer to a take-back or a
//!   rematch; `{"t":"rematch"}`: once the game is over, asks for another with colours
//!   swapped (the other's `rematch` or `answer` yes starts it); `{"t":"claim"}`: the game
//!   is won by the player still here once the other's page has been gone for
//!   `Limits::friend_seat_kept`.
//!
//! # Server -> client
//! - `{"t":"seated","invite":"<id>","watch":"<id>","colour":"red"|"blue","seat":"<hex>"}`: to
//!   the seat's own page only.
//! - `{"t":"friend",...}` ([`FriendView`]), then `state` (as a Jump61 game's, both players
//!   `human`), and `anim` for each move: to both seats and every watcher, after every change.

use serde::Serialize;

/// Who sits in a seat now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatState {
    /// Nobody has taken it yet (the invite has not been opened).
    Open,
    /// Its page is connected.
    Here,
    /// Its page has gone; the seat is kept for it.
    Gone,
}

/// Each colour's seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Seats {
    pub red: SeatState,
    pub blue: SeatState,
}

/// The clocks: each side's time left, and whose is running.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockView {
    pub red_ms: i64,
    pub blue_ms: i64,
    pub running: Option<&'static str>,
    pub minutes: f64,
    pub increment: f64,
}

/// A question one player asks the other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OfferView {
    /// `takeback` or `rematch`.
    pub what: &'static str,
    pub from: &'static str,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    pub winner: &'static str,
    /// `won on the board`, `resigned`, `on time`, `claimed: the other player left`.
    pub how: String,
    /// The result for people: `Red won on the board`, `Red won: Blue resigned`, ...
    pub text: String,
}

/// A game with a friend as one page sees it (a watcher is never told an invite or a seat).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FriendView {
    /// `red`, `blue` or `watching`.
    pub you: &'static str,
    /// The invite link's id, to the seats only.
    pub invite: Option<String>,
    pub watch: String,
    /// Games played at this link: a rematch is the next.
    pub round: u32,
    pub seats: Seats,
    pub clock: Option<ClockView>,
    pub offer: Option<OfferView>,
    pub result: Option<ResultView>,
    /// Whether `claim` would win the game now.
    pub can_claim: bool,
    /// Milliseconds until `claim` would (the other's page gone, the wait not over).
    pub claim_in_ms: Option<u64>,
}
