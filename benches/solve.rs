//! Game values by df-pn: the 3x3 start, 4x4 positions from the middle of a game (the
//! whole 4x4 proof takes minutes; `jump61 solve --size 4` measures it: docs/results/solving.md),
//! and a 5x5 position 30 moves in (5x5 keys, packing and chain reactions have paths of
//! their own).

use criterion::{Criterion, criterion_group, criterion_main};
use jump61::board::Board;
use jump61::solver::{Value, dfpn::Limits, game_value};

/// Positions after ten random moves on 4x4 (seeded play), with who wins them: Blue to move
/// wins the first, loses the second.
const MIDGAME_4X4: [(&str, bool); 2] = [
    ("1-1-2r2r/2b2r1-1-/3b2r1-2r/1-2b1-2b", false),
    ("1-1-2r1-/2r1-1-2r/2b2r2b2r/2b2b1-2b", false),
];

/// The seeded 5x5 game of docs/results/solving.md 30 moves in: Red, to move, wins by `5 4` and
/// `5 5` (1,265,596 positions searched).
const LATE_5X5: &str = "2b1b2b2r2b/2b3b2b1-2r/2b2b3r2b3r/2b3b4r4r1r/1b3b2b2r2r";

fn bench_solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.bench_function("start_3x3", |b| {
        b.iter(|| {
            let (report, _) = game_value(&Board::new(3), Limits::default());
            assert_eq!(report.value, Value::Loses);
        })
    });
    for (i, (notation, mover_wins)) in MIDGAME_4X4.iter().enumerate() {
        let board: Board = notation.parse().expect("a bench position");
        group.bench_function(format!("midgame_4x4_{i}"), |b| {
            b.iter(|| {
                let (report, _) = game_value(&board, Limits::default());
                assert_eq!(matches!(report.value, Value::Wins { .. }), *mover_wins);
            })
        });
    }
    let late: Board = LATE_5X5.parse().expect("a bench position");
    group.bench_function("late_5x5", |b| {
        b.iter(|| {
            let (report, _) = game_value(&late, Limits::default());
            assert!(matches!(report.value, Value::Wins { .. }));
            assert_eq!(report.positions, 1_265_596);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
