//! A load of many games at once over WebSockets, for `tests/web_load.rs` and
//! `examples/web_load.rs`: each page joins a new Jump61 game and plays seeded legal moves, one
//! at a time, each sent once the last was acknowledged (the state that holds it came back);
//! against the AI at a time a move, or for both sides. Pages connect from several loopback
//! addresses (127.0.0.1, 127.0.0.2, ...), as people from several machines would, so the
//! server's per-address limits hold. A page whose server goes (`kill -9`) stops and keeps
//! what it had acknowledged; [`check_kept`] then holds the database to it.

use super::Page;
use jump61::board::{Board, Squares};
use jump61::web::store::{Sqlite, Store};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::time::{Duration, Instant};

/// Who answers a page's moves.
#[derive(Clone, Copy, Debug)]
pub enum Opponent {
    /// The page plays both sides (`manual blue`): every move is the page's, none waits for
    /// a search, so the server's own work (and the store's) is all there is.
    Itself,
    /// The AI plays Blue, this many milliseconds a move.
    Ai { ms: u64 },
}

/// A load: how many games at once, each at most how many moves, from which seed.
#[derive(Clone, Copy, Debug)]
pub struct Load {
    pub games: usize,
    pub moves: usize,
    pub seed: u64,
    pub opponent: Opponent,
    /// Loopback addresses the pages come from (at most 254).
    pub addresses: u8,
}

/// One game as its page saw it.
#[derive(Clone, Debug, Default)]
pub struct GameLog {
    /// The game's id in the server's registry (its kept game is `ID-1`), once joined.
    pub id: Option<String>,
    pub size: usize,
    /// The moves the page was told are played, in order.
    pub acknowledged: Vec<String>,
    /// The connection was lost before the game's end (or its move cap).
    pub cut: bool,
}

/// What a load did.
pub struct Outcome {
    pub games: Vec<GameLog>,
    pub wall: Duration,
}

impl Outcome {
    pub fn moves(&self) -> usize {
        self.games.iter().map(|g| g.acknowledged.len()).sum()
    }

