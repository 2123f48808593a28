//! Proof files under both rule sets, checked by `verify` and by `jump61 verify-proof`: a
//! proof that holds is accepted (exit 0), one that does not is rejected naming the first
//! position where it fails (exit 1), and a file that is not a proof (malformed, cut short,
//! or about a position no game reaches) is refused with its bad line (exit 2).

use crate::checkers;

use jump61::board::{Board, Colour, Rules, Squares};
use jump61::solver::dfpn::Limits;
use jump61::solver::game_value;
use jump61::solver::proof::{self, CheckError};
use std::path::PathBuf;
use std::process::Command;

/// The proof file of `board`'s value, as `solve --proof` writes it.
fn proof_text(board: &Board) -> String {
    let (report, prover) = game_value(board, Limits::default());
    let winner = report
        .winner()
        .unwrap_or_else(|| panic!("{}: {report}", board.to_notation()));
    let mut text = Vec::new();
    proof::write_proof(&mut prover.unwrap(), board, winner, &mut text).unwrap();
    String::from_utf8(text).unwrap()
}

/// Positions of seeded random games under `rules`, at least `from` moves in and short of a
/// win (2013 4x4 positions 28 moves in, as many spots as 2014 ones 12 moves in, prove
/// in about a second at most).
fn random_positions(rules: Rules, size: usize, from: usize, count: usize) -> Vec<Board> {
    let mut state = 0x2026_1125u64;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % n as u64) as usize
    };
    let mut out = Vec::new();
    while out.len() < count {
        let mut board = Board::with_rules(size, rules);
        for _ in 0..from + next(2 * size * size) {
            let moves: Vec<usize> = Squares(board.legal_moves()).collect();
            let mut child = board;
            child.play(moves[next(moves.len())]);
            if child.winner().is_some() {
                break;
            }
            board = child;
        }
        out.push(board);
    }
    out
}

#[test]
fn proofs_under_the_2013_rules_check_from_the_start_and_from_random_positions() {
    let mut boards = vec![
        Board::with_rules(2, Rules::V2013),
        Board::with_rules(3, Rules::V2013),
    ];
    boards.extend(random_positions(Rules::V2013, 3, 0, 30));
    boards.extend(random_positions(Rules::V2013, 4, 28, 6));
    for board in boards {
        let text = proof_text(&board);
        assert!(text.contains("\nrules 2013\n"), "{text}");
        let checked =
            checkers::verify(&text).unwrap_or_else(|e| panic!("{}: {e}", board.to_notation()));
        assert_eq!(checked.root, board);
    }
}

#[test]
fn a_2013_proof_with_the_turn_handed_over_checks_with_that_turn() {
    // `move 2` on the empty 3x3 board: Blue moves first. Its proof is about that game,
    // not the one where Red moves first.
    let mut board = Board::with_rules(3, Rules::V2013);
    board.set_to_move(Colour::Blue);
    let text = proof_text(&board);
    assert!(text.contains("\nto-move Blue\n"), "{text}");
    let checked = checkers::verify(&text).unwrap();
    assert_eq!(
        (checked.root, checked.root.to_move()),
        (board, Colour::Blue)
    );
    // The same lines claimed for Red to move do not prove anything.
    let red = text.replace("to-move Blue", "to-move Red");
    assert!(checkers::verify(&red).is_err());
}

