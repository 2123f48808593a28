//! Fits the prover's lean to proven values: `cargo run --release --features examples --example fit_proven --
//! [--rules R] SIZE FROM TO COUNT [POSITIONS]` proves COUNT seeded random positions at each
//! number of moves in from FROM to TO (fewer where random games end sooner; one thread, at
//! most POSITIONS positions each, default 2,000,000; those not proven are left out), and
//! fits P(the side to move wins) = 1 / (1 + 2^-(w . f)) by maximum likelihood (Newton's
//! method), where f are the cheap terms of the search's evaluation
//! (`search::eval::quick_terms`, the terms the prover's lean reads). It prints the weights
//! in thousandths of a bit of the odds, with the log loss of the fit and that of the
//! search's weights (fitted to game results) at their best single scale.
//!
//! The search's weights were fitted to who won games the engine played; a fresh position's
//! numbers in the prover might want who wins with perfect play, which these positions'
//! proofs say. Measured (docs/results/solving.md, 2026-11-29): the fitted weights predict
//! proven values far better, and lean the prover far worse (more positions at every
//! strength tried), so the prover keeps the search's weights.

mod common;

use jump61::board::Board;
use jump61::search::eval::{QUICK_TERMS, WEIGHTS, quick_terms};
use jump61::solver::{Asked, FirstMoves, ProofSize, dfpn::Limits, game_value_sized};

/// Terms fitted.
const TERMS: usize = QUICK_TERMS.len();

fn main() {
    let usage = "fit_proven [--rules R] SIZE FROM TO COUNT [POSITIONS]";
    let (rules, size, from, to, rest) = common::rules_size_moves_count(usage);
    let (Some(&count), positions) = (rest.first(), rest.get(1).copied()) else {
        eprintln!("usage: {usage}");
        std::process::exit(2);
    };
    let limits = Limits {
        positions: positions.unwrap_or(2_000_000),
        ..Limits::default()
    };
    let asked = Asked {
        size: ProofSize::Skip,
        first_moves: FirstMoves::One,
    };
    let mut play = common::RandomPlay::with_rules(271_828, rules);
    let mut samples: Vec<([f64; TERMS], f64)> = Vec::new();
    let mut unproven = 0;
    for moves in from..=to {
        // Random games may all end before `moves`: give up on this many after some tries.
        let (mut done, mut tries) = (0, 0);
        while done < count && tries < 100 * count {
            tries += 1;
            let Some(board) = play.position(size, moves) else {
                continue;
            };
            done += 1;
            let (report, _) = game_value_sized(&board, limits, 1, None, asked);
            match report.winner() {
                Some(w) => samples.push((terms(&board), f64::from(w == board.to_move()))),
                None => unproven += 1,
            }
        }
        eprintln!("{moves} moves in: {done} positions");
    }
    let wins = samples.iter().filter(|s| s.1 > 0.5).count();
    println!(
        "{} positions proven ({wins} won by the side to move), {unproven} not proven",
        samples.len()
    );
    let fitted = fit(&samples);
    let loss = |w: &[f64; TERMS]| log_loss(&samples, w);
    let search: [f64; TERMS] = QUICK_TERMS.map(|i| f64::from(WEIGHTS[i]));
    let (scale, search_loss) = best_scale(&samples, &search);
    println!("log loss: fitted {:.4} bits a position", loss(&fitted));
    println!(
        "log loss: the search's weights over {scale:.0} {search_loss:.4} (none: {:.4})",
        loss(&[0.0; TERMS])
    );
    let milli: Vec<String> = fitted
        .iter()
        .map(|w| format!("{:.0}", w * 1000.0))
        .collect();
    println!("weights (thousandths of a bit): [{}]", milli.join(", "));
}

/// The cheap terms of the evaluation of `board`.
fn terms(board: &Board) -> [f64; TERMS] {
    quick_terms(board).map(f64::from)
}

fn dot(w: &[f64; TERMS], x: &[f64; TERMS]) -> f64 {
    w.iter().zip(x).map(|(a, b)| a * b).sum()
}

/// P(win) at `bits` of log2 odds.
fn chance(bits: f64) -> f64 {
    1.0 / (1.0 + (-bits).exp2())
}

/// Mean log loss in bits of the weights `w`.
fn log_loss(samples: &[([f64; TERMS], f64)], w: &[f64; TERMS]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|(x, y)| {
            let p = chance(dot(w, x)).clamp(1e-12, 1.0 - 1e-12);
            -(y * p.log2() + (1.0 - y) * (1.0 - p).log2())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The search's weights divided by the scale that fits best (a coarse search over scales),
/// and their loss.
fn best_scale(samples: &[([f64; TERMS], f64)], w: &[f64; TERMS]) -> (f64, f64) {
    (1..=400)
        .map(|k| {
            let scale = f64::from(k) * 25.0;
            (scale, log_loss(samples, &w.map(|x| x / scale)))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((1.0, f64::INFINITY))
}

/// Maximum likelihood weights by Newton's method (natural-log odds inside, bits outside),
/// with a little ridge so that a term that never varies does not make it singular.
fn fit(samples: &[([f64; TERMS], f64)]) -> [f64; TERMS] {
    let mut w = [0.0; TERMS];
    for _ in 0..50 {
        let mut gradient = [0.0; TERMS];
        let mut hessian = [[0.0; TERMS]; TERMS];
        for (x, y) in samples {
            let p = 1.0 / (1.0 + (-dot(&w, x)).exp());
            for i in 0..TERMS {
                gradient[i] += (y - p) * x[i];
                for j in 0..TERMS {
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        for (i, row) in hessian.iter_mut().enumerate() {
            row[i] += 1e-3;
            gradient[i] -= 1e-3 * w[i];
        }
        let step = solve(hessian, gradient);
        w.iter_mut().zip(&step).for_each(|(a, s)| *a += s);
        if step.iter().all(|s| s.abs() < 1e-9) {
            break;
        }
    }
    // From natural-log odds to bits.
    w.map(|x| x / std::f64::consts::LN_2)
}

/// The solution of `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; TERMS]; TERMS], mut b: [f64; TERMS]) -> [f64; TERMS] {
    for col in 0..TERMS {
        let pivot = (col..TERMS)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..TERMS {
            let f = a[row][col] / a[col][col];
            let pivot_row = a[col];
            for (x, p) in a[row].iter_mut().zip(pivot_row).skip(col) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; TERMS];
    for row in (0..TERMS).rev() {
        let tail: f64 = (row + 1..TERMS).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - tail) / a[row][row];
    }
    x
}
