//! Game values (`solve` without a depth) against the plain AND-OR search over the plain
//! rules: who wins and every winning first move, on the 2x2 and 3x3 starts and on random
//! small positions; proofs written and checked; files of puzzles and generated puzzles.

use crate::checkers;

use crate::plain;

use jump61::board::{Board, Colour, Rules, Squares};
use jump61::solver::collection::{self, Answer, Settings};
use jump61::solver::dfpn::{Limits, Prover};
use jump61::solver::{Asked, FirstMoves, Listed, ProofSize, Report, Value, proof};
use jump61::solver::{game_value, game_value_sized, game_value_threads, game_value_watched};
use plain::PlainBoard;
use plain::solver::PlainSolver;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// More own moves than any game on a board up to 3x3 can last (3x3: at most 24 - 9 + 1
/// plies), so the plain search's bounded answer is the game's value.
const ENOUGH: u32 = 20;

/// The plain search's winning first moves (square indices), empty if the mover loses.
fn plain_winning_moves(board: &Board) -> Vec<usize> {
    let notation = board.to_notation();
    let b = match board.rules() {
        Rules::V2013 => PlainBoard::parse_2013(&notation, None).unwrap(),
        Rules::V2014 => PlainBoard::parse(&notation).unwrap(),
    };
    let mut plain = PlainSolver::default();
    b.legal_moves()
        .into_iter()
        .filter(|&(r, c)| {
            let mut child = b.clone();
            child.play(r, c);
            child.winner().is_some() || plain.every_reply_loses(&child, ENOUGH)
        })
        .map(|(r, c)| (r - 1) * b.size() + (c - 1))
        .collect()
}

/// The solver's winning first moves, empty if the mover loses.
fn solver_winning_moves(board: &Board) -> Vec<usize> {
    match game_value(board, Limits::default()).0.value {
        Value::Wins {
            first_moves,
            listed: Listed::Every,
        } => first_moves,
        Value::Loses => vec![],
        other => panic!("{}: {other:?}", board.to_notation()),
    }
}

/// A seeded generator of indices below `n` (a 64-bit LCG's high bits).
fn seeded(mut state: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % n as u64) as usize
    }
}

/// Positions from seeded random play on 2x2 and 3x3 boards, not over: under the 2014
/// rules, and every third one under the 2013 rules (squares start empty).
fn random_positions(count: usize) -> Vec<Board> {
    let mut next = seeded(0x6a75_6d70_3631);
    (0..count)
        .map(|i| {
            let size = 2 + i % 2;
            let rules = if i % 3 == 2 {
                Rules::V2013
            } else {
                Rules::V2014
            };
            let mut board = Board::with_rules(size, rules);
            for _ in 0..size * size + next(3 * size * size) {
                let moves: Vec<usize> = Squares(board.legal_moves()).collect();
                let mut child = board;
                child.play(moves[next(moves.len())]);
                if child.winner().is_some() {
                    break;
                }
                board = child;
            }
            board
        })
        .collect()
}

#[test]
fn the_2x2_and_3x3_starts_agree_with_the_plain_search() {
    for (size, rules) in [2, 3]
        .into_iter()
        .flat_map(|s| [(s, Rules::V2014), (s, Rules::V2013)])
    {
        let board = Board::with_rules(size, rules);
        assert_eq!(
            solver_winning_moves(&board),
            plain_winning_moves(&board),
            "{size}x{size} {rules:?}"
        );
    }
    let (report, _) = game_value(&Board::new(3), Limits::default());
    assert_eq!(report.answer(), "Blue wins");
    assert!(report.proof_size.is_some_and(|n| n > 0));
}