#[test]
fn a_tampered_2013_proof_is_rejected_at_the_position_where_it_fails() {
    let board = Board::with_rules(3, Rules::V2013);
    let text = proof_text(&board);
    let lines: Vec<&str> = text.lines().collect();
    let count = proof::move_lines(text.as_bytes());
    // Every move line in turn replaced by another legal move: at least one must fail, and
    // the failure names a position of the game.
    let mut rejected = 0;
    for (i, line) in lines.iter().enumerate().take(60) {
        let [p, r, c] = line.split_whitespace().collect::<Vec<_>>()[..] else {
            continue;
        };
        if p == "root" || p.starts_with('#') {
            continue;
        }
        let b = Board::parse_with_rules(p, Rules::V2013).unwrap();
        let played = format!("{r} {c}");
        let Some(other) = Squares(b.legal_moves())
            .map(|sq| b.coord(sq))
            .map(|c| format!("{} {}", c.row, c.col))
            .find(|m| *m != played)
        else {
            continue;
        };
        let mut tampered = lines.clone();
        let changed = format!("{p} {other}");
        tampered[i] = &changed;
        match checkers::verify(&tampered.join("\n")) {
            Ok(_) => {}
            Err(CheckError::Fails { position, .. }) => {
                assert!(Board::parse_with_rules(&position, Rules::V2013).is_ok());
                rejected += 1;
            }
            Err(e) => panic!("line {}: {e}", i + 1),
        }
    }
    assert!(rejected > 0, "no tampered move of {count} was caught");
    // A line dropped (and the count mended) leaves a position with no move given.
    let dropped: Vec<String> = lines
        .iter()
        .filter(|l| l.split_whitespace().count() != 3 || l.starts_with("root") || **l != lines[5])
        .map(|l| match l.strip_prefix("end ") {
            Some(_) => format!("end {}", count - 1),
            None => l.to_string(),
        })
        .collect();
    let err = checkers::verify(&dropped.join("\n")).unwrap_err();
    assert!(matches!(err, CheckError::Fails { .. }), "{err}");
    assert!(err.to_string().contains("no move is given"), "{err}");
}

#[test]
fn an_old_2014_proof_without_rules_turn_or_end_lines_still_checks() {
    let board = Board::new(3);
    let text = proof_text(&board);
    let old: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("rules") && !l.starts_with("to-move") && !l.starts_with("end"))
        .collect();
    let checked = checkers::verify(&old.join("\n")).unwrap();
    assert_eq!((checked.root, checked.winner), (board, Colour::Blue));
    // A 2013 position is not a 2014 one: without its rules line the file is refused.
    let text = proof_text(&Board::with_rules(2, Rules::V2013));
    let no_rules = text.replace("rules 2013\n", "");
    let err = checkers::verify(&no_rules).unwrap_err();
    assert!(
        matches!(err, CheckError::Malformed { line: 2, .. }),
        "{err}"
    );
}

#[test]
fn a_proof_of_a_position_that_cannot_arise_is_refused() {
    // Red has moved once (five spots) but owns nothing.
    let text = "rules 2014\nroot 2b1-/1-1-\nwinner Blue\nend 0\n";
    let err = checkers::verify(text).unwrap_err();
    assert!(matches!(err, CheckError::Impossible(_)), "{err}");
    assert_eq!(err.exit_code(), 2);
    let over = "rules 2014\nroot 2r2r/2r2r\nwinner Red\nend 0\n";
    assert!(matches!(
        checkers::verify(over),
        Err(CheckError::Impossible(_))
    ));
    // A turn the 2014 spots contradict.
    let turn = "rules 2014\nroot 1-1-/1-1-\nto-move Blue\nwinner Blue\nend 0\n";
    assert!(matches!(
        checkers::verify(turn),
        Err(CheckError::Malformed { line: 3, .. })
    ));
}

/// A scratch file for one test.
fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jump61-proof-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `jump61 ARGS`: exit status, standard output and standard error.
fn jump61(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jump61"))
        .args(args)
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap_or(-1),
        text(out.stdout),
        text(out.stderr),
    )
}

fn verify_file(name: &str, text: &str) -> (i32, String, String) {
    let path = scratch(name, text);
    jump61(&["verify-proof", path.to_str().unwrap()])
}

