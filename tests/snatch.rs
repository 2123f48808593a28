//! Jump Snatch as a whole: the seed's two examples, each rule reading of docs/snatch.md, the
//! fast rules and solvers against the plain ones in `plain_snatch`, and the command loop
//! (in-process with byte buffers, and the real binary with piped input).

use crate::plain_snatch;

use jump61::snatch::board::{Board, LastJump};
use jump61::snatch::moves::{MoveError, legal_moves, parse_move};
use jump61::snatch::session::{puzzle_answer, run_loop, value_answer};
use jump61::snatch::solve::{Solver, fewest_moves};
use plain_snatch::{Plain, plain_fewest, plain_wins};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::process::{Command, Stdio};

fn board(text: &str) -> Board {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn plain(b: &Board) -> Plain {
    Plain::parse(&b.notation())
}

/// Runs the command loop on `input`; returns (output, errors).
fn transcript(input: &str) -> (String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    run_loop(input.as_bytes(), &mut out, &mut err);
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

// ----- the seed's examples -----

#[test]
fn first_example_is_one_three_jump_move() {
    let b = board(".xx/.xx/...");
    assert_eq!(puzzle_answer(&b, None).unwrap(), "1 move: 1:3x3:3x1:1x1:3");
    let moves = fewest_moves(&b, None).unwrap().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].path.len(), 4, "three jumps");
    assert_eq!(moves[0].result.count_ones(), 1);
}

#[test]
fn second_example_second_player_wins_along_the_seed_line() {
    let b = board("xx./.../.xx");
    assert_eq!(
        value_answer(&b, LastJump::Nobody, 0, None).unwrap(),
        "the second player wins"
    );
    // Every first move is a jump, every reply is a jump, and they all leave the seed's board.
    for first in legal_moves(&b) {
        assert!(first.jump);
        let after_a = Board::from_bits(3, first.result);
        for second in legal_moves(&after_a) {
            assert!(second.jump);
            let after_b = Board::from_bits(3, second.result);
            assert_eq!(after_b.notation(), "..x/.../x..");
        }
    }
    // Then the only legal moves go to the centre, and any of them loses to a jump.
    let stuck_side = board("..x/.../x..");
    let slides = legal_moves(&stuck_side);
    assert!(!slides.is_empty() && slides.iter().all(|m| !m.jump && m.path[1] == 9));
    for m in slides {
        let replies = legal_moves(&Board::from_bits(3, m.result));
        assert!(replies.iter().all(|r| r.jump && r.result.count_ones() == 1));
    }
}

#[test]
fn second_example_played_by_the_ai_follows_the_seed_line() {
    let (out, err) = transcript("position xx./.../.xx\nsecond ai\nfirst ai\nboard\n");
    assert_eq!(err, "");
    let plays: Vec<&str> = out.lines().filter(|l| l.contains("(AI) plays")).collect();
    assert_eq!(plays.len(), 4, "{out}");
    assert!(plays[0].starts_with("the first player (AI) plays") && plays[0].contains('x'));
    assert!(plays[1].starts_with("the second player (AI) plays") && plays[1].contains('x'));
    assert!(
        plays[2].contains("-2:2"),
        "the slide goes to the centre: {out}"
    );
    assert!(plays[3].starts_with("the second player"));
    assert!(out.contains("game over: the second player wins"));
}

// ----- the rule readings (docs/snatch.md, "Readings of the open points") -----

#[test]
fn reading_jumps_are_compulsory() {
    let b = board("xx./.../.xx");
    assert_eq!(parse_move(&b, "1:1-2:1"), Err(MoveError::MustJump));
    assert!(legal_moves(&b).iter().all(|m| m.jump));
}

#[test]
fn reading_chains_reaching_one_board_are_one_move() {
    let b = board(".xx/.xx/...");
    let seed = parse_move(&b, "1:3x3:3x1:1x1:3").unwrap();
    let other = parse_move(&b, "1:3x1:1x3:3x1:3").unwrap();
    assert_eq!(seed.result, other.result);
    let moves = legal_moves(&b);
    assert_eq!(moves.iter().filter(|m| m.result == seed.result).count(), 1);
    let distinct: HashSet<u64> = moves.iter().map(|m| m.result).collect();
    assert_eq!(distinct.len(), moves.len());
    assert!(
        plain(&b).moves().len() > moves.len(),
        "the plain rules count the paths apart"
    );
}

