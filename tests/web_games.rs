//! The Games view over real WebSockets, on a server that keeps its games in a real SQLite
//! file: a page lists the finished games it holds the seats of (never another's), replays one
//! whole, and has it reviewed in the words of `jump61 review`. In a finished 4x4 game, each
//! move the review says threw the win away is one `jump61 solve --position` says went from a
//! won position to a lost one, with the same winning moves; a second request is read back
//! from the database (`stored`, one row in its `reviews` table) instead of computed again.

use crate::web_client;

use jump61::board::Board;
use jump61::web::games::anim::squares;
use jump61::web::{Limits, Running, open_store, start_with_store};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;
use tokio::net::TcpListener;
use web_client::{Page, test_limits};

/// A seeded random 4x4 game (Red wins at move 25) with several wins thrown away late on.
const GAME: [&str; 25] = [
    "2 1", "3 3", "4 3", "4 2", "4 3", "1 2", "2 2", "1 2", "3 1", "3 3", "3 1", "4 2", "2 4",
    "1 4", "1 3", "4 1", "1 1", "4 1", "2 3", "4 3", "1 1", "4 4", "2 2", "4 3", "1 2",
];

/// Positions the prover may expand for each position of a review: the server's analysis
/// limit, and `jump61 review --positions` for the same review on the command line.
const POSITIONS: u64 = 200_000;

fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jump61-games-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A server keeping its games in `file` (`None`: keeping none), within `limits`.
async fn serve(file: Option<&Path>, limits: Limits) -> Running {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let store = open_store(file).expect("the database opens");
    start_with_store(listener, limits, store).await.unwrap()
}

fn limits() -> Limits {
    Limits {
        analysis_positions: POSITIONS,
        ..test_limits()
    }
}

/// Plays `GAME` on a new page, both sides people; the page and its game's id and seat.
async fn play_the_game(running: &Running) -> (Page, String, String) {
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("size 4").await;
    for mv in GAME {
        page.line(mv).await;
    }
    let seat = page.until("seat").await;
    let won = page
        .until_that(|m| m["t"] == "state" && !m["winner"].is_null())
        .await;
    assert_eq!(won["winner"], "red");
    assert_eq!(won["moves"].as_array().unwrap().len(), GAME.len());
    let text = |k: &str| seat[k].as_str().unwrap().to_string();
    (page, text("game"), text("seat"))
}

/// The boards of `GAME`, the start first.
fn boards() -> Vec<Board> {
    let mut board = Board::new(4);
    let mut all = vec![board];
    for mv in GAME {
        let (r, c) = mv.split_once(' ').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        board.play((r - 1) * 4 + c - 1);
        all.push(board);
    }
    all
}

/// `jump61 ARGS`' standard output (it must succeed).
fn jump61(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "jump61 {args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The first line of `jump61 solve --position P`: `Red wins: 1 1, 2 3` or `Blue wins`.
fn solved(board: &Board) -> String {
    let out = jump61(&["solve", "--position", &board.to_notation()]);
    out.lines().next().unwrap().to_string()
}

/// A `[row, col]` list as `solve` words it: `1 1, 2 3`.
fn squares_text(list: &Value) -> String {
    let words: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|sq| format!("{} {}", sq[0], sq[1]))
        .collect();
    words.join(", ")
}

