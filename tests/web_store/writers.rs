//! Many writers at once on a real SQLite file: the store writes what arrives together in one
//! transaction (group commit), each write in a savepoint of its own. Every write answered
//! `Ok` is on the disk (after a reopen, and after `kill -9` of a process writing from eight
//! threads), every write that fails fails alone, with its own reason, and the others of its
//! transaction are kept.

use super::{folder, new_game};
use jump61::web::store::{Sqlite, Store, StoreError};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;

/// The moves kept of game `id`, in order.
fn kept_moves(store: &Sqlite, id: &str) -> Vec<String> {
    let game = store
        .load(id)
        .unwrap()
        .unwrap_or_else(|| panic!("{id} kept"));
    game.moves.into_iter().map(|(mv, _)| mv).collect()
}

#[test]
fn writers_on_many_threads_share_transactions_and_each_acknowledged_write_is_kept() {
    let file = folder("writers").join("games.sqlite");
    let store = Arc::new(Sqlite::open(&file).unwrap());
    let (threads, moves) = (16, 40u32);
    let workers: Vec<_> = (0..threads)
        .map(|t| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                let id = format!("g-{t}");
                store.create(&new_game(&id, "127.0.0.1"), 100, 100).unwrap();
                let mut refused = 0;
                for ply in 0..moves {
                    store.record_move(&id, ply, &format!("m{ply}"), 0).unwrap();
                    if ply % 7 == 3 {
                        // The same move number again: a constraint refuses it, alone.
                        let again = store.record_move(&id, ply, "again", 0);
                        assert!(
                            matches!(&again, Err(StoreError::Other(e)) if e.contains("UNIQUE")),
                            "{again:?}"
                        );
                        refused += 1;
                    }
                }
                // The seventeenth game of an address with sixteen is over the limit.
                let over = store.create(&new_game(&format!("x-{t}"), "127.0.0.1"), 16, 100);
                assert!(matches!(over, Err(StoreError::TooMany(_))), "{over:?}");
                refused + 1
            })
        })
        .collect();
    let refused: u32 = workers.into_iter().map(|w| w.join().unwrap()).sum();
    let writes = u64::from(threads * (1 + moves) + refused);
    let transactions = store.transactions();
    // The refused writes commit nothing: fewer transactions than the writes kept means
    // writes shared them.
    assert!(
        transactions < u64::from(threads * (1 + moves)),
        "{transactions} transactions for {writes} writes"
    );
    drop(store);
    let store = Sqlite::open(&file).unwrap();
    let expected: Vec<String> = (0..moves).map(|ply| format!("m{ply}")).collect();
    for t in 0..threads {
        assert_eq!(kept_moves(&store, &format!("g-{t}")), expected, "g-{t}");
        assert_eq!(store.load(&format!("x-{t}")).unwrap(), None);
    }
}

#[test]
fn a_full_disk_under_many_writers_refuses_each_write_alone_and_keeps_the_acknowledged() {
    let file = folder("writers-full").join("games.sqlite");
    let store = Sqlite::open(&file).unwrap();
    store.cap_pages(48);
    let store = Arc::new(store);
    let long = "x".repeat(1000);
    let workers: Vec<_> = (0..8)
        .map(|t| {
            let (store, long) = (Arc::clone(&store), long.clone());
            std::thread::spawn(move || {
                let id = format!("g-{t}");
                store.create(&new_game(&id, "127.0.0.1"), 100, 100).unwrap();
                let mut acknowledged = 0;
                for ply in 0..1000 {
                    match store.record_move(&id, ply, &format!("{ply} {long}"), 0) {
                        Ok(()) => acknowledged += 1,
                        Err(e) => {
                            assert_eq!(e, StoreError::Full);
                            break;
                        }
                    }
                }
                (id, acknowledged)
            })
        })
        .collect();
    let acknowledged: Vec<(String, u32)> = workers.into_iter().map(|w| w.join().unwrap()).collect();
    assert!(
        acknowledged.iter().all(|(_, n)| *n < 1000),
        "the disk filled"
    );
    drop(store);
    let store = Sqlite::open(&file).unwrap();
    for (id, n) in acknowledged {
        let expected: Vec<String> = (0..n).map(|ply| format!("{ply} {long}")).collect();
        assert_eq!(kept_moves(&store, &id), expected, "{id}");
    }
}

/// The variable that makes [`writer_process_for_the_kill_test`] write (its file).
const CHILD: &str = "JUMP61_STORE_WRITER_CHILD";

/// Not a test of its own: the process [`kill_9_amid_many_writers_keeps_every_acknowledged_write`]
/// starts (this test binary again) and kills. It writes moves from eight threads until it
/// is killed, printing each one after its write returned `Ok`.
#[test]
#[ignore]
fn writer_process_for_the_kill_test() {
    let Some(file) = std::env::var_os(CHILD) else {
        return;
    };
    let store = Arc::new(Sqlite::open(Path::new(&file)).unwrap());
    let workers: Vec<_> = (0..8)
        .map(|t| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                let id = format!("g-{t}");
                store.create(&new_game(&id, "127.0.0.1"), 100, 100).unwrap();
                for ply in 0.. {
                    store.record_move(&id, ply, &format!("m{ply}"), 0).unwrap();
                    println!("acknowledged {id} {ply}");
                }
            })
        })
        .collect();
    for worker in workers {
        let _ = worker.join();
    }
}

#[test]
fn kill_9_amid_many_writers_keeps_every_acknowledged_write() {
    let file = folder("writers-kill").join("games.sqlite");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "writer_process_for_the_kill_test",
            "--ignored",
            "--nocapture",
        ])
        .env(CHILD, &file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut last = std::collections::BTreeMap::<String, u32>::new();
    let mut record = |line: &str| {
        if let Some((id, ply)) = line
            .strip_prefix("acknowledged ")
            .and_then(|rest| rest.split_once(' '))
        {
            last.insert(id.to_string(), ply.parse().unwrap());
        }
    };
    let mut seen = 0;
    for line in lines.by_ref() {
        let line = line.unwrap();
        record(&line);
        seen += 1;
        if seen == 300 {
            break;
        }
    }
    // Killed in the middle of its writes: no chance to tidy up.
    child.kill().unwrap();
    // What it printed before it died was acknowledged too.
    for line in lines {
        record(&line.unwrap());
    }
    child.wait().unwrap();
    assert!(last.len() >= 2, "{last:?}");
    let store = Sqlite::open(&file).expect("the file opens after kill -9");
    let conn = rusqlite::Connection::open(&file).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    for (id, ply) in last {
        let kept = kept_moves(&store, &id);
        // Every acknowledged move, in order, and at most what was written but not yet told.
        let told = ply as usize + 1;
        assert!(
            (told..=told + 1).contains(&kept.len()),
            "{id}: {} kept, {told} told",
            kept.len()
        );
        let expected: Vec<String> = (0..kept.len()).map(|n| format!("m{n}")).collect();
        assert_eq!(kept, expected, "{id}");
    }
}
