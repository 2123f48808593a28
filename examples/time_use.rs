//! How much of its time a move uses over whole games, and how late the latest move ended:
//! `cargo run --release --features examples --example time_use -- [SECONDS] [GAMES] [THREADS]` (default 0.2 s,
//! 4 games, 1 thread). Plays the engine against itself on 6x6 (time per move), each game from a
//! different two-ply opening; prints the mean share of the time used by all moves and by the
//! moves that were not ended early by a proof or a single legal move, and the latest end.

use jump61::board::Board;
use jump61::proven;
use jump61::search::{EngineConfig, Limit};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let secs: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0.2);
    let games: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let threads: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let time = Duration::from_secs_f64(secs);
    let (mut all, mut searched, mut latest) = (Vec::new(), Vec::new(), f64::MIN);
    let mut depths = std::collections::BTreeMap::new();
    for game in 0..games {
        let config = EngineConfig {
            limit: Limit::MoveTime(time),
            threads,
            ..EngineConfig::default()
        };
        let mut engines = [proven::engine(config.clone()), proven::engine(config)];
        let mut board = Board::new(6);
        board.play(game % 36);
        board.play((game * 7 + 11) % 36);
        while board.winner().is_none() {
            let engine = &mut engines[board.to_move() as usize];
            let (mut proven, mut depth) = (false, 0);
            let start = Instant::now();
            let sq = engine
                .choose_move(&board, &mut |p| {
                    proven = p.score.is_decisive();
                    depth = p.depth;
                })
                .expect("a move");
            let share = start.elapsed().as_secs_f64() / secs;
            all.push(share);
            if !proven && board.legal_moves().count_ones() > 1 {
                searched.push(share);
                *depths.entry(depth).or_insert(0) += 1;
            }
            latest = latest.max((share - 1.0) * secs * 1e3);
            board.play(sq);
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    println!(
        "{games} games at {secs} s a move on {threads} thread(s): {} moves use {:.0}% of their time on average; \
         the {} not ended early by a proof or a single legal move use {:.0}%; \
         the latest ended {latest:+.1} ms after its time",
        all.len(),
        mean(&all) * 100.0,
        searched.len(),
        mean(&searched) * 100.0
    );
    println!("deepest finished depth of those moves (depth: moves): {depths:?}");
}
