//! Making a move: a quiet move, and moves that set off chain reactions; and a quiet move
//! beside its floor (`common/make_move.rs`, also counted by callgrind in
//! `examples/make_move.rs`).

#[path = "common/make_move.rs"]
mod make_move;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use jump61::board::{Board, Squares};
use make_move::{FloorBoard, WordFloorBoard};
use std::hint::black_box;

/// Plays every legal move of `board` once, on copies; returns how many, and a checksum of
/// the results so that no move can be optimised away.
fn play_all(board: &Board) -> (usize, u64) {
    Squares(board.legal_moves()).fold((0, 0), |(n, acc), sq| {
        let mut child = *board;
        child.play(sq);
        (n + 1, acc ^ child.hash())
    })
}

/// Benchmarks `play_all` on `board`, which must have `moves` legal moves.
fn bench_play_all(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    board: &Board,
    moves: usize,
) {
    group.bench_function(name, |b| {
        b.iter(|| assert_eq!(play_all(black_box(board)).0, moves))
    });
}

fn bench_make_move(c: &mut Criterion) {
    let quiet = Board::new(6);
    // Every square at or one below capacity: most moves explode across much of the board.
    let explosive: Board = "2r3b3r2b/3b4r3b3r/3r4b4r2b/2b3r3b1r".parse().unwrap();
    let chain10: Board = "2r3b3r3b3r3b3r3b3r2b/3b4r4b4r4b4r4b4r4b3r/3r4b4r4b4r4b4r4b4r3b/3b4r4b4r4b4r4b4r4b3r/3r4b4r4b4r4b4r4b4r3b/3b4r4b4r4b4r4b4r4b3r/3r4b4r4b4r4b4r4b4r3b/3b4r4b4r4b4r4b4r4b3r/3r4b4r4b4r4b4r4b4r3b/2b3r3b3r3b3r3b3r3b1r".parse().unwrap();
    let mut group = c.benchmark_group("make_move");
    bench_play_all(&mut group, "quiet_6x6_all_36", &quiet, 36);
    bench_play_all(&mut group, "explosive_4x4_all_legal", &explosive, 8);
    bench_play_all(&mut group, "explosive_10x10_all_legal", &chain10, 50);
    group.finish();
}

/// The 36 quiet moves of the 6x6 start, each on a copy handed on by reference as a search
/// hands it on: the copy alone, the floor (and the floor with the owners in words),
/// `play`, `play_unhashed`, and `play` with the child's win test and legal moves.
fn bench_floor(c: &mut Criterion) {
    let start = Board::new(6);
    let floor = FloorBoard::new(&start);
    let moves = start.legal_moves();
    assert_eq!(moves.count_ones(), 36);
    let mut group = c.benchmark_group("quiet_floor");
    group.bench_function("copy_only_36", |b| {
        b.iter(|| make_move::copy_only(black_box(&start), black_box(moves)))
    });
    group.bench_function("floor_36", |b| {
        b.iter(|| make_move::floor(black_box(&floor), black_box(moves)))
    });
    let words = WordFloorBoard::new(&start);
    group.bench_function("floor_words_36", |b| {
        b.iter(|| make_move::floor_words(black_box(&words), black_box(moves)))
    });
    group.bench_function("play_36", |b| {
        b.iter(|| make_move::play(black_box(&start), black_box(moves)))
    });
    group.bench_function("play_unhashed_36", |b| {
        b.iter(|| make_move::play_unhashed(black_box(&start), black_box(moves)))
    });
    group.bench_function("play_and_mask_36", |b| {
        b.iter(|| make_move::play_and_mask(black_box(&start), black_box(moves)))
    });
    group.finish();
}

criterion_group!(benches, bench_make_move, bench_floor);
criterion_main!(benches);
