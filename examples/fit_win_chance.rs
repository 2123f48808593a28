//! Fits the review's win chance to self-play: `cargo run --release --features examples --example fit_win_chance
//! -- [GAMES] [NODES] [SIZE]` (default 200, 20000, 5).
//!
//! Plays the search (one thread, `NODES` nodes a move, as `jump61 review` evaluates a
//! position) against itself from seeded random openings (2 to 9 random plies), and keeps
//! every position's score from the side to move's view with the game's result for that
//! side. Then fits P(side to move wins) = 1 / (1 + exp(-score / SCALE)) by maximum
//! likelihood (`review::chance::fit_scale`, Newton's method) and prints the scale (and per
//! square), the log loss of the fit and of the scale in the code, and how the fitted chance matches the
//! results in bins. Positions whose score is a proven win or loss are left out: their chance
//! is 1 or 0 whatever the scale.

use jump61::board::{Board, Colour, Squares};
use jump61::review::chance::{fit_scale, log_likelihood, logistic, win_chance_scale};
use jump61::search::{Engine, EngineConfig, Evaluation, Limits};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// (score, 1 if the side to move won) for each position of game `index`.
fn play_game(index: u64, nodes: u64, size: usize) -> Vec<(f64, f64)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(index);
    let mut board = Board::new(size);
    for _ in 0..2 + index % 8 {
        let legal: Vec<usize> = Squares(board.legal_moves()).collect();
        board.play(legal[rng.random_range(0..legal.len())]);
        if board.winner().is_some() {
            return Vec::new();
        }
    }
    let mut engine = Engine::new(EngineConfig {
        threads: 1,
        ..EngineConfig::default()
    });
    let mut seen: Vec<(f64, Colour)> = Vec::new();
    while board.winner().is_none() {
        let found = engine.search(
            &board,
            Limits::nodes(nodes),
            Evaluation::Full,
            true,
            &mut |_| {},
        );
        if !found.score.is_decisive() {
            seen.push((f64::from(found.score.0), board.to_move()));
        }
        board.play(found.best_move);
    }
    let winner = board.winner();
    seen.into_iter()
        .map(|(score, side)| (score, if Some(side) == winner { 1.0 } else { 0.0 }))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (games, nodes, size) = (arg(0, 200), arg(1, 20_000), arg(2, 5) as usize);
    let start = std::time::Instant::now();
    let samples: Vec<(f64, f64)> = (0..games).flat_map(|g| play_game(g, nodes, size)).collect();
    println!(
        "{games} games of {size}x{size} at {nodes} nodes a move: {} positions in {:.1} s",
        samples.len(),
        start.elapsed().as_secs_f64()
    );
    let Some(scale) = fit_scale(&samples) else {
        println!("no fit: the results follow the scores as a step");
        return;
    };
    let loss = |s: f64| -log_likelihood(&samples, 1.0 / s) / samples.len() as f64;
    let squares = size * size;
    println!(
        "fitted scale: {scale:.1}, {:.1} a square (log loss {:.4})",
        scale / squares as f64,
        loss(scale)
    );
    let coded = win_chance_scale(squares);
    println!(
        "scale in the code: {coded:.1} (log loss {:.4}); a coin: 0.6931",
        loss(coded)
    );
    println!("fitted chance  positions  won");
    for bin in 0..10 {
        let (lo, hi) = (bin as f64 / 10.0, (bin + 1) as f64 / 10.0);
        let inside: Vec<f64> = samples
            .iter()
            .filter(|(x, _)| (lo..hi).contains(&logistic(*x, scale)))
            .map(|(_, y)| *y)
            .collect();
        if !inside.is_empty() {
            let won = inside.iter().sum::<f64>() / inside.len() as f64;
            println!(
                "{:>4.0}% to {:>3.0}%  {:>9}  {:>4.0}%",
                100.0 * lo,
                100.0 * hi,
                inside.len(),
                100.0 * won
            );
        }
    }
}
