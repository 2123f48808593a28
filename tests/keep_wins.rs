//! The AI keeps a won position to the end of the game: from seeded won positions (4x4 six
//! moves in, or sixteen under the 2013 rules, whose squares start empty; 5x5 24 moves in),
//! the full AI plays the winning side against the AI, and after each of its moves the
//! prover says the opponent is still lost. The tests run by default play a few positions
//! on one thread under a node limit (the same moves on every run and machine; no clock is
//! read). The full sets at the default 1 s a move on two threads are ignored tests
//! (`cargo test --release --test all keep_wins:: -- --ignored --test-threads 1`, some seven
//! minutes), whose figures are in the results log; `examples/keep_wins.rs` measures the
//! same with times.

use jump61::board::{Board, Rules, Squares};
use jump61::proven;
use jump61::search::{Engine, EngineConfig, Limit};
use jump61::solver::dfpn::{Limits, Prover};

/// The winning side's nodes a move: about a second of one core on 4x4.
const AI_NODES: u64 = 1_000_000;
/// The losing side's nodes a move.
const DEFENCE_NODES: u64 = 100_000;
/// The positions the checking prover may expand over one game.
const CHECK_POSITIONS: u64 = 200_000_000;
/// The positions a candidate's value may take for it to be in the set.
const PICK_POSITIONS: u64 = 5_000_000;
/// The seed of `examples/keep_wins.rs` (its first positions, less those the prover does not
/// settle within `PICK_POSITIONS`).
const SEED: u64 = 0x2026_1125;

/// Positions after `moves` seeded random moves (xorshift64) where the side to move wins,
/// the first `count` the prover settles within its limits.
fn won_positions(size: usize, rules: Rules, moves: usize, count: usize) -> Vec<Board> {
    let mut state = SEED;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut found = Vec::new();
    while found.len() < count {
        let mut board = Board::with_rules(size, rules);
        for _ in 0..moves {
            if board.winner().is_some() {
                break;
            }
            let legal: Vec<usize> = Squares(board.legal_moves()).collect();
            board.play(legal[below(legal.len())]);
        }
        if board.winner().is_none() && checker(size, PICK_POSITIONS).prove(&board).is_win() {
            found.push(board);
        }
    }
    found
}

/// A prover for boards of side `size`, expanding at most `positions` positions.
fn checker(size: usize, positions: u64) -> Prover {
    let limits = Limits {
        positions,
        memory: 1 << 30,
        ..Limits::default()
    };
    Prover::new(size, limits).expect("a board the prover takes")
}

/// The full AI on one thread at `nodes` a move.
fn engine(nodes: u64) -> Engine {
    proven::engine(EngineConfig {
        limit: Limit::Nodes(nodes),
        ..EngineConfig::default()
    })
}

/// Plays `board` (won for its side to move) to the end, `winner` for its side; `Err` names
/// the first move of the winning side after which the prover does not find the opponent
/// lost.
fn play_out(mut board: Board, mut winner: Engine) -> Result<(), String> {
    let side = board.to_move();
    let mut loser = engine(DEFENCE_NODES);
    let mut check = checker(board.size(), CHECK_POSITIONS);
    let start = board;
    for ply in 0.. {
        if board.winner().is_some() {
            break;
        }
        let mover = board.to_move();
        let engine = if mover == side {
            &mut winner
        } else {
            &mut loser
        };
        let sq = engine.choose_move(&board, &mut |_| {}).expect("a move");
        let mut child = board;
        child.play(sq);
        if mover == side && child.winner().is_none() {
            let entry = check.prove(&child);
            if !entry.is_loss() {
                return Err(format!(
                    "from {}, ply {ply}: {} at {} leaves the opponent {}",
                    start.to_notation(),
                    board.coord(sq),
                    board.to_notation(),
                    if entry.is_win() {
                        "winning"
                    } else {
                        "unsettled"
                    }
                ));
            }
        }
        board = child;
    }
    assert_eq!(board.winner(), Some(side), "from {}", start.to_notation());
    Ok(())
}

/// Plays each of `positions` to the end with a fresh `winner()` for the winning side, and
/// fails naming every win thrown.
fn keeps_every_win(positions: Vec<Board>, winner: impl Fn() -> Engine) {
    let thrown: Vec<String> = positions
        .into_iter()
        .filter_map(|board| play_out(board, winner()).err())
        .collect();
    assert!(thrown.is_empty(), "{thrown:#?}");
}

/// The full AI as the program plays it by default: 1 s a move, on two threads.
fn at_one_second() -> Engine {
    proven::engine(EngineConfig {
        threads: 2,
        ..EngineConfig::default()
    })
}

#[test]
#[ignore = "about ten minutes of the clock: the full sets at 1 s a move"]
fn at_one_second_a_move_thirty_won_4x4_positions_are_kept_to_the_end() {
    keeps_every_win(won_positions(4, Rules::V2014, 6, 30), at_one_second);
}

#[test]
#[ignore = "minutes of the clock: the full sets at 1 s a move"]
fn at_one_second_a_move_ten_won_4x4_positions_of_the_2013_rules_are_kept_to_the_end() {
    keeps_every_win(won_positions(4, Rules::V2013, 16, 10), at_one_second);
}

#[test]
#[ignore = "minutes of the clock: the full sets at 1 s a move"]
fn at_one_second_a_move_ten_won_5x5_positions_late_in_the_game_are_kept_to_the_end() {
    keeps_every_win(won_positions(5, Rules::V2014, 24, 10), at_one_second);
}

#[test]
fn the_ai_keeps_won_4x4_positions_to_the_end() {
    keeps_every_win(won_positions(4, Rules::V2014, 6, 2), || engine(AI_NODES));
}

#[test]
fn the_ai_keeps_won_4x4_positions_of_the_2013_rules_to_the_end() {
    keeps_every_win(won_positions(4, Rules::V2013, 16, 1), || engine(AI_NODES));
}

#[test]
fn the_ai_keeps_won_5x5_positions_late_in_the_game_to_the_end() {
    keeps_every_win(won_positions(5, Rules::V2014, 24, 1), || engine(AI_NODES));
}
