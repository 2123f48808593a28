//! The messages between the page and the server: one JSON object per WebSocket text frame,
//! its type in the field `t`. This comment is the protocol's authoritative description
//! (`docs/web.md` follows it).
//!
//! Transport: the page at `GET /` (with `GET /app.js`, `GET /snatch.js`, `GET /analysis.js`,
//! `GET /edit.js`, `GET /puzzles.js`, `GET /friend.js`, `GET /games.js`, `GET /style.css` and
//! its icon `GET /favicon.ico`, all embedded in the binary), one WebSocket at `GET /ws`. A client message is at most `Limits::
//! max_message_bytes` (32 KiB) long; a larger one closes the connection. Messages are
//! answered in order; server messages of one game arrive in the order they happened.
//!
//! # Client -> server
//! Any message may carry `"game":"<id>"`; one naming another game than the connection's
//! is refused with an `error` (it changes nothing).
//! - `{"t":"join","game":"<id>"|null,"kind":"jump61"|"snatch"}`: the first message. With the
//!   id of a game the server still holds (kept in the page's sessionStorage), the page gets
//!   that game back whatever `kind` says; otherwise a new game of `kind` (default
//!   `jump61`). Answer: `joined`, then `state`. A later `join` leaves the connection's game
//!   (kept for a reconnect) for another. A game another page has open stays there: the
//!   `join` gets `error` and the connection is closed with the reason `game taken`.
//! - `{"t":"join","game":"<kept id>","seat":"<32 hex digits>"}`: a game's link (from `seat`
//!   below): the kept Jump61 game, from memory or, after a restart, replayed from the
//!   database. A wrong secret or an unknown id gets `error` and changes nothing; a game
//!   another page has open stays there, as above.
//! - `friend`, `accept`, `sit`, `watch`, `resign`, `takeback`, `answer`, `rematch`, `claim`:
//!   a game between two people on two pages, and watching one: see [`friend`]. Outside such
//!   a game the last five get `error`.
//! - `games`, `replay`, `watched`, `review`: the Games view, the finished games this page
//!   played: see [`library`]. They are answered whatever game the page is in.
//! - `{"t":"line","text":"2 3"}`: one line of the command loop's language, carried out by the
//!   game's session as `jump61` (or `jump61 snatch`) would: Jump61 moves `R C`, `size N`,
//!   `auto red`, `manual blue`, `clear`/`new`, `undo`, `redo`, `time S`, `nodes N`,
//!   `level N`, `seed N`, `set R C N P`, `position [P]`, `dump`, `board`, `help`, `move N`
//!   (2013); Jump Snatch's `R:C-R:C`, `R:CxR:Cx..`, `size N`, `set`, `position P`,
//!   `random N K SEED`, `undo`, `first|second person|ai`, `time S`, `solve`, `value`,
//!   `board`, `help`. Refused with an `error`: `quit`, `hash`, `threads`, `ponder`,
//!   `verbose`, `clock`, Jump61's `solve` (the server sets memory and threads for all
//!   games), a `time` or `nodes` above the limits. The page's game is always being played:
//!   after a command that stops play in the 2014 rules (`size`, `auto`, ...), play resumes
//!   at once as on `--display`. Answer: any `out` and `error`, then `anim` when a move was
//!   played, then `state`.
//! - `{"t":"rules","rules":"2014"|"2013"}`: Jump61 only: a new game under those rules and
//!   the dialect of that year (same size, players and AI settings). Answer: `out`, `state`.
//! - `{"t":"hint"}`: the engine's best move for the person to move, not played: `search`
//!   messages (`"purpose":"hint"`) while it thinks, then `hint`.
//! - `{"t":"go"}`: the AI moves now: a search for the AI's move stops and its best move so
//!   far is played; when a person is to move, the AI finds and plays a move for them.
//! - `{"t":"stop"}`: a hint, or a search for a person's move, is given up; the AI's own
//!   search stops and plays (as `go`).
//! - `{"t":"fewest"}`: Jump Snatch only: the puzzle's fewest moves that leave one piece (as
//!   `solve` in `jump61 snatch`), given in `state.fewest` and as `out`.
//! - `{"t":"save"}`: the game in the command loop's format: `saved`. `jump61 < FILE`
//!   replays a Jump61 game (`jump61 --dialect 2013 < FILE` for 2013, as its comment says),
//!   `jump61 snatch < FILE` a Jump Snatch game.
//! - `{"t":"load","text":"..."}`: a game in that format: its lines are carried out on a new
//!   game; any refused line refuses the whole load (`error` naming the line) and the game
//!   goes on unchanged. A `# dialect 2013` comment loads it under the 2013 rules.
//! - `{"t":"kind","kind":"jump61"|"snatch"}`: this connection's game becomes a new game of
//!   that kind (same id). Answer: `joined`, `state`.
//! - `{"t":"analyse","on":true|false,"every":false,"time":S|null,"positions":N|null}`:
//!   Jump61 only: the analysis board on or off. While it is on, the position on the board is
//!   analysed after every change (an analysis under way stops when the position changes or
//!   the page goes): the AI's evaluation, `solve --depth`'s forced-win search within the
//!   server's depth, and on boards up to 5x5 `solve --position`'s value with every winning
//!   first move; with `every`, each legal move marked won, lost or unknown as the prover
//!   settles it. `time` (seconds) and `positions` bound each analysis, at most the server's
//!   limits (the defaults); past them, or 0, an `error` and nothing changes. Answer:
//!   `analysis` messages (off: one with `on` false), after every `state`.
//! - `{"t":"setup","squares":[[spots,"r"|"b"|"w"],...],"to_move":"red"|"blue"|null}`:
//!   Jump61 only: Edit mode's position, row-major, as the loop's `position P` sets it (under
//!   the 2013 rules `move N` then gives the move to `to_move`, or to the side the spots say;
//!   under the 2014 rules the spots decide, and another `to_move` is refused). Refused with an
//!   `error` (the loop's reason, or why the position cannot arise in a game: `solver::arise`)
//!   and nothing changes. Answer: `state`.
//! - `{"t":"puzzles","text":null|"...","name":"mine.txt","rules":"2014"|"2013"}`: Jump61
//!   only: without `text`, the collection the program ships; with it, a collection file of
//!   the page's (the `solve --file` format with recorded answers, read under `rules` until a
//!   `# rules` line), every answer proven again in the search pool, at most
//!   `Limits::max_load_lines` lines and `Limits::max_puzzles` puzzles, each within
//!   `Limits::puzzle_positions` positions; refused with an `error` naming the line (the
//!   collection before stays). Answer: `puzzles`.
//! - `{"t":"puzzle","index":N|null}`: puzzle N (from 0) of the page's collection set on the
//!   board, both sides people, under its rules; null leaves the puzzles. While a puzzle is
//!   on, the game's other messages (`line`, `hint`, `setup`, ...) get an `error`. Answer:
//!   `state`, `puzzle`.
//! - `{"t":"attempt","square":[row,col]}`: the person's move in the puzzle, judged by
//!   `solver::puzzles::judge` in the search pool (within `Limits::puzzle_positions`): it
//!   keeps the forced win, and the move and the defence that resists longest are played;
//!   or it lets the win go, and the move and the defender's escape are played and the
//!   puzzle is failed; or it wins. An illegal move gets the loop's reason. Answer: `puzzle`
//!   (`judging` true), then `anim`s, `state`, `puzzle`.
//! - `{"t":"retry"}`: a failed puzzle back to before its wrong move. Answer: `state`,
//!   `puzzle`.
//!
//! # Server -> client
//! - `{"t":"joined","game":"<id>","kind":"jump61"|"snatch"}`
//! - `seated` and `friend`: a game with a friend's, see [`friend`].
//! - `games`, `replay`, `review`: the Games view's answers, see [`library`].
//! - `{"t":"seat","game":"<kept id>","seat":"<32 hex digits>"}`: the kept game's link, sent
//!   to the page that has the game when it is first kept and on every `join`.
//! - `{"t":"state",...}`: the whole visible state, sent after every change. Jump61:
//!   `{"t":"state","kind":"jump61","size":4,"rules":"2014","squares":[[1,"w"],[2,"r"],...],
//!   "to_move":"red"|"blue","players":{"red":"human"|"ai","blue":"human"|"ai"},
//!   "in_play":true,"winner":null|"red"|"blue","moves":["1 1","2 3"],"can_undo":true,
//!   "can_redo":false,"thinking":false,"notation":"...","last":[row,col]|null,
//!   "time":1.0|null,"nodes":null|N,"level":5}`. `squares` is row-major, row 1 first, each
//!   `[spots, owner]` with owner `r`, `b` or `w` (white); `moves` are the moves since the
//!   board was last set (`size`, `clear`, `position`, `set`); `time` is the AI's seconds a
//!   move (null under a node limit, then `nodes` says it); `thinking` is true while a
//!   search for the AI's move (or a hint, or `go`) runs.
//!   Jump Snatch: `{"t":"state","kind":"snatch","size":5,"pieces":[[row,col],...],
//!   "to_move":"first"|"second","players":{"first":"human"|"ai","second":...},
//!   "winner":null|"first"|"second","moves":["3:3-2:2",...],"legal":[{"move":"1:3x3:3",
//!   "path":[[1,3],[3,3]],"jump":true},...],"legal_count":8,"can_undo":bool,"thinking":bool,
//!   "notation":".xx/.xx/...","last_jump":"nobody"|"mover"|"opponent","time":1.0,
//!   "fewest":null|{"count":3|null,"moves":["1:3x3:3",...],"text":"3 moves: ..."}}`.
//!   Rows and columns count from 1. `legal` holds one move per resulting board (chains that
//!   reach the same board are one move, named by the first chain found), at most the first
//!   1000 of them (`legal_count` says how many there are: a crowded 8x8 board can have tens
//!   of thousands); any chain the rules allow is accepted when sent as a `line`, so the page
//!   may build a chain square by square and send it. `fewest` answers `{"t":"fewest"}` for the current position (null
//!   until asked, and again after any change; `count` null: it cannot be done).
//! - `{"t":"anim","square":[row,col],"mover":"red"|"blue","frames":[[[spots,owner],...],
//!   ...]}`: Jump61: a move's chain reaction, sent before the `state` that ends the move
//!   (the person's and the AI's moves alike). The first frame is the board with the move's
//!   spot added, then the board after each wave of toppling squares (every square overfull
//!   when the wave began topples once); the last frame is the board the move leaves. A move
//!   that topples nothing has one frame.
//! - `{"t":"search","purpose":"move"|"hint","depth":7,"score":"+0.42"|"wins in 5"|
//!   "loses in 3","pv":["2 3","1 1"],"nodes":123456}`: Jump61: after each depth the AI's
//!   search finishes, while it thinks. The score is the side to move's, in squares; "wins
//!   in N" counts the mover's own moves.
//! - `{"t":"hint","move":"2 3"|"3:3-2:2","score":"..."}`
//! - `{"t":"out","lines":["..."]}`: what the command loop would print on standard output
//!   (the AI's moves, boards, answers).
//! - `{"t":"error","text":"..."}`: what the loop would print as `error: ...` (an illegal move
//!   gives its reason here), and errors of the protocol itself (a malformed message, a
//!   message before `join`, limits). After a flood, the last message before the close.
//! - `{"t":"saved","text":"..."}`
//! - `{"t":"analysis","on":true,"running":true,"notation":"...","value":null|{"text":
//!   "Red wins: 4 4","winner":"red"|"blue"|null,"winning":[[4,4]],"complete":true},
//!   "wins_in":null|{"text":"Red wins in 2: 4 4"|"no forced win for Red within 3"|...,
//!   "moves":2|null,"first":[[4,4]]},"every":null|["won"|"lost"|"unknown"|null,...],
//!   "eval":null|{"depth":7,"score":"+0.42","pv":["2 3"],"nodes":123},"positions":N,
//!   "seconds":1.5,"limits":"30 s, 100000000 positions, 512 MiB","note":null|"..."}`: the
//!   analysis of the position `notation`, whole, after every change (`running` false once it
//!   ended). `value.text` is `jump61 solve --position P`'s answer line (`unknown: the time
//!   limit was reached after N positions` when the limits cut it short), `wins_in.text`
//!   `solve --position P --depth D`'s; `every` is row-major (null: no move there), each for
//!   the side that plays it; `note` says why the value is not sought (a board above 5x5).
//! - `{"t":"puzzles","source":"shipped"|"mine.txt","list":[{"size":4,"rules":"2014",
//!   "moves":2,"side":"red","notation":"..."},...]}`: a collection, in its order.
//! - `{"t":"puzzle","index":N|null,"count":84,"source":"shipped","notation":"...",
//!   "size":4,"rules":"2014","side":"red","moves":2,"moves_left":1,"status":"playing"|
//!   "solved"|"failed","judging":false,"line":["2 3","1 1"],"text":"...","refutation":
//!   null|[row,col],"answer":null|"Red wins in 2: 2 3"}`: the puzzle on the board after
//!   every change (`index` null once the puzzles are left). `line` holds the moves since
//!   its start, the person's and the defender's; `text` says what happened (`after 2 3,
//!   Blue escapes with 1 1: try again`, `solved! the proven line: ...`); `answer`, once it
//!   is over, every winning first move as `solve --depth` words them.