#[test]
fn solve_under_the_2013_rules_writes_a_proof_that_verify_proof_accepts() {
    let path = scratch("2013-2x2.txt", "");
    let path = path.to_str().unwrap();
    let (code, out, err) = jump61(&["solve", "--rules", "2013", "--size", "2", "--proof", path]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = jump61(&["verify-proof", path]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("proof checked") && out.contains("2013 rules"),
        "{out}"
    );
}

#[test]
fn verify_proof_exits_1_naming_the_position_where_a_proof_fails() {
    let text = proof_text(&Board::new(3));
    let wrong = text.replace("winner Blue", "winner Red");
    let (code, out, _) = verify_file("fails.txt", &wrong);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("proof rejected: fails at 1-1-1-/1-1-1-/1-1-1-"),
        "{out}"
    );
}

#[test]
fn verify_proof_exits_2_on_a_malformed_or_truncated_file_naming_its_line() {
    let text = proof_text(&Board::new(3));
    let lines: Vec<&str> = text.lines().collect();
    // A line cut in the middle, as a copy interrupted mid-write leaves it.
    let cut = &text[..text.len() / 2];
    let cut_line = cut.lines().count();
    let (code, out, err) = verify_file("cut.txt", cut);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains(&format!("line {cut_line}:")), "{err}");
    // Whole lines missing at the end: no `end` line.
    let short = lines[..lines.len() - 3].join("\n");
    let (code, _, err) = verify_file("short.txt", &short);
    assert_eq!(code, 2);
    assert!(err.contains("truncated"), "{err}");
    // A word where a row number belongs.
    let mut bad = lines.clone();
    let garbled = bad[6].replace(' ', " x");
    bad[6] = &garbled;
    let (code, _, err) = verify_file("bad.txt", &bad.join("\n"));
    assert_eq!(code, 2);
    assert!(err.contains("line 7:"), "{err}");
    // A position under the wrong rules' notation.
    let mut bad = lines.clone();
    let wrong_rules = bad[6].replace("1-", "--");
    bad[6] = &wrong_rules;
    let (code, _, err) = verify_file("rules.txt", &bad.join("\n"));
    assert_eq!(code, 2);
    assert!(
        err.contains("line 7:") && err.contains("not a square"),
        "{err}"
    );
    // A stray line where the header's `winner` line was: named where it is, not as a field
    // missing at the end of the file.
    let winner = lines.iter().position(|l| l.starts_with("winner ")).unwrap();
    let mut bad = lines.clone();
    bad[winner] = "garbage line";
    let (code, _, err) = verify_file("stray.txt", &bad.join("\n"));
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!("line {}: `garbage line`", winner + 1)),
        "{err}"
    );
    // An empty file has no line to name.
    let (code, _, err) = verify_file("empty.txt", "");
    assert_eq!(code, 2);
    assert!(
        err.ends_with("empty.txt: an empty file, not a proof\n"),
        "{err}"
    );
    let (code, _, err) = jump61(&["verify-proof", "/nonexistent/proof.txt"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn verify_proof_exits_2_on_a_position_that_cannot_arise() {
    let (code, out, err) = verify_file(
        "impossible.txt",
        "rules 2014\nroot 2b1-/1-1-\nwinner Blue\nend 0\n",
    );
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("owns no square"), "{err}");
}

/// The proof's size counted on two threads (`solve` without `--proof` counts it so) is the
/// one a single thread walks, where neither walk proved a step again.
#[test]
fn two_threads_count_the_proof_one_thread_counts() {
    let boards = random_positions(Rules::V2014, 4, 8, 3);
    let (mut same, mut counted) = (0, 0);
    for board in &boards {
        let (report, prover) = game_value(board, Limits::default());
        let (winner, mut prover) = (report.winner().unwrap(), prover.unwrap());
        let positions = prover.positions;
        let one = proof::proof_size(&mut prover, board, winner);
        let two = proof::proof_size_threads(&mut prover, board, winner, 2);
        if prover.positions == positions {
            assert_eq!(one, two, "{board:?}");
            (same, counted) = (same + 1, counted.max(one.unwrap_or(0)));
        }
    }
    assert!(same >= boards.len() / 2, "{same} of {}", boards.len());
    // One large enough that its walk was shared out (past 512 positions a thread).
    assert!(counted > 1024, "the largest proof {counted} positions");
}

/// Writing a proof counts its positions in the same walk (`solve --proof` prints that count
/// instead of walking the proof twice): the count is the one `proof_size` walks for where
/// the table forgot no step (a step proven again while one walk runs may change the moves
/// the next walk takes), and the lines written are the checker's positions of the winner's.
#[test]
fn writing_a_proof_counts_what_proof_size_counts() {
    let mut boards = vec![Board::new(3), Board::with_rules(3, Rules::V2013)];
    boards.extend(random_positions(Rules::V2014, 4, 14, 4));
    boards.extend(random_positions(Rules::V2013, 4, 28, 2));
    let mut same = 0;
    for board in &boards {
        let (report, prover) = game_value(board, Limits::default());
        assert!(report.proof_size.is_some());
        let (winner, mut prover) = (report.winner().unwrap(), prover.unwrap());
        let positions = prover.positions;
        let size = proof::proof_size(&mut prover, board, winner);
        let mut text = Vec::new();
        let written = proof::write_proof_counted(&mut prover, board, winner, &mut text, 1).unwrap();
        if prover.positions == positions {
            assert_eq!(Some(written.positions), size, "{board:?}");
            same += 1;
        }
        let checked = checkers::verify(&String::from_utf8(text).unwrap()).unwrap();
        assert_eq!(checked.positions, written.lines, "{board:?}");
    }
    assert!(
        same >= boards.len() / 2,
        "{same} of {} walks proved nothing again",
        boards.len()
    );
}

/// Where several moves are proven to win, the proof takes the one with the least work below
/// it (ties to the least place): at the root of positions where several first moves win
/// (the 2013 3x3 start, where all nine do, and seeded 4x4 positions), the proof's move is a
/// proven one of least work. (On the 2013 3x3 start that proof took 14,018 positions with
/// the first winning move found; 6,082 with the least work, while the one-thread table lost
/// some entries as it grew, 13,595 since that was fixed: docs/results/solving.md.) Below the
/// top two plies the walk takes the move the search recorded instead (`solver::proof::Goal`).
#[test]
fn a_proof_takes_the_winning_move_with_the_least_work_below_it() {
    let mut boards = vec![Board::with_rules(3, Rules::V2013)];
    boards.extend(random_positions(Rules::V2014, 4, 12, 16));
    let mut chosen = 0;
    for board in boards {
        let (report, prover) = game_value(&board, Limits::default());
        let mut prover = prover.unwrap();
        if report.winner() != Some(board.to_move()) {
            continue;
        }
        let moves: Vec<usize> = Squares(board.legal_moves()).collect();
        let children: Vec<Board> = moves
            .iter()
            .map(|&sq| {
                let mut child = board;
                child.play(sq);
                child
            })
            .collect();
        if children.iter().any(|c| c.winner().is_some()) {
            continue;
        }
        let mut text = Vec::new();
        proof::write_proof(&mut prover, &board, board.to_move(), &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        let root = format!("\n{} ", board.to_notation());
        let line = text[text.find(&root).unwrap() + root.len()..]
            .lines()
            .next()
            .unwrap();
        let played = moves
            .iter()
            .position(|&sq| {
                let c = board.coord(sq);
                line == format!("{} {}", c.row, c.col)
            })
            .unwrap();
        let looked = prover.lookup_all(&children);
        let wins: Vec<usize> = (0..moves.len())
            .filter(|&i| looked[i].0.is_loss())
            .collect();
        assert!(wins.contains(&played), "{board:?}: {line} is not proven");
        let least = wins.iter().map(|&i| looked[i].1).min().unwrap();
        assert_eq!(looked[played].1, least, "{board:?}: {line}");
        chosen += usize::from(wins.iter().any(|&i| looked[i].1 != least));
    }
    assert!(
        chosen >= 2,
        "{chosen} roots where the work told the moves apart"
    );
}

/// A proof written by two threads (`solve --proof` on 4x4 and larger) holds the same
/// positions as one written by one thread (the lines come in another order, and a class of
/// positions may be written as another of its images), and the checker accepts it.
#[test]
fn a_proof_written_by_two_threads_has_the_same_positions_and_checks() {
    let mut boards = random_positions(Rules::V2014, 4, 10, 3);
    // Six moves in: a proof of some 300,000 positions, with room for both threads.
    boards.push("2r2r2b1-/1-1-1-1-/1-1-1-1-/1-2b2r2b".parse().unwrap());
    let mut shared = 0;
    for board in boards {
        let (report, prover) = game_value(&board, Limits::default());
        let (winner, mut prover) = (report.winner().unwrap(), prover.unwrap());
        // A walk first, which proves again what the table forgot.
        proof::proof_size(&mut prover, &board, winner);
        let positions = prover.positions;
        let mut one = Vec::new();
        let by_one = proof::write_proof_counted(&mut prover, &board, winner, &mut one, 1).unwrap();
        let mut two = Vec::new();
        let by_two = proof::write_proof_counted(&mut prover, &board, winner, &mut two, 2).unwrap();
        if prover.positions == positions {
            assert_eq!(by_one, by_two, "{board:?}");
        }
        let checked = checkers::verify(&String::from_utf8(two).unwrap()).unwrap();
        assert_eq!(checked.positions, by_two.lines);
        // (A few steps may be proven again at every walk, where more proven positions
        // than a bucket holds meet in one: the proof is still the same.)
        shared += usize::from(by_two.lines > 100_000 && by_one == by_two);
    }
    assert!(shared > 0, "no proof big enough for the threads to share");
}

/// `verify-proof` shows its two stages on a terminal: each ends with a report of all it
/// did, the move lines read of the file's, then the winner's positions checked.
#[test]
fn the_checker_reports_each_stage_to_its_end() {
    let board = Board::with_rules(3, Rules::V2013);
    let text = proof_text(&board);
    let lines = proof::move_lines(text.as_bytes());
    let mut reports = Vec::new();
    let checked = proof::verify_watched(&text, &mut |stage, done, of| {
        reports.push((stage, done, of));
    })
    .unwrap();
    assert!(lines > 1000, "{lines} lines: a proof worth watching");
    assert_eq!(
        reports,
        [
            (proof::Stage::Reading, lines, lines),
            (proof::Stage::Checking, checked.positions, lines)
        ]
    );
    // A proof that fails is still read to its end first.
    let first = text.lines().find(|l| l.split(' ').count() == 3).unwrap();
    let broken = text
        .replacen(&format!("{first}\n"), "", 1)
        .replace(&format!("end {lines}"), &format!("end {}", lines - 1));
    let mut stages = Vec::new();
    let failed = proof::verify_watched(&broken, &mut |stage, _, _| stages.push(stage));
    assert!(failed.is_err());
    assert_eq!(stages.first(), Some(&proof::Stage::Reading));
}

/// `notation` and a square (row, column from 1) under symmetry `t` of the square board: a
/// transposition (t & 4), then a flip of the rows (t & 1) and of the columns (t & 2).
fn turned(notation: &str, t: usize, (row, col): (usize, usize)) -> (String, (usize, usize)) {
    let rows: Vec<&str> = notation.split('/').collect();
    let n = rows.len();
    let at = |r: usize, c: usize| {
        let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
        let r = if t & 1 != 0 { n - 1 - r } else { r };
        let c = if t & 2 != 0 { n - 1 - c } else { c };
        (r, c)
    };
    let image: Vec<String> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let (r, c) = at(r, c);
                    &rows[r][2 * c..2 * c + 2]
                })
                .collect()
        })
        .collect();
    // The image's square that shows the original's (row, col).
    let square = (0..n * n)
        .map(|i| (i / n, i % n))
        .find(|&(r, c)| at(r, c) == (row - 1, col - 1))
        .unwrap();
    (image.join("/"), (square.0 + 1, square.1 + 1))
}

