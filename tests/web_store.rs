//! The server's database, on real SQLite files in temporary folders: the schema made from
//! nothing, games kept and read back, files that are not the server's refused at start
//! (exit 2) and left byte for byte as they were, `kill -9` in the middle of a game over
//! WebSockets with every acknowledged move kept, and a store that fails told to the page
//! while the game goes on.

use crate::web_client;

mod writers;

use jump61::web::store::sqlite::{APPLICATION_ID, schema_version};
use jump61::web::store::{End, FriendLink, KeptFriend, NewGame, Sqlite, Store, StoreError};
use jump61::web::{open_store, start_with_store};
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use web_client::{Page, test_limits};

/// A fresh, empty folder of its own for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jump61-store-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn new_game(id: &str, address: &str) -> NewGame {
    NewGame {
        id: id.to_string(),
        secret: [7; 16],
        kind: "jump61".into(),
        size: 4,
        rules: "2014".into(),
        start: "4:...".into(),
        red: "person".into(),
        blue: "ai level 3 time 1s".into(),
        address: address.to_string(),
        clock: None,
        started_ms: 1_000,
    }
}

#[test]
fn the_schema_is_made_from_nothing_and_marked_as_this_programs() {
    let file = folder("schema").join("games.sqlite");
    drop(Sqlite::open(&file).expect("a new file opens"));
    let conn = rusqlite::Connection::open(&file).unwrap();
    let id: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    let mode: String = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!((id, version as usize), (APPLICATION_ID, schema_version()));
    assert_eq!(mode, "wal");
    drop(conn);
    // Opened again, it is the same schema, not made twice.
    let store = Sqlite::open(&file).expect("its own file opens again");
    store.create(&new_game("a-1", "127.0.0.1"), 10, 10).unwrap();
}

#[test]
fn a_game_is_kept_move_by_move_and_read_back() {
    let file = folder("round").join("games.sqlite");
    let store = Sqlite::open(&file).unwrap();
    let game = new_game("g-1", "127.0.0.1");
    store.create(&game, 2, 3).unwrap();
    for (ply, mv) in ["1 1", "2 2", "1 2"].into_iter().enumerate() {
        store
            .record_move("g-1", ply as u32, mv, 2_000 + ply as i64)
            .unwrap();
    }
    store.take_back("g-1", 2).unwrap();
    store.record_move("g-1", 2, "4 4", 3_000).unwrap();
    let end = End {
        result: "red".into(),
        how: "won on the board".into(),
        at_ms: 4_000,
    };
    store.finish("g-1", &end).unwrap();
    drop(store);
    let store = Sqlite::open(&file).unwrap();
    let kept = store.load("g-1").unwrap().expect("kept");
    assert_eq!(kept.game, game);
    let moves: Vec<&str> = kept.moves.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(moves, ["1 1", "2 2", "4 4"]);
    assert_eq!(kept.end.as_ref(), Some(&end));
    let finished = store.finished().unwrap();
    assert_eq!((finished.len(), finished[0].moves), (1, 3));
    assert_eq!(store.load("nothing").unwrap(), None);
    // The limits: two games an address, three in all.
    store.create(&new_game("g-2", "127.0.0.1"), 2, 3).unwrap();
    let third = store.create(&new_game("g-3", "127.0.0.1"), 2, 3);
    assert!(matches!(third, Err(StoreError::TooMany(_))), "{third:?}");
    store.create(&new_game("h-1", "10.0.0.1"), 2, 3).unwrap();
    let fourth = store.create(&new_game("h-2", "10.0.0.2"), 2, 3);
    assert!(matches!(fourth, Err(StoreError::TooMany(_))), "{fourth:?}");
    // Finished games older than the operator keeps are forgotten, with their moves.
    assert_eq!(store.forget_finished_before(4_000).unwrap(), 0);
    assert_eq!(store.forget_finished_before(4_001).unwrap(), 1);
    assert_eq!(store.load("g-1").unwrap(), None);
    assert!(store.finished().unwrap().is_empty());
}