pub mod friend;
pub mod library;
pub mod tools;

pub use tools::{Analysis, Evaluation, ProvenValue, PuzzleInfo, PuzzleView, WinsIn};

use serde::{Deserialize, Serialize};

/// Which game a connection plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    #[default]
    Jump61,
    Snatch,
}

/// A message from the page.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ClientMessage {
    Join {
        #[serde(default)]
        game: Option<String>,
        #[serde(default)]
        kind: Kind,
        /// The seat's secret from the game's link (hex): with it, `game` is a kept game's
        /// id, found in the store after a restart.
        #[serde(default)]
        seat: Option<String>,
    },
    Line {
        text: String,
    },
    Rules {
        rules: String,
    },
    Hint {},
    Go {},
    Stop {},
    Fewest {},
    Save {},
    Load {
        text: String,
    },
    Kind {
        kind: Kind,
    },
    Analyse {
        on: bool,
        #[serde(default)]
        every: bool,
        #[serde(default)]
        time: Option<f64>,
        #[serde(default)]
        positions: Option<u64>,
    },
    Setup {
        squares: Vec<(u8, String)>,
        #[serde(default)]
        to_move: Option<String>,
    },
    Puzzles {
        #[serde(default)]
        text: Option<String>,
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        rules: Option<String>,
    },
    Puzzle {
        index: Option<usize>,
    },
    Attempt {
        square: [usize; 2],
    },
    Retry {},
    /// A game with a friend: see [`friend`].
    Friend {
        size: usize,
        #[serde(default)]
        rules: Option<String>,
        #[serde(default)]
        minutes: f64,
        #[serde(default)]
        increment: f64,
    },
    Accept {
        invite: String,
    },
    Sit {
        invite: String,
        seat: String,
    },
    Watch {
        watch: String,
    },
    Resign {},
    Takeback {},
    Answer {
        yes: bool,
    },
    Rematch {},
    Claim {},
    /// The Games view: see [`library`].
    Games {
        list: Vec<library::Held>,
        #[serde(default)]
        friends: Vec<library::FriendHeld>,
    },
    Replay {
        id: String,
        seat: String,
    },
    Watched {
        watch: String,
        round: u32,
    },
    Review {
        id: String,
        seat: String,
    },
}

