//! The AI plays what is proven: in a won position where the search alone
//! plays a losing move, the full engine's proof step finds a winning one, and the same one
//! on every run under a node limit.

use jump61::board::Board;
use jump61::proven;
use jump61::search::proof::{REACH_TIME, within_reach};
use jump61::search::{DUTY_DEPTH, EngineConfig, Evaluation, Limit};
use jump61::solver::{Value, dfpn::Limits, game_value};
use std::time::{Duration, Instant};

/// 4x4, ten moves into a seeded random game: only `4 3` of Red's 11 moves wins, and the
/// search alone at 1 s a move played `4 1` (`examples/proven_ai.rs`).
const ONE_WINNING_MOVE: &str = "1-3r1-2b/2b1-2r1-/2b1-1-2b/1-1-3r2b";

/// Whether playing `sq` keeps the win for the side to move.
fn keeps_the_win(board: &Board, sq: usize) -> bool {
    let mut child = *board;
    child.play(sq);
    child.winner().is_some() || game_value(&child, Limits::default()).0.value == Value::Loses
}

#[test]
fn the_ai_plays_a_proven_winning_move_the_same_on_every_run() {
    let board: Board = ONE_WINNING_MOVE.parse().unwrap();
    let (value, _) = game_value(&board, Limits::default());
    assert!(matches!(&value.value, Value::Wins { first_moves, .. } if first_moves.len() == 1));
    let config = EngineConfig {
        limit: Limit::Nodes(4_000_000),
        ..EngineConfig::default()
    };
    let play = || {
        let mut deepest = 0;
        let sq = proven::engine(config.clone())
            .choose_move(&board, &mut |p| deepest = deepest.max(p.depth))
            .unwrap();
        (sq, deepest)
    };
    let (sq, deepest) = play();
    assert!(
        keeps_the_win(&board, sq),
        "the AI played {}",
        board.coord(sq)
    );
    assert_eq!(play().0, sq);
    // With the win proven, the search only looks for a quicker one, to the duties' depth;
    // the search alone goes deeper with these nodes (the next test).
    assert!(deepest <= DUTY_DEPTH, "searched to depth {deepest}");
}

#[test]
fn the_search_alone_with_the_same_nodes_is_not_what_keeps_the_win() {
    // Guards the test above: if the search alone found the winning move too, the proof
    // step would not be what that test shows.
    let board: Board = ONE_WINNING_MOVE.parse().unwrap();
    let mut engine = proven::engine(EngineConfig::default());
    let limits = jump61::search::Limits::nodes(4_000_000);
    let found = engine.search(&board, limits, Evaluation::Full, true, &mut |_| {});
    assert!(!keeps_the_win(&board, found.best_move) || found.score.win_plies().is_some());
    assert!(
        found.depth > DUTY_DEPTH,
        "the search alone reached {}",
        found.depth
    );
}

/// 4x4, six moves in: only `4 1` of Red's moves wins, and its proof
/// takes seconds, far more than a move's share.
const SIX_MOVES_IN: &str = "2r2r2b1-/1-1-1-1-/1-1-1-1-/1-2b2r2b";

