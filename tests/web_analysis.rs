//! The analysis board and Edit mode over real WebSockets on loopback: the page's answers
//! against the solver's own (`jump61 solve`'s functions) on positions of both rule sets, an
//! analysis stopped by a closed page, requests past the limits, and positions set up square
//! by square.

use crate::web_client;

use jump61::board::{Board, Colour, Rules, Squares};
use jump61::search::solve;
use jump61::solver::{Value, dfpn::Limits as ProverLimits, game_value};
use serde_json::{Value as Json, json};
use std::time::{Duration, Instant};
use web_client::{Page, server, test_limits};

/// A position `plies` random moves from the start of `size` under `rules` (seeded), not over.
fn position(size: usize, rules: Rules, plies: usize, seed: u64) -> Board {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    loop {
        let mut board = Board::with_rules(size, rules);
        for _ in 0..plies {
            let moves: Vec<usize> = Squares(board.legal_moves()).collect();
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            board.play(moves[(state >> 33) as usize % moves.len()]);
            if board.winner().is_some() {
                break;
            }
        }
        if board.winner().is_none() {
            return board;
        }
    }
}

/// Opens a page on a game where both sides are people, under `rules`.
async fn analysis_page(addr: std::net::SocketAddr, rules: Rules) -> Page {
    let (mut page, _) = Page::join_new(addr, "jump61").await;
    if rules == Rules::V2013 {
        page.send(json!({"t":"rules","rules":"2013"})).await;
        page.until_that(|m| m["t"] == "state" && m["rules"] == "2013")
            .await;
    }
    page.line("manual blue").await;
    page.until("state").await;
    page
}

/// Sets `board` on the page and waits for its finished analysis; the board with the side
/// to move the page's game has (the 2013 `position` keeps the turn it had).
async fn analysed(page: &mut Page, board: &Board) -> (Board, Json) {
    let notation = board.to_notation();
    page.line(&format!("position {notation}")).await;
    let state = page
        .until_that(|m| m["t"] == "state" && m["notation"] == notation)
        .await;
    let mut board = *board;
    board.set_to_move(if state["to_move"] == "red" {
        Colour::Red
    } else {
        Colour::Blue
    });
    let analysis = page
        .until_that(|m| m["t"] == "analysis" && m["notation"] == notation && m["running"] == false)
        .await;
    (board, analysis)
}

