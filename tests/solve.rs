//! The puzzle solver (`solve`) against the plain AND-OR search over the plain rules: the
//! least number of moves and every first move that wins in it, on the duty suites and on
//! positions from seeded random play; and, when it gives up, only what it has proven.

use crate::plain;

use jump61::board::{Board, Colour, Rules, Squares};
use jump61::search::solve::{Solution, solve, solve_with};
use plain::PlainBoard;
use plain::solver::PlainSolver;
use rayon::prelude::*;

/// Own moves asked about: the spec's four.
const MOVES: u32 = 4;

fn suite(name: &str) -> Vec<String> {
    let path = format!("{}/tests/duties/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// A seeded generator of numbers below `n`.
fn generator(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |n| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % n as u64) as usize
    }
}

/// Positions after seeded random play on boards 2x2 to 5x5, stopping short of a win.
fn random_positions(count: usize) -> Vec<String> {
    let mut next = generator(0x2026_1122);
    (0..count)
        .map(|i| {
            let size = 2 + i % 4;
            let plies = next(6 * size * size);
            let mut board = Board::new(size);
            for _ in 0..plies {
                let moves: Vec<usize> = Squares(board.legal_moves()).collect();
                let mut child = board;
                child.play(moves[next(moves.len())]);
                if child.winner().is_some() {
                    break;
                }
                board = child;
            }
            board.to_notation()
        })
        .collect()
}

/// Positions a puzzle setter might type with `set`, on boards 2x2 to 4x4: every square
/// white, red or blue with any legal number of spots, some with one colour absent (where a
/// move that does not explode can win).
fn set_up_positions(count: usize) -> Vec<String> {
    let mut next = generator(0x5e70_f202);
    (0..count)
        .map(|i| {
            let size = 2 + i % 3;
            let colours: &[char] = match i % 4 {
                0 => &['-', 'r'],
                1 => &['-', 'b'],
                _ => &['-', 'r', 'b'],
            };
            let row = |next: &mut dyn FnMut(usize) -> usize, r: usize| -> String {
                (0..size)
                    .map(|c| {
                        let cap = [r > 0, r + 1 < size, c > 0, c + 1 < size]
                            .iter()
                            .filter(|&&b| b)
                            .count();
                        match colours[next(colours.len())] {
                            '-' => "1-".to_string(),
                            colour => format!("{}{colour}", 1 + next(cap)),
                        }
                    })
                    .collect()
            };
            let rows: Vec<String> = (0..size).map(|r| row(&mut next, r)).collect();
            rows.join("/")
        })
        .filter(|p| p.parse::<Board>().is_ok_and(|b| b.winner().is_none()))
        .collect()
}

fn positions() -> Vec<String> {
    let mut all = suite("wins.txt");
    all.extend(suite("defences.txt"));
    all.extend(random_positions(200));
    all.extend(set_up_positions(300));
    all
}

/// What the plain search says `solve(position, MOVES)` must answer.
fn expected(position: &str) -> Solution {
    let board: Board = position.parse().unwrap();
    let plain = PlainBoard::parse(position).unwrap();
    match PlainSolver::default().solve(&plain, MOVES) {
        None => Solution::NoWinWithin { max_moves: MOVES },
        Some((moves, first)) => Solution::Win {
            moves,
            first_moves: first
                .into_iter()
                .map(|(r, c)| (r - 1) * board.size() + (c - 1))
                .collect(),
        },
    }
}

#[test]
fn the_solver_agrees_with_the_plain_search() {
    let positions = positions();
    assert!(positions.len() >= 400);
    let failures: Vec<String> = positions
        .par_iter()
        .filter_map(|p| {
            let (got, want) = (solve(&p.parse().unwrap(), MOVES), expected(p));
            (got != want).then(|| format!("{p}: solve gave {got:?}, plain {want:?}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A solver that gives up claims only proven facts: no win within fewer moves than the
/// true least, and first moves that truly win in one more.
#[test]
fn giving_up_claims_only_what_is_proven() {
    let mut gave_up = 0;
    for p in suite("wins.txt").iter().take(40) {
        let want = expected(p);
        let Solution::Win { moves, first_moves } = &want else {
            panic!("{p}: not a win")
        };
        for limit in [1, 10, 100, 1000] {
            let got = solve_with(&p.parse().unwrap(), MOVES, limit, &mut |_| {});
            match &got {
                Solution::GaveUp {
                    no_win_within,
                    first_moves: found,
                    positions,
                } => {
                    gave_up += 1;
                    assert!(*positions <= limit, "{p}: {got:?}");
                    assert!(*no_win_within < *moves, "{p}: {got:?}");
                    if *no_win_within + 1 < *moves {
                        assert!(found.is_empty(), "{p}: {got:?}");
                    }
                    assert!(
                        found.iter().all(|m| first_moves.contains(m)),
                        "{p}: {got:?}"
                    );
                }
                other => assert_eq!(other, &want, "{p} with limit {limit}"),
            }
        }
    }
    assert!(gave_up > 40, "the limits were never reached ({gave_up})");
}

#[test]
fn progress_reports_each_depth_without_a_win() {
    let mut seen = Vec::new();
    let answer = solve_with(&Board::new(4), 3, u64::MAX, &mut |p| seen.push(p.moves));
    assert_eq!(answer, Solution::NoWinWithin { max_moves: 3 });
    assert_eq!(seen, vec![1, 2, 3]);
}

/// Under the 2013 rules: positions from seeded random play from the empty start on boards
/// 2x2 to 5x5, a third of them with the side to move set against the spot count (`move N`),
/// and the suites' positions; `solve` must give what the plain search gives.
#[test]
fn the_solver_agrees_with_the_plain_search_under_the_2013_rules() {
    let mut next = generator(0x2013);
    let mut boards: Vec<Board> = (0..240)
        .map(|i| {
            let size = 2 + i % 4;
            let plies = next(4 * size * size);
            let mut board = Board::with_rules(size, Rules::V2013);
            for _ in 0..plies {
                let moves: Vec<usize> = Squares(board.legal_moves()).collect();
                let mut child = board;
                child.play(moves[next(moves.len())]);
                if child.winner().is_some() {
                    break;
                }
                board = child;
            }
            if i % 3 == 0 {
                board.set_to_move(board.to_move().opponent());
            }
            board
        })
        .collect();
    for name in ["wins_2013.txt", "defences_2013.txt"] {
        let path = format!("{}/tests/duties/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let words: Vec<&str> = line.split_whitespace().collect();
            let mut board = Board::parse_with_rules(words[0], Rules::V2013).unwrap();
            let n: u64 = words[1].parse().unwrap();
            board.set_to_move(if n % 2 == 1 {
                Colour::Red
            } else {
                Colour::Blue
            });
            boards.push(board);
        }
    }
    let failures: Vec<String> = boards
        .par_iter()
        .filter(|b| b.winner().is_none())
        .filter_map(|board| {
            let next = board.next_move_number();
            let plain = PlainBoard::parse_2013(&board.to_notation(), Some(next)).unwrap();
            assert_eq!(plain.to_move(), board.to_move().letter());
            let want = match PlainSolver::default().solve(&plain, MOVES) {
                None => Solution::NoWinWithin { max_moves: MOVES },
                Some((moves, first)) => Solution::Win {
                    moves,
                    first_moves: first
                        .into_iter()
                        .map(|(r, c)| (r - 1) * board.size() + (c - 1))
                        .collect(),
                },
            };
            let got = solve(board, MOVES);
            (got != want).then(|| format!("{board:?} move {next}: solve {got:?}, plain {want:?}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
