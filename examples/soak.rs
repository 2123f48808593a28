//! The threaded soak: `cargo run --release --features examples --example soak -- --games N [--minutes M]
//! [--seed S]`. Self-play with two search threads a side at 5 to 20 ms a move, from random
//! openings on every size from 2 to 10; every move checked legal by the plain implementation
//! (`tests/plain`), the winner compared with it, and the overruns past each move's time
//! reported. Stops after N games or M minutes, whichever comes first.

#[path = "../tests/reliability/grammar.rs"]
mod grammar;
#[path = "../tests/plain/mod.rs"]
mod plain;
#[path = "../tests/reliability/soak.rs"]
mod soak;

use grammar::Rng;
use std::time::{Duration, Instant};

fn main() {
    let (games, minutes, seed) = arguments();
    let deadline = Instant::now() + Duration::from_secs_f64(minutes * 60.0);
    let (mut players, mut rng, mut report) =
        (soak::Players::new(), Rng::new(seed), soak::Soak::default());
    let start = Instant::now();
    let mut failures = 0;
    for game in 0..games {
        if Instant::now() >= deadline {
            break;
        }
        if let Err(e) = soak::play_game(&mut players, &mut rng, &mut report) {
            failures += 1;
            eprintln!("FAILURE game {game} (seed {seed}): {e}");
        }
        if game % 100 == 99 {
            print_report(&report, failures, start);
        }
    }
    print_report(&report, failures, start);
    std::process::exit(i32::from(failures > 0));
}

fn print_report(report: &soak::Soak, failures: u64, start: Instant) {
    let minutes = start.elapsed().as_secs_f64() / 60.0;
    println!(
        "{} games ({:.0} a minute), {} moves, {failures} failures, {:.1} min; games by size 2..10: {:?}",
        report.games,
        report.games as f64 / minutes,
        report.moves,
        minutes,
        &report.games_by_size[2..]
    );
    println!(
        "  overruns: {}; later than {:?}: {}; worst {:?} on {}",
        report.distribution(),
        soak::ALLOWED_OVERRUN,
        report.late(),
        report.worst,
        report.worst_at
    );
}

/// `--games N` (default 10000), `--minutes M` (default no limit), `--seed S` (default 1).
fn arguments() -> (u64, f64, u64) {
    let (mut games, mut minutes, mut seed) = (10_000, f64::INFINITY, 1);
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        match (pair[0].as_str(), value.parse::<f64>()) {
            ("--games", Ok(n)) if n >= 0.0 => games = n as u64,
            ("--minutes", Ok(m)) if m >= 0.0 => minutes = m,
            ("--seed", Ok(s)) if s >= 0.0 => seed = s as u64,
            _ => {
                eprintln!("usage: soak [--games N] [--minutes M] [--seed S]");
                std::process::exit(2);
            }
        }
    }
    (games, minutes, seed)
}
