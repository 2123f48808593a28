//! A make-move's instructions, for callgrind: every pass of `benches/common/make_move.rs`
//! (the copy alone, the quiet move's floor and the floor with the owners in words, `play`,
//! `play_unhashed`, `play` with the child's win test and legal moves) run `REPS` times over
//! fixed positions' moves. The figures: docs/results/benchmarks.md, "A make-move measured
//! to its floor".
//!
//! ```text
//! cargo build --release --features examples --example make_move
//! valgrind --tool=callgrind --callgrind-out-file=make_move.out target/release/examples/make_move 1000
//! callgrind_annotate --inclusive=yes --tree=calling make_move.out | grep -A7 '\* .*_quiet \['
//! ```
//!
//! A second argument (`start`, `middle`, `middle-toppling`, `explosive`; `all`) runs one
//! position's passes alone, and a third (`copy_only`, `floor`, `floor_words`, `play`,
//! `play_unhashed`, `play_and_mask`) one pass alone: the functions passes share (the chain
//! reaction) then count that pass's moves alone.
//!
//! Each pass is a function of its own, so callgrind's inclusive count of one, divided by
//! `REPS` times the moves of its position (printed here), is a move's instructions. Each
//! position's passes are called from a function of its own, so that `--tree=caller` counts
//! them apart.

#[path = "../benches/common/make_move.rs"]
mod make_move;

use jump61::board::{Board, Squares};
use make_move::{FloorBoard, WordFloorBoard};
use std::hint::black_box;

/// A 6x6 position of seeded random play, `plies` moves in (none of them won).
fn played(plies: usize) -> Board {
    let mut state = 0x6D6F_7665_u64;
    let mut board = Board::new(6);
    for _ in 0..plies {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let moves: Vec<usize> = Squares(board.legal_moves()).collect();
        board.play(moves[(state >> 33) as usize % moves.len()]);
        assert!(board.winner().is_none());
    }
    board
}

/// The passes to run: every one, or the one named.
#[derive(Clone, Copy)]
struct Passes<'a>(Option<&'a str>);

impl Passes<'_> {
    fn has(self, name: &str) -> bool {
        self.0.is_none_or(|p| p == name)
    }
}

/// The passes over the quiet moves `moves` of `board`.
fn quiet(board: &Board, floor: &FloorBoard, moves: u128, passes: Passes) {
    let words = WordFloorBoard::new(board);
    let run: [(&str, &dyn Fn()); 6] = [
        ("copy_only", &|| make_move::copy_only(board, moves)),
        ("floor", &|| make_move::floor(floor, moves)),
        ("floor_words", &|| make_move::floor_words(&words, moves)),
        ("play", &|| make_move::play(board, moves)),
        ("play_unhashed", &|| make_move::play_unhashed(board, moves)),
        ("play_and_mask", &|| make_move::play_and_mask(board, moves)),
    ];
    for (name, pass) in run {
        if passes.has(name) {
            pass();
        }
    }
}

/// The passes but the floors' over the toppling moves `moves` of `board`.
fn toppling(board: &Board, moves: u128, passes: Passes) {
    let run: [(&str, &dyn Fn()); 4] = [
        ("copy_only", &|| make_move::copy_only(board, moves)),
        ("play", &|| make_move::play(board, moves)),
        ("play_unhashed", &|| make_move::play_unhashed(board, moves)),
        ("play_and_mask", &|| make_move::play_and_mask(board, moves)),
    ];
    for (name, pass) in run {
        if passes.has(name) {
            pass();
        }
    }
}

// One function a position, so that callgrind's calls from each (`--tree=caller`) count that
// position's moves apart; each passes its own name to `black_box`, or the linker would fold
// the identical functions into one.

#[inline(never)]
fn start_quiet(board: &Board, floor: &FloorBoard, moves: u128, passes: Passes) {
    black_box("start_quiet");
    quiet(board, floor, moves, passes);
}

#[inline(never)]
fn middle_quiet(board: &Board, floor: &FloorBoard, moves: u128, passes: Passes) {
    black_box("middle_quiet");
    quiet(board, floor, moves, passes);
}

#[inline(never)]
fn middle_toppling(board: &Board, moves: u128, passes: Passes) {
    black_box("middle_toppling");
    toppling(board, moves, passes);
}

#[inline(never)]
fn explosive_toppling(board: &Board, moves: u128, passes: Passes) {
    black_box("explosive_toppling");
    toppling(board, moves, passes);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reps: usize = args.first().map_or(1000, |a| {
        a.parse().expect("usage: make_move [REPS [POSITION]]")
    });
    // One position alone, so that the functions every position shares (the chain reaction)
    // count its moves alone.
    let only = |name: &str| args.get(1).is_none_or(|a| a == name || a == "all");
    let passes = Passes(args.get(2).map(String::as_str));
    let start = Board::new(6);
    let middle = played(30);
    let quiet_moves = middle.legal_moves() & !middle.critical();
    let loud_moves = middle.legal_moves() & middle.critical();
    let explosive: Board = "2r3b3r2b/3b4r3b3r/3r4b4r2b/2b3r3b1r".parse().unwrap();
    println!(
        "start: {} moves, {}",
        start.legal_moves().count_ones(),
        start.to_notation()
    );
    println!(
        "middle: {} quiet and {} toppling moves, {}",
        quiet_moves.count_ones(),
        loud_moves.count_ones(),
        middle.to_notation()
    );
    let explosive_moves = explosive.legal_moves() & explosive.critical();
    println!(
        "explosive: {} toppling moves, {}",
        explosive_moves.count_ones(),
        explosive.to_notation()
    );
    let (floor_start, floor_middle) = (FloorBoard::new(&start), FloorBoard::new(&middle));
    for _ in 0..reps {
        if only("start") {
            start_quiet(&start, &floor_start, black_box(start.legal_moves()), passes);
        }
        if only("middle") {
            middle_quiet(&middle, &floor_middle, black_box(quiet_moves), passes);
        }
        if only("middle-toppling") {
            middle_toppling(&middle, black_box(loud_moves), passes);
        }
        if only("explosive") {
            explosive_toppling(&explosive, black_box(explosive_moves), passes);
        }
    }
}
