#![allow(dead_code)]
//! The threaded soak: self-play games with two search threads a side and 5 to 20 ms a move,
//! from random openings on every size. Each move the engine returns is checked legal by the
//! plain implementation (`tests/plain`) and played on both boards, so a move taken from a
//! torn or colliding table entry cannot go unnoticed; the winner must agree too. Shared by
//! `tests/soak.rs` and `examples/soak.rs`, whose crate roots also include `tests/plain`.

use super::grammar::Rng;
use crate::plain::PlainBoard;
use jump61::board::{Board, Colour, Squares};
use jump61::proven;
use jump61::search::{Engine, EngineConfig, Limit};
use std::time::{Duration, Instant};

/// Search threads per side.
pub const THREADS: usize = 2;
/// How late a move may be, past its time.
pub const ALLOWED_OVERRUN: Duration = Duration::from_millis(10);
/// Upper ends of the overrun buckets reported, in milliseconds; the last is open.
pub const BUCKETS_MS: [u64; 7] = [0, 1, 2, 5, 10, 20, 50];
/// No game of this engine comes near it; reaching it means a game that does not end.
const MAX_PLIES: u32 = 20_000;

/// What a soak saw.
#[derive(Clone, Debug, Default)]
pub struct Soak {
    pub games: u64,
    pub moves: u64,
    pub games_by_size: [u64; 11],
    /// Moves whose overrun fell in each bucket of `BUCKETS_MS`, and beyond the last.
    pub overruns: [u64; BUCKETS_MS.len() + 1],
    pub worst: Duration,
    /// Where the worst overrun happened (size and position before the move).
    pub worst_at: String,
}

impl Soak {
    /// Moves later than `ALLOWED_OVERRUN`.
    pub fn late(&self) -> u64 {
        let within = BUCKETS_MS
            .iter()
            .filter(|&&ms| ms <= ALLOWED_OVERRUN.as_millis() as u64);
        self.overruns[within.count()..].iter().sum()
    }

    /// The overrun distribution as one line.
    pub fn distribution(&self) -> String {
        let mut parts = Vec::new();
        let mut low = None;
        for (i, &count) in self.overruns.iter().enumerate() {
            let label = match (low, BUCKETS_MS.get(i)) {
                (None, Some(0)) => "on time".to_string(),
                (Some(lo), Some(hi)) => format!("{lo}-{hi} ms"),
                (lo, _) => format!("> {} ms", lo.unwrap_or(0)),
            };
            parts.push(format!("{label}: {count}"));
            low = BUCKETS_MS.get(i).copied();
        }
        parts.join(", ")
    }

    fn record_overrun(&mut self, overrun: Duration, board: &Board) {
        let ms = overrun.as_secs_f64() * 1000.0;
        let bucket = BUCKETS_MS
            .iter()
            .position(|&hi| ms <= hi as f64)
            .unwrap_or(BUCKETS_MS.len());
        self.overruns[bucket] += 1;
        if overrun > self.worst {
            self.worst = overrun;
            self.worst_at = board.to_notation();
        }
    }
}

/// The two players; kept between games so that their tables are allocated once.
pub struct Players {
    engines: [Engine; 2],
}

impl Players {
    pub fn new() -> Players {
        let config = EngineConfig {
            hash_mb: 4,
            threads: THREADS,
            ..EngineConfig::default()
        };
        Players {
            engines: [proven::engine(config.clone()), proven::engine(config)],
        }
    }

    /// New times and seeds for a game, and empty tables.
    fn new_game(&mut self, rng: &mut Rng) {
        for engine in &mut self.engines {
            let config = EngineConfig {
                limit: Limit::MoveTime(Duration::from_millis(rng.range(5, 20))),
                seed: rng.next(),
                ..engine.config().clone()
            };
            engine.set_config(config);
            engine.clear();
        }
    }
}

/// Plays one game on a random size from a random opening; an error says what went wrong.
pub fn play_game(players: &mut Players, rng: &mut Rng, soak: &mut Soak) -> Result<(), String> {
    let size = rng.range(2, 10) as usize;
    players.new_game(rng);
    let (mut board, mut plain) = (Board::new(size), PlainBoard::new(size));
    for _ in 0..rng.below(2 * size as u64) {
        if board.winner().is_some() {
            break;
        }
        let moves: Vec<usize> = Squares(board.legal_moves()).collect();
        play_both(&mut board, &mut plain, rng.pick(&moves))?;
    }
    let mut plies = 0;
    while board.winner().is_none() {
        let engine = &mut players.engines[(board.to_move() == Colour::Blue) as usize];
        let Limit::MoveTime(limit) = engine.config().limit else {
            return Err("the soak gives every engine a time a move".to_string());
        };
        let start = Instant::now();
        let choice = engine.choose_move(&board, &mut |_| {});
        soak.record_overrun(start.elapsed().saturating_sub(limit), &board);
        let sq = choice.ok_or_else(|| format!("no move on {}", board.to_notation()))?;
        play_both(&mut board, &mut plain, sq)?;
        soak.moves += 1;
        plies += 1;
        if plies == MAX_PLIES {
            return Err(format!(
                "no winner after {plies} plies: {}",
                board.to_notation()
            ));
        }
    }
    let winner = board.winner().map(Colour::letter);
    if plain.winner() != winner {
        return Err(format!(
            "winner {winner:?}, plain says {:?}",
            plain.winner()
        ));
    }
    soak.games += 1;
    soak.games_by_size[size] += 1;
    Ok(())
}

/// Plays `sq` on the engine's board after the plain implementation has agreed it is legal,
/// and on the plain board; the two must then agree (won boards by total spots only, since
/// a won board's layout depends on the order of the explosions).
fn play_both(board: &mut Board, plain: &mut PlainBoard, sq: usize) -> Result<(), String> {
    let c = board.coord(sq);
    if !plain.legal_moves().contains(&(c.row, c.col)) {
        return Err(format!(
            "illegal move {}:{} on {}",
            c.row,
            c.col,
            board.to_notation()
        ));
    }
    let before = board.to_notation();
    board.play(sq);
    plain.play(c.row, c.col);
    let agree = if board.winner().is_some() {
        board.total_spots() == plain.total_spots()
    } else {
        board.to_notation() == plain.notation()
    };
    if !agree {
        return Err(format!(
            "{}:{} on {before}: engine {}, plain {}",
            c.row,
            c.col,
            board.to_notation(),
            plain.notation()
        ));
    }
    Ok(())
}
