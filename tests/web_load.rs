//! Load on loopback: a hundred and twenty games at once over WebSockets against the AI at
//! 0.01 s a move, one in six with the analysis board on (0.3 s a position, in the same search
//! pool), every move checked legal by the project's board and every board checked against
//! the server's; then malformed messages, floods and moves out of turn while games
//! go on. Both are bounded in games and time. They assert that nothing is lost and every
//! move is legal, not how fast: the figures (moves a second, the slowest answer, memory
//! and threads before and after) are printed (`cargo test --release --test web_load --
//! --nocapture`).

use crate::web_client;

use jump61::board::{Board, Squares};
use jump61::web::Limits;
use jump61::web::games::anim::squares;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use web_client::load::{self, Load, Opponent};
use web_client::{Page, rss_kib, server, test_limits, told_too_many_messages};

/// Games played at once.
const GAMES: usize = 120;
/// The most moves a page makes in one game.
const PERSON_MOVES: usize = 12;
/// The whole test's bound.
const BOUND: Duration = Duration::from_secs(120);

/// One finished game, as its page saw it.
struct Played {
    moves: usize,
    slowest: Duration,
    finished: bool,
    /// With the analysis board on: the analyses that ended, those with a proven value, and
    /// how long the last position's took to end after its state.
    analysed: Option<(usize, usize, Duration)>,
}

/// One game in this many has the analysis board on.
const ANALYSED_EVERY: u64 = 6;
/// The time each of its analyses may take.
const ANALYSIS_TIME: f64 = 0.3;

