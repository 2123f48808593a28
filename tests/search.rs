//! Whole-search behaviours: the bench signature, determinism, and threads.

use jump61::board::Board;
use jump61::board::Colour;
use jump61::proven;
use jump61::search::bench::{self, DEFAULT_DEPTH};
use jump61::search::{EngineConfig, Evaluation, Limit, Limits};
use std::time::{Duration, Instant};

/// The node count of `jump61 bench` on one thread. A change to the search that alters it
/// must explain the new number in its commit message.
const BENCH_SIGNATURE: u64 = 5_265_402;

#[test]
fn bench_signature_is_pinned() {
    let lines = bench::run(DEFAULT_DEPTH, 1);
    assert_eq!(lines.len(), 14);
    assert_eq!(bench::signature(&lines), BENCH_SIGNATURE);
}

#[test]
fn one_thread_chooses_the_same_moves_every_time() {
    let play_game = || {
        let mut engine = proven::engine(EngineConfig {
            // A node limit, not time, so that the search is the same on any machine and load.
            limit: Limit::Nodes(200_000),
            threads: 1,
            ..EngineConfig::default()
        });
        let mut board = Board::new(4);
        let mut moves = Vec::new();
        while let Some(sq) = engine.choose_move(&board, &mut |_| {}) {
            moves.push(sq);
            board.play(sq);
        }
        moves
    };
    assert_eq!(play_game(), play_game());
}

#[test]
fn two_threads_find_a_legal_move_and_agree_on_proven_wins() {
    let board: Board = "2r2b/1r1r".parse().unwrap();
    let mut engine = proven::engine(EngineConfig {
        threads: 2,
        ..EngineConfig::default()
    });
    let r = engine.search(
        &board,
        Limits::depth(6),
        Evaluation::Full,
        true,
        &mut |_| {},
    );
    let mut after = board;
    after.play(r.best_move);
    assert_eq!(after.winner(), Some(board.to_move()));
    let mut b = Board::new(6);
    b.play(14);
    let mut reported = Vec::new();
    let r = engine.search(&b, Limits::depth(5), Evaluation::Full, true, &mut |p| {
        reported.push(p.depth)
    });
    assert!(b.is_legal(r.best_move));
    assert_eq!(r.depth, 5);
    // Every depth is reported once, in order, whichever thread finished it.
    assert_eq!(reported, [1, 2, 3, 4, 5]);
}

/// The heaviest bench position (10x10, chain reactions everywhere) under a time limit.
fn heavy_board() -> Board {
    bench::POSITIONS[13].parse().unwrap()
}

#[test]
fn a_move_ends_at_its_time_at_the_latest() {
    for (ms, threads) in [(30, 1), (120, 1), (30, 2), (120, 2)] {
        let mut engine = proven::engine(EngineConfig {
            limit: Limit::MoveTime(Duration::from_millis(ms)),
            threads,
            ..EngineConfig::default()
        });
        let start = Instant::now();
        engine.choose_move(&heavy_board(), &mut |_| {});
        let took = start.elapsed();
        // A few ms late at most on a quiet machine; a busy one can hold the thread back for
        // tens of ms, and this must not become a test of the load.
        assert!(
            took < Duration::from_millis(ms + 50),
            "{ms} ms, {threads} threads: took {took:?}"
        );
    }
}

#[test]
fn time_is_spent_on_depths_expected_to_finish() {
    // The depths' own pacing: with ten times the time the search goes deeper, and it never
    // stops before the duty depth on a small board for the soft limit.
    let depth_in = |ms: u64| {
        let mut engine = proven::engine(EngineConfig {
            limit: Limit::MoveTime(Duration::from_millis(ms)),
            ..EngineConfig::default()
        });
        let mut depth = 0;
        engine.choose_move(&heavy_board(), &mut |p| depth = p.depth);
        depth
    };
    assert!(depth_in(400) > depth_in(40));
    let mut engine = proven::engine(EngineConfig {
        limit: Limit::Nodes(1),
        ..EngineConfig::default()
    });
    let mut depth = 0;
    engine.choose_move(&Board::new(5), &mut |p| depth = p.depth);
    assert_eq!(depth, jump61::search::DUTY_DEPTH);
}

#[test]
fn a_node_limit_is_reproducible_and_respected() {
    let run = || {
        let mut engine = proven::engine(EngineConfig {
            limit: Limit::Nodes(300_000),
            ..EngineConfig::default()
        });
        let mut last = None;
        let sq = engine.choose_move(&heavy_board(), &mut |p| last = Some((p.depth, p.nodes)));
        (sq, last)
    };
    let first = run();
    assert_eq!(first, run());
    let (_, Some((_, nodes))) = first else {
        panic!("no depth finished")
    };
    assert!(nodes <= 300_000, "{nodes}");
}

/// Plays a whole 6x6 game between two engines on a game clock of `total` each; returns each
/// side's time used, measured outside the engine.
fn clocked_game(total: Duration, increment: Duration) -> (Duration, Duration, usize) {
    let config = EngineConfig {
        limit: Limit::Clock { total, increment },
        ..EngineConfig::default()
    };
    let (mut red, mut blue) = (proven::engine(config.clone()), proven::engine(config));
    let (mut used_red, mut used_blue) = (Duration::ZERO, Duration::ZERO);
    let mut board = Board::new(6);
    let mut plies = 0;
    while board.winner().is_none() {
        let start = Instant::now();
        let (engine, used) = match board.to_move() {
            Colour::Red => (&mut red, &mut used_red),
            Colour::Blue => (&mut blue, &mut used_blue),
        };
        let sq = engine.choose_move(&board, &mut |_| {}).expect("a move");
        *used += start.elapsed();
        board.play(sq);
        plies += 1;
    }
    (used_red, used_blue, plies)
}

#[test]
fn a_game_clock_never_runs_out() {
    // Three seconds, so that the clock's reserve (a twentieth) outlasts what a machine busy
    // with the other tests holds a thread back over a game (1.5 s once ran 8 ms over at load 7).
    let total = Duration::from_millis(3000);
    let (red, blue, plies) = clocked_game(total, Duration::ZERO);
    assert!(
        red < total && blue < total,
        "{red:?} {blue:?} in {plies} plies"
    );
    // It is spent, not hoarded: at least a third of it over a whole game.
    assert!(
        red + blue > total * 2 / 3,
        "{red:?} {blue:?} in {plies} plies"
    );
    let inc = Duration::from_millis(20);
    let (red, blue, plies) = clocked_game(Duration::from_millis(300), inc);
    let allowed = Duration::from_millis(300) + inc * (plies as u32 / 2);
    assert!(
        red < allowed && blue < allowed,
        "{red:?} {blue:?} in {plies} plies"
    );
}
