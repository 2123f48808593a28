use super::*;
use crate::board::Squares;
use crate::search::solve::solve;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Whether the side to move forces a win within `k` own moves, by plain recursion: no
/// table, no move order, nothing skipped.
fn plain_wins(board: &Board, k: u32) -> bool {
    k > 0
        && Squares(board.legal_moves()).any(|mv| {
            let mut after = *board;
            after.play(mv);
            after.winner().is_some()
                || Squares(after.legal_moves()).all(|reply| {
                    let mut child = after;
                    child.play(reply);
                    child.winner().is_none() && plain_wins(&child, k - 1)
                })
        })
}

/// The fewest own moves, up to `k`, in which the side to move forces a win by
/// [`plain_wins`].
fn plain_fastest(board: &Board, k: u32) -> Option<u32> {
    (1..=k).find(|&m| plain_wins(board, m))
}

/// Positions of seeded random play on small boards under both rules, not over.
fn small_positions(count: usize) -> Vec<Board> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(61);
    let mut boards = Vec::new();
    while boards.len() < count {
        let rules = [Rules::V2014, Rules::V2013][boards.len() % 2];
        let mut board = Board::with_rules(rng.random_range(2..=3), rules);
        for _ in 0..rng.random_range(4..30) {
            let moves: Vec<usize> = Squares(board.legal_moves()).collect();
            let mut next = board;
            next.play(moves[rng.random_range(0..moves.len())]);
            if next.winner().is_some() {
                break;
            }
            board = next;
        }
        boards.push(board);
    }
    boards
}

/// Every move of the winning side, in positions won within three moves, judged as the plain
/// search judges it: a win, the slowest defence, or a reply after which the win is gone.
#[test]
fn judge_agrees_with_a_plain_search() {
    let mut judged = [0; 3];
    for board in small_positions(400) {
        let Some(k) = plain_fastest(&board, 3) else {
            continue;
        };
        for mv in Squares(board.legal_moves()) {
            let verdict = judge(&board, mv, k, u64::MAX).unwrap();
            let mut after = board;
            after.play(mv);
            let replies: Vec<(usize, Board)> = Squares(after.legal_moves())
                .map(|r| {
                    let mut child = after;
                    child.play(r);
                    (r, child)
                })
                .collect();
            let left = |child: &Board| match child.winner() {
                Some(_) => None,
                None => plain_fastest(child, k - 1),
            };
            match verdict {
                Verdict::Won => {
                    assert!(after.winner().is_some());
                    judged[0] += 1;
                }
                Verdict::Keeps {
                    defence,
                    moves_left,
                } => {
                    let slowest = replies.iter().map(|(_, c)| left(c)).max().unwrap();
                    assert_eq!(slowest, Some(moves_left), "{}", board.to_notation());
                    let chosen = replies.iter().find(|(r, _)| *r == defence).unwrap();
                    assert_eq!(left(&chosen.1), Some(moves_left));
                    judged[1] += 1;
                }
                Verdict::Escapes { refutation } => {
                    assert!(after.winner().is_none());
                    let chosen = replies.iter().find(|(r, _)| *r == refutation).unwrap();
                    assert_eq!(left(&chosen.1), None, "{}", board.to_notation());
                    judged[2] += 1;
                }
            }
        }
    }
    // Each kind of verdict came up often enough to mean something.
    assert!(judged.iter().all(|&n| n >= 20), "{judged:?}");
}

#[test]
fn judge_refuses_what_it_cannot_judge() {
    let board: Board = "2r2b/1r1b".parse().unwrap();
    assert!(
        judge(&board, 1, 2, 1000)
            .unwrap_err()
            .contains("not a legal move")
    );
    assert!(judge(&board, 0, 0, 1000).is_err());
    let won: Board = "2r1r/1r1r".parse().unwrap();
    assert!(judge(&won, 0, 1, 1000).is_err());
    // A 6x6 win in 3 cannot be judged in ten positions.
    let big = build::Plan {
        sizes: vec![6],
        moves: vec![3],
        rules: vec![Rules::V2014],
        per_cell: 1,
        ..build::Plan::shipped(1)
    };
    let (puzzles, _) = build::build(&big, &|_, _| {});
    let p = &puzzles[0];
    let err = judge(&p.board, p.answers[0], 3, 10).unwrap_err();
    assert!(err.contains("gave up"), "{err}");
}

