//! Whole-search behaviours: the bench signature, determinism, and threads.

use jump61::board::Board;
use jump61::search::bench::{self, DEFAULT_DEPTH};
use jump61::search::{Engine, EngineConfig, Evaluation, Limits};
use std::time::Duration;

/// The node count of `jump61 bench` on one thread. A change to the search that alters it
/// must explain the new number in its commit message.
const BENCH_SIGNATURE: u64 = 7_193_987;

#[test]
fn bench_signature_is_pinned() {
    let lines = bench::run(DEFAULT_DEPTH, 1);
    assert_eq!(lines.len(), 14);
    assert_eq!(bench::signature(&lines), BENCH_SIGNATURE);
}

#[test]
fn one_thread_chooses_the_same_moves_every_time() {
    let play_game = || {
        let mut engine = Engine::new(EngineConfig {
            // The node budget (not the clock) ends each search at this time on any machine
            // near ours: 200,000 nodes, and depth 8 on 4x4 needs far fewer.
            move_time: Duration::from_millis(200),
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
    let mut engine = Engine::new(EngineConfig {
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
    let r = engine.search(&b, Limits::depth(5), Evaluation::Full, true, &mut |_| {});
    assert!(b.is_legal(r.best_move));
    assert_eq!(r.depth, 5);
}