/// The moves of `state` past the `known` ones, each checked legal and played on `board`;
/// then the server's board must be `board`.
fn follow(board: &mut Board, known: &mut usize, state: &Value) {
    let moves = state["moves"].as_array().expect("moves");
    assert!(moves.len() >= *known, "a move was lost: {state}");
    for m in &moves[*known..] {
        let (r, c) = m.as_str().unwrap().split_once(' ').unwrap();
        let n = board.size();
        let sq = (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1;
        assert!(board.is_legal(sq), "illegal move {m} on {board:?}");
        board.play(sq);
    }
    *known = moves.len();
    assert_eq!(state["squares"], json!(squares(board)), "boards differ");
}

/// Plays one game on a page: random legal moves for Red against the AI for Blue.
async fn play(addr: std::net::SocketAddr, seed: u64) -> Played {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let size = 3 + seed as usize % 4;
    let (mut page, _) = Page::join_new(addr, "jump61").await;
    page.line("time 0.01").await;
    page.line(&format!("size {size}")).await;
    let analyse = seed.is_multiple_of(ANALYSED_EVERY);
    if analyse {
        page.send(json!({"t":"analyse","on":true,"time":ANALYSIS_TIME}))
            .await;
    }
    let mut state = page
        .until_that(|m| m["t"] == "state" && m["size"] == size)
        .await;
    let (mut board, mut known) = (Board::new(size), 0);
    let mut slowest = Duration::ZERO;
    for _ in 0..PERSON_MOVES {
        follow(&mut board, &mut known, &state);
        if !state["winner"].is_null() {
            break;
        }
        let legal: Vec<usize> = Squares(board.legal_moves()).collect();
        let sq = legal[rng.random_range(0..legal.len())];
        let c = board.coord(sq);
        let asked = Instant::now();
        page.line(&format!("{} {}", c.row, c.col)).await;
        // The answer: the state with the AI's reply in it, or the end of the game.
        state = page
            .until_that(|m| {
                m["t"] == "state"
                    && (m["moves"].as_array().unwrap().len() >= known + 2 || !m["winner"].is_null())
            })
            .await;
        slowest = slowest.max(asked.elapsed());
    }
    follow(&mut board, &mut known, &state);
    for anim in page.seen.iter().filter(|m| m["t"] == "anim") {
        assert!(!anim["frames"].as_array().unwrap().is_empty());
    }
    let finished = !state["winner"].is_null();
    let analysed = if analyse {
        Some(last_analysis(&mut page, &state).await)
    } else {
        None
    };
    page.close().await;
    Played {
        moves: known,
        slowest,
        finished,
        analysed,
    }
}

/// Waits for the analysis of the last position to end; the analyses that ended, those with
/// a proven value, and the wait.
async fn last_analysis(page: &mut Page, state: &Value) -> (usize, usize, Duration) {
    let asked = Instant::now();
    let notation = state["notation"].clone();
    page.until_that(|m| m["t"] == "analysis" && m["notation"] == notation && m["running"] == false)
        .await;
    let waited = asked.elapsed();
    let ended: Vec<&Value> = page
        .seen
        .iter()
        .filter(|m| m["t"] == "analysis" && m["running"] == false)
        .collect();
    let proven = ended
        .iter()
        .filter(|m| !m["value"]["winner"].is_null())
        .count();
    (ended.len(), proven, waited)
}

/// The process's threads now, from /proc.
fn threads() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|v| v.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_and_twenty_games_at_once_every_move_legal() {
    let limits = test_limits();
    let running = server(limits.clone()).await;
    let (rss_before, threads_before) = (rss_kib(), threads());
    let start = Instant::now();
    let games: Vec<_> = (0..GAMES as u64)
        .map(|seed| tokio::spawn(play(running.addr, seed)))
        .collect();
    let mut played = Vec::new();
    for game in games {
        let game = tokio::time::timeout(BOUND, game)
            .await
            .expect("within the bound");
        played.push(game.expect("no game lost"));
    }
    let wall = start.elapsed();
    let (rss_after, threads_after) = (rss_kib(), threads());
    let moves: usize = played.iter().map(|p| p.moves).sum();
    let slowest = played.iter().map(|p| p.slowest).max().unwrap_or_default();
    let finished = played.iter().filter(|p| p.finished).count();
    println!(
        "load: {GAMES} games at once ({finished} played to the end), {moves} moves served in \
         {:.2} s: {:.0} moves/s; slowest answer (a move to the AI's reply) {:.0} ms",
        wall.as_secs_f64(),
        moves as f64 / wall.as_secs_f64(),
        slowest.as_secs_f64() * 1000.0
    );
    println!(
        "load: memory (VmRSS of the test process, server and clients) {rss_before:?} KiB \
         before, {rss_after:?} KiB after, {} games kept; threads {threads_before:?} -> \
         {threads_after:?}; search pool {} threads, at most {} busy at once, {} searches",
        running.server.registry.games(),
        running.server.pool.threads(),
        running.server.pool.peak(),
        running.server.pool.started()
    );
    let analysed: Vec<(usize, usize, Duration)> =
        played.iter().filter_map(|p| p.analysed).collect();
    println!(
        "load: analyses in {} games ({ANALYSIS_TIME} s each): {} ended, {} with a proven \
         value; the last position's ended at most {:.0} ms after its state",
        analysed.len(),
        analysed.iter().map(|a| a.0).sum::<usize>(),
        analysed.iter().map(|a| a.1).sum::<usize>(),
        analysed
            .iter()
            .map(|a| a.2)
            .max()
            .unwrap_or_default()
            .as_secs_f64()
            * 1000.0
    );
    assert_eq!(played.len(), GAMES);
    assert!(
        analysed.iter().all(|a| a.0 > 0),
        "every analysed game saw analyses end"
    );
    assert!(moves >= GAMES * 2, "{moves}");
    assert!(running.server.pool.peak() <= limits.search_threads);
    // A hundred and twenty pages do not make a hundred and twenty threads.
    if let (Some(before), Some(after)) = (threads_before, threads_after) {
        assert!(after < before + 40, "{before} -> {after} threads");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_messages_and_floods_while_games_go_on() {
    let limits = Limits {
        burst_messages: 30,
        messages_per_second: 10,
        max_message_bytes: 4096,
        ..test_limits()
    };
    let running = server(limits).await;
    let games: Vec<_> = (0..20u64)
        .map(|seed| tokio::spawn(play(running.addr, 1000 + seed)))
        .collect();
    let abusers: Vec<_> = (0..10u64)
        .map(|i| tokio::spawn(abuse(running.addr, i)))
        .collect();
    let mut errors = 0;
    for abuser in abusers {
        errors += tokio::time::timeout(BOUND, abuser)
            .await
            .expect("within the bound")
            .expect("the abuser's checks hold");
    }
    for game in games {
        let played = tokio::time::timeout(BOUND, game)
            .await
            .expect("within the bound")
            .expect("no game lost");
        assert!(played.moves >= 2);
    }
    // The server still answers a new page.
    let (mut page, _) = Page::join_new(running.addr, "snatch").await;
    page.line("board").await;
    assert!(page.until("out").await["lines"][0].is_string());
    println!("abuse: 10 abusers got {errors} errors; 20 games played on, every move legal");
}

/// One abusive page: what it sends, and the errors (or the close) it must get back.
async fn abuse(addr: std::net::SocketAddr, kind: u64) -> usize {
    let (mut page, id) = Page::join_new(addr, "jump61").await;
    match kind % 5 {
        0 => {
            for bad in ["{", "null", r#"{"t":"line","text":["x"]}"#, "\u{0}"] {
                page.send_text(bad).await;
                assert!(page.error().await.starts_with("malformed message"));
            }
            4
        }
        1 => {
            page.send_text(&"x".repeat(10_000)).await;
            assert!(
                page.closed().await.is_empty(),
                "an oversized message closes"
            );
            1
        }
        2 => {
            for _ in 0..200 {
                page.send(json!({"t":"line","text":"board"})).await;
            }
            let last = page.closed().await;
            assert!(told_too_many_messages(&last), "{last:?}");
            1
        }
        3 => {
            // Moves out of turn: Blue is the AI, and it is thinking.
            page.line("time 0.5").await;
            page.line("1 1").await;
            page.line("1 2").await;
            let e = page.error().await;
            assert!(
                e.contains("played by the AI") || e.contains("illegal"),
                "{e}"
            );
            page.send(json!({"t":"hint","game":format!("{id}x")})).await;
            assert!(page.error().await.contains("not"));
            2
        }
        _ => {
            page.line("set 1 1 9 red").await;
            assert!(page.error().await.contains("too many"));
            page.send(json!({"t":"kind","kind":"snatch"})).await;
            page.line("9:9-1:1").await;
            assert!(!page.error().await.is_empty());
            2
        }
    }
}

/// The load test's short variant (`examples/web_load.rs` is the full one, with the figures):
/// the same small load against a server with its database and one with `--no-db`, both
/// served in full; then `kill -9` at ten seeded moments of a load, a restart on the same
/// file each time, and the file held to what the pages were told after each kill and, for
/// every game of every run, at the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_load_with_and_without_the_database_then_kill_9_ten_times_loses_no_acknowledged_move() {
    let dir = std::env::temp_dir().join(format!("jump61-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.sqlite");
    let serve = |db: Option<&std::path::Path>| {
        let db: Vec<&std::ffi::OsStr> = match db {
            Some(file) => vec!["--db".as_ref(), file.as_os_str()],
            None => vec!["--no-db".as_ref()],
        };
        let program = std::path::Path::new(env!("CARGO_BIN_EXE_jump61"));
        web_client::serve_program(program, 0, &db, &["--search-threads", "1"])
    };
    let small = Load {
        games: 12,
        moves: 16,
        seed: 61,
        opponent: Opponent::Itself,
        addresses: 3,
    };
    let mut all = Vec::new();
    for db in [Some(file.as_path()), None] {
        let (mut server, addr) = serve(db);
        let outcome = load::run(addr, small).await;
        let peak = load::peak_rss_kib(server.id());
        web_client::stop_process(&mut server, false);
        assert!(
            outcome
                .games
                .iter()
                .all(|g| !g.cut && !g.acknowledged.is_empty())
        );
        println!(
            "load ({}): {} moves in {:.2} s, {:.0} moves/s; server peak RSS {peak:?} KiB",
            if db.is_some() { "--db" } else { "--no-db" },
            outcome.moves(),
            outcome.wall.as_secs_f64(),
            outcome.per_second()
        );
        if db.is_some() {
            assert_eq!(load::check_kept(&file, &outcome.games, 0), Ok(small.games));
            all.extend(outcome.games);
        }
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(61);
    let mut cut = 0;
    for kill in 0..10u64 {
        let (mut server, addr) = serve(Some(&file));
        let load = Load {
            moves: 1000,
            seed: 100 + kill,
            ..small
        };
        let playing = tokio::spawn(load::run(addr, load));
        tokio::time::sleep(Duration::from_millis(rng.random_range(100..700))).await;
        web_client::stop_process(&mut server, false);
        let outcome = playing.await.expect("the load ends when its server goes");
        cut += outcome.games.iter().filter(|g| g.cut).count();
        let checked = load::check_kept(&file, &outcome.games, 1);
        assert!(checked.is_ok(), "after kill {kill}: {checked:?}");
        all.extend(outcome.games);
    }
    assert!(cut > 0, "no kill landed mid-game");
    let checked = load::check_kept(&file, &all, 1).expect("every run's games");
    println!("kill -9 ten times: {cut} games cut short; {checked} games checked in the end");
    assert!(checked > small.games);
}
