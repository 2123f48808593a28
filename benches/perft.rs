//! Perft from the start, on one thread and on the default rayon pool, and the same count by
//! the plain implementation of the rules in `tests/plain/` (the README's speed comparison).

#[path = "../tests/plain/mod.rs"]
mod plain;

use criterion::{Criterion, criterion_group, criterion_main};
use jump61::board::Board;
use jump61::perft::{perft, perft_parallel};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let six = Board::new(6);
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("6x6_depth5_1thread", |b| {
        b.iter(|| assert_eq!(perft(black_box(&six), 5), 51_047_460))
    });
    group.bench_function("6x6_depth6_1thread", |b| {
        b.iter(|| assert_eq!(perft(black_box(&six), 6), 1_688_036_388))
    });
    group.bench_function("6x6_depth6_all_threads", |b| {
        b.iter(|| assert_eq!(perft_parallel(black_box(&six), 6), 1_688_036_388))
    });
    group.finish();
}

/// The same count, depth 4 from the 6x6 start, by the engine and by the plain implementation
/// (every move made on a clone of vectors, the win found by a scan): what the packed board buys.
fn bench_plain(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_plain");
    group.sample_size(10);
    let six = Board::new(6);
    group.bench_function("6x6_depth4_engine", |b| {
        b.iter(|| assert_eq!(perft(black_box(&six), 4), 1_500_380))
    });
    let plain_six = plain::PlainBoard::new(6);
    group.bench_function("6x6_depth4_plain", |b| {
        b.iter(|| assert_eq!(black_box(&plain_six).perft(4), 1_500_380))
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_plain);
criterion_main!(benches);
