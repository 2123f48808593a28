//! Unit tests of the plain reference implementation (tests/plain) on its own.

use crate::plain;

use plain::PlainBoard;

fn board(notation: &str) -> PlainBoard {
    PlainBoard::parse(notation).unwrap_or_else(|e| panic!("parse {notation:?}: {e}"))
}

/// Plays one move and returns the resulting notation.
fn after(notation: &str, row: usize, col: usize) -> String {
    let mut b = board(notation);
    b.play(row, col);
    b.notation()
}

// ----- initial position and notation -----

#[test]
fn initial_position_every_size() {
    for n in 2..=10 {
        let b = PlainBoard::new(n);
        assert_eq!(b.size(), n);
        assert_eq!(b.total_spots(), (n * n) as u32);
        // n*n + n = n(n+1) is always even: Red moves first on every size.
        assert_eq!(b.to_move(), 'r');
        assert_eq!(b.winner(), None);
        let row = "1-".repeat(n);
        let expected = vec![row; n].join("/");
        assert_eq!(b.notation(), expected);
        assert_eq!(board(&expected), b);
        let moves = b.legal_moves();
        assert_eq!(moves.len(), n * n);
        let mut row_major = Vec::new();
        for r in 1..=n {
            for c in 1..=n {
                row_major.push((r, c));
                assert_eq!(b.square(r, c), ('-', 1));
            }
        }
        assert_eq!(moves, row_major);
    }
}

#[test]
fn notation_round_trip() {
    let cases = [
        "1-1-/1-1-",
        "2r2b/1-1-",
        "2r1-1-/1-2b1-/1-1-1-",
        // Largest legal counts on 3x3: corners 2, edges 3, centre 4.
        "2r3r2b/3b4r3r/2b3b2r",
        // The 6x6 board printed by `dump` in section 3 of the assignment.
        "2r1-2r2r1-2b/1-1-2r1-3r1-/2r3r2r3r1-2b/3r1r3r2r2r2b/2b4r3r1r3r2b/2b2b3b2r3b1b",
        "1-1-1-1-1-1-1-1-1-1-/1-1-1-1-1-1-1-1-1-1-/1-1-1-1-1-1-1-1-1-1-/\
         1-1-1-1-1-1-1-1-1-1-/1-1-1-1-4b1-1-1-1-1-/1-1-1-1-1-1-1-1-1-1-/\
         1-1-1-1-1-1-1-1-1-1-/1-1-1-1-1-1-1-1-1-1-/1-1-1-1-1-1-1-1-1-1-/\
         2r1-1-1-1-1-1-1-1-2b",
    ];
    for text in cases {
        let b = board(text);
        assert_eq!(b.notation(), text);
        assert_eq!(board(&b.notation()), b);
    }
    let b = board("2r1-2r2r1-2b/1-1-2r1-3r1-/2r3r2r3r1-2b/3r1r3r2r2r2b/2b4r3r1r3r2b/2b2b3b2r3b1b");
    assert_eq!(b.size(), 6);
    assert_eq!(b.square(1, 1), ('r', 2));
    assert_eq!(b.square(1, 2), ('-', 1));
    assert_eq!(b.square(1, 6), ('b', 2));
    assert_eq!(b.square(5, 2), ('r', 4));
    assert_eq!(b.square(6, 3), ('b', 3));
    assert_eq!(b.square(6, 6), ('b', 1));
    // Row sums 10 + 9 + 13 + 13 + 15 + 13.
    assert_eq!(b.total_spots(), 73);
    // 73 + 6 is odd.
    assert_eq!(b.to_move(), 'b');
    // Outer whitespace is tolerated.
    assert_eq!(board("  2r2b/1-1-\n"), board("2r2b/1-1-"));
}