#[test]
fn every_line_under_a_symmetry_of_its_own_still_checks_and_a_wrong_square_fails() {
    // 3x3 and 4x4 classes are packed in 128 bits, 6x6 ones are not: both kinds of key
    // (the prover stops at 5x5, so the 6x6 proofs are wins in one move, written here).
    let mut boards = vec![Board::new(3)];
    boards.extend(random_positions(Rules::V2014, 4, 14, 3));
    boards.extend(random_positions(Rules::V2013, 4, 28, 2));
    let mut proofs: Vec<(Board, String)> = boards.iter().map(|b| (*b, proof_text(b))).collect();
    let wins_at_once = |b: &Board| {
        Squares(b.legal_moves()).find(|&sq| {
            let mut child = *b;
            child.play(sq);
            child.winner().is_some()
        })
    };
    for board in random_positions(Rules::V2014, 6, 100, 40) {
        let Some(sq) = wins_at_once(&board) else {
            continue;
        };
        let (p, c) = (board.to_notation(), board.coord(sq));
        let text = format!(
            "rules 2014\nroot {p}\nwinner {}\n{p} {} {}\nend 1\n",
            board.to_move(),
            c.row,
            c.col
        );
        proofs.push((board, text));
    }
    assert!(proofs.iter().filter(|(b, _)| b.size() == 6).count() >= 3);
    for (board, text) in proofs {
        let expected = checkers::verify(&text).unwrap().positions;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let moves: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].split_whitespace().count() == 3 && !lines[i].starts_with('#'))
            .collect();
        for (k, &i) in moves.iter().enumerate() {
            let words: Vec<&str> = lines[i].split_whitespace().collect();
            let (r, c) = (words[1].parse().unwrap(), words[2].parse().unwrap());
            let (p, (r, c)) = turned(words[0], k % 8, (r, c));
            lines[i] = format!("{p} {r} {c}");
        }
        let checked = checkers::verify(&lines.join("\n"));
        let checked = checked.unwrap_or_else(|e| panic!("{}: {e}", board.to_notation()));
        assert_eq!(checked.positions, expected, "{}", board.to_notation());
        // The root's own line with its move turned by one symmetry too many: the checker
        // must follow the line's square, not guess it.
        let root = &moves[0];
        let words: Vec<String> = lines[*root].split_whitespace().map(String::from).collect();
        let wrong = (1..8).find_map(|t| {
            let (_, (r, c)) = turned(
                &words[0],
                t,
                (words[1].parse().ok()?, words[2].parse().ok()?),
            );
            let mut tampered = lines.clone();
            tampered[*root] = format!("{} {r} {c}", words[0]);
            checkers::verify(&tampered.join("\n"))
                .is_err()
                .then_some(())
        });
        let size = board.size();
        assert!(wrong.is_some() || size == 3, "{}", board.to_notation());
    }
}

