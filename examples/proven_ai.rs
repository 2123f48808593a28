//! How many won positions the AI keeps at its default time (1 s a move), with its proof step
//! and without it (the search alone, as before the proof step):
//! `cargo run --release --features examples --example proven_ai -- [--rules R] SIZE MOVES COUNT [POSITIONS
//! [THREADS]]` takes COUNT positions reached by MOVES seeded random moves on a SIZE x SIZE
//! board (under the rules of year R, 2014 by default) where the side to
//! move wins (proven with at most POSITIONS positions each, default 50 million), asks a
//! fresh engine for its move in each, and counts the moves that keep the win (the position
//! after them proven lost for the opponent), on THREADS threads (default 1, the engine's
//! default; the command loop's is every core). Prints one line a position and the totals.
//! `proven_ai NOTATION` does the same for one position, then lets the same engine think on
//! the opponent's time (`ponder on`) until its proof is settled and asks it again.

mod common;

use jump61::board::Board;
use jump61::proven;
use jump61::search::{EngineConfig, Evaluation};
use jump61::solver::{Value, dfpn::Limits, game_value};
use std::time::Instant;

fn main() {
    if let Some(position) = std::env::args().nth(1).filter(|a| a.contains('/')) {
        let board: Board = position.parse().expect("a 2014 position");
        let (report, _) = game_value(&board, Limits::default());
        println!("{}", report.answer());
        let start = Instant::now();
        let mut engine = proven::engine(EngineConfig::default());
        let sq = engine.choose_move(&board, &mut |_| {}).expect("a move");
        let took = start.elapsed().as_secs_f64();
        println!("the AI plays {} in {took:.2} s", board.coord(sq));
        // The same engine on the opponent's time (`ponder on`), until its proof is settled.
        let start = Instant::now();
        let ponder = engine.ponder(&board);
        while !ponder.is_proof_finished() {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        drop(ponder);
        let pondered = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let sq = engine.choose_move(&board, &mut |_| {}).expect("a move");
        let took = start.elapsed().as_secs_f64();
        println!(
            "after pondering {pondered:.2} s it plays {} in {took:.2} s",
            board.coord(sq)
        );
        return;
    }
    let usage = "proven_ai [--rules R] SIZE MOVES COUNT [POSITIONS [THREADS]]";
    let (rules, size, moves, count, rest) = common::rules_size_moves_count(usage);
    let limits = Limits {
        positions: rest.first().copied().unwrap_or(50_000_000),
        memory: 2 << 30,
        ..Limits::default()
    };
    let config = EngineConfig {
        threads: rest.get(1).map_or(1, |&t| t.max(1) as usize),
        ..EngineConfig::default()
    };
    let mut play = common::RandomPlay::with_rules(0x2026_1125, rules);
    let (mut done, mut kept, mut kept_before, mut tried) = (0, 0, 0, 0);
    while done < count && tried < 50 * count {
        tried += 1;
        let Some(board) = play.position(size, moves) else {
            continue;
        };
        let (report, _) = game_value(&board, limits);
        let Value::Wins { first_moves, .. } = report.value else {
            continue;
        };
        done += 1;
        let keeps = |sq: usize| {
            let mut child = board;
            child.play(sq);
            first_moves.contains(&sq)
                || child.winner().is_some()
                || game_value(&child, limits).0.value == Value::Loses
        };
        let start = Instant::now();
        let mut engine = proven::engine(config.clone());
        let now = engine.choose_move(&board, &mut |_| {}).expect("a move");
        let took = start.elapsed().as_secs_f64();
        let mut search_alone = proven::engine(config.clone());
        let limits_alone = search_alone.limits(&board);
        let before = search_alone
            .search(&board, limits_alone, Evaluation::Full, true, &mut |_| {})
            .best_move;
        let (k, kb) = (keeps(now), keeps(before));
        kept += usize::from(k);
        kept_before += usize::from(kb);
        println!(
            "{} winning {}/{} moves; AI {} ({}, {took:.2} s); search alone {} ({})",
            board.to_notation(),
            first_moves.len(),
            board.legal_moves().count_ones(),
            board.coord(now),
            if k { "keeps" } else { "LOSES" },
            board.coord(before),
            if kb { "keeps" } else { "LOSES" },
        );
    }
    println!(
        "{size}x{size}, {moves} moves in: the AI keeps {kept} of {done} won positions; the search alone {kept_before}"
    );
}
