//! Two people play each other over real WebSockets on a server keeping its games in a real
//! SQLite file, and others watch: every page's board equals the library's replay of the
//! moves after every move; a move for the other colour, a watcher's move and a third page's
//! try at a held seat are refused and change nothing; take-backs accepted and declined,
//! resignation, rematch with colours swapped, a claim once the other's page has gone, a
//! clock that runs out; a watcher is never told a seat's secret. A game of one's own stays
//! with the page that has it.

use crate::web_client;

use jump61::board::{Board, Colour};
use jump61::web::store::{Sqlite, Store};
use jump61::web::{Limits, Running, open_store, start_with_store};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::net::TcpListener;
use web_client::{Page, state_after, test_limits, text};

/// A fresh database file of its own for one test.
fn database(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jump61-friend-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.sqlite")
}

/// A server on loopback keeping its games in `file`.
async fn server(file: &Path, limits: Limits) -> Running {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let store = open_store(Some(file)).expect("the database opens");
    start_with_store(listener, limits, store)
        .await
        .expect("server starts")
}

/// One player's page and what it was told when it sat.
struct Player {
    page: Page,
    seat: String,
}

/// A game with a friend: the creator (Red), the guest (Blue) and the links.
struct Game {
    red: Player,
    blue: Player,
    invite: String,
    watch: String,
}

/// Creates a game of `size` (with `minutes` a side, no increment) and has a second page
/// accept it.
async fn friends(running: &Running, size: usize, minutes: f64) -> Game {
    friends_at(running.addr, size, minutes, 0.0).await
}

/// Creates a game on the server at `addr` and has a second page accept it.
async fn friends_at(addr: SocketAddr, size: usize, minutes: f64, increment: f64) -> Game {
    let mut creator = Page::open(addr).await;
    creator
        .send(
            json!({"t":"friend","size":size,"rules":"2014","minutes":minutes,
                     "increment":increment}),
        )
        .await;
    let seated = creator.until("seated").await;
    assert_eq!(seated["colour"], "red");
    let (invite, watch) = (text(&seated["invite"]), text(&seated["watch"]));
    assert!(invite != watch && !seated["seat"].as_str().unwrap().contains(&invite));
    let view = creator.until("friend").await;
    assert_eq!(view["seats"], json!({"red":"here","blue":"open"}));
    let mut guest = Page::open(addr).await;
    guest.send(json!({"t":"accept","invite":invite})).await;
    let guest_seat = guest.until("seated").await;
    assert_eq!(guest_seat["colour"], "blue");
    assert_ne!(guest_seat["seat"], seated["seat"]);
    // The creator is told the other seat is taken.
    creator
        .until_that(|m| m["t"] == "friend" && m["seats"]["blue"] == "here")
        .await;
    Game {
        red: Player {
            page: creator,
            seat: text(&seated["seat"]),
        },
        blue: Player {
            page: guest,
            seat: text(&guest_seat["seat"]),
        },
        invite,
        watch,
    }
}