/// `text` with `line` put in at index `at` of its lines, and its `end` line counting it.
fn with_line_at(text: &str, at: usize, line: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.insert(at, line.to_string());
    let end = lines.iter().position(|l| l.starts_with("end ")).unwrap();
    let count: usize = lines[end][4..].parse().unwrap();
    lines[end] = format!("end {}", count + 1);
    lines.join("\n") + "\n"
}

#[test]
fn a_class_given_twice_is_refused_by_both_checkers_naming_both_lines() {
    let text = proof_text(&Board::new(3));
    let lines: Vec<&str> = text.lines().collect();
    let moves: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].split_whitespace().count() == 3)
        .collect();
    for (k, &i) in moves.iter().enumerate().step_by(97) {
        let [p, r, c] = lines[i].split_whitespace().collect::<Vec<_>>()[..] else {
            unreachable!()
        };
        // The same position again (with the same move, which would pass a checker that
        // took either line), or a mirror image or rotation of it, later in the file.
        let (image, (r, c)) = turned(p, k % 8, (r.parse().unwrap(), c.parse().unwrap()));
        let again = format!("{image} {r} {c}");
        let at = moves[(k + 5).min(moves.len() - 1)] + 1;
        let refused = checkers::verify(&with_line_at(&text, at, &again));
        let Err(CheckError::Malformed { line, reason }) = refused else {
            panic!("{again} at line {}: {refused:?}", at + 1)
        };
        assert_eq!(line, at + 1, "{reason}");
        assert!(
            reason.contains(&format!("the position of line {} ", i + 1)),
            "{reason}"
        );
    }
    // The proof without the repeat still checks.
    assert!(checkers::verify(&text).is_ok());
}