/// The `game` a message names, if any (read apart from the message itself).
#[derive(Debug, Deserialize)]
pub struct Addressed {
    #[serde(default)]
    pub game: Option<String>,
}

impl ClientMessage {
    /// Whether it enters a game with a friend (or watches one): the connection's to carry out.
    pub fn enters_a_friends_game(&self) -> bool {
        matches!(
            self,
            ClientMessage::Friend { .. }
                | ClientMessage::Accept { .. }
                | ClientMessage::Sit { .. }
                | ClientMessage::Watch { .. }
        )
    }

    /// Whether only a game with a friend takes it.
    pub fn is_for_a_friends_game(&self) -> bool {
        matches!(
            self,
            ClientMessage::Resign {}
                | ClientMessage::Takeback {}
                | ClientMessage::Answer { .. }
                | ClientMessage::Rematch {}
                | ClientMessage::Claim {}
        )
    }

    /// Whether it asks for the page's finished games (answered apart from any game).
    pub fn is_for_the_library(&self) -> bool {
        matches!(
            self,
            ClientMessage::Games { .. }
                | ClientMessage::Replay { .. }
                | ClientMessage::Watched { .. }
                | ClientMessage::Review { .. }
        )
    }

    /// Reads one client message; the error says what is wrong with it.
    pub fn parse(text: &str) -> Result<(ClientMessage, Option<String>), String> {
        let message: ClientMessage =
            serde_json::from_str(text).map_err(|e| format!("malformed message: {e}"))?;
        let addressed = serde_json::from_str::<Addressed>(text)
            .map(|a| a.game)
            .unwrap_or(None);
        Ok((message, addressed))
    }
}

