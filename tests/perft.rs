//! The perft suites in `perft/`: every count is checked against the fast board and,
//! independently, against the plain implementation in `tests/plain`. Suites named
//! `*_2013` follow the 2013 rules; an entry's `move N` line sets the number of the next move.

use crate::plain;

use jump61::board::{Board, Colour, Rules};
use jump61::perft::perft;
use plain::PlainBoard;
use rayon::prelude::*;

/// One position of a suite with its expected counts (depth, count).
struct Entry {
    id: String,
    position: String,
    move_number: Option<u64>,
    counts: Vec<(u32, u64)>,
}

/// Debug builds skip counts above this, so `cargo test` without `--release` stays quick.
const DEBUG_NODE_LIMIT: u64 = 200_000;

fn node_limit() -> u64 {
    if cfg!(debug_assertions) {
        DEBUG_NODE_LIMIT
    } else {
        u64::MAX
    }
}

fn read_suite(name: &str) -> Vec<Entry> {
    let path = format!("{}/perft/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut entries: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [w, ..] if w.starts_with('#') => {}
            ["id", id] => entries.push(Entry {
                id: id.to_string(),
                position: String::new(),
                move_number: None,
                counts: Vec::new(),
            }),
            ["move", n] => {
                entries.last_mut().expect("id first").move_number = Some(n.parse().unwrap())
            }
            ["position", p] => entries.last_mut().expect("id first").position = p.to_string(),
            ["perft", d, c] => entries
                .last_mut()
                .expect("id first")
                .counts
                .push((d.parse().unwrap(), c.parse().unwrap())),
            _ => panic!("{path}:{}: cannot read '{line}'", n + 1),
        }
    }
    assert!(!entries.is_empty(), "{path} is empty");
    entries
}

/// Checks every count of a suite with `count_fn` (position, next move number, depth), in
/// parallel over positions.
fn check_suite(name: &str, count_fn: impl Fn(&str, Option<u64>, u32) -> u64 + Sync) -> usize {
    let entries = read_suite(name);
    let failures: Vec<String> = entries
        .par_iter()
        .flat_map_iter(|e| {
            e.counts
                .iter()
                .filter(|&&(_, c)| c <= node_limit())
                .filter_map(|&(d, c)| {
                    let got = count_fn(&e.position, e.move_number, d);
                    (got != c).then(|| format!("{} depth {d}: file {c}, computed {got}", e.id))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(failures.is_empty(), "{name}:\n{}", failures.join("\n"));
    entries.len()
}

fn fast(position: &str, move_number: Option<u64>, depth: u32) -> u64 {
    assert_eq!(move_number, None, "move N is for 2013 suites");
    perft(
        &position.parse::<Board>().expect("suite position parses"),
        depth,
    )
}

fn plain(position: &str, move_number: Option<u64>, depth: u32) -> u64 {
    assert_eq!(move_number, None, "move N is for 2013 suites");
    PlainBoard::parse(position)
        .expect("suite position parses")
        .perft(depth)
}

fn fast_2013(position: &str, move_number: Option<u64>, depth: u32) -> u64 {
    let mut board = Board::parse_with_rules(position, Rules::V2013).expect("suite position parses");
    if let Some(n) = move_number {
        board.set_to_move(if n % 2 == 1 {
            Colour::Red
        } else {
            Colour::Blue
        });
    }
    assert_eq!(board.hash(), board.compute_hash());
    perft(&board, depth)
}

fn plain_2013(position: &str, move_number: Option<u64>, depth: u32) -> u64 {
    PlainBoard::parse_2013(position, move_number)
        .expect("suite position parses")
        .perft(depth)
}

const SUITES: [&str; 4] = ["start", "midgame", "nearwin", "chains"];
const SUITES_2013: [&str; 4] = ["start_2013", "midgame_2013", "chains_2013", "turn_2013"];

#[test]
fn fast_board_matches_every_2013_suite() {
    let positions: usize = SUITES_2013.iter().map(|s| check_suite(s, fast_2013)).sum();
    assert!(
        positions >= 9 * 16,
        "2013 suites hold {positions} positions"
    );
}

#[test]
fn plain_implementation_confirms_every_2013_suite() {
    for suite in SUITES_2013 {
        check_suite(suite, plain_2013);
    }
}

#[test]
fn the_2013_suites_cover_every_size_and_turns_against_the_spots() {
    for size in 2..=10 {
        let start = read_suite("start_2013");
        let e = start
            .iter()
            .find(|e| e.id == format!("start2013-{size}x{size}"))
            .expect("every start");
        assert_eq!(e.counts[0], (1, (size * size) as u64));
        for (suite, least) in [("midgame_2013", 8), ("chains_2013", 3), ("turn_2013", 4)] {
            let n = read_suite(suite)
                .iter()
                .filter(|e| e.position.split('/').count() == size)
                .count();
            assert!(n >= least, "{suite} has {n} positions of size {size}");
        }
    }
    // In every `turn` entry the side to move disagrees with the spot count: `move N` is
    // not one more than the spots.
    for e in read_suite("turn_2013") {
        let spots = PlainBoard::parse_2013(&e.position, None)
            .unwrap()
            .total_spots() as u64;
        let n = e.move_number.expect("a move line");
        assert_ne!(n % 2, (spots + 1) % 2, "{}", e.id);
    }
}

#[test]
fn fast_board_matches_every_suite() {
    let positions: usize = SUITES.iter().map(|s| check_suite(s, fast)).sum();
    assert!(positions >= 9 + 30, "suites hold {positions} positions");
}

#[test]
fn plain_implementation_confirms_every_suite() {
    for suite in SUITES {
        check_suite(suite, plain);
    }
}

#[test]
fn suites_cover_every_size_and_the_published_counts() {
    let start = read_suite("start");
    for size in 2..=10 {
        assert!(start.iter().any(|e| e.id == format!("start-{size}x{size}")));
        for suite in ["midgame", "nearwin", "chains"] {
            let n = read_suite(suite)
                .iter()
                .filter(|e| e.position.split('/').count() == size)
                .count();
            assert!(n >= 3, "{suite} has {n} positions of size {size}");
        }
    }
    let six = start.iter().find(|e| e.id == "start-6x6").unwrap();
    assert!(
        six.counts
            .starts_with(&[(1, 36), (2, 1260), (3, 44100), (4, 1500380), (5, 51047460)])
    );
    let four = start.iter().find(|e| e.id == "start-4x4").unwrap();
    assert!(
        four.counts
            .starts_with(&[(1, 16), (2, 240), (3, 3600), (4, 50520), (5, 709160)])
    );
}