#[test]
fn parse_errors() {
    let bad = [
        // Sizes 0, 1 and 11.
        "",
        "1-",
        "2r",
        &vec!["1-".repeat(11); 11].join("/"),
        // Wrong row lengths.
        "1-1-/1-",
        "1-/1-1-",
        "1-1-1-/1-1-/1-1-1-",
        "1-1-1-/1-1-1-/1-1-1-1-",
        "1-1-/1-1-1",
        // Wrong number of rows for the row length.
        "1-1-1-/1-1-1-",
        "1-1-/1-1-/1-1-",
        // Trailing or doubled separators.
        "1-1-/1-1-/",
        "1-1-//1-1-",
        // Bad tokens.
        "1x1-/1-1-",
        "r11-/1-1-",
        "xr1-/1-1-",
        "1R1-/1-1-",
        "1-1 /1-1-",
        "1- 1-/1-1-",
        "0r1-/1-1-",
        "0b1-/1-1-",
        "2-1-/1-1-",
        "0-1-/1-1-",
        "é-1-/1-1-",
        // Spots above the neighbour count: corner 3, edge 4, centre 5.
        "3r1-/1-1-",
        "1-1-/1-3b",
        "1-4r1-/1-1-1-/1-1-1-",
        "1-1-1-/4b1-1-/1-1-1-",
        "1-1-1-/1-5r1-/1-1-1-",
        "1-1-1-/1-1-1-/1-1-3b",
        "9r1-/1-1-",
    ];
    for text in bad {
        assert!(
            PlainBoard::parse(text).is_err(),
            "{text:?} should not parse but gave {:?}",
            PlainBoard::parse(text)
        );
    }
    // The largest legal counts are accepted.
    assert!(PlainBoard::parse("2r2b/2b2r").is_ok());
    assert!(PlainBoard::parse("2r3r2r/3b4b3b/2r3r2r").is_ok());
    assert!(PlainBoard::parse(&vec!["1-".repeat(10); 10].join("/")).is_ok());
}

// ----- toppling -----

#[test]
fn quiet_move_without_toppling() {
    // A corner holds 2, an edge 3, the centre 4 before becoming overfull.
    assert_eq!(after("1-1-1-/1-1-1-/1-1-1-", 1, 1), "2r1-1-/1-1-1-/1-1-1-");
    // 11 + 3 even: Red adds to its edge square 2:1 (2 -> 3, not overfull).
    assert_eq!(after("1-1-1-/2r1-1-/1-1-2b", 2, 1), "1-1-1-/3r1-1-/1-1-2b");
    // 11 + 3 even: Red adds to its centre square (3 -> 4, not overfull).
    assert_eq!(after("1-1-1-/1-3r1-/1-1-1-", 2, 2), "1-1-1-/1-4r1-/1-1-1-");
}

#[test]
fn chain_reaction_two_topples() {
    // 3x3, total spots 13, 13 + 3 = 16 even: Red to move.
    //   2r 3b 1-
    //   2b 1- 1-
    //   1- 1- 1-
    // Red adds a spot at 1:1 -> 3r, overfull (corner, 2 neighbours).
    // Topple 1:1 -> 1:1 = 1r, 1:2 = 3b+1 = 4r, 2:1 = 2b+1 = 3r.
    //   1:2 is an edge with 4 > 3: overfull. 2:1 edge with 3: fine.
    // Topple 1:2 -> 1:2 = 1r, 1:1 = 2r, 1:3 = 2r, 2:2 = 2r. Nothing overfull.
    //   2r 1r 2r
    //   3r 2r 1-
    //   1- 1- 1-
    // Total 14 = 13 + 1; Blue to move, on the four white squares.
    let mut b = board("2r3b1-/2b1-1-/1-1-1-");
    assert_eq!(b.to_move(), 'r');
    b.play(1, 1);
    assert_eq!(b.notation(), "2r1r2r/3r2r1-/1-1-1-");
    assert_eq!(b.total_spots(), 14);
    assert_eq!(b.to_move(), 'b');
    assert_eq!(b.winner(), None);
    assert_eq!(b.legal_moves(), vec![(2, 3), (3, 1), (3, 2), (3, 3)]);
}

