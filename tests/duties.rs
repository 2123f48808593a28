//! The AI's duties from the 2014 text, on boards up to 6x6, over suites found by random play
//! (`examples/duty_suite.rs`) and certified here by a plain AND-OR search over the plain
//! implementation of the rules:
//! - where it can force a win within four of its own moves, it plays a move that keeps the
//!   win, and goes on to win within that many moves;
//! - where some move keeps the opponent from forcing a win within four moves, it plays one.

mod plain;

use jump61::board::Board;
use jump61::search::{Engine, EngineConfig, Limit};
use plain::PlainBoard;
use plain::solver::PlainSolver;
use rayon::prelude::*;

fn read(name: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/duties/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// The engine as players get it, but limited to a single node a move: the duties rest on the
/// search reaching depth 8 on boards up to 6x6, which neither a node limit nor the pacing of
/// a time limit ever prevents (only a hard time limit could). So the smallest setting shows
/// they hold at every setting, and the test does not depend on the machine's speed or load.
fn engine() -> Engine {
    Engine::new(EngineConfig {
        threads: 1,
        limit: Limit::Nodes(1),
        ..EngineConfig::default()
    })
}

fn plain_after(board: &Board, sq: usize) -> PlainBoard {
    let mut p = PlainBoard::parse(&board.to_notation()).unwrap();
    let c = board.coord(sq);
    p.play(c.row, c.col);
    p
}

/// Checks one win position; returns the number of own moves the engine took to win.
fn check_win(position: &str, least: u32) -> Result<u32, String> {
    let start: Board = position.parse().unwrap();
    let attacker = start.to_move();
    let mut solver = PlainSolver::default();
    let plain_start = PlainBoard::parse(position).unwrap();
    if !solver.wins_within(&plain_start, least)
        || (least > 1 && solver.wins_within(&plain_start, least - 1))
    {
        return Err(format!(
            "{position}: plain search disagrees that the least win is in {least}"
        ));
    }
    let (mut attack, mut defend) = (engine(), engine());
    let mut board = start;
    for own_moves in 1..=least {
        let sq = attack.choose_move(&board, &mut |_| {}).ok_or("no move")?;
        let after = plain_after(&board, sq);
        let left = least - own_moves;
        let keeps =
            after.winner().is_some() || (left > 0 && solver.every_reply_loses(&after, left));
        if !keeps {
            return Err(format!(
                "{position}: move {own_moves} ({}) lets the win slip",
                board.coord(sq)
            ));
        }
        board.play(sq);
        if board.winner() == Some(attacker) {
            return Ok(own_moves);
        }
        let reply = defend.choose_move(&board, &mut |_| {}).ok_or("no reply")?;
        board.play(reply);
    }
    Err(format!("{position}: no win within {least} moves"))
}

/// Checks one defence position: the engine's move leaves no forced win within four.
fn check_defence(position: &str, safe: &[usize]) -> Result<(), String> {
    let board: Board = position.parse().unwrap();
    let sq = engine().choose_move(&board, &mut |_| {}).ok_or("no move")?;
    if !safe.contains(&sq) {
        return Err(format!(
            "{position}: {} is not among the safe moves",
            board.coord(sq)
        ));
    }
    let after = plain_after(&board, sq);
    if PlainSolver::default().wins_within(&after, 4) {
        return Err(format!(
            "{position}: after {} the opponent forces a win within four",
            board.coord(sq)
        ));
    }
    Ok(())
}

#[test]
fn wins_within_four_moves_are_found_and_kept() {
    let suite = read("wins.txt");
    assert!(suite.len() >= 100, "only {} win positions", suite.len());
    let failures: Vec<String> = suite
        .par_iter()
        .filter_map(|row| check_win(&row[0], row[1].parse().unwrap()).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn defence_never_allows_an_avoidable_four_move_loss() {
    let suite = read("defences.txt");
    assert!(suite.len() >= 100, "only {} defence positions", suite.len());
    let failures: Vec<String> = suite
        .par_iter()
        .filter_map(|row| {
            let safe: Vec<usize> = row[1].split(',').map(|s| s.parse().unwrap()).collect();
            check_defence(&row[0], &safe).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