#[test]
fn verify_proof_refuses_a_repeated_class_in_both_modes_with_exit_2_and_both_lines() {
    let text = proof_text(&Board::new(3));
    let first = text
        .lines()
        .position(|l| l.split_whitespace().count() == 3)
        .unwrap();
    let repeated = text.lines().nth(first).unwrap().to_string();
    let path = scratch("repeated.txt", &with_line_at(&text, first + 3, &repeated));
    let p = path.to_str().unwrap();
    let want = format!(
        "line {}: a second move for the position of line {} (or a mirror image or rotation of it)",
        first + 4,
        first + 1
    );
    for args in [
        vec!["verify-proof", p],
        vec!["verify-proof", p, "--memory", "64"],
    ] {
        let (code, out, err) = jump61(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(&want), "{args:?}: {err}");
    }
}

#[test]
fn the_check_within_a_memory_limit_spills_and_counts_as_the_one_in_memory() {
    for board in random_positions(Rules::V2014, 4, 12, 3) {
        let text = proof_text(&board);
        let lines = proof::move_lines(text.as_bytes());
        let expected = proof::verify(&text).unwrap();
        let (checked, disk) = checkers::verify_within(&text, 4 << 10);
        assert_eq!(checked.unwrap(), expected);
        // Each move line takes 16 bytes on disk.
        if lines > 1000 {
            assert!(
                disk >= 16 * lines as u64,
                "{lines} lines, {disk} bytes on disk"
            );
        }
    }
}