/// `human` or `ai`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Human,
    Ai,
}

impl Player {
    pub fn of(ai: bool) -> Player {
        if ai { Player::Ai } else { Player::Human }
    }
}

/// A Jump61 square: spots and owner (`r`, `b` or `w`).
pub type Square = (u8, &'static str);

/// Who plays Red and Blue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Jump61Players {
    pub red: Player,
    pub blue: Player,
}

/// A Jump61 game as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Jump61State {
    pub size: usize,
    pub rules: String,
    pub squares: Vec<Square>,
    pub to_move: &'static str,
    pub players: Jump61Players,
    pub in_play: bool,
    pub winner: Option<&'static str>,
    pub moves: Vec<String>,
    pub can_undo: bool,
    pub can_redo: bool,
    pub thinking: bool,
    pub notation: String,
    pub last: Option<[usize; 2]>,
    pub time: Option<f64>,
    pub nodes: Option<u64>,
    pub level: u8,
}

/// Who plays each side of Jump Snatch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SnatchPlayers {
    pub first: Player,
    pub second: Player,
}

/// A legal Jump Snatch move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SnatchMove {
    #[serde(rename = "move")]
    pub text: String,
    pub path: Vec<[usize; 2]>,
    pub jump: bool,
}

/// The puzzle's answer for the current position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fewest {
    pub count: Option<usize>,
    pub moves: Vec<String>,
    pub text: String,
}

