//! Whether the AI keeps a won position to the end of the game:
//! `cargo run --release --features examples --example keep_wins -- [--rules R] SIZE MOVES COUNT [THREADS
//! [DEFENCE_NODES]]` takes COUNT positions reached by MOVES seeded random moves on a SIZE x
//! SIZE board (the rules of year R, 2014 by default) where the side to move wins (proven
//! with at most 50 million positions each), and plays each to the end: the winning side is
//! the full AI at its default time (1 s a move) on THREADS threads (default 1), kept for the
//! whole game as at the command loop; the losing side is the full AI under a node limit of
//! DEFENCE_NODES a move (default 200,000: the same moves on every run; 0: the full AI at its
//! default time, as the winner, whose time a move is then printed too). After each of the
//! winner's moves the prover checks that the position is still lost for the opponent. Prints
//! one line a position (kept, or the move that threw the win away) and the totals: wins
//! kept, the AI's moves and its mean and longest time a move.

mod common;

use jump61::board::Board;
use jump61::proven;
use jump61::search::{EngineConfig, Limit};
use jump61::solver::{Asked, FirstMoves, ProofSize, Value, dfpn::Limits, game_value_sized};
use std::time::{Duration, Instant};

/// The seed of the positions (that of `examples/proven_ai.rs`: the same first positions).
const SEED: u64 = 0x2026_1125;

/// How one game from a won position ended for the winning side.
enum Outcome {
    /// Won, every move proven to keep the win.
    Kept,
    /// The move at this ply (counted from the position) let the opponent win.
    Thrown { ply: usize, coord: String },
    /// The prover could not settle a position after one of the AI's moves.
    Unsettled { ply: usize },
}

/// The AI's moves in one game and their times.
#[derive(Default)]
struct Moves {
    count: usize,
    total: Duration,
    longest: Duration,
    proven: usize,
}

fn main() {
    let usage = "keep_wins [--rules R] SIZE MOVES COUNT [THREADS [DEFENCE_NODES]]";
    let (rules, size, moves, count, rest) = common::rules_size_moves_count(usage);
    let threads = rest.first().map_or(1, |&t| t.max(1) as usize);
    let defence_nodes = rest.get(1).copied().unwrap_or(200_000);
    let limits = Limits {
        positions: 50_000_000,
        memory: 2 << 30,
        ..Limits::default()
    };
    let mut play = common::RandomPlay::with_rules(SEED, rules);
    let (mut done, mut kept, mut tried) = (0, 0, 0);
    let mut all = Moves::default();
    let mut theirs = Moves::default();
    while done < count && tried < 50 * count {
        tried += 1;
        let Some(board) = play.position(size, moves) else {
            continue;
        };
        if !matches!(value(&board, limits, threads), Value::Wins { .. }) {
            continue;
        }
        done += 1;
        let mut winner = proven::engine(EngineConfig {
            threads,
            ..EngineConfig::default()
        });
        let mut loser = proven::engine(match defence_nodes {
            0 => EngineConfig {
                threads,
                ..EngineConfig::default()
            },
            n => EngineConfig {
                limit: Limit::Nodes(n),
                ..EngineConfig::default()
            },
        });
        let mut mine = Moves::default();
        let mut sides = [&mut mine, &mut theirs];
        let outcome = play_out(board, &mut winner, &mut loser, limits, threads, &mut sides);
        let said = match &outcome {
            Outcome::Kept => {
                kept += 1;
                "kept".to_string()
            }
            Outcome::Thrown { ply, coord } => format!("THROWN at ply {ply} by {coord}"),
            Outcome::Unsettled { ply } => format!("unsettled at ply {ply}"),
        };
        println!(
            "{} {said}; {} moves ({} proven), mean {:.2} s, longest {:.2} s",
            board.to_notation(),
            mine.count,
            mine.proven,
            mine.total.as_secs_f64() / mine.count.max(1) as f64,
            mine.longest.as_secs_f64()
        );
        all.count += mine.count;
        all.proven += mine.proven;
        all.total += mine.total;
        all.longest = all.longest.max(mine.longest);
    }
    if defence_nodes == 0 {
        println!(
            "the losing side's AI (1 s a move): {} moves, mean {:.2} s, longest {:.2} s",
            theirs.count,
            theirs.total.as_secs_f64() / theirs.count.max(1) as f64,
            theirs.longest.as_secs_f64()
        );
    }
    println!(
        "{size}x{size} ({rules} rules), {moves} moves in: the AI ({threads} thread(s), 1 s a move) kept {kept} of {done} won positions to the end; {} moves ({} proven), mean {:.2} s, longest {:.2} s",
        all.count,
        all.proven,
        all.total.as_secs_f64() / all.count.max(1) as f64,
        all.longest.as_secs_f64()
    );
}

/// Plays `board` (won for its side to move) to the end, `winner` against `loser`, checking
/// with the prover after each of `winner`'s moves that the opponent is still lost.
fn play_out(
    mut board: Board,
    winner: &mut jump61::search::Engine,
    loser: &mut jump61::search::Engine,
    limits: Limits,
    threads: usize,
    sides: &mut [&mut Moves; 2],
) -> Outcome {
    let side = board.to_move();
    for ply in 0.. {
        if board.winner().is_some() {
            break;
        }
        let engine = if board.to_move() == side {
            &mut *winner
        } else {
            &mut *loser
        };
        let start = Instant::now();
        let sq = engine.choose_move(&board, &mut |_| {}).expect("a move");
        let took = start.elapsed();
        let mut child = board;
        child.play(sq);
        let moves = &mut sides[usize::from(board.to_move() != side)];
        moves.count += 1;
        moves.total += took;
        moves.longest = moves.longest.max(took);
        if board.to_move() == side {
            let mine = &mut sides[0];
            mine.proven += usize::from(winner.proved_last_win());
            if child.winner().is_none() {
                match value(&child, limits, threads) {
                    Value::Loses => {}
                    Value::Wins { .. } => {
                        let coord = board.coord(sq).to_string();
                        return Outcome::Thrown { ply, coord };
                    }
                    _ => return Outcome::Unsettled { ply },
                }
            }
        }
        board = child;
    }
    Outcome::Kept
}

/// The game value of `board` (one winning first move sought, no proof walked).
fn value(board: &Board, limits: Limits, threads: usize) -> Value {
    let asked = Asked {
        size: ProofSize::Skip,
        first_moves: FirstMoves::One,
    };
    game_value_sized(board, limits, threads, None, asked)
        .0
        .value
}