/// `[row, col]` of a square.
fn place(board: &Board, sq: usize) -> Json {
    let c = board.coord(sq);
    json!([c.row, c.col])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_answers_equal_the_solvers_in_both_rule_sets() {
    let running = server(test_limits()).await;
    let mut checked = 0;
    for rules in [Rules::V2014, Rules::V2013] {
        let mut page = analysis_page(running.addr, rules).await;
        page.send(json!({"t":"analyse","on":true,"every":true,"time":20}))
            .await;
        // The 2013 4x4 board takes longer to settle: its samples are further in.
        let deeper = if rules == Rules::V2013 { 8 } else { 0 };
        let samples = [(3, 2, 1), (3, 5, 2), (4, 12, 3), (4, 16, 4), (4, 20, 5)];
        for (size, plies, seed) in samples {
            let plies = if size == 4 { plies + deeper } else { plies };
            let board = position(size, rules, plies, seed);
            let (board, got) = analysed(&mut page, &board).await;
            // The value and its winning first moves: `solve --position P`'s answer.
            let (report, _) = game_value(&board, ProverLimits::default());
            assert_eq!(
                got["value"]["text"],
                report.answer(),
                "{}",
                board.to_notation()
            );
            // The forced win within 3 moves: `solve --position P --depth 3`'s answer.
            let solution = solve::solve(&board, 3);
            assert_eq!(got["wins_in"]["text"], solve::answer(&board, &solution));
            // Each legal move's mark: won where `solve` lists it, lost elsewhere (every
            // winning first move is listed, so each other move is proven to lose).
            let every = got["every"].as_array().expect("every move marked");
            let winning = match &report.value {
                Value::Wins { first_moves, .. } => first_moves.clone(),
                _ => Vec::new(),
            };
            assert_eq!(every.len(), board.squares());
            for (sq, mark) in every.iter().enumerate() {
                let expected = match (board.is_legal(sq), winning.contains(&sq)) {
                    (false, _) => Json::Null,
                    (true, true) => json!("won"),
                    (true, false) => json!("lost"),
                };
                assert_eq!(*mark, expected, "{} move {sq}", board.to_notation());
            }
            // The winning moves marked are the value's own.
            if let Value::Wins { first_moves, .. } = &report.value {
                let marked: Vec<Json> = first_moves.iter().map(|&sq| place(&board, sq)).collect();
                assert_eq!(got["value"]["winning"], json!(marked));
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 10);
}

/// Waits until no search runs; how long that took.
async fn searches_end(running: &jump61::web::Running, since: Instant) -> Duration {
    while running.server.pool.busy() > 0 {
        assert!(since.elapsed() < Duration::from_secs(10), "a search ran on");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    since.elapsed()
}

/// Waits until the pool runs a search.
async fn a_search_runs(running: &jump61::web::Running) {
    let start = Instant::now();
    while running.server.pool.busy() == 0 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no search started"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_stops_when_its_page_closes_or_moves_on() {
    let running = server(test_limits()).await;
    let mut page = analysis_page(running.addr, Rules::V2014).await;
    // The 5x5 start: no analysis settles it within 30 s.
    page.line("size 5").await;
    page.send(json!({"t":"analyse","on":true,"every":true,"time":30}))
        .await;
    page.until_that(|m| m["t"] == "analysis" && m["running"] == true)
        .await;
    a_search_runs(&running).await;
    // Let it reach the prover, past the evaluation and the forced-win search.
    page.until_that(|m| m["t"] == "analysis" && m["positions"].as_u64() > Some(0))
        .await;
    // A move on the board: the old analysis stops, the new one runs alone.
    page.line("3 3").await;
    page.until_that(|m| m["t"] == "analysis" && m["notation"] != Board::new(5).to_notation())
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(running.server.pool.busy(), 1, "one analysis at a time");
    let closed = Instant::now();
    page.close().await;
    let freed = searches_end(&running, closed).await;
    println!("analysis: the thread was free {freed:?} after the page closed");
    assert!(freed < Duration::from_millis(100), "{freed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_requests_past_the_limits_are_refused_and_change_nothing() {
    let running = server(test_limits()).await;
    let mut page = analysis_page(running.addr, Rules::V2014).await;
    page.line("size 4").await;
    let before = page.until("state").await;
    for (request, reason) in [
        (json!({"t":"analyse","on":true,"time":31}), "at most 30 s"),
        (json!({"t":"analyse","on":true,"time":0}), "at most 30 s"),
        (json!({"t":"analyse","on":true,"time":-1}), "at most 30 s"),
        (
            json!({"t":"analyse","on":true,"positions":100_000_001u64}),
            "1 to 100000000 positions",
        ),
        (json!({"t":"analyse","on":true,"positions":0}), "positions"),
    ] {
        page.send(request.clone()).await;
        let error = page.error().await;
        assert!(error.contains(reason), "{request}: {error}");
        let state = page.until("state").await;
        assert_eq!(state, before, "{request} changed the game");
    }
    assert_eq!(running.server.pool.busy(), 0, "no analysis started");
    assert!(!page.seen.iter().any(|m| m["t"] == "analysis"));
    // Jump Snatch has no analysis board.
    let (mut snatch, _) = Page::join_new(running.addr, "snatch").await;
    snatch.send(json!({"t":"analyse","on":true})).await;
    assert!(snatch.error().await.contains("Jump61's"));
}

/// The squares of `notation` as Edit mode sends them.
fn squares_of(board: &Board) -> Json {
    json!(jump61::web::games::anim::squares(board))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_set_up_square_by_square_is_the_loops_position() {
    let running = server(test_limits()).await;
    let mut page = analysis_page(running.addr, Rules::V2014).await;
    let board: Board = "2r1-1-/1-3b1-/1-1-2r".parse().unwrap();
    page.send(json!({"t":"setup","squares":squares_of(&board)}))
        .await;
    let state = page.until("state").await;
    assert_eq!(state["notation"], board.to_notation());
    assert_eq!(state["to_move"], "red");
    // Refused with the reason: an overfull corner, a position no game reaches, a side to
    // move the 2014 rules do not allow. Nothing changes.
    let refused = [
        (
            json!([[3, "r"], [1, "w"], [1, "w"], [1, "w"]]),
            None,
            "holds at most 2",
        ),
        (
            json!([[2, "b"], [1, "w"], [1, "w"], [1, "w"]]),
            None,
            "cannot arise",
        ),
        (json!([[1, "w"], [1, "w"], [1, "w"]]), None, "square board"),
        (
            json!([[2, "r"], [1, "w"], [1, "w"], [1, "w"]]),
            Some("red"),
            "the spots decide",
        ),
    ];
    for (squares, to_move, reason) in refused {
        page.send(json!({"t":"setup","squares":squares,"to_move":to_move}))
            .await;
        let error = page.error().await;
        assert!(error.contains(reason), "{error}");
        assert_eq!(page.until("state").await["notation"], board.to_notation());
    }
    // Under the 2013 rules the page may choose the side to move.
    let mut page = analysis_page(running.addr, Rules::V2013).await;
    let board = Board::parse_with_rules("1r----/------/------", Rules::V2013).unwrap();
    page.send(json!({"t":"setup","squares":squares_of(&board),"to_move":"red"}))
        .await;
    let state = page
        .until_that(|m| m["t"] == "state" && m["notation"] == board.to_notation())
        .await;
    assert_eq!(state["to_move"], "red");
    // Left to the spots, the side to move is theirs (one spot played: Blue's turn).
    page.send(json!({"t":"setup","squares":squares_of(&board)}))
        .await;
    let state = page.until("state").await;
    assert_eq!(state["to_move"], "blue");
}
