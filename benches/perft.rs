//! Perft from the start, on one thread and on the default rayon pool.

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

criterion_group!(benches, bench_perft);
criterion_main!(benches);
