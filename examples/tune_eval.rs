//! Fits the evaluation's weights to game results: `cargo run --release --features examples --example tune_eval --
//! [GAMES] [DEPTH] [SIZE]` (default 2000, 5, 6).
//!
//! Plays the engine against itself at a fixed depth from random openings (2 to 9 random
//! plies, seeded), and keeps every later position with its outcome for the side to move.
//! Then fits a logistic model, P(side to move wins) = sigmoid(w . features), by Newton's
//! method on nine games in ten, and compares its log loss on the tenth with that of today's
//! weights (scaled by the best single factor). Prints the fitted weights in evaluation units
//! (a square = 100).

// The linear algebra below indexes rows and columns, as it is written on paper.
#![allow(clippy::needless_range_loop)]

use jump61::board::{Board, Colour, Squares};
use jump61::proven;
use jump61::search::eval::{FEATURES, NAMES, WEIGHTS, features};
use jump61::search::{EngineConfig, Limit};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

type Sample = ([f64; FEATURES], f64);

fn play_game(index: u64, depth: u32, size: usize) -> Vec<Sample> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(index);
    let mut board = Board::new(size);
    for _ in 0..2 + index % 8 {
        let legal: Vec<usize> = Squares(board.legal_moves()).collect();
        board.play(legal[rng.random_range(0..legal.len())]);
        if board.winner().is_some() {
            return Vec::new();
        }
    }
    let mut engine = proven::engine(EngineConfig {
        limit: Limit::Depth(depth),
        threads: 1,
        ..EngineConfig::default()
    });
    let mut seen: Vec<([f64; FEATURES], Colour)> = Vec::new();
    while board.winner().is_none() {
        seen.push((features(&board).map(f64::from), board.to_move()));
        let sq = engine.choose_move(&board, &mut |_| {}).expect("a move");
        board.play(sq);
    }
    let winner = board.winner();
    seen.into_iter()
        .map(|(f, side)| (f, if Some(side) == winner { 1.0 } else { 0.0 }))
        .collect()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(w: &[f64; FEATURES], f: &[f64; FEATURES]) -> f64 {
    w.iter().zip(f).map(|(a, b)| a * b).sum()
}

fn log_loss(w: &[f64; FEATURES], data: &[Sample]) -> f64 {
    let total: f64 = data
        .iter()
        .map(|(f, y)| {
            let p = sigmoid(dot(w, f)).clamp(1e-12, 1.0 - 1e-12);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / data.len() as f64
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap();
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..FEATURES {
            let factor = a[row][col] / a[col][col];
            for k in col..FEATURES {
                a[row][k] -= factor * a[col][k];
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let rest: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}

/// Logistic regression by Newton's method, with a little L2 so that a term that never varies
/// stays at 0 instead of making the system singular.
fn fit(data: &[Sample]) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    for _ in 0..30 {
        let mut grad = [0.0; FEATURES];
        let mut hess = [[0.0; FEATURES]; FEATURES];
        for (f, y) in data {
            let p = sigmoid(dot(&w, f));
            for i in 0..FEATURES {
                grad[i] += (p - y) * f[i];
                for j in 0..FEATURES {
                    hess[i][j] += p * (1.0 - p) * f[i] * f[j];
                }
            }
        }
        for i in 0..FEATURES {
            grad[i] += 1e-3 * w[i];
            hess[i][i] += 1e-3;
        }
        let step = solve(hess, grad);
        for i in 0..FEATURES {
            w[i] -= step[i];
        }
    }
    w
}

/// The best single factor for today's weights: a one-term fit on the evaluation itself.
fn scale_today(data: &[Sample]) -> [f64; FEATURES] {
    let today = WEIGHTS.map(f64::from);
    let (mut lo, mut hi) = (0.0, 0.1);
    for _ in 0..60 {
        let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if log_loss(&today.map(|x| x * a), data) < log_loss(&today.map(|x| x * b), data) {
            hi = b;
        } else {
            lo = a;
        }
    }
    today.map(|x| x * lo)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let depth: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let size: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(6);
    let per_game: Vec<Vec<Sample>> = (0..games)
        .into_par_iter()
        .map(|i| play_game(i, depth, size))
        .collect();
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, samples) in per_game.into_iter().enumerate() {
        if i % 10 == 9 { &mut test } else { &mut train }.extend(samples);
    }
    println!(
        "{games} games at depth {depth} on {size}x{size}: {} positions to fit, {} to test",
        train.len(),
        test.len()
    );
    let today = scale_today(&train);
    println!(
        "today's weights, scaled: test log loss {:.5}",
        log_loss(&today, &test)
    );
    let w = fit(&train);
    println!(
        "fitted weights:          test log loss {:.5}",
        log_loss(&w, &test)
    );
    print_weights(&w);
}

fn print_weights(w: &[f64; FEATURES]) {
    let unit = 100.0 / w[0];
    for (name, x) in NAMES.iter().zip(w) {
        println!("  {name:>16}: {:>6.0}", x * unit);
    }
}