#[test]
fn chain_reaction_square_topples_twice() {
    // 3x3, total 15, 15 + 3 = 18 even: Red to move.
    //   2r 3b 1-
    //   3b 1- 1-
    //   1- 1- 2b
    // Red adds at 1:1 -> 3r, overfull.
    // Topple 1:1: 1:1 = 1r, 1:2 = 4r, 2:1 = 4r (both edges, both overfull).
    // Topple 1:2: 1:2 = 1r, 1:1 = 2r, 1:3 = 2r, 2:2 = 2r.
    // Topple 2:1: 2:1 = 1r, 1:1 = 3r (overfull again), 3:1 = 2r, 2:2 = 3r.
    // Topple 1:1: 1:1 = 1r, 1:2 = 2r, 2:1 = 2r. Nothing overfull now.
    //   1r 2r 2r
    //   2r 3r 1-
    //   2r 1- 2b
    // (Any topple order gives the same result: 1:1 twice, 1:2 and 2:1 once.)
    // Total 16; Blue keeps 3:3 and may also take the two white squares.
    let mut b = board("2r3b1-/3b1-1-/1-1-2b");
    assert_eq!(b.to_move(), 'r');
    b.play(1, 1);
    assert_eq!(b.notation(), "1r2r2r/2r3r1-/2r1-2b");
    assert_eq!(b.total_spots(), 16);
    assert_eq!(b.to_move(), 'b');
    assert_eq!(b.legal_moves(), vec![(2, 3), (3, 2), (3, 3)]);
}

#[test]
fn chain_reaction_4x4_blue() {
    // 4x4, total 23, 23 + 4 = 27 odd: Blue to move.
    //   1- 1- 1- 1-
    //   1- 4b 3r 1-
    //   1- 1- 1- 1-
    //   2r 1- 1- 2r
    // Blue adds at 2:2 -> 5b, overfull (interior, 4 neighbours).
    // Topple 2:2: 2:2 = 1b, 1:2 = 2b, 3:2 = 2b, 2:1 = 2b, 2:3 = 3r+1 = 4b.
    //   2:3 is interior: 4 is not overfull. Nothing else overfull.
    //   1- 2b 1- 1-
    //   2b 1b 4b 1-
    //   1- 2b 1- 1-
    //   2r 1- 1- 2r
    let mut b = board("1-1-1-1-/1-4b3r1-/1-1-1-1-/2r1-1-2r");
    assert_eq!(b.to_move(), 'b');
    b.play(2, 2);
    assert_eq!(b.notation(), "1-2b1-1-/2b1b4b1-/1-2b1-1-/2r1-1-2r");
    assert_eq!(b.to_move(), 'r');
    // Red may play anywhere except the five blue squares.
    assert_eq!(b.legal_moves().len(), 11);
    // Red plays its corner 4:4 (2r -> 3r, overfull):
    // Topple 4:4: 4:4 = 1r, 3:4 = 2r, 4:3 = 2r. Nothing overfull.
    b.play(4, 4);
    assert_eq!(b.notation(), "1-2b1-1-/2b1b4b1-/1-2b1-2r/2r1-2r1r");
    assert_eq!(b.to_move(), 'b');
}

// ----- winning -----

#[test]
fn win_by_chain() {
    // 2x2, total 6, 6 + 2 even: Red to move.
    //   2r 2b
    //   1- 1-
    // Red adds at 1:1 -> 3r, overfull (every 2x2 square is a corner).
    // Topple 1:1: 1:1 = 1r, 1:2 = 3r, 2:1 = 2r. 2:2 still white: no win.
    // Topple 1:2: 1:2 = 1r, 1:1 = 2r, 2:2 = 2r. All red: Red wins.
    //   2r 1r
    //   2r 2r
    let mut b = board("2r2b/1-1-");
    assert_eq!(b.to_move(), 'r');
    assert_eq!(b.winner(), None);
    b.play(1, 1);
    assert_eq!(b.notation(), "2r1r/2r2r");
    assert_eq!(b.winner(), Some('r'));
    assert!(b.legal_moves().is_empty());
    assert_eq!(b.perft(0), 1);
    assert_eq!(b.perft(1), 0);
    assert_eq!(b.perft(3), 0);
}

