//! The AI's duties from the 2014 text, on boards up to 6x6, over suites found by random play
//! (`examples/duty_suite.rs`) and certified here by a plain AND-OR search over the plain
//! implementation of the rules:
//! - where it can force a win within four of its own moves, it plays a move that keeps the
//!   win, and goes on to win within that many moves;
//! - where some move keeps the opponent from forcing a win within four moves, it plays one.
//!
//! The `*_2013.txt` suites hold the same duties under the 2013 rules; their lines give the
//! number of the next move after the position, which says whose turn it is.

use crate::plain;

use jump61::board::{Board, Colour, Rules};
use jump61::proven;
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
    engine_on(1)
}

fn engine_on(threads: usize) -> Engine {
    proven::engine(EngineConfig {
        threads,
        limit: Limit::Nodes(1),
        ..EngineConfig::default()
    })
}

/// The plain board of `board`, under its rules and with its side to move.
fn plain_of(board: &Board) -> PlainBoard {
    match board.rules() {
        Rules::V2014 => PlainBoard::parse(&board.to_notation()).unwrap(),
        Rules::V2013 => {
            let next = board.next_move_number();
            let plain = PlainBoard::parse_2013(&board.to_notation(), Some(next)).unwrap();
            assert_eq!(plain.to_move(), board.to_move().letter());
            plain
        }
    }
}

fn plain_after(board: &Board, sq: usize) -> PlainBoard {
    let mut p = plain_of(board);
    let c = board.coord(sq);
    p.play(c.row, c.col);
    p
}

/// The fast board of a suite line: the position, and under the 2013 rules (`move_number`)
/// the side to move that number gives.
fn board_of(position: &str, move_number: Option<u64>) -> Board {
    match move_number {
        None => position.parse().unwrap(),
        Some(n) => {
            let mut board = Board::parse_with_rules(position, Rules::V2013).unwrap();
            board.set_to_move(if n % 2 == 1 {
                Colour::Red
            } else {
                Colour::Blue
            });
            board
        }
    }
}

/// Checks one win position; returns the number of own moves the engine took to win.
fn check_win(position: &str, move_number: Option<u64>, least: u32) -> Result<u32, String> {
    let start = board_of(position, move_number);
    let attacker = start.to_move();
    let mut solver = PlainSolver::default();
    let plain_start = plain_of(&start);
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
fn check_defence(position: &str, move_number: Option<u64>, safe: &[usize]) -> Result<(), String> {
    let board = board_of(position, move_number);
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
        .filter_map(|row| check_win(&row[0], None, row[1].parse().unwrap()).err())
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
            check_defence(&row[0], None, &safe).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Two threads share the root's moves (`search::split`): their first move is still among
/// the certified winning or safe first moves of every position of both suites.
#[test]
fn two_threads_keep_the_duties() {
    let mut engine = engine_on(2);
    let mut failures = Vec::new();
    for (name, column) in [("wins.txt", 2), ("defences.txt", 1)] {
        for row in read(name) {
            let board = board_of(&row[0], None);
            let good: Vec<usize> = row[column].split(',').map(|s| s.parse().unwrap()).collect();
            let sq = engine.choose_move(&board, &mut |_| {});
            if !sq.is_some_and(|sq| good.contains(&sq)) {
                failures.push(format!("{name}: {}: played {sq:?}", row[0]));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Two threads on the clock: the proof step runs beside the search (one thread each) on
/// boards the prover takes, a proven win stops the search and is followed by a search as
/// deep as the duties, so the move is still among the certified ones. Every fourth position
/// of both suites up to 5x5, at 1 s a move (the duties' depth takes some milliseconds
/// there, far inside the second's hard limit).
#[test]
fn two_threads_on_the_clock_keep_the_duties_with_the_proof_beside_the_search() {
    let mut engine = proven::engine(EngineConfig {
        threads: 2,
        limit: Limit::MoveTime(std::time::Duration::from_secs(1)),
        ..EngineConfig::default()
    });
    let mut failures = Vec::new();
    for (name, column) in [("wins.txt", 2), ("defences.txt", 1)] {
        let rows = read(name)
            .into_iter()
            .filter(|r| r[0].split('/').count() <= 5);
        for row in rows.step_by(4) {
            let board = board_of(&row[0], None);
            let good: Vec<usize> = row[column].split(',').map(|s| s.parse().unwrap()).collect();
            engine.clear();
            let sq = engine.choose_move(&board, &mut |_| {});
            if !sq.is_some_and(|sq| good.contains(&sq)) {
                failures.push(format!("{name}: {}: played {sq:?}", row[0]));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn wins_within_four_moves_are_found_and_kept_under_the_2013_rules() {
    let suite = read("wins_2013.txt");
    assert!(suite.len() >= 100, "only {} win positions", suite.len());
    let failures: Vec<String> = suite
        .par_iter()
        .filter_map(|row| {
            let n = Some(row[1].parse().unwrap());
            check_win(&row[0], n, row[2].parse().unwrap()).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn defence_never_allows_an_avoidable_four_move_loss_under_the_2013_rules() {
    let suite = read("defences_2013.txt");
    assert!(suite.len() >= 100, "only {} defence positions", suite.len());
    let failures: Vec<String> = suite
        .par_iter()
        .filter_map(|row| {
            let safe: Vec<usize> = row[2].split(',').map(|s| s.parse().unwrap()).collect();
            check_defence(&row[0], Some(row[1].parse().unwrap()), &safe).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_2013_suites_include_turns_set_against_the_spots() {
    for name in ["wins_2013.txt", "defences_2013.txt"] {
        let against = read(name)
            .iter()
            .filter(|row| {
                let board = Board::parse_with_rules(&row[0], Rules::V2013).unwrap();
                row[1].parse::<u64>().unwrap() != board.total_spots() as u64 + 1
            })
            .count();
        assert!(against >= 10, "{name}: only {against} turns set by move N");
    }
}
