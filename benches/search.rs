//! The search: the bench positions at a fixed depth on one thread, fresh table each.

use criterion::{Criterion, criterion_group, criterion_main};
use jump61::search::bench;

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("bench_positions_depth5_1thread", |b| {
        b.iter(|| {
            let lines = bench::run(5, 1);
            assert_eq!(bench::signature(&lines), SIGNATURE_DEPTH5);
        })
    });
    group.finish();
}

/// Node count of the depth-5 run: the benchmark measures exactly this much search.
const SIGNATURE_DEPTH5: u64 = 2_040_337;

criterion_group!(benches, bench_search);
criterion_main!(benches);