#[test]
fn reading_a_stuck_game_goes_to_the_last_jumper() {
    let full = board("xxx/xxx/xxx");
    assert!(legal_moves(&full).is_empty());
    let mut solver = Solver::win_loss(3, None);
    assert_eq!(solver.wins(&full, LastJump::Mover), Ok(true));
    assert_eq!(solver.wins(&full, LastJump::Opponent), Ok(false));
    // Nobody has jumped: the side that cannot move loses.
    assert_eq!(solver.wins(&full, LastJump::Nobody), Ok(false));
    assert_eq!(
        value_answer(&full, LastJump::Nobody, 0, None).unwrap(),
        "the second player wins: the game is over"
    );
    // One piece left is the same rule: nobody can move, the last jumper has won.
    assert!(legal_moves(&board("x../.../...")).is_empty());
}

#[test]
fn reading_the_puzzle_obeys_the_game_rules() {
    // Jumps stay compulsory in the puzzle: here the answer jumps twice before it slides.
    let b = board("xx./.../.xx");
    assert_eq!(
        puzzle_answer(&b, None).unwrap(),
        "4 moves: 3:3x3:1 1:1x1:3 3:1-2:2 1:3x3:1"
    );
    assert_eq!(plain_fewest(&plain(&b)), Some(4));
    assert_eq!(
        puzzle_answer(&board("x../.../..."), None).unwrap(),
        "0 moves: one piece is already left"
    );
    assert!(
        puzzle_answer(&board("xxx/xxx/xxx"), None)
            .unwrap()
            .starts_with("cannot be done")
    );
}

#[test]
fn slides_must_make_a_jump_before_they_may_merely_close_in() {
    // 1:1 and 2:3 are two apart. Three slides make a jump possible, so only they are legal;
    // 1:1-1:2 also closes the distance (to 1) but makes no jump (both landings are off the
    // board), so it is not.
    let moves = legal_moves(&board("x../..x/..."));
    let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(names, ["1:1-2:2", "2:3-1:2", "2:3-2:2"]);
}

// ----- fast against plain -----

/// Seeded random positions of every size, from sparse to crowded.
fn positions() -> Vec<Board> {
    let mut v = Vec::new();
    for seed in 0..120u64 {
        let size = 3 + (seed % 6) as usize;
        let pieces = 2 + (seed as usize * 7) % (size * size / 2);
        v.push(Board::random(size, pieces, seed));
    }
    v
}

fn compare_tree(b: &Board, depth: u32, nodes: &mut u64) {
    *nodes += 1;
    assert_eq!(b.hash(), b.hash_from_scratch());
    let fast = legal_moves(b);
    let fast_results: HashSet<String> = fast
        .iter()
        .map(|m| Board::from_bits(b.size(), m.result).notation())
        .collect();
    let plain_results: HashSet<String> = plain(b).results().iter().map(Plain::notation).collect();
    assert_eq!(
        fast.len(),
        fast_results.len(),
        "one move per board at {}",
        b.notation()
    );
    assert_eq!(fast_results, plain_results, "at {}", b.notation());
    if depth > 1 {
        for m in &fast {
            let mut next = *b;
            next.set_bits(m.result);
            compare_tree(&next, depth - 1, nodes);
        }
    }
}

#[test]
fn fast_moves_agree_with_plain_moves_in_a_small_perft() {
    let mut nodes = 0;
    for b in positions() {
        // Every node of the perft; three plies on the small boards, two on the big ones,
        // whose jump chains make the plain rules slow.
        compare_tree(&b, if b.size() <= 5 { 3 } else { 2 }, &mut nodes);
    }
    assert!(nodes > 1000, "{nodes} nodes");
}

#[test]
fn solvers_agree_with_plain_solvers() {
    for seed in 0..150u64 {
        let size = 3 + (seed % 3) as usize;
        let pieces = 2 + (seed % 5) as usize;
        let b = Board::random(size, pieces, seed);
        let p = plain(&b);
        let fast = fewest_moves(&b, None).unwrap();
        assert_eq!(
            fast.as_ref().map(Vec::len),
            plain_fewest(&p),
            "puzzle at {}",
            b.notation()
        );
        if let Some(moves) = fast {
            // The printed sequence is legal, move by move, under the plain rules.
            let mut at = p.clone();
            for m in &moves {
                let next = Board::from_bits(size, m.result).notation();
                assert!(at.results().iter().any(|r| r.notation() == next));
                at = Plain::parse(&next);
            }
            assert_eq!(at.count(), 1);
        }
        let mut memo = HashMap::new();
        for (last, code) in [
            (LastJump::Nobody, 0),
            (LastJump::Mover, 1),
            (LastJump::Opponent, 2),
        ] {
            let fast = Solver::win_loss(size, None).wins(&b, last).unwrap();
            let dist = Solver::distance(size, None).value(&b, last).unwrap() > 0;
            let slow = plain_wins(&p, code, &mut memo);
            assert_eq!(
                (fast, dist),
                (slow, slow),
                "two-player at {} {last:?}",
                b.notation()
            );
        }
    }
}