/// The proven line plays the attacker's fastest move and the slowest defence, to a win in
/// exactly the puzzle's moves.
#[test]
fn the_main_line_wins_in_the_puzzles_moves() {
    for board in small_positions(200) {
        let Some(k) = plain_fastest(&board, 3) else {
            continue;
        };
        let line = main_line(&board, k, u64::MAX).unwrap();
        assert_eq!(line.len(), 2 * k as usize - 1, "{}", board.to_notation());
        let mut b = board;
        for (i, &mv) in line.iter().enumerate() {
            assert!(b.winner().is_none() && b.is_legal(mv));
            b.play(mv);
            assert_eq!(b.winner().is_some(), i + 1 == line.len());
        }
    }
}

/// A 2014 puzzle won in 2 and a 2013 one won in 3, from [`small_positions`].
fn two_puzzles() -> Vec<Puzzle> {
    let boards = small_positions(400);
    let find = |rules: Rules, k: u32| {
        let mut found = boards
            .iter()
            .filter(|b| b.rules() == rules && plain_fastest(b, 3) == Some(k))
            .map(|b| prove(b, k, u64::MAX).unwrap());
        // Some first moves do not win: a wrong answer can list them.
        found
            .find(|p| p.answers.len() < p.board.legal_moves().count_ones() as usize)
            .unwrap()
    };
    vec![find(Rules::V2014, 2), find(Rules::V2013, 3)]
}

#[test]
fn a_collection_reads_back_as_written() {
    let puzzles = two_puzzles();
    let text = collection_text(&["made by a test".to_string()], &puzzles);
    assert!(text.starts_with("# made by a test\n# rules 2014\n"));
    assert!(text.contains("\n# rules 2013\n"));
    assert_eq!(parse_collection(&text, Rules::V2014).unwrap(), puzzles);
    assert_eq!(
        prove_collection(&text, Rules::V2014, 100_000).unwrap(),
        puzzles
    );
    // Without its `# rules` lines, the 2013 puzzle is refused (as a position, or for its
    // side to move, which the 2014 rules take from the spots), naming its line.
    let no_rules: String = text
        .lines()
        .filter(|l| !l.starts_with("# rules"))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = parse_collection(&no_rules, Rules::V2014).unwrap_err();
    assert!(err.starts_with("line 3: "), "{err}");
}

#[test]
fn a_wrong_or_missing_answer_is_an_error_naming_its_line() {
    let puzzles = two_puzzles();
    let line = puzzles[0].line();
    let mover = puzzles[0].board.to_move();
    let (me, other) = (mover.name(), mover.opponent().name());
    let bare = format!("{} 2\n", puzzles[0].board.to_notation());
    let cases = [
        (bare, "line 1: no recorded answer"),
        (
            format!("\n{}", line.replace(me, other)),
            "line 2: the recorded answer",
        ),
        (
            format!("# rules 2015\n{line}"),
            "line 1: unknown rules '2015'",
        ),
        (
            line.replace(" positions)", ")"),
            "line 1: the recorded answer",
        ),
        (
            line.replace(" 2 #", " #"),
            "line 1: a puzzle needs its number of moves",
        ),
        (line.replace(": ", ": 9 9, "), "line 1: the recorded answer"),
    ];
    for (text, expected) in cases {
        let err = parse_collection(&text, Rules::V2014).unwrap_err();
        assert!(err.starts_with(expected), "{text:?}: {err}");
    }
    // The form is right but the answer is not the proven one: only a proof finds that.
    let Solution::Win { first_moves, .. } = solve(&puzzles[0].board, 2) else {
        panic!()
    };
    let every = puzzles[0].board.legal_moves().count_ones() as usize;
    assert!(first_moves.len() < every);
    let wrong = Puzzle {
        answers: Squares(puzzles[0].board.legal_moves()).collect(),
        ..puzzles[0].clone()
    };
    let text = wrong.line();
    assert!(parse_collection(&text, Rules::V2014).is_ok());
    let err = prove_collection(&text, Rules::V2014, 1000).unwrap_err();
    assert!(err.contains("is not the proven one"), "{err}");
}

/// The shipped collection parses, is as large and as varied as it says, and is in order.
#[test]
fn the_shipped_collection_is_read_and_in_order_of_work() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 300, "{}", puzzles.len());
    assert!(puzzles.windows(2).all(|w| w[0].work <= w[1].work));
    for size in 3..=8 {
        assert!(puzzles.iter().any(|p| p.board.size() == size), "{size}");
    }
    for moves in 1..=5 {
        assert!(puzzles.iter().any(|p| p.moves == moves), "{moves}");
    }
    for rules in [Rules::V2013, Rules::V2014] {
        assert!(puzzles.iter().any(|p| p.board.rules() == rules));
    }
}