#[test]
fn values_of_random_small_positions_agree_with_the_plain_search() {
    let positions = random_positions(1200);
    let failures: Vec<String> = positions
        .par_iter()
        .filter_map(|b| {
            let (got, want) = (solver_winning_moves(b), plain_winning_moves(b));
            (got != want).then(|| format!("{}: {got:?} != plain {want:?}", b.to_notation()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The value of `board` seeking only the proof's winning first move, on `threads` threads
/// in a table of `memory` bytes (garbage collected when small), its proof checked: the
/// value, the proof's winner and the proof's move at the root (when the root's side wins).
fn one_win(b: &Board, threads: usize, memory: usize) -> (Value, Option<(Colour, Option<usize>)>) {
    let limits = Limits {
        memory,
        ..Limits::default()
    };
    let asked = Asked {
        size: ProofSize::Walk,
        first_moves: FirstMoves::One,
    };
    let (report, prover) = game_value_sized(b, limits, threads, None, asked);
    let checked = report.winner().map(|winner| {
        let mut text = Vec::new();
        proof::write_proof(&mut prover.unwrap(), b, winner, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        let checked = checkers::verify(&text).unwrap();
        assert_eq!(checked.root, *b);
        // The root's own line, `NOTATION ROW COL`, holds the winner's move there.
        let root_line = format!("{} ", b.to_notation());
        let root_move = text
            .lines()
            .find_map(|l| l.strip_prefix(&root_line))
            .map(|rc| {
                let rc: Vec<usize> = rc.split(' ').map(|n| n.parse().unwrap()).collect();
                (rc[0] - 1) * b.size() + rc[1] - 1
            });
        (checked.winner, root_move)
    });
    (report.value, checked)
}

#[test]
fn one_win_names_the_proofs_first_move_one_of_every_winning_one() {
    // Small boards of both rule sets against the plain search; 4x4 midgames against the
    // prover seeking every move, with a table of 64 KB (collected many times over) too.
    let small = random_positions(600)
        .into_iter()
        .map(|b| (b, plain_winning_moves(&b)));
    let midgames = midgame_4x4(8)
        .into_iter()
        .map(|b| (b, solver_winning_moves(&b)));
    let mut wins = 0;
    for (b, every) in small.chain(midgames) {
        let loses = every.is_empty();
        let mut settings = vec![(1, usize::MAX), (2, usize::MAX)];
        if b.size() == 4 {
            settings.push((1, 1 << 16));
        }
        for (threads, memory) in settings {
            let (value, checked) = one_win(&b, threads, memory);
            let at = format!("{} on {threads} threads, {memory} bytes", b.to_notation());
            if loses {
                assert_eq!(value, Value::Loses, "{at}");
                assert_eq!(checked.map(|c| c.0), Some(b.to_move().opponent()), "{at}");
                continue;
            }
            wins += 1;
            let Value::Wins {
                first_moves,
                listed,
            } = value
            else {
                panic!("{at}: {value:?}, every winning first move: {every:?}");
            };
            assert_eq!(listed, Listed::One, "{at}");
            assert!(
                first_moves.len() == 1 && every.contains(&first_moves[0]),
                "{at}"
            );
            // The move named is the one the proof plays.
            assert_eq!(checked, Some((b.to_move(), Some(first_moves[0]))), "{at}");
        }
    }
    assert!(wins > 100, "only {wins} won positions tried");
}

/// 4x4 positions from the middle of seeded random games (12 to 17 moves in), not over.
fn midgame_4x4(count: usize) -> Vec<Board> {
    let mut next = seeded(0x3434_6d69_6467);
    let mut boards = Vec::new();
    while boards.len() < count {
        let mut board = Board::new(4);
        for _ in 0..12 + next(6) {
            let moves: Vec<usize> = Squares(board.legal_moves()).collect();
            board.play(moves[next(moves.len())]);
            if board.winner().is_some() {
                break;
            }
        }
        if board.winner().is_none() {
            boards.push(board);
        }
    }
    boards
}

/// The value of `board` by `threads` threads sharing a table of `memory` bytes, checked
/// against the single-thread prover, with its proof written and (under the 2014 rules, the
/// checker's) checked; a failure's text.
fn threaded_fails(b: &Board, threads: usize, memory: usize) -> Option<String> {
    let (one, _) = game_value(b, Limits::default());
    let limits = Limits {
        memory,
        ..Limits::default()
    };
    let (many, prover) = game_value_threads(b, limits, threads, None);
    let fail = |why: &str| Some(format!("{}: {why}", b.to_notation()));
    if one.value != many.value {
        return fail(&format!("{:?} / {:?}", one.value, many.value));
    }
    let (Some(winner), Some(mut prover)) = (many.winner(), prover) else {
        return fail("not proven");
    };
    let mut text = Vec::new();
    if let Err(e) = proof::write_proof(&mut prover, b, winner, &mut text) {
        return fail(&e.to_string());
    }
    if b.rules() == Rules::V2014 {
        let checked =
            checkers::verify(&String::from_utf8(text).unwrap()).map(|v| (v.root, v.winner));
        if checked != Ok((*b, winner)) {
            return fail(&format!("{checked:?}"));
        }
    }
    None
}

#[test]
fn threads_sharing_one_table_agree_with_one_prover_and_their_proofs_check() {
    let mut boards = random_positions(200);
    boards.extend(midgame_4x4(12));
    boards.push(Board::new(3));
    let failures: Vec<String> = boards
        .iter()
        .filter_map(|b| threaded_fails(b, 3, 8 << 20))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn threads_grow_their_shared_table_as_it_fills_and_stay_right() {
    // A 4x4 position 10 moves in: hundreds of thousands of positions, many megabytes.
    let b: Board = "2b1-2r1-/2r2b2b2r/1-2r1-2b/2r1-1-2b".parse().unwrap();
    let limit = 64 << 20;
    let limits = Limits {
        memory: limit,
        ..Limits::default()
    };
    let (report, _) = game_value_threads(&b, limits, 2, None);
    // The table started at 1 MB and doubled while the threads searched.
    assert!(
        (4 << 20..=limit).contains(&report.memory),
        "{}",
        report.memory
    );
    assert_eq!(threaded_fails(&b, 2, limit), None);
}

#[test]
fn the_3x3_proof_checks_and_a_broken_one_does_not() {
    let board = Board::new(3);
    let (report, prover) = game_value(&board, Limits::default());
    let winner = report.winner().unwrap();
    let mut text = Vec::new();
    proof::write_proof(&mut prover.unwrap(), &board, winner, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let checked = checkers::verify(&text).unwrap();
    assert_eq!((checked.root, checked.winner), (board, winner));
    // Drop one of the winner's moves: the checker must notice.
    let lines: Vec<&str> = text.lines().collect();
    let broken: Vec<&str> = lines[..lines.len() / 2]
        .iter()
        .chain(&lines[lines.len() / 2 + 1..])
        .copied()
        .collect();
    assert!(checkers::verify(&broken.join("\n")).is_err());
    // Claim the other side wins: no move is given for it.
    let other = text.replace(
        &format!("winner {winner}"),
        &format!("winner {}", winner.opponent()),
    );
    assert!(checkers::verify(&other).is_err());
}

/// A position in the one-line notation, mirrored in its main diagonal.
fn transpose(notation: &str) -> String {
    let rows: Vec<Vec<String>> = notation
        .split('/')
        .map(|r| {
            r.as_bytes()
                .chunks(2)
                .map(|c| String::from_utf8(c.to_vec()).unwrap())
                .collect()
        })
        .collect();
    (0..rows.len())
        .map(|c| rows.iter().map(|r| r[c].clone()).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn a_proof_holds_one_position_of_each_symmetry_class_and_any_one_will_do() {
    let board = Board::new(3);
    let (report, prover) = game_value(&board, Limits::default());
    let mut text = Vec::new();
    proof::write_proof(
        &mut prover.unwrap(),
        &board,
        report.winner().unwrap(),
        &mut text,
    )
    .unwrap();
    let text = String::from_utf8(text).unwrap();
    let positions: Vec<Board> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    // No two lines are images of each other: Blue's 3x3 moves after Red's corner, edge and
    // centre come once each, not once per corner and edge.
    let first: Vec<&Board> = positions.iter().filter(|b| b.total_spots() == 10).collect();
    assert_eq!(first.len(), 3, "{first:?}");
    // Mirror every position and its move: the proof still checks, at the same size.
    let mirrored: Vec<String> = text
        .lines()
        .map(
            |l| match l.split_whitespace().collect::<Vec<_>>().as_slice() {
                [p, r, c] if !p.starts_with('#') => format!("{} {c} {r}", transpose(p)),
                _ => l.to_string(),
            },
        )
        .collect();
    assert_ne!(mirrored.join("\n"), text.trim_end());
    let checked = checkers::verify(&mirrored.join("\n")).unwrap();
    assert_eq!(
        checked.positions,
        checkers::verify(&text).unwrap().positions
    );
    // A move moved to the wrong square of a mirrored line is caught (where that square
    // does not win as well).
    let caught = mirrored
        .iter()
        .enumerate()
        .filter(|(_, l)| l.ends_with(" 1 2"))
        .filter(|(i, line)| {
            let mut wrong = mirrored.clone();
            wrong[*i] = line.replace(" 1 2", " 2 1");
            checkers::verify(&wrong.join("\n")).is_err()
        })
        .count();
    assert!(caught > 0);
}

#[test]
fn a_limit_leaves_the_value_unknown_but_never_wrong() {
    let limits = Limits {
        positions: 50,
        ..Limits::default()
    };
    let (report, _) = game_value(&Board::new(4), limits);
    assert!(matches!(report.value, Value::Unknown(_)), "{report:?}");
    assert!(report.answer().starts_with("unknown: the positions limit"));
}

/// A search stopped half-way says of each first move what it has proven, and what it says
/// is what the plain search finds.
#[test]
fn a_stopped_search_reports_first_moves_as_the_plain_search_finds_them() {
    let (mut proven, mut states) = (0, 0);
    for b in random_positions(300) {
        let (whole, _) = game_value(&b, Limits::default());
        let half = Limits {
            positions: (whole.positions / 2).max(1),
            ..Limits::default()
        };
        let (report, _) = game_value(&b, half);
        if !matches!(report.value, Value::Unknown(_)) {
            continue;
        }
        let winning = plain_winning_moves(&b);
        for &(sq, known) in &report.first_moves {
            states += 1;
            if let Some(wins) = known {
                proven += 1;
                assert_eq!(wins, winning.contains(&sq), "{} {sq}", b.to_notation());
            }
        }
        assert!(report.first_moves_line().starts_with("first moves: "));
    }
    assert!(proven > 0 && states > proven, "{proven} of {states} proven");
}

#[test]
fn a_tiny_table_collects_garbage_and_still_proves_and_writes_a_whole_proof() {
    // 4x4 positions 12 to 17 moves in: a 64 KB table (3072 entries) is collected many
    // times over on each, and the proof's lost steps are proven again as it is written.
    for b in midgame_4x4(6) {
        let (roomy, _) = game_value(&b, Limits::default());
        let tiny = Limits {
            memory: 1 << 16,
            ..Limits::default()
        };
        let (report, prover) = game_value(&b, tiny);
        let mut prover = prover.unwrap();
        assert_eq!(report.value, roomy.value, "{}", b.to_notation());
        assert!(report.memory <= 1 << 16, "{report:?}");
        let collections = prover
            .shared
            .collections
            .load(std::sync::atomic::Ordering::Relaxed);
        // A search of fewer positions than twice the table's entries may fit in it (a
        // position searched again takes no new entry).
        assert!(
            collections > 0 || roomy.positions < 2 * 3072,
            "{}",
            b.to_notation()
        );
        let mut text = Vec::new();
        let winner = report.winner().unwrap();
        proof::write_proof(&mut prover, &b, winner, &mut text).unwrap();
        let checked = checkers::verify(&String::from_utf8(text).unwrap()).unwrap();
        assert_eq!((checked.root, checked.winner), (b, winner));
    }
}

/// A run of `board` under `limits`: the report, the prover, its garbage collections and
/// what it told its progress watcher (positions, table bytes).
type Watched = (Report, Prover, u64, Vec<(u64, usize)>);

fn watched(board: &Board, limits: Limits) -> Watched {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = Arc::clone(&seen);
    let progress = Box::new(move |p: &Prover| {
        record.lock().unwrap().push((p.searched(), p.memory()));
    });
    let (report, prover) = game_value_watched(board, limits, Some(progress));
    let prover = prover.unwrap();
    let collections = prover.shared.collections.load(Relaxed);
    let seen = seen.lock().unwrap().clone();
    (report, prover, collections, seen)
}

#[test]
fn a_long_proof_grows_its_table_to_the_limit_then_collects_the_same_way_every_run() {
    // A 4x4 position 8 moves in: about 1.2 million positions with room, more in a table
    // held to 2 MB, which it fills and collects again and again.
    let b: Board = "2r1-1-1-/1-1-1-2b/2r3b3r1-/2b1-1-1-".parse().unwrap();
    let (roomy, roomy_prover, roomy_collections, _) = watched(&b, Limits::default());
    assert_eq!(roomy_collections, 0, "{roomy:?}");
    drop(roomy_prover);
    let limit = 2 << 20;
    let small = Limits {
        memory: limit,
        ..Limits::default()
    };
    let (report, mut prover, collections, seen) = watched(&b, small);
    assert_eq!(report.value, roomy.value);
    // The table doubled from 1 MB to the limit, never past it, and was then collected
    // again and again: the search went on where it would have stopped for memory.
    assert!(
        !seen.is_empty() && seen.iter().all(|&(_, bytes)| bytes <= limit),
        "{seen:?}"
    );
    assert_eq!(report.memory, limit);
    assert!(collections >= 3, "{collections} collections");
    // One thread and the same limits: the same search, collections and all.
    let (again, _, again_collections, again_seen) = watched(&b, small);
    assert_eq!(
        (again.positions, again_collections, again_seen),
        (report.positions, collections, seen)
    );
    let winner = report.winner().unwrap();
    let mut text = Vec::new();
    proof::write_proof(&mut prover, &b, winner, &mut text).unwrap();
    let checked = checkers::verify(&String::from_utf8(text).unwrap()).unwrap();
    assert_eq!((checked.root, checked.winner), (b, winner));
}

#[test]
fn file_lines_are_answered_in_order_and_bad_ones_reported() {
    let settings = Settings {
        time: Duration::from_secs(10),
        positions: u64::MAX,
        memory: 1 << 30,
    };
    let text =
        "# a comment\n2r3r2r/3r1-3r/2r3b2b 2\n1-1-1-/1-1-1-/1-1-1-\nnonsense 3\n1-1-/1-1- 9\n";
    let lines: Vec<_> = text.lines().map(collection::parse_line).collect();
    let answers = collection::check(&lines, &settings, &|| {});
    let texts: Vec<Option<String>> = answers
        .iter()
        .enumerate()
        .map(|(i, a)| a.text(i + 1))
        .collect();
    assert_eq!(texts[0], None);
    assert_eq!(
        texts[1].as_deref(),
        Some("Red wins in 1: 1 1, 1 2, 1 3, 2 1, 2 3, 3 1")
    );
    assert_eq!(texts[2].as_deref(), Some("Blue wins"));
    assert!(
        texts[3]
            .as_deref()
            .unwrap()
            .starts_with("line 4: bad position")
    );
    assert!(
        texts[4]
            .as_deref()
            .unwrap()
            .starts_with("line 5: bad depth")
    );
    let mut summary = collection::Summary::default();
    answers.iter().for_each(|a| summary.add(a));
    assert_eq!((summary.malformed, summary.no_win), (2, 1));
    assert!(matches!(answers[1], Answer::Puzzle(..)));
}

#[test]
fn generated_puzzles_are_wins_in_exactly_k_with_one_first_move() {
    let found = collection::puzzles((Rules::V2014, 3), 2, 4, 7, 1_000_000);
    assert_eq!(found.len(), 4);
    assert_eq!(
        found,
        collection::puzzles((Rules::V2014, 3), 2, 4, 7, 1_000_000),
        "seeded"
    );
    for b in found {
        let plain = PlainBoard::parse(&b.to_notation()).unwrap();
        let (k, first) = PlainSolver::default().solve(&plain, 2).unwrap();
        assert_eq!((k, first.len()), (2, 1), "{}", b.to_notation());
    }
}

/// Every first move is proven before the root: a limit that stops the search after a winning
/// first move was proven, and before the others were, still answers that the position is won,
/// with the winning moves proven so far (each one of the whole answer's).
#[test]
fn a_limit_after_a_winning_first_move_still_says_the_position_is_won() {
    let mut limited = 0;
    for board in midgame_4x4(6) {
        let (whole, _) = game_value(&board, Limits::default());
        let Value::Wins {
            first_moves: all, ..
        } = whole.value
        else {
            continue;
        };
        for positions in (8..24).map(|k| 1u64 << k) {
            let limits = Limits {
                positions,
                ..Limits::default()
            };
            let (report, _) = game_value(&board, limits);
            if let Value::Wins {
                first_moves,
                listed: Listed::Limited,
            } = report.value
            {
                assert!(!first_moves.is_empty(), "{board:?} at {positions}");
                assert!(first_moves.iter().all(|m| all.contains(m)), "{board:?}");
                limited += 1;
            }
        }
    }
    assert!(
        limited > 0,
        "no limit fell between a winning first move and the rest"
    );
}