#[test]
fn a_seat_secret_of_the_wrong_length_is_refused_not_zeroed() {
    let file = folder("secret").join("games.sqlite");
    let store = Sqlite::open(&file).unwrap();
    store.create(&new_game("s-1", "127.0.0.1"), 10, 10).unwrap();
    drop(store);
    // Damage the secret behind the store's back, as a bad edit or a bad disk would.
    let raw = rusqlite::Connection::open(&file).unwrap();
    raw.execute("UPDATE games SET secret = x'0102' WHERE id = 's-1'", [])
        .unwrap();
    drop(raw);
    let store = Sqlite::open(&file).unwrap();
    let loaded = store.load("s-1");
    match loaded {
        Err(StoreError::Other(text)) => assert!(text.contains("2 bytes, not 16"), "{text}"),
        other => panic!("a 2-byte secret was read as {other:?}"),
    }
}

#[test]
fn a_game_with_a_friend_is_kept_by_both_links_with_its_seats_hashes_and_clocks() {
    let file = folder("friend").join("games.sqlite");
    let store: Box<dyn Store> = Box::new(Sqlite::open(&file).unwrap());
    let friend = |invite: &str, watch: &str| KeptFriend {
        invite: invite.into(),
        watch: watch.into(),
        size: 5,
        rules: "2013".into(),
        minutes: 5.0,
        increment: 2.0,
        creator: [3; 32],
        guest: None,
        round: 1,
        address: "127.0.0.1".into(),
        made_ms: 1_000,
    };
    store.create_friend(&friend("i1", "w1"), 2, 10).unwrap();
    store.create_friend(&friend("i2", "w2"), 2, 10).unwrap();
    assert!(matches!(
        store.create_friend(&friend("i3", "w3"), 2, 10),
        Err(StoreError::TooMany(_))
    ));
    store.seat_guest("i1", &[9; 32]).unwrap();
    store.next_round("i1", 3).unwrap();
    assert!(
        store.next_round("nobody", 2).is_err(),
        "an unknown game is no success"
    );
    let by_watch = store.load_friend(FriendLink::Watch("w1")).unwrap().unwrap();
    let by_invite = store
        .load_friend(FriendLink::Invite("i1"))
        .unwrap()
        .unwrap();
    assert_eq!(by_watch, by_invite);
    assert_eq!(
        (by_watch.guest, by_watch.round, by_watch.rules.as_str()),
        (Some([9; 32]), 3, "2013")
    );
    assert_eq!(store.load_friend(FriendLink::Invite("w1")).unwrap(), None);
    // Each move keeps both clocks; the last move that has them is the clock's state.
    store
        .create(&new_game("i1r3-1", "127.0.0.1"), 10, 10)
        .unwrap();
    assert_eq!(store.clock_left("i1r3-1").unwrap(), None);
    store
        .record_timed_move("i1r3-1", 0, "1 1", 5, Some([301_000, 300_000]))
        .unwrap();
    store
        .record_timed_move("i1r3-1", 1, "2 2", 6, Some([301_000, 297_500]))
        .unwrap();
    assert_eq!(
        store.clock_left("i1r3-1").unwrap(),
        Some([301_000, 297_500])
    );
    store.take_back("i1r3-1", 1).unwrap();
    assert_eq!(
        store.clock_left("i1r3-1").unwrap(),
        Some([301_000, 300_000])
    );
    // Forgotten: the game with a friend with no game left (i2), not the one with its game.
    assert_eq!(store.forget_finished_before(2_000).unwrap(), 0);
    assert!(
        store
            .load_friend(FriendLink::Invite("i1"))
            .unwrap()
            .is_some()
    );
    assert_eq!(store.load_friend(FriendLink::Invite("i2")).unwrap(), None);
}

#[test]
fn a_full_disk_and_a_read_only_file_are_errors_that_change_nothing() {
    let dir = folder("full");
    let store = Sqlite::open(&dir.join("games.sqlite")).unwrap();
    store.cap_pages(16);
    let store: Box<dyn Store> = Box::new(store);
    store.create(&new_game("g-1", "127.0.0.1"), 10, 10).unwrap();
    let long = "x".repeat(1000);
    let full = (0..100)
        .map(|ply| store.record_move("g-1", ply, &long, 0))
        .find_map(Result::err);
    assert_eq!(full, Some(StoreError::Full));
    let before = store.load("g-1").unwrap().unwrap().moves.len();
    assert!(before > 0);

    let store = Sqlite::open(&dir.join("other.sqlite")).unwrap();
    let writable: Box<dyn Store> = Box::new(store);
    writable
        .create(&new_game("g-1", "127.0.0.1"), 10, 10)
        .unwrap();
    drop(writable);
    let store = Sqlite::open(&dir.join("other.sqlite")).unwrap();
    store.refuse_writes();
    let store: Box<dyn Store> = Box::new(store);
    assert_eq!(
        store.record_move("g-1", 0, "1 1", 0),
        Err(StoreError::ReadOnly)
    );
    assert!(store.load("g-1").unwrap().unwrap().moves.is_empty());
}