fn rows_in_reviews(file: &Path) -> i64 {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let conn = rusqlite::Connection::open_with_flags(file, flags).unwrap();
    conn.query_row("SELECT count(*) FROM reviews", [], |r| r.get(0))
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_listed_replayed_and_reviewed_once() {
    let file = folder("review").join("games.sqlite");
    let running = serve(Some(&file), limits()).await;
    let (mut page, id, seat) = play_the_game(&running).await;

    // Listed: only the game whose secret the page shows.
    let wrong = "0".repeat(32);
    page.send(json!({"t":"games","list":[
        {"id":id,"seat":seat}, {"id":id,"seat":wrong}, {"id":"nobody-1","seat":seat}
    ]}))
    .await;
    let list = page.until("games").await["list"].clone();
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    let game = &list[0];
    assert_eq!(
        (&game["id"], &game["size"], &game["rules"], &game["moves"]),
        (&json!(id), &json!(4), &json!("2014"), &json!(25))
    );
    assert_eq!(
        (&game["red"], &game["blue"]),
        (&json!("person"), &json!("person"))
    );
    assert_eq!(
        (&game["result"], &game["how"], &game["outcome"]),
        (
            &json!("red"),
            &json!("won on the board"),
            &json!("Red won on the board")
        )
    );

    // Replayed: every board, and the script the command loop replays.
    page.send(json!({"t":"replay","id":id,"seat":seat})).await;
    let replay = page.until("replay").await;
    assert_eq!(replay["moves"], json!(GAME));
    let expected: Vec<Value> = boards().iter().map(|b| json!(squares(b))).collect();
    assert_eq!(replay["boards"], json!(expected));
    let script = replay["script"].as_str().unwrap();
    let script_file = file.with_file_name("game.txt");
    std::fs::write(&script_file, script).unwrap();

    // Reviewed: first `running`, then the review, line for line `jump61 review`'s.
    page.send(json!({"t":"review","id":id,"seat":seat})).await;
    let first = page.until("review").await;
    assert_eq!(
        (&first["running"], &first["stored"]),
        (&json!(true), &json!(false))
    );
    let review = page.until("review").await;
    assert_eq!(
        (&review["running"], &review["stored"]),
        (&json!(false), &json!(false))
    );
    let path = script_file.to_str().unwrap();
    let cli = jump61(&["review", "--positions", &POSITIONS.to_string(), path]);
    let mut lines: Vec<String> = review["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["line"].as_str().unwrap().to_string())
        .collect();
    lines.push(review["result"].as_str().unwrap().to_string());
    assert_eq!(lines.join("\n") + "\n", cli);

    // Each move that threw the win away, as the prover sees the positions around it.
    let boards = boards();
    let mut thrown = 0;
    for (i, mv) in review["moves"].as_array().unwrap().iter().enumerate() {
        if !mv["mark"]
            .as_str()
            .unwrap()
            .starts_with("threw the win away")
        {
            continue;
        }
        thrown += 1;
        let (mover, other) = if mv["mover"] == "red" {
            ("Red", "Blue")
        } else {
            ("Blue", "Red")
        };
        let winning = squares_text(&mv["winning"]);
        assert_eq!(
            solved(&boards[i]),
            format!("{mover} wins: {winning}"),
            "move {}",
            i + 1
        );
        assert!(
            solved(&boards[i + 1]).starts_with(&format!("{other} wins")),
            "move {}",
            i + 1
        );
        assert_eq!(
            (mv["before"].as_f64(), mv["after"].as_f64()),
            (Some(1.0), Some(0.0))
        );
    }
    assert!(thrown >= 3, "{thrown} thrown wins in {review}");
    assert_eq!(rows_in_reviews(&file), 1);

    // Asked again, the review is the one kept, read back without a search.
    let started = running.server.pool.started();
    page.send(json!({"t":"review","id":id,"seat":seat})).await;
    let again = page.until("review").await;
    assert_eq!(again["stored"], true);
    assert_eq!(again["moves"], review["moves"]);
    assert_eq!(again["red_chances"], review["red_chances"]);
    assert_eq!(
        running.server.pool.started(),
        started,
        "no search ran for it"
    );
    assert_eq!(rows_in_reviews(&file), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_pages_games_and_bad_requests_are_refused_and_change_nothing() {
    let file = folder("refused").join("games.sqlite");
    let running = serve(
        Some(&file),
        Limits {
            max_games_listed: 3,
            ..limits()
        },
    )
    .await;
    let (mut page, id, seat) = play_the_game(&running).await;
    // Another browser knows the id (say, it was told it) but not the secret.
    let (mut other, _) = Page::join_new(running.addr, "jump61").await;
    let last = if seat.ends_with('0') { '1' } else { '0' };
    let guess = format!("{}{last}", &seat[..31]);
    other
        .send(json!({"t":"games","list":[{"id":id,"seat":guess}]}))
        .await;
    assert_eq!(other.until("games").await["list"], json!([]));
    for t in ["replay", "review"] {
        other.send(json!({"t":t,"id":id,"seat":guess})).await;
        let wrong = other.error().await;
        other
            .send(json!({"t":t,"id":"nobody-1","seat":guess}))
            .await;
        let unknown = other.error().await;
        assert_eq!(wrong.replace(&id, "nobody-1"), unknown, "{t}");
        other.send(json!({"t":t,"id":id,"seat":"not hex"})).await;
        assert!(other.error().await.contains("32 hex digits"));
    }
    assert_eq!(rows_in_reviews(&file), 0, "no review was made");
    // An unfinished game of the page's own is not listed.
    page.line("new").await;
    page.line("1 1").await;
    let open = page.until("seat").await;
    let held = |id: &Value, seat: &Value| json!({"id":id,"seat":seat});
    page.send(json!({"t":"games","list":[held(&json!(id), &json!(seat)), held(&open["game"], &open["seat"])]}))
        .await;
    let list = page.until("games").await["list"].clone();
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    // The new game from the same start left the finished one whole.
    assert_eq!(
        (&list[0]["id"], &list[0]["moves"]),
        (&json!(id), &json!(25))
    );
    assert_ne!(open["game"], json!(id));
    // More games than the limit at once, and a malformed request.
    let many: Vec<Value> = (0..4).map(|_| held(&json!(id), &json!(seat))).collect();
    page.send(json!({"t":"games","list":many})).await;
    assert!(page.error().await.contains("at most 3 games a request"));
    page.send(json!({"t":"replay","id":id})).await;
    assert!(page.error().await.starts_with("malformed message"));
    // The page's game went on throughout.
    page.line("board").await;
    assert!(page.until("out").await["lines"].is_array());

    // A server that keeps no games says so.
    let bare = serve(None, limits()).await;
    let (mut lone, _) = Page::join_new(bare.addr, "jump61").await;
    lone.send(json!({"t":"games","list":[]})).await;
    assert!(lone.error().await.contains("keeps no games"));
}