/// A Jump Snatch game as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SnatchState {
    pub size: usize,
    pub pieces: Vec<[usize; 2]>,
    pub to_move: &'static str,
    pub players: SnatchPlayers,
    pub winner: Option<&'static str>,
    pub moves: Vec<String>,
    pub legal: Vec<SnatchMove>,
    /// How many legal moves there are (`legal` lists the first `max_legal_listed`).
    pub legal_count: usize,
    pub can_undo: bool,
    pub thinking: bool,
    pub notation: String,
    pub last_jump: &'static str,
    pub time: f64,
    pub fewest: Option<Fewest>,
}

/// The state of either kind of game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum State {
    Jump61(Jump61State),
    Snatch(SnatchState),
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    /// The AI's own move, or a move for the person (`go`).
    Move,
    Hint,
}

/// A message to the page.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ServerMessage {
    Joined {
        game: String,
        kind: Kind,
    },
    /// The kept game's id and its seat's secret (hex), for the page's link: only the page
    /// that holds the seat is sent it.
    Seat {
        game: String,
        seat: String,
    },
    State(State),
    Anim {
        square: [usize; 2],
        mover: &'static str,
        frames: Vec<Vec<Square>>,
    },
    Search {
        purpose: Purpose,
        depth: u32,
        score: String,
        pv: Vec<String>,
        nodes: u64,
    },
    Hint {
        #[serde(rename = "move")]
        text: String,
        score: String,
    },
    Out {
        lines: Vec<String>,
    },
    Error {
        text: String,
    },
    Saved {
        text: String,
    },
    Analysis(Box<Analysis>),
    Puzzles {
        source: String,
        list: Vec<PuzzleInfo>,
    },
    Puzzle(Box<PuzzleView>),
    /// A seat of a game with a friend, to its holder only: see [`friend`].
    Seated {
        invite: String,
        watch: String,
        colour: &'static str,
        seat: String,
    },
    Friend(Box<friend::FriendView>),
    /// The Games view's answers: see [`library`].
    Games {
        list: Vec<library::GameListed>,
    },
    Replay(Box<library::ReplayView>),
    Review(Box<library::ReviewView>),
}

