//! Times the engine's first move on every position of the duty suites (one thread, the
//! default 1 s budget, a fresh table each): `cargo run --release --features examples --example duty_times`.
//! Prints the median and slowest time and node count per suite, then how far past a short
//! budget (50 ms) the slowest move went.

use jump61::board::Board;
use jump61::proven;
use jump61::search::{EngineConfig, Limit};
use std::time::{Duration, Instant};

fn main() {
    let mut overrun = f64::MIN;
    for name in ["wins", "defences"] {
        let text = std::fs::read_to_string(format!("tests/duties/{name}.txt"))
            .expect("run from the repository root");
        let mut times = Vec::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let board: Board = line.split_whitespace().next().unwrap().parse().unwrap();
            let mut engine = proven::engine(EngineConfig::default());
            let mut nodes = 0;
            let mut short = proven::engine(EngineConfig {
                limit: Limit::MoveTime(Duration::from_millis(50)),
                ..EngineConfig::default()
            });
            let t = Instant::now();
            short.choose_move(&board, &mut |_| {});
            overrun = overrun.max(t.elapsed().as_secs_f64() * 1000.0 - 50.0);
            let start = Instant::now();
            engine.choose_move(&board, &mut |p| nodes = p.nodes);
            times.push((start.elapsed().as_secs_f64() * 1000.0, nodes, board.size()));
            if std::env::var("SHOW_SLOW").is_ok() && start.elapsed().as_millis() > 300 {
                eprintln!("{line}");
                let mut e = proven::engine(EngineConfig::default());
                e.choose_move(&board, &mut |p| eprintln!("  {p}"));
            }
        }
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let median = times[times.len() / 2];
        let slowest = times[times.len() - 1];
        println!(
            "{name}: {} positions, median {:.1} ms ({} nodes), slowest {:.1} ms ({} nodes, {}x{})",
            times.len(),
            median.0,
            median.1,
            slowest.0,
            slowest.1,
            slowest.2,
            slowest.2
        );
    }
    println!("with a 50 ms budget, the slowest move took {overrun:+.2} ms past it");
}