#[test]
fn verify_proof_within_a_memory_limit_says_the_disk_it_took_and_leaves_no_file() {
    let text = proof_text(&Board::new(3));
    let path = scratch("within.txt", &text);
    let dir = path.parent().unwrap().join("within-temp");
    std::fs::create_dir_all(&dir).unwrap();
    let p = path.to_str().unwrap();
    let (code, out, err) = jump61(&[
        "verify-proof",
        p,
        "--memory",
        "64",
        "--temp-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let (_, in_memory, _) = jump61(&["verify-proof", p]);
    let positions = |out: &str| out.split(" positions").next().unwrap().to_string();
    assert_eq!(positions(&out), positions(&in_memory));
    assert!(
        out.contains("within 64 MB, 0.0 MB on disk at most)"),
        "{out}"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    // A proof that fails, and one cut short, leave nothing behind either.
    let wrong = scratch(
        "within-wrong.txt",
        &text.replace("winner Blue", "winner Red"),
    );
    let (code, out, _) = jump61(&["verify-proof", wrong.to_str().unwrap(), "--memory", "64"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("proof rejected: fails at 1-1-1-/1-1-1-/1-1-1-"),
        "{out}"
    );
    let cut = scratch("within-cut.txt", &text[..text.len() / 2]);
    let (code, _, err) = jump61(&["verify-proof", cut.to_str().unwrap(), "--memory", "64"]);
    assert_eq!(code, 2, "{err}");
    let left = std::fs::read_dir(path.parent().unwrap()).unwrap();
    let left: Vec<_> = left
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with(".jump61-verify"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // A directory that cannot hold its files, or too little memory, is refused.
    let (code, _, err) = jump61(&[
        "verify-proof",
        p,
        "--memory",
        "64",
        "--temp-dir",
        "/nonexistent/x",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot make a directory"), "{err}");
    let (code, _, err) = jump61(&["verify-proof", p, "--memory", "8"]);
    assert_eq!(code, 2, "{err}");
}