impl ServerMessage {
    pub fn error(text: impl Into<String>) -> ServerMessage {
        ServerMessage::Error { text: text.into() }
    }

    /// The message as the JSON text sent.
    pub fn to_json(&self) -> String {
        // Serializing these plain structs cannot fail; an empty object would be refused by
        // the page rather than crash the server.
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_parse_as_documented() {
        let (m, game) = ClientMessage::parse(r#"{"t":"join","game":null,"kind":"snatch"}"#)
            .expect("join parses");
        assert_eq!(
            m,
            ClientMessage::Join {
                game: None,
                kind: Kind::Snatch,
                seat: None
            }
        );
        assert_eq!(game, None);
        let (m, game) = ClientMessage::parse(r#"{"t":"hint","game":"abc"}"#).unwrap();
        assert_eq!(m, ClientMessage::Hint {});
        assert_eq!(game.as_deref(), Some("abc"));
        let (m, _) = ClientMessage::parse(r#"{"t":"line","text":"2 3"}"#).unwrap();
        assert_eq!(
            m,
            ClientMessage::Line {
                text: "2 3".to_string()
            }
        );
        let (m, _) = ClientMessage::parse(r#"{"t":"join"}"#).unwrap();
        assert_eq!(
            m,
            ClientMessage::Join {
                game: None,
                kind: Kind::Jump61,
                seat: None
            }
        );
    }

    #[test]
    fn malformed_messages_are_refused_with_a_reason() {
        for bad in [
            "",
            "not json",
            "[1,2]",
            r#"{"t":"fly"}"#,
            r#"{"text":"2 3"}"#,
            r#"{"t":"line"}"#,
            r#"{"t":"line","text":7}"#,
            r#"{"t":"kind","kind":"chess"}"#,
        ] {
            let e = ClientMessage::parse(bad).expect_err(bad);
            assert!(e.starts_with("malformed message: "), "{bad}: {e}");
        }
    }

    #[test]
    fn server_messages_serialize_as_documented() {
        let m = ServerMessage::Hint {
            text: "2 3".to_string(),
            score: "+0.50".to_string(),
        };
        assert_eq!(m.to_json(), r#"{"t":"hint","move":"2 3","score":"+0.50"}"#);
        let m = ServerMessage::Anim {
            square: [1, 2],
            mover: "red",
            frames: vec![vec![(2, "r"), (1, "w")]],
        };
        assert_eq!(
            m.to_json(),
            r#"{"t":"anim","square":[1,2],"mover":"red","frames":[[[2,"r"],[1,"w"]]]}"#
        );
        let state = ServerMessage::State(State::Snatch(SnatchState {
            size: 3,
            pieces: vec![[1, 2]],
            to_move: "first",
            players: SnatchPlayers {
                first: Player::Human,
                second: Player::Ai,
            },
            winner: None,
            moves: vec![],
            legal: vec![],
            legal_count: 0,
            can_undo: false,
            thinking: false,
            notation: ".x./.../...".to_string(),
            last_jump: "nobody",
            time: 1.0,
            fewest: None,
        }));
        let json = state.to_json();
        assert!(
            json.starts_with(r#"{"t":"state","kind":"snatch","size":3,"pieces":[[1,2]]"#),
            "{json}"
        );
        assert!(json.contains(r#""players":{"first":"human","second":"ai"}"#));
    }
}