#[test]
fn pondering_proves_a_win_that_a_moves_share_cannot() {
    let board: Board = SIX_MOVES_IN.parse().unwrap();
    let four_one = 3 * 4; // row 4, column 1
    let (value, _) = game_value(&board, Limits::default());
    assert!(
        matches!(&value.value, Value::Wins { first_moves, .. } if *first_moves == [four_one]),
        "{}",
        value.answer()
    );
    let config = EngineConfig {
        limit: Limit::Nodes(1_000_000),
        ..EngineConfig::default()
    };
    let cold = proven::engine(config.clone())
        .choose_move(&board, &mut |_| {})
        .unwrap();
    assert_ne!(
        cold,
        four_one,
        "the move's own proof step is not enough: {}",
        board.coord(cold)
    );
    // Thinking on the opponent's time: a fresh engine expects no reply, so it ponders on
    // this very position, and its proof goes on there until settled.
    let mut engine = proven::engine(config);
    let ponder = engine.ponder(&board);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    while !ponder.is_proof_finished() {
        assert!(std::time::Instant::now() < deadline, "no proof in 300 s");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    drop(ponder);
    let warm = engine.choose_move(&board, &mut |_| {}).unwrap();
    assert_eq!(warm, four_one, "the AI played {}", board.coord(warm));
}

#[test]
fn the_proof_steps_table_keeps_to_its_memory() {
    // The web server gives each game's proof step a few MiB (`web::Limits::proof_mb`).
    let board: Board = SIX_MOVES_IN.parse().unwrap();
    let table_after_a_move = |proof_mb| {
        let mut engine = proven::engine(EngineConfig {
            limit: Limit::Nodes(2_000_000),
            proof_mb,
            ..EngineConfig::default()
        });
        engine.choose_move(&board, &mut |_| {}).unwrap();
        engine.proof_memory()
    };
    let capped = table_after_a_move(8);
    assert!(capped > 0 && capped <= 8 << 20, "{capped} bytes");
    let free = table_after_a_move(512);
    assert!(
        free > 8 << 20,
        "the cap is not what kept it small: {free} bytes"
    );
}

#[test]
fn a_two_thread_engine_plays_a_proven_winning_move_too() {
    // With two threads (the command loop's default on two cores) the proof step runs the
    // parallel prover, and its move is as proven as one thread's.
    let board: Board = ONE_WINNING_MOVE.parse().unwrap();
    let mut engine = proven::engine(EngineConfig {
        limit: Limit::Nodes(20_000_000),
        threads: 2,
        ..EngineConfig::default()
    });
    let sq = engine.choose_move(&board, &mut |_| {}).unwrap();
    assert!(
        keeps_the_win(&board, sq),
        "the AI played {}",
        board.coord(sq)
    );
}

/// 4x4, twenty moves into a seeded game: every move of Red's loses within four plies, which
/// the search sees at once.
const LOST_WITHIN_REACH: &str = "1b2b2b2b/3b3b3b2b/2r2r4b2r/1r3r2b2r";

/// How long the full engine on `threads` threads takes over a move of `board` at `time` a
/// move, whether it proved a win, and the move.
fn timed_move(
    board: &Board,
    time: Duration,
    threads: usize,
    past: bool,
) -> (Duration, bool, usize) {
    let mut engine = proven::engine(EngineConfig {
        limit: Limit::MoveTime(time),
        threads,
        prove_past_move: past,
        ..EngineConfig::default()
    });
    let start = Instant::now();
    let sq = engine.choose_move(board, &mut |_| {}).unwrap();
    (start.elapsed(), engine.proved_last_win(), sq)
}

#[test]
fn a_proof_within_reach_goes_on_past_the_move_up_to_four_times_its_time() {
    // Red wins six moves in, by one move whose proof takes seconds; the search rates the
    // position Red's, so the proof goes on after the move's 100 ms until 400 ms.
    let board: Board = SIX_MOVES_IN.parse().unwrap();
    assert!(within_reach(&board));
    let time = Duration::from_millis(100);
    let longest = time.mul_f64(REACH_TIME);
    // A slice of the proof (some tens of ms), the threads' start, a busy machine.
    let slack = Duration::from_millis(150);
    for threads in [1, 2] {
        let (took, proved, sq) = timed_move(&board, time, threads, true);
        if proved {
            // A machine fast enough to prove it in time plays the proven move.
            assert_eq!(sq, 3 * 4, "{threads} threads: played {}", board.coord(sq));
        } else {
            assert!(took >= longest, "{threads} threads: {took:?}, no proof");
        }
        assert!(took < longest + slack, "{threads} threads: took {took:?}");
        // Without it, the move ends at its time.
        let (took, ..) = timed_move(&board, time, threads, false);
        assert!(
            took < time + slack,
            "{threads} threads, not past: took {took:?}"
        );
    }
}

/// 4x4, five moves into a seeded random game: the search scores it -574 for the side to move at
/// depth 8, no forced result, and the prover does not settle it within 3 million positions.
const BEHIND_WITHIN_REACH: &str = "2r2r1-1-/2r1-2b1-/1-1-2b1-/1-1-1-1-";

#[test]
fn a_position_the_search_sees_lost_or_behind_is_not_proven_past_its_time() {
    // One the search proves lost, and one it only scores below 0.
    let time = Duration::from_millis(300);
    for (position, threads) in [LOST_WITHIN_REACH, BEHIND_WITHIN_REACH]
        .into_iter()
        .flat_map(|p| [(p, 1), (p, 2)])
    {
        let board: Board = position.parse().unwrap();
        assert!(within_reach(&board));
        let (took, proved, _) = timed_move(&board, time, threads, true);
        assert!(!proved, "{position}");
        assert!(
            took < time + Duration::from_millis(150),
            "{position}, {threads} threads: {took:?}"
        );
    }
}
