//! The web server's protocol, played over real WebSockets on loopback: joining, moves and
//! their chain reactions, illegal moves, undo and redo, hints, the rules, Jump Snatch,
//! saving and loading, reconnecting with a game id, and the limits.

use crate::web_client;

use jump61::board::Board;
use jump61::protocol::{Options, run_loop};
use jump61::web::Limits;
use serde_json::{Value, json};
use std::time::Duration;
use web_client::{Page, server, test_limits, told_too_many_messages};

/// The squares of a state as the board's notation would give them: `[spots, owner]`.
fn squares_of(board: &Board) -> Value {
    json!(jump61::web::games::anim::squares(board))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_page_gets_the_command_loops_starting_game() {
    let running = server(test_limits()).await;
    let (_page, id) = Page::join_new(running.addr, "jump61").await;
    assert_eq!(id.len(), 32, "{id}");
    let mut page = Page::open(running.addr).await;
    page.send(json!({"t":"join"})).await;
    let joined = page.until("joined").await;
    assert_eq!(joined["kind"], "jump61");
    assert_ne!(joined["game"], id.as_str(), "each page has its own game");
    let state = page.until("state").await;
    assert_eq!(state["kind"], "jump61");
    assert_eq!(state["size"], 6);
    assert_eq!(state["rules"], "2014");
    assert_eq!(state["to_move"], "red");
    assert_eq!(state["players"], json!({"red":"human","blue":"ai"}));
    assert_eq!(state["in_play"], true);
    assert_eq!(state["squares"], squares_of(&Board::new(6)));
    assert_eq!(state["moves"], json!([]));
    assert_eq!(state["notation"], Board::new(6).to_notation());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_animated_then_the_ai_answers_it() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("time 0.01").await;
    assert_eq!(page.until("out").await["lines"][0], "time per move: 0.01 s");
    page.line("size 3").await;
    page.until("state").await;
    // Red plays a corner twice; the second time it topples.
    page.line("1 1").await;
    let anim = page.until("anim").await;
    assert_eq!(anim["square"], json!([1, 1]));
    assert_eq!(anim["mover"], "red");
    assert_eq!(anim["frames"].as_array().unwrap().len(), 1);
    // The state after Red's move, then the AI's move: its own anim and state.
    let after_ai = page
        .until_that(|m| m["t"] == "state" && m["moves"].as_array().unwrap().len() == 2)
        .await;
    assert_eq!(after_ai["to_move"], "red");
    assert!(
        page.seen
            .iter()
            .any(|m| m["t"] == "anim" && m["mover"] == "blue")
    );
    assert!(
        page.seen
            .iter()
            .any(|m| m["t"] == "out" && m["lines"][0].as_str().unwrap().starts_with("Blue moves")),
        "{:?}",
        page.seen
    );
    // The page's board is the board of the moves played.
    let mut board = Board::new(3);
    for m in after_ai["moves"].as_array().unwrap() {
        let (r, c) = m.as_str().unwrap().split_once(' ').unwrap();
        let sq = (r.parse::<usize>().unwrap() - 1) * 3 + c.parse::<usize>().unwrap() - 1;
        assert!(board.is_legal(sq));
        board.play(sq);
    }
    assert_eq!(after_ai["squares"], squares_of(&board));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_move_gets_its_reason_and_changes_nothing() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("size 2").await;
    page.line("1 1").await;
    let before = page
        .until_that(|m| m["t"] == "state" && m["moves"] == json!(["1 1"]))
        .await;
    page.line("1 1").await;
    let reason = page.error().await;
    assert_eq!(
        reason,
        "illegal move 1 1: it is Blue's turn, and Red owns that square"
    );
    assert_eq!(page.until("state").await, before);
    page.line("3 1").await;
    assert!(page.error().await.contains("row 3 is off the board"));
    page.line("jump").await;
    assert!(page.error().await.starts_with("unknown command 'jump'"));
    for refused in ["hash 64", "threads 8", "solve 3", "quit", "time 1000"] {
        page.line(refused).await;
        let e = page.error().await;
        assert!(
            e.contains("not available on the web page")
                || e.contains("at most")
                || e.contains("quit"),
            "{refused}: {e}"
        );
    }
    assert_eq!(page.until("state").await, before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_and_redo_take_back_and_replay_moves() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("size 4").await;
    for m in ["1 1", "4 4", "2 2"] {
        page.line(m).await;
    }
    let played = page
        .until_that(|m| m["t"] == "state" && m["moves"].as_array().unwrap().len() == 3)
        .await;
    assert_eq!(played["can_undo"], true);
    assert_eq!(played["can_redo"], false);
    page.line("undo").await;
    let undone = page.until("state").await;
    assert_eq!(undone["moves"], json!(["1 1", "4 4"]));
    assert_eq!(undone["can_redo"], true);
    page.line("redo").await;
    assert_eq!(page.until("state").await["squares"], played["squares"]);
    page.line("redo").await;
    assert!(page.error().await.starts_with("nothing to redo"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_shows_the_search_and_plays_nothing() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("time 0.05").await;
    page.line("size 3").await;
    let before = page
        .until_that(|m| m["t"] == "state" && m["size"] == 3)
        .await;
    page.send(json!({"t":"hint"})).await;
    let hint = page.until("hint").await;
    let search = page
        .seen
        .iter()
        .find(|m| m["t"] == "search")
        .expect("the search is shown while it thinks");
    assert_eq!(search["purpose"], "hint");
    assert!(search["depth"].as_u64().unwrap() >= 1);
    assert!(!search["pv"].as_array().unwrap().is_empty());
    let mv = hint["move"].as_str().unwrap();
    assert!(mv.split(' ').all(|n| ["1", "2", "3"].contains(&n)), "{mv}");
    let after = page.until("state").await;
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["thinking"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn go_plays_the_ais_move_for_the_person() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("nodes 2000").await;
    page.line("size 3").await;
    page.until_that(|m| m["t"] == "state" && m["size"] == 3)
        .await;
    page.send(json!({"t":"go"})).await;
    let state = page
        .until_that(|m| m["t"] == "state" && m["moves"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(state["to_move"], "blue");
    assert_eq!(state["players"]["red"], "human");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_switch_starts_a_2013_game_of_the_same_size() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("size 5").await;
    page.line("3 3").await;
    page.send(json!({"t":"rules","rules":"2013"})).await;
    let state = page
        .until_that(|m| m["t"] == "state" && m["rules"] == "2013")
        .await;
    assert_eq!(state["size"], 5);
    assert_eq!(state["moves"], json!([]));
    assert_eq!(state["players"], json!({"red":"human","blue":"human"}));
    assert_eq!(
        state["squares"],
        squares_of(&Board::with_rules(5, jump61::board::Rules::V2013))
    );
    assert!(
        page.seen
            .iter()
            .any(|m| m["t"] == "out" && m["lines"][0] == "rules 2013: a new 5x5 game")
    );
    // The 2013 dialect's own command.
    page.line("move 2").await;
    assert_eq!(page.until("state").await["to_move"], "blue");
    page.send(json!({"t":"rules","rules":"1999"})).await;
    assert!(page.error().await.contains("2014 or 2013"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_game_loads_back_and_replays_in_the_command_loop() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("size 3").await;
    for m in ["1 1", "3 3", "1 1", "3 3", "2 2"] {
        page.line(m).await;
    }
    let played = page
        .until_that(|m| m["t"] == "state" && m["moves"].as_array().unwrap().len() == 5)
        .await;
    page.send(json!({"t":"save"})).await;
    let saved = page.until("saved").await["text"]
        .as_str()
        .unwrap()
        .to_string();
    // `jump61 < FILE` plays it to the same board.
    let (mut out, mut err) = (Vec::new(), Vec::new());
    run_loop(
        format!("{saved}position\n").as_bytes(),
        &mut out,
        &mut err,
        Options::default(),
    );
    let out = String::from_utf8(out).unwrap();
    assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    assert_eq!(out.lines().last(), played["notation"].as_str());
    // A new game, then the saved one loaded back.
    page.line("clear").await;
    page.until_that(|m| m["t"] == "state" && m["moves"] == json!([]))
        .await;
    page.send(json!({"t":"load","text":saved})).await;
    let loaded = page.until("state").await;
    assert_eq!(loaded["squares"], played["squares"]);
    assert_eq!(loaded["moves"], played["moves"]);
    // A bad file changes nothing.
    page.send(json!({"t":"load","text":"size 3\n9 9\n"})).await;
    assert!(page.error().await.contains("line 2"));
    assert_eq!(page.until("state").await["moves"], played["moves"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn snatch_moves_the_ai_answers_and_fewest_moves() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "snatch").await;
    page.send(json!({"t":"line","text":"time 0.05"})).await;
    let state = page.until("state").await;
    assert_eq!(state["kind"], "snatch");
    assert_eq!(state["notation"], ".xx/.xx/...");
    assert_eq!(state["players"], json!({"first":"human","second":"ai"}));
    assert_eq!(state["pieces"], json!([[1, 2], [1, 3], [2, 2], [2, 3]]));
    let legal = state["legal"].as_array().unwrap();
    assert!(!legal.is_empty());
    page.send(json!({"t":"fewest"})).await;
    let solved = page
        .until_that(|m| m["t"] == "state" && !m["fewest"].is_null())
        .await;
    assert_eq!(solved["fewest"]["count"], 1);
    assert_eq!(solved["fewest"]["text"], "1 move: 1:3x3:3x1:1x1:3");
    // An illegal move, then the puzzle's move: the game is over (one piece left).
    page.line("1:2-3:3").await;
    assert!(!page.error().await.is_empty());
    page.line("1:3x3:3x1:1x1:3").await;
    let over = page
        .until_that(|m| m["t"] == "state" && !m["winner"].is_null())
        .await;
    assert_eq!(over["moves"], json!(["1:3x3:3x1:1x1:3"]));
    assert_eq!(over["pieces"].as_array().unwrap().len(), 1);
    // A new board where the AI has to answer.
    page.line("position xx./.../..x").await;
    let first = page
        .until_that(|m| m["t"] == "state" && m["notation"] == "xx./.../..x")
        .await;
    let m = first["legal"][0]["move"].as_str().unwrap().to_string();
    page.line(&m).await;
    let answered = page
        .until_that(|m| {
            m["t"] == "state" && m["moves"].as_array().unwrap().len() >= 2 || !m["winner"].is_null()
        })
        .await;
    assert_eq!(answered["moves"][0], m.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_comes_back_with_its_id_gets_its_game() {
    let running = server(test_limits()).await;
    let (mut page, id) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("size 4").await;
    page.line("2 2").await;
    let played = page
        .until_that(|m| m["t"] == "state" && m["moves"] == json!(["2 2"]))
        .await;
    page.close().await;
    let mut back = Page::open(running.addr).await;
    back.send(json!({"t":"join","game":id,"kind":"snatch"}))
        .await;
    let joined = back.until("joined").await;
    assert_eq!(joined["game"], id.as_str());
    assert_eq!(joined["kind"], "jump61");
    assert_eq!(back.until("state").await, played);
    // An id the server does not hold gives a new game.
    let mut other = Page::open(running.addr).await;
    other
        .send(json!({"t":"join","game":"0123","kind":"snatch"}))
        .await;
    let joined = other.until("joined").await;
    assert_ne!(joined["game"], "0123");
    assert_eq!(joined["kind"], "snatch");
    // A message naming another game is refused.
    other
        .send(json!({"t":"line","text":"board","game":id}))
        .await;
    assert!(other.error().await.contains("not"));
    // A second page cannot take the game from the page that has it: it is told so and
    // closed, and the first plays on.
    let mut thief = Page::open(running.addr).await;
    thief.send(json!({"t":"join","game":id})).await;
    let last = thief.closed().await;
    assert!(
        last.iter()
            .any(|m| m["t"] == "error"
                && m["text"].as_str().unwrap().contains("open in another page")),
        "{last:?}"
    );
    back.line("1 1").await;
    back.until_that(|m| m["t"] == "state" && m["moves"] == json!(["2 2", "1 1"]))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_and_misplaced_messages_get_errors() {
    let running = server(test_limits()).await;
    let mut page = Page::open(running.addr).await;
    page.send(json!({"t":"line","text":"1 1"})).await;
    assert!(page.error().await.starts_with("join a game first"));
    for bad in ["{", "[]", r#"{"t":"teleport"}"#, r#"{"t":"line"}"#] {
        page.send_text(bad).await;
        assert!(page.error().await.starts_with("malformed message"), "{bad}");
    }
    page.send_binary(b"\x00\x01").await;
    assert!(
        page.error()
            .await
            .starts_with("binary messages are not read")
    );
    page.send(json!({"t":"join"})).await;
    page.until("state").await;
    page.send(json!({"t":"fewest"})).await;
    assert!(page.error().await.contains("Jump Snatch"));
    page.line(&"9".repeat(5000)).await;
    let e = page.error().await;
    assert!(e.len() < 200, "the error quotes a bounded part: {e}");
    page.line("board").await;
    assert!(page.until("out").await["lines"].as_array().unwrap().len() > 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limits_refuse_with_an_error_and_the_rest_goes_on() {
    let limits = Limits {
        max_connections_per_address: 3,
        max_games_per_address: 2,
        max_message_bytes: 1024,
        burst_messages: 10,
        messages_per_second: 5,
        ..test_limits()
    };
    let running = server(limits).await;
    let (mut first, _) = Page::join_new(running.addr, "jump61").await;
    let (_second, _) = Page::join_new(running.addr, "jump61").await;
    // A third game for the address while both are open: refused.
    let mut third = Page::open(running.addr).await;
    third.send(json!({"t":"join"})).await;
    assert!(third.error().await.starts_with("too many games"));
    // A fourth connection: refused and closed.
    let mut fourth = Page::open(running.addr).await;
    let last = fourth.closed().await;
    assert!(
        last[0]["text"]
            .as_str()
            .unwrap()
            .starts_with("too many connections")
    );
    // An oversized message closes its connection.
    third
        .send_text(&format!(r#"{{"t":"line","text":"{}"}}"#, "x".repeat(2000)))
        .await;
    third.closed().await;
    // A flood closes its connection.
    let mut flood = Page::open(running.addr).await;
    for _ in 0..40 {
        flood.send_text("{}").await;
    }
    let last = flood.closed().await;
    assert!(told_too_many_messages(&last), "{last:?}");
    // The first game goes on.
    first.line("board").await;
    assert_eq!(first.until("state").await["size"], 6);
    tokio::time::sleep(Duration::from_millis(10)).await;
}

/// Waits until no search runs; how long that took.
async fn searches_end(running: &jump61::web::Running) -> Duration {
    let start = std::time::Instant::now();
    while running.server.pool.busy() > 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "a search ran on");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    start.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_page_stops_its_search_at_once() {
    let running = server(test_limits()).await;
    // Jump61: the AI given 30 s a move, then the page closes while it thinks.
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("time 30").await;
    page.line("auto red").await;
    page.until("search").await;
    assert_eq!(running.server.pool.busy(), 1);
    page.close().await;
    let jump61 = searches_end(&running).await;
    // Jump Snatch: a large random board the exact solver cannot finish, 30 s a move.
    let (mut page, _) = Page::join_new(running.addr, "snatch").await;
    page.line("random 8 24 7").await;
    page.line("time 30").await;
    page.line("first ai").await;
    page.until_that(|m| m["t"] == "state" && m["thinking"] == true)
        .await;
    let start = std::time::Instant::now();
    while running.server.pool.busy() == 0 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the search never started"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    page.close().await;
    let snatch = searches_end(&running).await;
    println!("searches ended {jump61:?} (Jump61) and {snatch:?} (Jump Snatch) after the close");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kept_games_are_bounded_and_expire() {
    let limits = Limits {
        max_games_per_address: 2,
        idle_game: Duration::from_secs(1),
        ..test_limits()
    };
    let running = server(limits).await;
    let (a, id_a) = Page::join_new(running.addr, "jump61").await;
    a.close().await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let (b, id_b) = Page::join_new(running.addr, "jump61").await;
    b.close().await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    // A third game for the address: the game longest without a page (a) makes room.
    let (_c, id_c) = Page::join_new(running.addr, "jump61").await;
    let rejoin = |id: String| async move {
        let mut page = Page::open(running.addr).await;
        page.send(json!({"t":"join","game":id})).await;
        let got = page.until("joined").await["game"]
            .as_str()
            .unwrap()
            .to_string();
        page.close().await;
        got
    };
    assert_eq!(rejoin(id_b.clone()).await, id_b, "b is kept");
    // a is gone: its id gives a new game, which pushes out b (now the oldest without a page).
    assert_ne!(rejoin(id_a.clone()).await, id_a, "a was forgotten");
    assert_eq!(running.server.registry.games(), 2);
    // Past the idle time, the games without a page are forgotten; c, open, is kept.
    tokio::time::sleep(Duration::from_millis(3500)).await;
    assert_eq!(running.server.registry.games(), 1);
    assert_ne!(rejoin(id_b.clone()).await, id_b, "b was forgotten");
    let _ = id_c;
}

/// `jump61 serve --port 0`: it says where to go, serves the page there, and plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_prints_the_address_and_serves_the_page() {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(["serve", "--port", "0", "--search-threads", "1", "--no-db"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("jump61 serve starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let url = first
        .strip_prefix("jump61 serve: open http://")
        .and_then(|rest| rest.split_once('/'))
        .map(|(addr, _)| addr.to_string());
    // The limits it prints, up to the search pool's line (reading no further: the server
    // goes on running, and its output with it).
    let mut limits: Vec<String> = Vec::new();
    while limits.len() < 20
        && !limits
            .last()
            .is_some_and(|l| l.contains("searches at once"))
    {
        limits.push(lines.next().unwrap().unwrap());
    }
    let addr: std::net::SocketAddr = url.expect(&first).parse().unwrap();
    assert!(addr.ip().is_loopback(), "{first}");
    assert!(
        limits.iter().any(|l| l.contains("searches at once: 1")),
        "{limits:?}"
    );
    // One plain HTTP/1.1 request, its whole answer.
    let get = |path: &str| {
        let mut http = std::net::TcpStream::connect(addr).unwrap();
        write!(
            http,
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        http.read_to_string(&mut answer).unwrap();
        answer
    };
    let page = get("/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<html"), "{page}");
    // Every script the page names is served, as JavaScript.
    let scripts: Vec<&str> = page
        .split("<script src=\"")
        .skip(1)
        .filter_map(|rest| rest.split_once('"').map(|(src, _)| src))
        .collect();
    assert_eq!(
        scripts,
        [
            "/snatch.js",
            "/analysis.js",
            "/edit.js",
            "/puzzles.js",
            "/friend.js",
            "/games.js",
            "/app.js"
        ],
        "{page}"
    );
    for src in scripts {
        let script = get(src);
        assert!(script.starts_with("HTTP/1.1 200"), "{src}: {script}");
        assert!(script.contains("text/javascript"), "{src}: {script}");
        assert!(script.contains("\"use strict\";"), "{src}");
    }
    let (mut ws, _) = Page::join_new(addr, "jump61").await;
    ws.line("board").await;
    assert!(ws.until("out").await["lines"].is_array());
    child.kill().unwrap();
    child.wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_2013_game_replays_under_the_2013_dialect() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("size 3").await;
    page.send(json!({"t":"rules","rules":"2013"})).await;
    for m in ["2 2", "1 1", "2 2", "3 3"] {
        page.line(m).await;
    }
    let played = page
        .until_that(|m| m["t"] == "state" && m["moves"].as_array().unwrap().len() == 4)
        .await;
    assert_eq!(played["rules"], "2013");
    page.send(json!({"t":"save"})).await;
    let saved = page.until("saved").await["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(saved.contains("# dialect 2013"), "{saved}");
    let options = Options {
        dialect: jump61::protocol::Dialect::V2013,
        ..Options::default()
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    run_loop(
        format!("{saved}position\n").as_bytes(),
        &mut out,
        &mut err,
        options,
    );
    assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().last(), played["notation"].as_str());
    // Loaded back on the page: the 2013 rules again, the same board.
    page.send(json!({"t":"rules","rules":"2014"})).await;
    page.until_that(|m| m["t"] == "state" && m["rules"] == "2014")
        .await;
    page.send(json!({"t":"load","text":saved})).await;
    let loaded = page.until("state").await;
    assert_eq!(loaded["rules"], "2013");
    assert_eq!(loaded["squares"], played["squares"]);
    // A script of the 2019 dialect is refused by its `# dialect` line, the game unchanged.
    page.send(
        json!({"t":"load","text":"# dialect 2019: run it with jump61 --dialect 2019\nsize 4\n"}),
    )
    .await;
    let refused = page.until("error").await;
    let text = refused["text"].as_str().unwrap();
    assert!(text.contains("not the 2019 dialect"), "{text}");
    page.send(json!({"t":"save"})).await;
    let again = page.until("saved").await;
    assert_eq!(again["text"].as_str(), Some(saved.as_str()));
}

/// A crowded Jump Snatch board has tens of thousands of jump chains: the state lists the
/// first thousand and counts them all, and the game answers on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowded_snatch_board_lists_a_bounded_number_of_moves() {
    let running = server(test_limits()).await;
    let (mut page, _) = Page::join_new(running.addr, "snatch").await;
    page.line("second person").await;
    page.line("random 8 32 219").await;
    let state = page
        .until_that(|m| m["t"] == "state" && m["size"] == 8)
        .await;
    let count = state["legal_count"].as_u64().unwrap();
    assert!(count > 10_000, "{count}");
    let listed = state["legal"].as_array().unwrap();
    assert_eq!(listed.len(), 1000);
    let m = listed[999]["move"].as_str().unwrap().to_string();
    page.line(&m).await;
    let after = page
        .until_that(|s| s["t"] == "state" && s["moves"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(after["moves"][0], m.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_page_still_reads_why_it_was_closed() {
    let limits = Limits {
        burst_messages: 10,
        messages_per_second: 5,
        ..test_limits()
    };
    let running = server(limits).await;
    let (mut flood, _) = Page::join_new(running.addr, "jump61").await;
    // Far past the burst, without reading: the server closes after the eleventh message and
    // must still take the rest (the closing handshake), or these writes meet a reset.
    for _ in 0..3000 {
        flood.send(json!({"t":"line","text":"board"})).await;
    }
    let last = flood.closed().await;
    assert!(told_too_many_messages(&last), "{last:?}");
}