// ----- the command loop -----

#[test]
fn help_lists_every_command() {
    let (out, _) = transcript("help\n");
    for word in [
        "size", "set", "position", "random", "board", "undo", "solve", "value", "first", "second",
        "time", "quit",
    ] {
        assert!(out.contains(word), "help lacks {word}");
    }
}

#[test]
fn a_person_game_with_undo_solve_and_value() {
    let input = "position .xx/.xx/...\nsolve\nvalue\n1:3x3:3\nboard\nundo\nboard\n1:3x3:3x1:1x1:3\nquit\nboard\n";
    let (out, err) = transcript(input);
    assert_eq!(err, "");
    let expected = "\
1 move: 1:3x3:3x1:1x1:3
the first player wins: 1:3x3:3x1:1x1:3, 1:3x3:1
    1 2 3
  1 . x .
  2 . x .
  3 . . x
the second player to move
    1 2 3
  1 . x x
  2 . x x
  3 . . .
the first player to move
game over: the first player wins
";
    assert_eq!(out, expected);
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let input = "position .xx/.xx/...\nfrobnicate\nsize 9\nsize x\nset 4:4 x\nset 1:1 o\nposition xx/xx\nrandom 3 20 1\n\
                 1:1-2:1\n9:9x1:1\n1:2x1:3\n2:2-2:1\nundo\nfirst robot\ntime -1\nboard\n";
    let (out, err) = transcript(input);
    assert_eq!(err.lines().count(), 14, "{err}");
    assert!(err.lines().all(|l| l.starts_with("error: ")));
    assert_eq!(
        out,
        "    1 2 3\n  1 . x x\n  2 . x x\n  3 . . .\nthe first player to move\n"
    );
}

#[test]
fn set_size_and_random_build_positions() {
    let (out, err) =
        transcript("size 4\nset 1:1 x\nset 2:2 x\nboard\nrandom 5 8 3\nrandom 5 8 3\n");
    assert_eq!(err, "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[..6],
        [
            "    1 2 3 4",
            "  1 x . . .",
            "  2 . x . .",
            "  3 . . . .",
            "  4 . . . .",
            "the first player to move"
        ]
    );
    assert_eq!(lines[6], lines[7], "the same seed gives the same board");
    assert_eq!(board(lines[6]).pieces(), 8);
}

#[test]
fn the_ai_answers_a_person_and_never_plays_illegally() {
    // 6x6 boards play exactly; the 8x8 ones with a short time fall back to alpha-beta.
    for (size, pieces, seed) in [
        (6, 10, 0),
        (6, 10, 1),
        (6, 10, 2),
        (8, 24, 1),
        (8, 24, 2),
        (8, 30, 3),
    ] {
        let input = format!("time 0.05\nrandom {size} {pieces} {seed}\nsecond ai\nfirst ai\n");
        let (out, err) = transcript(&input);
        assert_eq!(err, "");
        assert_eq!(out.matches("game over").count(), 1, "{out}");
        // Replay every announced move on our own board: each must be legal.
        let mut at = board(out.lines().next().unwrap());
        for line in out.lines().filter(|l| l.contains(" plays ")) {
            let text = line
                .split(" plays ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap();
            let m = parse_move(&at, text).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert!(
                legal_moves(&at).iter().any(|l| l.result == m.result),
                "{line}"
            );
            at.set_bits(m.result);
        }
        assert!(legal_moves(&at).is_empty(), "the game ran to its end");
    }
}

#[test]
fn the_binary_answers_once_and_runs_the_loop() {
    let exe = env!("CARGO_BIN_EXE_jump61");
    let once = Command::new(exe)
        .args(["snatch", "solve", "--position", ".xx/.xx/..."])
        .output()
        .unwrap();
    assert!(once.status.success());
    assert_eq!(
        String::from_utf8_lossy(&once.stdout),
        "1 move: 1:3x3:3x1:1x1:3\n"
    );
    let two = Command::new(exe)
        .args([
            "snatch",
            "solve",
            "--position",
            "xx./.../.xx",
            "--two-player",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&two.stdout),
        "the second player wins\n"
    );
    let mut child = Command::new(exe)
        .arg("snatch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let script = "help\nposition xx./.../.xx\nbogus\n1:1x1:3\nsecond ai\nvalue\n";
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    stdin.write_all(b"\xff\xfe not text\nquit\n").unwrap();
    drop(stdin);
    let done = child.wait_with_output().unwrap();
    assert_eq!(done.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&done.stderr).contains("error: unknown command 'bogus'"));
}
