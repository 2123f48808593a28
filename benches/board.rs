//! Making a move: a quiet move, and moves that set off chain reactions.

use criterion::{Criterion, criterion_group, criterion_main};
use jump61::board::{Board, Squares};
use std::hint::black_box;

/// Plays every legal move of `board` once, on copies; returns a checksum of the results.
fn play_all(board: &Board) -> u64 {
    Squares(board.legal_moves()).fold(0, |acc, sq| {
        let mut child = *board;
        child.play(sq);
        acc ^ child.hash()
    })
}

fn bench_make_move(c: &mut Criterion) {
    let quiet = Board::new(6);
    // Every square at or one below capacity: most moves explode across much of the board.
    let explosive: Board = "2r3b3r2b/3b4r3b3r/3r4b4r2b/2b3r3b1r".parse().unwrap();
    let chain10: Board = "2r3b3r3b3r3b3r3b3r2b/3b4r4b4r4b4r4b4r4b3r/3r4b4r4b4r4b4r4b4r3b/3b4r4b4r4b4r4b4r4b3r/3r4b4r4b4r4b4r4b4r3b/3b4r4b4r4b4r4b4r4b3r/3r4b4r4b4r4b4r4b4r3b/3b4r4b4r4b4r4b4r4b3r/3r4b4r4b4r4b4r4b4r3b/2b3r3b3r3b3r3b3r3b1r".parse().unwrap();
    let mut group = c.benchmark_group("make_move");
    group.bench_function("quiet_6x6_all_36", |b| {
        b.iter(|| play_all(black_box(&quiet)))
    });
    group.bench_function("explosive_4x4_all_legal", |b| {
        b.iter(|| play_all(black_box(&explosive)))
    });
    group.bench_function("explosive_10x10_all_legal", |b| {
        b.iter(|| play_all(black_box(&chain10)))
    });
    group.finish();
}

criterion_group!(benches, bench_make_move);
criterion_main!(benches);