/// A legal move of `board`, picked by `seed`, as the command loop writes it.
fn pick(board: &Board, seed: &mut u64) -> (usize, String) {
    let legal: Vec<usize> = (0..board.squares())
        .filter(|&sq| board.is_legal(sq))
        .collect();
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let sq = legal[(*seed >> 33) as usize % legal.len()];
    let c = board.coord(sq);
    (sq, format!("{} {}", c.row, c.col))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_to_the_end_each_board_the_replay_and_a_watcher_sees_no_secret() {
    let file = database("play");
    let running = server(&file, test_limits()).await;
    let mut game = friends(&running, 3, 0.0).await;
    let mut watcher = Page::open(running.addr).await;
    watcher.send(json!({"t":"watch","watch":game.watch})).await;
    let view = watcher.until("friend").await;
    assert_eq!(
        (view["you"].clone(), view["invite"].clone()),
        (json!("watching"), Value::Null)
    );
    watcher.until("state").await;
    // A third page cannot take a held seat, nor the taken one by the invite.
    let mut third = Page::open(running.addr).await;
    third
        .send(json!({"t":"sit","invite":game.invite,"seat":game.red.seat}))
        .await;
    assert!(third.error().await.contains("held by another page"));
    third.send(json!({"t":"accept","invite":game.invite})).await;
    assert!(third.error().await.contains("both seats"));
    let mut wrong = game.blue.seat.clone().into_bytes();
    wrong[0] = if wrong[0] == b'0' { b'1' } else { b'0' };
    let wrong = String::from_utf8(wrong).unwrap();
    third
        .send(json!({"t":"sit","invite":game.invite,"seat":wrong}))
        .await;
    assert!(third.error().await.contains("nothing changed"));

    let mut board = Board::new(3);
    let (mut seed, mut moves) = (61u64, Vec::new());
    while board.winner().is_none() {
        let (sq, mv) = pick(&board, &mut seed);
        let (mover, other) = match board.to_move() {
            Colour::Red => (&mut game.red.page, &mut game.blue.page),
            Colour::Blue => (&mut game.blue.page, &mut game.red.page),
        };
        // The player not to move, and the watcher, are refused.
        other.line(&mv).await;
        assert!(other.error().await.contains("nothing changed"), "{mv}");
        watcher.line(&mv).await;
        assert!(watcher.error().await.contains("watcher cannot play"));
        mover.line(&mv).await;
        board.play(sq);
        moves.push(mv);
        for page in [&mut game.red.page, &mut game.blue.page, &mut watcher] {
            let state = state_after(page, moves.len()).await;
            assert_eq!(state["notation"], board.to_notation().as_str());
            assert_eq!(state["moves"], json!(moves));
        }
    }
    // The view that ends the game came just before the last move's state.
    let winner = board.winner().unwrap().name().to_lowercase();
    for page in [&game.red.page, &game.blue.page, &watcher] {
        let end = page.seen.iter().rev().find(|m| m["t"] == "friend").unwrap();
        assert_eq!(
            end["result"],
            json!({"winner":winner,"how":"won on the board","text":format!("{} won on the board", capital(&winner))})
        );
    }
    // Nothing a watcher was sent holds a seat's secret (or the invite that gives a seat).
    for m in &watcher.seen {
        let json = m.to_string();
        for secret in [&game.red.seat, &game.blue.seat, &game.invite] {
            assert!(!json.contains(secret.as_str()), "a watcher saw {json}");
        }
    }
    drop(running);
    let store = Sqlite::open(&file).unwrap();
    let kept = store
        .load(&format!("{}r1-1", game.invite))
        .unwrap()
        .expect("the game is kept");
    assert_eq!(
        (kept.game.red.as_str(), kept.game.blue.as_str()),
        ("person", "person")
    );
    let kept_moves: Vec<&str> = kept.moves.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(kept_moves, moves);
    assert_eq!(kept.game.clock, None, "a game with no clock keeps none");
    assert_eq!(kept.end.expect("finished").result, winner);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn take_backs_accepted_and_declined_resign_and_a_rematch_swaps_colours() {
    let file = database("offers");
    let running = server(&file, test_limits()).await;
    let mut game = friends(&running, 4, 0.0).await;
    let (red, blue) = (&mut game.red.page, &mut game.blue.page);
    red.line("1 1").await;
    state_after(blue, 1).await;
    // Blue may not ask to take back Red's move.
    blue.send(json!({"t":"takeback"})).await;
    assert!(blue.error().await.contains("your own last move"));
    red.send(json!({"t":"takeback"})).await;
    let asked = blue
        .until_that(|m| m["t"] == "friend" && !m["offer"].is_null())
        .await;
    assert_eq!(asked["offer"], json!({"what":"takeback","from":"red"}));
    // Red cannot answer its own question.
    red.send(json!({"t":"answer","yes":true})).await;
    assert!(red.error().await.contains("nothing to answer"));
    blue.send(json!({"t":"answer","yes":false})).await;
    red.until_that(|m| m["t"] == "out" && m["lines"][0] == "Blue declined Red's take-back")
        .await;
    red.send(json!({"t":"takeback"})).await;
    blue.until_that(|m| m["t"] == "friend" && !m["offer"].is_null())
        .await;
    blue.send(json!({"t":"answer","yes":true})).await;
    for page in [&mut *red, &mut *blue] {
        let back = state_after(page, 0).await;
        assert_eq!(back["to_move"], "red");
        assert_eq!(back["notation"], Board::new(4).to_notation().as_str());
    }
    red.line("2 2").await;
    state_after(blue, 1).await;
    blue.send(json!({"t":"resign"})).await;
    for page in [&mut *red, &mut *blue] {
        let end = page
            .until_that(|m| m["t"] == "friend" && !m["result"].is_null())
            .await;
        assert_eq!(
            end["result"],
            json!({"winner":"red","how":"resigned","text":"Red won: Blue resigned"})
        );
    }
    red.line("3 3").await;
    assert!(red.error().await.contains("the game is over"));
    // A rematch: Blue asks, Red asks too, and the colours swap.
    blue.send(json!({"t":"rematch"})).await;
    red.until_that(|m| m["t"] == "friend" && m["offer"]["what"] == "rematch")
        .await;
    red.send(json!({"t":"rematch"})).await;
    let red_view = red
        .until_that(|m| m["t"] == "friend" && m["round"] == 2)
        .await;
    let blue_view = blue
        .until_that(|m| m["t"] == "friend" && m["round"] == 2)
        .await;
    assert_eq!(
        (red_view["you"].clone(), blue_view["you"].clone()),
        (json!("blue"), json!("red"))
    );
    assert!(red_view["result"].is_null());
    // The creator now plays Blue: its move out of turn is refused, the guest's played.
    red.line("1 1").await;
    assert!(
        red.error()
            .await
            .contains("it is Red's move, and you play Blue")
    );
    blue.line("1 1").await;
    state_after(red, 1).await;
    drop(running);
    let store = Sqlite::open(&file).unwrap();
    let first = store
        .load(&format!("{}r1-1", game.invite))
        .unwrap()
        .unwrap();
    let end = first.end.expect("the resigned game is finished");
    assert_eq!((end.result.as_str(), end.how.as_str()), ("red", "resigned"));
    let moves: Vec<&str> = first.moves.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(moves, ["2 2"], "the taken-back move is not kept");
    let second = store
        .load(&format!("{}r2-1", game.invite))
        .unwrap()
        .unwrap();
    assert_eq!(second.moves.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gone_seat_is_kept_then_claimed_and_a_reloaded_page_sits_again() {
    let file = database("claim");
    let limits = Limits {
        friend_seat_kept: Duration::from_secs(2),
        ..test_limits()
    };
    let running = server(&file, limits).await;
    let game = friends(&running, 4, 0.0).await;
    let (mut red, blue) = (game.red.page, game.blue.page);
    red.line("1 1").await;
    state_after(&mut red, 1).await;
    // Blue's page reloads: it sits again with its secret, finds the game and plays on.
    blue.close().await;
    let mut blue = Page::open(running.addr).await;
    blue.send(json!({"t":"sit","invite":game.invite,"seat":game.blue.seat}))
        .await;
    assert_eq!(blue.until("seated").await["colour"], "blue");
    assert_eq!(state_after(&mut blue, 1).await["moves"], json!(["1 1"]));
    blue.line("2 2").await;
    state_after(&mut red, 2).await;
    // Blue leaves for good: its seat is kept a while, then Red may claim the game.
    blue.close().await;
    let gone = red
        .until_that(|m| m["t"] == "friend" && m["seats"]["blue"] == "gone")
        .await;
    assert!(gone["claim_in_ms"].as_u64().is_some_and(|ms| ms > 0));
    red.send(json!({"t":"claim"})).await;
    assert!(red.error().await.contains("kept"));
    red.until_that(|m| m["t"] == "friend" && m["can_claim"] == true)
        .await;
    red.send(json!({"t":"claim"})).await;
    let end = red
        .until_that(|m| m["t"] == "friend" && !m["result"].is_null())
        .await;
    assert_eq!(
        end["result"],
        json!({"winner":"red","how":"claimed: the other player left","text":"Red won by claim: Blue left"})
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_reaches_both_pages_and_running_out_loses() {
    let file = database("clock");
    let running = server(&file, test_limits()).await;
    // 3 s a side: Red moves at once, then Blue lets its time run out.
    let mut game = friends(&running, 4, 0.05).await;
    game.red.page.line("1 1").await;
    for page in [&mut game.red.page, &mut game.blue.page] {
        let view = page
            .until_that(|m| m["t"] == "friend" && m["clock"]["running"] == "blue")
            .await;
        assert!(view["clock"]["red_ms"].as_i64().unwrap() <= 3000);
    }
    for page in [&mut game.red.page, &mut game.blue.page] {
        let end = page
            .until_that(|m| m["t"] == "friend" && !m["result"].is_null())
            .await;
        assert_eq!(
            end["result"],
            json!({"winner":"red","how":"on time","text":"Red won on time"})
        );
        assert_eq!(end["clock"]["blue_ms"], 0);
    }
    game.blue.page.line("2 2").await;
    assert!(game.blue.page.error().await.contains("the game is over"));
    // The store keeps the clock's setting and how the game ended.
    drop(running);
    let kept = Sqlite::open(&file)
        .unwrap()
        .load(&format!("{}r1-1", game.invite))
        .unwrap()
        .expect("the game is kept");
    assert_eq!(
        kept.game.clock.as_deref(),
        Some("0.05 min a side + 0 s a move")
    );
    assert_eq!(kept.end.expect("finished").how, "on time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_ones_own_stays_with_the_page_that_has_it() {
    let file = database("held");
    let running = server(&file, test_limits()).await;
    let (mut page, id) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("size 4").await;
    page.line("1 1").await;
    // The kept game's link comes after the state of its first move.
    let seat = page.until("seat").await;
    // By its id, and by its link: refused while the first page has it, and closed.
    for join in [
        json!({"t":"join","game":id}),
        json!({"t":"join","game":seat["game"],"kind":"jump61","seat":seat["seat"]}),
    ] {
        let mut other = Page::open(running.addr).await;
        other.send(join).await;
        let last = other.closed().await;
        assert!(
            last.iter().any(|m| m["t"] == "error"
                && m["text"].as_str().unwrap().contains("open in another page")),
            "{last:?}"
        );
    }
    // The first page still has it and plays on.
    page.line("2 2").await;
    assert_eq!(
        state_after(&mut page, 2).await["moves"],
        json!(["1 1", "2 2"])
    );
    // Once it has closed, its link brings the game back elsewhere.
    page.close().await;
    let mut back = Page::open(running.addr).await;
    back.send(json!({"t":"join","game":id})).await;
    assert_eq!(back.until("joined").await["game"], id.as_str());
}

/// The last `friend` view a page was sent.
fn last_view(page: &Page) -> Value {
    let view = page.seen.iter().rev().find(|m| m["t"] == "friend");
    view.cloned().expect("a view")
}

/// Plays up to `count` seeded moves, each by the page of the side to move (`pages[0]` plays
/// Red, `pages[1]` Blue), stopping at the game's end; every page (watchers after the two)
/// sees each move, its board equal to the library's replay.
async fn play_on(
    pages: &mut [&mut Page],
    board: &mut Board,
    seed: &mut u64,
    moves: &mut Vec<String>,
    count: usize,
) {
    for _ in 0..count {
        if board.winner().is_some() {
            break;
        }
        let (sq, mv) = pick(board, seed);
        let mover = match board.to_move() {
            Colour::Red => 0,
            Colour::Blue => 1,
        };
        pages[mover].line(&mv).await;
        board.play(sq);
        moves.push(mv);
        for page in pages.iter_mut() {
            let state = state_after(page, moves.len()).await;
            assert_eq!(state["notation"], board.to_notation().as_str());
        }
    }
}

/// A page back at its seat by its link: its seat, the view and the state it is sent.
async fn sit_again(
    addr: SocketAddr,
    invite: &str,
    seat: &str,
    colour: &str,
) -> (Page, Value, Value) {
    let mut page = Page::open(addr).await;
    page.send(json!({"t":"sit","invite":invite,"seat":seat}))
        .await;
    let seated = page.until("seated").await;
    assert_eq!(
        (seated["colour"].as_str(), seated["seat"].as_str()),
        (Some(colour), Some(seat))
    );
    let view = page.until("friend").await;
    let state = page.until("state").await;
    (page, view, state)
}

/// A watcher back by the watch link: its page, the view and the state.
async fn watch_again(addr: SocketAddr, watch: &str) -> (Page, Value, Value) {
    let mut page = Page::open(addr).await;
    page.send(json!({"t":"watch","watch":watch})).await;
    let view = page.until("friend").await;
    assert_eq!(
        (view["you"].as_str(), &view["invite"]),
        (Some("watching"), &Value::Null)
    );
    let state = page.until("state").await;
    (page, view, state)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_kill_9_and_a_clean_stop_both_seats_and_a_watcher_come_back_and_play_on() {
    let file = database("restart");
    let serve = |file: &Path| web_client::serve_process(file, 0, &["--search-threads", "1"]);
    let (mut server, addr) = serve(&file);
    let game = friends_at(addr, 4, 10.0, 2.0).await;
    let (invite, watch) = (game.invite.clone(), game.watch.clone());
    let (red_seat, blue_seat) = (game.red.seat.clone(), game.blue.seat.clone());
    let (mut red, mut blue) = (game.red.page, game.blue.page);
    let mut board = Board::new(4);
    let (mut seed, mut moves) = (2026u64, Vec::new());
    play_on(
        &mut [&mut red, &mut blue],
        &mut board,
        &mut seed,
        &mut moves,
        5,
    )
    .await;
    let seen = last_view(&red)["clock"].clone();
    assert_eq!(seen["running"], "blue");

    // kill -9: the file keeps the five moves and the clocks after the last of them.
    web_client::stop_process(&mut server, false);
    let id = format!("{invite}r1-1");
    let left = {
        let store = Sqlite::open(&file).unwrap();
        let kept = store.load(&id).unwrap().expect("the round is kept");
        let kept_moves: Vec<&str> = kept.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(kept_moves, moves);
        store.clock_left(&id).unwrap().expect("the clocks are kept")
    };
    // Red has just moved (its 2 s added): its time is what the pages were shown; Blue's
    // ran a moment before the view was sent.
    assert_eq!(seen["red_ms"], left[0]);
    let blue_seen = seen["blue_ms"].as_i64().unwrap();
    assert!(
        (left[1] - 1000..=left[1]).contains(&blue_seen),
        "{seen} {left:?}"
    );

    let (mut server, addr) = serve(&file);
    // A made-up link and a wrong secret find nothing and change nothing.
    let mut stranger = Page::open(addr).await;
    let made_up = "0".repeat(32);
    stranger
        .send(json!({"t":"sit","invite":made_up,"seat":red_seat}))
        .await;
    assert!(
        stranger
            .error()
            .await
            .contains("no game with a friend at that link")
    );
    let mut wrong = red_seat.clone().into_bytes();
    wrong[5] = if wrong[5] == b'0' { b'1' } else { b'0' };
    let wrong = String::from_utf8(wrong).unwrap();
    stranger
        .send(json!({"t":"sit","invite":invite,"seat":wrong}))
        .await;
    assert!(stranger.error().await.contains("nothing changed"));
    stranger.send(json!({"t":"accept","invite":invite})).await;
    assert!(stranger.error().await.contains("both seats"));
    // Red comes back first: the clocks stand where the file kept them until Blue, whose
    // move it is, is back.
    let (mut red, view, state) = sit_again(addr, &invite, &red_seat, "red").await;
    assert_eq!(state["moves"], json!(moves));
    assert_eq!(state["notation"], board.to_notation().as_str());
    assert_eq!(view["seats"], json!({"red":"here","blue":"gone"}));
    let clock = &view["clock"];
    assert_eq!(
        (
            clock["red_ms"].as_i64(),
            clock["blue_ms"].as_i64(),
            &clock["running"]
        ),
        (Some(left[0]), Some(left[1]), &Value::Null)
    );
    let (mut watcher, _, state) = watch_again(addr, &watch).await;
    assert_eq!(state["moves"], json!(moves));
    let (mut blue, view, state) = sit_again(addr, &invite, &blue_seat, "blue").await;
    assert_eq!(state["notation"], board.to_notation().as_str());
    assert_eq!(view["clock"]["running"], "blue");
    assert!(view["clock"]["blue_ms"].as_i64().unwrap() <= left[1]);
    play_on(
        &mut [&mut red, &mut blue, &mut watcher],
        &mut board,
        &mut seed,
        &mut moves,
        2,
    )
    .await;

    // A clean stop, and back again: both seats and the watcher, and play to the end.
    web_client::stop_process(&mut server, true);
    let (mut server, addr) = serve(&file);
    let (mut blue, _, _) = sit_again(addr, &invite, &blue_seat, "blue").await;
    let (mut red, _, state) = sit_again(addr, &invite, &red_seat, "red").await;
    assert_eq!(state["moves"], json!(moves));
    let (mut watcher, _, _) = watch_again(addr, &watch).await;
    let pages = &mut [&mut red, &mut blue, &mut watcher];
    play_on(pages, &mut board, &mut seed, &mut moves, usize::MAX).await;
    let winner = board.winner().expect("the game ends").name().to_lowercase();
    // The view that ends the game came just before the last move's state.
    let end = last_view(&red);
    assert_eq!(
        end["result"],
        json!({"winner":winner,"how":"won on the board","text":format!("{} won on the board", capital(&winner))})
    );
    // A rematch swaps the colours; its round outlasts the next kill -9.
    red.send(json!({"t":"rematch"})).await;
    blue.until_that(|m| m["t"] == "friend" && m["offer"]["what"] == "rematch")
        .await;
    blue.send(json!({"t":"rematch"})).await;
    red.until_that(|m| m["t"] == "friend" && m["round"] == 2)
        .await;
    blue.line("1 1").await;
    state_after(&mut red, 1).await;
    web_client::stop_process(&mut server, false);
    let (mut server, addr) = serve(&file);
    let (_creator, view, state) = sit_again(addr, &invite, &red_seat, "blue").await;
    assert_eq!(
        (view["round"].as_u64(), &state["moves"]),
        (Some(2), &json!(["1 1"]))
    );
    web_client::stop_process(&mut server, false);

    let store = Sqlite::open(&file).unwrap();
    let first = store.load(&id).unwrap().unwrap();
    let kept_moves: Vec<&str> = first.moves.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(kept_moves, moves);
    assert_eq!(first.end.expect("the first game ended").result, winner);
    let check: String = rusqlite::Connection::open(&file)
        .unwrap()
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_whose_network_drops_is_noticed_by_pings_and_its_seat_kept_for_it() {
    let file = database("pings");
    let limits = Limits {
        ping_every: Duration::from_millis(200),
        page_silent: Duration::from_secs(1),
        friend_seat_kept: Duration::from_secs(60),
        ..test_limits()
    };
    let running = server(&file, limits).await;
    let game = friends(&running, 4, 0.0).await;
    let (mut red, silent) = (game.red.page, game.blue.page);
    // Blue's page reads nothing more, so it answers no ping, as a page whose network has
    // dropped (its connection stays open: no close tells the server). Red reads, answers
    // its pings, and stays.
    let started = std::time::Instant::now();
    let gone = red
        .until_that(|m| m["t"] == "friend" && m["seats"]["blue"] == "gone")
        .await;
    println!("a silent page noticed after {:?}", started.elapsed());
    assert_eq!(gone["seats"]["red"], "here");
    // Its seat's keeping time has started: Red may claim the game once it is over.
    let wait = gone["claim_in_ms"].as_u64().expect("a claim to wait for");
    assert!(wait > 0 && wait <= 60_000, "{gone}");
    red.send(json!({"t":"claim"})).await;
    assert!(red.error().await.contains("kept"));
    // The silent page's seat is kept: a page with its secret sits again.
    drop(silent);
    let mut back = Page::open(running.addr).await;
    back.send(json!({"t":"sit","invite":game.invite,"seat":game.blue.seat}))
        .await;
    assert_eq!(back.until("seated").await["colour"], "blue");
}

/// `red` as `Red`.
fn capital(colour: &str) -> String {
    let mut letters = colour.chars();
    letters
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(letters).collect())
}

/// Ctrl-C at once after the server says where it listens stops it cleanly (exit 0), with
/// its database whole: its handler is in place before the address is printed. (It was
/// installed only after, and a SIGINT in between killed the server: a race, so this is
/// tried twenty times.)
#[test]
fn ctrl_c_right_after_the_address_is_a_clean_stop() {
    let file = database("ctrl-c");
    for _ in 0..20 {
        let (mut server, _) = web_client::serve_process(&file, 0, &[]);
        web_client::stop_process(&mut server, true);
    }
    assert!(Sqlite::open(&file).is_ok(), "the database reopens");
}