    pub fn per_second(&self) -> f64 {
        self.moves() as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

/// The longest one game may take (a bound, not a measurement).
const GAME_BOUND: Duration = Duration::from_secs(600);

/// Plays `load` against the server at `addr`; every game's log, and the time it took.
pub async fn run(addr: SocketAddr, load: Load) -> Outcome {
    let started = Instant::now();
    let tasks: Vec<_> = (0..load.games)
        .map(|i| {
            let local = IpAddr::V4(Ipv4Addr::new(
                127,
                0,
                0,
                1 + (i % load.addresses.max(1) as usize) as u8,
            ));
            let seed = load.seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
            tokio::spawn(play(addr, local, seed, load))
        })
        .collect();
    let mut games = Vec::new();
    for task in tasks {
        let log = tokio::time::timeout(GAME_BOUND, task)
            .await
            .expect("a game within its bound")
            .expect("a game's task ends well");
        games.push(log);
    }
    Outcome {
        games,
        wall: started.elapsed(),
    }
}

/// One page's game; its log however it ends.
async fn play(addr: SocketAddr, local: IpAddr, seed: u64, load: Load) -> GameLog {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let size = 6 + (seed % 4) as usize;
    let mut log = GameLog {
        size,
        cut: true,
        ..GameLog::default()
    };
    let Some(mut page) = Page::try_open_from(addr, local).await else {
        return log;
    };
    let setting = match load.opponent {
        Opponent::Itself => "manual blue".to_string(),
        Opponent::Ai { ms } => format!("time {}", ms as f64 / 1000.0),
    };
    let joined = page
        .try_send(json!({"t":"join","game":null,"kind":"jump61"}))
        .await
        && page.try_send(json!({"t":"line","text":setting})).await
        && page
            .try_send(json!({"t":"line","text":format!("size {size}")}))
            .await;
    if !joined {
        return log;
    }
    let Some(joined) = page.next_that(|m| m["t"] == "joined").await else {
        return log;
    };
    log.id = joined["game"].as_str().map(str::to_string);
    if page
        .next_that(|m| m["t"] == "state" && m["size"] == size)
        .await
        .is_none()
    {
        return log;
    }
    let mut board = Board::new(size);
    let answer = match load.opponent {
        Opponent::Itself => 1,
        Opponent::Ai { .. } => 2,
    };
    while board.winner().is_none() && log.acknowledged.len() < load.moves {
        let legal: Vec<usize> = Squares(board.legal_moves()).collect();
        let c = board.coord(legal[rng.random_range(0..legal.len())]);
        if !page
            .try_send(json!({"t":"line","text":format!("{} {}", c.row, c.col)}))
            .await
        {
            return log;
        }
        let want = log.acknowledged.len() + answer;
        let Some(state) = page
            .next_that(|m| {
                m["t"] == "state"
                    && (m["moves"].as_array().is_some_and(|a| a.len() >= want)
                        || !m["winner"].is_null())
            })
            .await
        else {
            return log;
        };
        follow(&mut board, &mut log.acknowledged, &state);
    }
    log.cut = false;
    page.close().await;
    log
}

/// The moves of `state` past those acknowledged, each checked legal and played on `board`.
fn follow(board: &mut Board, acknowledged: &mut Vec<String>, state: &Value) {
    let moves = state["moves"].as_array().expect("moves");
    assert!(
        moves.len() >= acknowledged.len(),
        "a move was lost: {state}"
    );
    for m in &moves[acknowledged.len()..] {
        let m = m.as_str().expect("a move");
        let sq = square(board, m).unwrap_or_else(|| panic!("an illegal move {m} in {state}"));
        board.play(sq);
        acknowledged.push(m.to_string());
    }
}

/// The square of move `mv` ("R C") if it is legal on `board`.
fn square(board: &Board, mv: &str) -> Option<usize> {
    let (r, c) = mv.split_once(' ')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    let n = board.size();
    let sq = (r.checked_sub(1)?) * n + c.checked_sub(1)?;
    (r <= n && c <= n && board.is_legal(sq)).then_some(sq)
}

/// Holds the database at `file` to what the pages were told: the file is whole
/// (`PRAGMA integrity_check`), every game that had a move acknowledged is kept with its
/// acknowledged moves in order (and at most `in_flight` moves beyond them: those written
/// but not yet told), and every kept game's moves replay legally from its start. The
/// number of games checked.
pub fn check_kept(file: &Path, games: &[GameLog], in_flight: usize) -> Result<usize, String> {
    let conn = rusqlite::Connection::open(file).map_err(|e| e.to_string())?;
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(|e| e.to_string())?;
    if check != "ok" {
        return Err(format!("integrity_check: {check}"));
    }
    let store = Sqlite::open(file).map_err(|e| e.to_string())?;
    let mut checked = 0;
    for game in games.iter().filter(|g| !g.acknowledged.is_empty()) {
        let id = format!(
            "{}-1",
            game.id.as_deref().ok_or("a game with moves and no id")?
        );
        let kept = store
            .load(&id)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("game {id} is not kept"))?;
        let moves: Vec<&str> = kept.moves.iter().map(|(m, _)| m.as_str()).collect();
        let ack = &game.acknowledged;
        if moves.len() < ack.len()
            || moves.len() > ack.len() + in_flight
            || moves[..ack.len()] != ack[..]
        {
            return Err(format!("game {id}: kept {moves:?}, acknowledged {ack:?}"));
        }
        let mut board = Board::new(usize::from(kept.game.size));
        if kept.game.start != board.to_notation() {
            return Err(format!(
                "game {id}: its start {} is not new",
                kept.game.start
            ));
        }
        for mv in moves {
            let sq = square(&board, mv).ok_or_else(|| format!("game {id}: {mv} is illegal"))?;
            board.play(sq);
        }
        checked += 1;
    }
    Ok(checked)
}

/// The peak resident memory (`VmHWM`) of process `pid`, in KiB, from /proc.
pub fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}