#[test]
fn win_stops_with_overfull_squares_left() {
    // 2x2, total 8, 8 + 2 even: Red to move.
    //   2r 2b
    //   2b 2r
    // Red adds at 1:1 -> 3r. Topple 1:1: 1:1 = 1r, 1:2 = 3r, 2:1 = 3r.
    // Every square is red now, so redistribution stops at once even though
    // 1:2 and 2:1 are overfull (they would otherwise topple for ever).
    let mut b = board("2r2b/2b2r");
    b.play(1, 1);
    assert_eq!(b.notation(), "1r3r/3r2r");
    assert_eq!(b.winner(), Some('r'));
    assert!(b.legal_moves().is_empty());
    // Such a board is not a legal parse input (corners hold at most 2).
    assert!(PlainBoard::parse("1r3r/3r2r").is_err());
}

#[test]
fn win_by_placing_a_spot() {
    // The last white square is taken without any toppling.
    // 6 + 2 even: Red.
    assert_eq!(after("2r1r/2r1-", 2, 2), "2r1r/2r2r");
    // 7 + 2 odd: Blue.
    let mut b = board("2b2b/2b1-");
    assert_eq!(b.to_move(), 'b');
    b.play(2, 2);
    assert_eq!(b.notation(), "2b2b/2b2b");
    assert_eq!(b.winner(), Some('b'));
    // 3x3: Blue takes the last white square 3:3 (22 + 3 odd: Blue).
    let mut b = board("2b3b2b/3b3b3b/2b3b1-");
    assert_eq!(b.to_move(), 'b');
    assert_eq!(b.legal_moves().len(), 9);
    b.play(3, 3);
    assert_eq!(b.winner(), Some('b'));
    assert!(b.legal_moves().is_empty());
}

#[test]
fn parsed_won_boards_have_no_moves() {
    for text in ["1r1r/1r1r", "2b2b/2b1b", "1r1r1r/1r1r1r/1r1r1r"] {
        let b = board(text);
        assert!(b.winner().is_some());
        assert!(b.legal_moves().is_empty());
        assert_eq!(b.perft(1), 0);
        assert_eq!(b.perft(0), 1);
    }
    assert_eq!(board("1r1r/1r1r").winner(), Some('r'));
    assert_eq!(board("2b2b/2b1b").winner(), Some('b'));
}

// ----- illegal moves -----

#[test]
#[should_panic(expected = "illegal move")]
fn opponent_square_is_illegal() {
    // Red to move (6 + 2 even); 1:2 is blue.
    board("2r2b/1-1-").play(1, 2);
}

#[test]
#[should_panic(expected = "illegal move")]
fn own_square_of_opponent_is_illegal_for_blue() {
    // Blue to move after Red's first move; 1:1 is red.
    let mut b = PlainBoard::new(3);
    b.play(1, 1);
    b.play(1, 1);
}

#[test]
#[should_panic(expected = "illegal move")]
fn row_zero_is_illegal() {
    PlainBoard::new(3).play(0, 1);
}

#[test]
#[should_panic(expected = "illegal move")]
fn column_past_edge_is_illegal() {
    PlainBoard::new(3).play(1, 4);
}

#[test]
#[should_panic(expected = "illegal move")]
fn move_on_won_board_is_illegal() {
    // Red has won; 5 + 2 odd, so it is nominally Blue's turn, but nothing is
    // legal.
    board("2r1r/1r1r").play(1, 1);
}

// ----- side to move -----

#[test]
fn side_to_move_from_spot_parity() {
    // Total + size even: Red; odd: Blue.
    assert_eq!(board("1-1-/1-1-").to_move(), 'r'); // 4 + 2
    assert_eq!(board("2r1-/1-1-").to_move(), 'b'); // 5 + 2
    assert_eq!(board("2r2b/1-1-").to_move(), 'r'); // 6 + 2
    assert_eq!(board("1-1-1-/1-1-1-/1-1-1-").to_move(), 'r'); // 9 + 3
    assert_eq!(board("1-1-1-/1-2r1-/1-1-1-").to_move(), 'b'); // 10 + 3

    // Parity only: colours are not consulted.
    assert_eq!(board("1-1-1-/1-2b1-/1-1-1-").to_move(), 'b'); // 10 + 3
    assert_eq!(board("2b1-/1-1-").to_move(), 'b'); // 5 + 2
}