/// Runs `jump61 serve --db FILE`; its exit code and standard error when it ends at once.
fn serve_refuses(file: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(["serve", "--port", "0", "--db"])
        .arg(file)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn files_that_are_not_this_servers_are_refused_and_left_as_they_were() {
    let dir = folder("refuse");
    // A newer schema of this program's own file.
    let newer = dir.join("newer.sqlite");
    {
        let conn = rusqlite::Connection::open(&newer).unwrap();
        conn.execute_batch(&format!(
            "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 99; \
             CREATE TABLE games (id TEXT);"
        ))
        .unwrap();
    }
    // Another program's database.
    let other = dir.join("other.sqlite");
    {
        let conn = rusqlite::Connection::open(&other).unwrap();
        conn.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine');")
            .unwrap();
    }
    // This program's file, cut short.
    let truncated = dir.join("truncated.sqlite");
    {
        let store = Sqlite::open(&truncated).unwrap();
        for i in 0..50 {
            store
                .create(&new_game(&format!("g-{i}"), "127.0.0.1"), 100, 100)
                .unwrap();
        }
    }
    let bytes = std::fs::read(&truncated).unwrap();
    assert!(bytes.len() > 8192, "{}", bytes.len());
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    // This program's file, whole in length, with a page of garbage inside (its header
    // intact: only reading the pages finds it).
    let damaged = dir.join("damaged.sqlite");
    {
        let store = Sqlite::open(&damaged).unwrap();
        for i in 0..50 {
            store
                .create(&new_game(&format!("g-{i}"), "127.0.0.1"), 100, 100)
                .unwrap();
        }
    }
    let mut bytes = std::fs::read(&damaged).unwrap();
    assert!(bytes.len() >= 3 * 4096, "{}", bytes.len());
    for (i, byte) in bytes[4096..8192].iter_mut().enumerate() {
        *byte = (i as u32).wrapping_mul(2_654_435_761).rotate_left(7) as u8;
    }
    std::fs::write(&damaged, &bytes).unwrap();
    // Not a database at all.
    let garbage = dir.join("garbage.sqlite");
    let noise: Vec<u8> = (0..5000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(&garbage, &noise).unwrap();

    for (file, why) in [
        (&newer, "newer than this jump61's"),
        (&other, "another program's SQLite database"),
        (&truncated, "is truncated"),
        (&damaged, "is damaged"),
        (&garbage, "is not an SQLite database"),
    ] {
        let before = std::fs::read(file).unwrap();
        let (code, err) = serve_refuses(file);
        assert_eq!(code, Some(2), "{}: {err}", file.display());
        assert!(err.contains(why), "{}: {err}", file.display());
        assert!(err.contains("left as it is"), "{err}");
        assert_eq!(
            std::fs::read(file).unwrap(),
            before,
            "{} changed",
            file.display()
        );
        let (code, _) = {
            let out = Command::new(env!("CARGO_BIN_EXE_jump61"))
                .args(["games", "--db"])
                .arg(file)
                .output()
                .unwrap();
            (out.status.code(), ())
        };
        assert_eq!(code, Some(2), "games --db {}", file.display());
        assert_eq!(
            std::fs::read(file).unwrap(),
            before,
            "{} changed",
            file.display()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_mid_game_keeps_every_acknowledged_move() {
    let file = folder("kill").join("games.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(["serve", "--port", "0", "--search-threads", "1", "--db"])
        .arg(&file)
        .stdout(Stdio::piped())
        .spawn()
        .expect("jump61 serve starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let addr: std::net::SocketAddr = first
        .strip_prefix("jump61 serve: open http://")
        .and_then(|rest| rest.split_once('/'))
        .map(|(addr, _)| addr.parse().unwrap())
        .expect(&first);
    let kept_line = lines
        .find(|l| l.as_ref().is_ok_and(|l| l.contains("games are kept in")))
        .expect("serve says where the games are")
        .unwrap();
    assert!(
        kept_line.contains(&file.display().to_string()),
        "{kept_line}"
    );
    let (mut page, id) = Page::join_new(addr, "jump61").await;
    page.line("manual blue").await;
    page.line("size 4").await;
    let moves = ["1 1", "4 4", "1 2", "4 3", "2 1", "3 4", "1 1"];
    let mut acknowledged = Vec::new();
    for (n, mv) in moves.into_iter().enumerate() {
        page.line(mv).await;
        let state = page
            .until_that(|m| {
                m["t"] == "state" && m["moves"].as_array().is_some_and(|a| a.len() == n + 1)
            })
            .await;
        acknowledged = state["moves"].as_array().unwrap().clone();
    }
    // Killed at once after the last acknowledgement: no chance to tidy up.
    child.kill().unwrap();
    child.wait().unwrap();
    let store = Sqlite::open(&file).expect("the file opens after kill -9");
    let kept = store
        .load(&format!("{id}-1"))
        .unwrap()
        .expect("the game is kept");
    let kept_moves: Vec<serde_json::Value> = kept.moves.iter().map(|(m, _)| json!(m)).collect();
    assert_eq!(kept_moves, acknowledged);
    assert_eq!((kept.game.size, kept.game.rules.as_str()), (4, "2014"));
    assert_eq!(
        (kept.game.red.as_str(), kept.game.blue.as_str()),
        ("person", "person")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_that_refuses_writes_is_told_to_the_page_and_the_game_goes_on() {
    let file = folder("readonly").join("games.sqlite");
    drop(Sqlite::open(&file).unwrap());
    let store = Sqlite::open(&file).unwrap();
    store.refuse_writes();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let running = start_with_store(listener, test_limits(), Some(Arc::new(store)))
        .await
        .unwrap();
    let (mut page, _) = Page::join_new(running.addr, "jump61").await;
    page.line("manual blue").await;
    page.line("1 1").await;
    let error = page.error().await;
    assert!(error.contains("read-only"), "{error}");
    page.line("2 2").await;
    let state = page
        .until_that(|m| m["t"] == "state" && m["moves"].as_array().is_some_and(|a| a.len() == 2))
        .await;
    assert_eq!(state["moves"], json!(["1 1", "2 2"]));
    // `--no-db` and `:memory:` keep nothing on disk.
    assert!(open_store(None).unwrap().is_none());
    assert!(open_store(Some(Path::new(":memory:"))).unwrap().is_some());
}

/// What the durable write costs a move, one writer alone and sixteen at once (their writes
/// then share transactions): `cargo test --release --test all web_store::measure -- --ignored
/// --nocapture` (figures in docs/results/web.md).
#[test]
#[ignore]
fn measure_the_cost_of_a_durable_move() {
    let dir = folder("measure");
    let moves = 480;
    for (name, normal, threads) in [
        ("FULL", false, 1),
        ("NORMAL", true, 1),
        ("FULL", false, 16),
        ("NORMAL", true, 16),
    ] {
        let store = Sqlite::open(&dir.join(format!("{name}-{threads}.sqlite"))).unwrap();
        if normal {
            store.sync_normal();
        }
        let store = Arc::new(store);
        let started = std::time::Instant::now();
        let writers: Vec<_> = (0..threads)
            .map(|t| {
                let store = Arc::clone(&store);
                std::thread::spawn(move || {
                    let id = format!("g-{t}");
                    store.create(&new_game(&id, "127.0.0.1"), 100, 100).unwrap();
                    for ply in 0..moves / threads {
                        store.record_move(&id, ply, "3 4", 0).unwrap();
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        let each = started.elapsed().as_secs_f64() / f64::from(moves + threads);
        println!(
            "synchronous={name}, {threads} writers: {} writes in {} transactions, {:.3} ms a write",
            moves + threads,
            store.transactions(),
            each * 1000.0
        );
    }
}
