//! A game's link over real WebSockets to a real `jump61 serve` on a real SQLite file: the
//! page is told its game's id and seat secret; after `kill -9` and a restart on the same
//! file, a page that comes back with the link finds its game where the last acknowledged
//! move left it (the AI's level and limit included) and plays on, kept under the same id;
//! a wrong secret, a made-up id and a malformed secret are refused and change nothing.

use crate::web_client;

use jump61::web::store::{Sqlite, Store};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use web_client::{Page, ServerProcess};

/// A fresh, empty folder of its own for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jump61-seat-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `jump61 serve --db FILE` on a free port, and the address it listens on.
fn serve(file: &Path) -> (ServerProcess, SocketAddr) {
    web_client::serve_process(file, 0, &["--search-threads", "1"])
}

/// Plays `mv` and waits for the AI's answer: the state with `after` moves.
async fn play(page: &mut Page, mv: &str, after: usize) -> Value {
    page.line(mv).await;
    page.until_that(|m| {
        m["t"] == "state"
            && m["thinking"] == false
            && m["moves"].as_array().is_some_and(|a| a.len() == after)
    })
    .await
}

/// What a page sees of a game that must not change: the board, the moves, the players.
fn position(state: &Value) -> Value {
    json!([
        state["size"],
        state["rules"],
        state["squares"],
        state["moves"],
        state["to_move"],
        state["players"],
        state["level"],
        state["nodes"]
    ])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_comes_back_by_its_link_after_kill_9_and_plays_on() {
    let file = folder("kill").join("games.sqlite");
    let (mut server, addr) = serve(&file);
    let (mut page, _) = Page::join_new(addr, "jump61").await;
    for line in ["size 4", "level 2", "nodes 300"] {
        page.line(line).await;
    }
    page.line("1 1").await;
    let seat = page.until("seat").await;
    let (game, secret) = (
        seat["game"].as_str().unwrap().to_string(),
        seat["seat"].as_str().unwrap().to_string(),
    );
    assert_eq!(secret.len(), 32, "{seat}");
    assert!(!secret.contains(&game) && !game.contains(&secret));
    page.until_that(|m| m["t"] == "state" && m["moves"].as_array().is_some_and(|a| a.len() == 2))
        .await;
    let before = play(&mut page, "2 2", 4).await;
    assert_eq!(
        (before["level"].clone(), before["nodes"].clone()),
        (json!(2), json!(300))
    );
    server.kill().unwrap();
    server.wait().unwrap();

    let (mut server, addr) = serve(&file);
    // Wrong links are refused, and the game is left as it was.
    let mut stranger = Page::open(addr).await;
    let mut wrong = secret.clone().into_bytes();
    wrong[31] = if wrong[31] == b'0' { b'1' } else { b'0' };
    let wrong = String::from_utf8(wrong).unwrap();
    for (id, seat) in [
        (game.as_str(), wrong.as_str()),
        ("0123456789abcdef-1", secret.as_str()),
        (game.as_str(), "not a secret"),
    ] {
        stranger
            .send(json!({"t":"join","game":id,"kind":"jump61","seat":seat}))
            .await;
        let error = stranger.error().await;
        assert!(
            error.contains("nothing changed") || error.contains("32 hex digits"),
            "{error}"
        );
    }
    stranger.line("3 3").await;
    assert!(stranger.error().await.contains("join a game first"));

    let mut back = Page::open(addr).await;
    back.send(json!({"t":"join","game":game,"kind":"jump61","seat":secret}))
        .await;
    back.until("joined").await;
    let again = back.until("seat").await;
    assert_eq!(again, seat);
    let state = back.until("state").await;
    assert_eq!(position(&state), position(&before));
    // It plays on, kept under the same id.
    let after = play(&mut back, "3 3", 6).await;
    let moves = after["moves"].clone();
    server.kill().unwrap();
    server.wait().unwrap();
    let kept = Sqlite::open(&file).unwrap().load(&game).unwrap().unwrap();
    let kept_moves: Vec<Value> = kept.moves.iter().map(|(m, _)| json!(m)).collect();
    assert_eq!(json!(kept_moves), moves);
    assert_eq!(kept.game.blue, "ai level 2 300 nodes a move");
}