#[test]
fn side_to_move_alternates_through_whole_games() {
    for n in 2..=6 {
        for pick in [0usize, 1, 7] {
            let mut b = PlainBoard::new(n);
            let mut expected = 'r';
            let mut plies = 0;
            while b.winner().is_none() {
                assert_eq!(b.to_move(), expected);
                let moves = b.legal_moves();
                assert!(
                    !moves.is_empty(),
                    "no moves but no winner: {}",
                    b.notation()
                );
                let (r, c) = moves[(plies * pick) % moves.len()];
                b.play(r, c);
                plies += 1;
                assert_eq!(b.total_spots(), (n * n + plies) as u32);
                expected = if expected == 'r' { 'b' } else { 'r' };
                assert!(plies < 10_000, "game on {n}x{n} does not end");
            }
            // The player who made the last move is the winner.
            let last = if expected == 'r' { 'b' } else { 'r' };
            assert_eq!(b.winner(), Some(last));
        }
    }
}

/// A tiny deterministic pseudo-random generator for the playout test.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Neighbour count of 1-based square r:c on an n x n board.
fn neighbour_count(n: usize, r: usize, c: usize) -> u32 {
    let mut k = 4;
    if r == 1 || r == n {
        k -= 1;
    }
    if c == 1 || c == n {
        k -= 1;
    }
    k
}

#[test]
fn random_playouts_keep_invariants() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for game in 0..300 {
        let n = 2 + game % 9;
        let mut b = PlainBoard::new(n);
        let mut plies = 0;
        while b.winner().is_none() {
            let mover = b.to_move();
            let moves = b.legal_moves();
            for &(r, c) in &moves {
                assert_ne!(b.square(r, c).0, if mover == 'r' { 'b' } else { 'r' });
            }
            let (r, c) = moves[(rng.next() % moves.len() as u64) as usize];
            b.play(r, c);
            plies += 1;
            assert_eq!(b.square(r, c).0, mover);
            assert_eq!(b.total_spots(), (n * n + plies) as u32);
            for rr in 1..=n {
                for cc in 1..=n {
                    let (colour, spots) = b.square(rr, cc);
                    assert!(spots >= 1);
                    if colour == '-' {
                        assert_eq!(spots, 1);
                    }
                    if b.winner().is_none() {
                        assert!(spots <= neighbour_count(n, rr, cc));
                    }
                }
            }
            if b.winner().is_none() {
                // A stable board parses back to itself.
                assert_eq!(board(&b.notation()), b);
            } else {
                assert_eq!(b.winner(), Some(mover));
            }
        }
    }
}

// ----- perft -----

#[test]
fn perft_4x4_published() {
    let b = PlainBoard::new(4);
    assert_eq!(b.perft(0), 1);
    assert_eq!(b.perft(1), 16);
    assert_eq!(b.perft(2), 240);
    assert_eq!(b.perft(3), 3600);
    assert_eq!(b.perft(4), 50520);
}

#[test]
fn perft_2x2_by_hand() {
    // Squares a=1:1, b=1:2, c=2:1, d=2:2; all are corners (overfull at 3);
    // a and d are each adjacent to b and c.
    // Ply 1: Red has 4 moves; the square X becomes 2r (no topple).
    // Ply 2: Blue has the 3 other squares; Y becomes 2b (no topple).
    // Ply 3: Red has X and the two white squares: 4 * 3 * 3 = 36.
    // Ply 4, per X (take X = a):
    //   Y adjacent (b; c is symmetric):
    //     Red a: a 3r topples (a 1r, b 3r, c 2r), then b topples (b 1r,
    //       a 2r, d 2r): all red, Red wins -> 0 continuations.
    //     Red c or d: 2r, no topple; Blue has b and the last white: 2 each.
    //     -> 0 + 2 + 2 = 4.
    //   Y diagonal (d):
    //     Red a: a 3r topples (a 1r, b 2r, c 2r); d stays blue: Blue has 1.
    //     Red b or c: 2r; Blue has d and the other white square: 2 each.
    //     -> 1 + 2 + 2 = 5.
    //   Per X: 2 * 4 + 5 = 13, so 4 * 13 = 52.
    let b = PlainBoard::new(2);
    assert_eq!(b.perft(1), 4);
    assert_eq!(b.perft(2), 12);
    assert_eq!(b.perft(3), 36);
    assert_eq!(b.perft(4), 52);
}

