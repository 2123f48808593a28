//! What a fixed depth costs on 6x6 game positions: `cargo run --release --features examples --example depth_cost
//! -- [DEPTH] [GAMES] [FILE]` (default 8, 3). Plays the engine against itself at 20,000 nodes
//! a move from seeded two-ply openings, then searches every fourth position of those games to
//! DEPTH with a fresh table each, and prints the total nodes and time. With FILE, searches the
//! positions in it instead (one in board notation a line), writing the generated ones there
//! first if it does not exist, so that a change to the search is compared on the same
//! positions.

use jump61::board::Board;
use jump61::proven;
use jump61::search::{EngineConfig, Evaluation, Limit, Limits};
use std::time::Instant;

fn positions(games: usize) -> Vec<Board> {
    let mut out = Vec::new();
    for game in 0..games {
        let config = EngineConfig {
            limit: Limit::Nodes(20_000),
            threads: 1,
            ..EngineConfig::default()
        };
        let mut engine = proven::engine(config);
        let mut board = Board::new(6);
        board.play(game % 36);
        board.play((game * 7 + 11) % 36);
        let mut ply = 0;
        while board.winner().is_none() {
            if ply % 4 == 0 && board.legal_moves().count_ones() > 1 {
                out.push(board);
            }
            let sq = engine.choose_move(&board, &mut |_| {}).expect("a move");
            board.play(sq);
            ply += 1;
        }
    }
    out
}

/// The positions in `path`, or, when there is no such file, new ones written to it.
fn read_or_write(path: &str, games: usize) -> Result<Vec<Board>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => text
            .lines()
            .map(|l| l.parse::<Board>().map_err(|e| format!("{l}: {e}")))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let boards = positions(games);
            let text: String = boards.iter().map(|b| b.to_notation() + "\n").collect();
            std::fs::write(path, text).map_err(|e| e.to_string())?;
            Ok(boards)
        }
        Err(e) => Err(e.to_string()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(8);
    let games: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let boards = match args.get(3) {
        Some(path) => match read_or_write(path, games) {
            Ok(boards) => boards,
            Err(e) => {
                eprintln!("depth_cost: {path}: {e}");
                std::process::exit(1);
            }
        },
        None => positions(games),
    };
    let (mut nodes, start) = (0, Instant::now());
    for board in &boards {
        let mut engine = proven::engine(EngineConfig {
            threads: 1,
            ..EngineConfig::default()
        });
        let result = engine.search(
            board,
            Limits::depth(depth),
            Evaluation::Full,
            true,
            &mut |_| {},
        );
        nodes += result.nodes;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} positions to depth {depth}: {nodes} nodes in {secs:.2} s ({:.0} nodes/s)",
        boards.len(),
        nodes as f64 / secs
    );
}
