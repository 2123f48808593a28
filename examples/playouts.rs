//! Random playouts timed in Rust alone, the figure the Python package's benchmark sets its
//! own calls beside: `cargo run --release --features examples --example playouts -- [SIZE [GAMES [SEED]]]`
//! prints `SIZE GAMES MOVES SECONDS` on one line (6x6, 20000 games, seed 1 by default).

use jump61::board::Board;
use jump61::playout::random_playouts;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map_while(|a| a.parse().ok())
        .collect();
    let size = args.first().copied().unwrap_or(6).clamp(2, 10) as usize;
    let games = args.get(1).copied().unwrap_or(20_000);
    let seed = args.get(2).copied().unwrap_or(1);
    let board = Board::new(size);
    let start = Instant::now();
    let done = random_playouts(&board, games, seed, &AtomicBool::new(false));
    let secs = start.elapsed().as_secs_f64();
    println!("{size} {} {} {secs:.6}", done.games, done.moves);
}