/// perft(1..=4) from the initial N x N board, N >= 3, by hand:
/// * Ply 1: any of the S = N*N squares; it becomes 2r (2 spots never topple).
/// * Ply 2: Blue takes any other square (2b): S - 1.
/// * Ply 3: Red may play any square but Blue's: S - 1, so perft(3) =
///   S (S-1)^2. Playing its own square A again makes A 3r, which topples only
///   if A is a corner: A 1r and its two edge neighbours get 2 spots (3 if one
///   was Blue's square; edges hold 3), so no chain and no win.
/// * Ply 4 (Blue's moves), summed over Red's third move:
///   - a white square W (S - 2 choices): Red owns A and W: S - 2 moves each;
///   - A again, A a corner: Red owns A and its two neighbours: S - 3 moves;
///   - A again, A not a corner: Red owns only A: S - 1 moves.
///
///   perft(4) = S (S-1) (S-2)^2 + (S-1) (4 (S-3) + (S-4) (S-1)).
fn perft_formula(n: usize, depth: u32) -> u64 {
    let s = (n * n) as u64;
    match depth {
        0 => 1,
        1 => s,
        2 => s * (s - 1),
        3 => s * (s - 1) * (s - 1),
        4 => s * (s - 1) * (s - 2) * (s - 2) + (s - 1) * (4 * (s - 3) + (s - 4) * (s - 1)),
        _ => unreachable!(),
    }
}

#[test]
fn perft_3x3_by_hand() {
    // From the formula: 9, 72, 576, and 9*8*49 + 8*(4*6 + 5*8) = 3528 + 512.
    let b = PlainBoard::new(3);
    assert_eq!(b.perft(1), 9);
    assert_eq!(b.perft(2), 72);
    assert_eq!(b.perft(3), 576);
    assert_eq!(b.perft(4), 4040);
}

#[test]
fn perft_matches_formula_on_larger_boards() {
    assert_eq!(perft_formula(3, 4), 4040);
    assert_eq!(perft_formula(4, 4), 50520);
    for n in 3..=6 {
        let b = PlainBoard::new(n);
        for depth in 0..=4 {
            if n == 6 && depth == 4 {
                continue; // about 1.5 million leaves; skip for speed
            }
            assert_eq!(
                b.perft(depth),
                perft_formula(n, depth),
                "{n}x{n} depth {depth}"
            );
        }
    }
    for n in 7..=10 {
        let b = PlainBoard::new(n);
        for depth in 0..=2 {
            assert_eq!(
                b.perft(depth),
                perft_formula(n, depth),
                "{n}x{n} depth {depth}"
            );
        }
    }
}

#[test]
fn perft_counts_sequences_ending_in_a_win() {
    // Red to move with one winning move (1:1) and one quiet move (2:1):
    // both count at depth 1; after the win nothing follows.
    let b = board("2r2b/1-1-");
    // Red may play 1:1, 2:1 or 2:2.
    assert_eq!(b.legal_moves(), vec![(1, 1), (2, 1), (2, 2)]);
    assert_eq!(b.perft(1), 3);
    // Depth 2: 1:1 wins (0); 2:1 -> Blue has 1:2 and 2:2 (2); 2:2 -> Blue
    // has 1:2 and 2:1 (2).
    assert_eq!(b.perft(2), 4);
    let mut sum = 0;
    for (r, c) in b.legal_moves() {
        let mut child = b.clone();
        child.play(r, c);
        sum += child.perft(1);
    }
    assert_eq!(sum, b.perft(2));
}
