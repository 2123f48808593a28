//! A short threaded soak (see `tests/reliability/soak.rs`): self-play with two threads a
//! side at 5-20 ms a move, every move checked by the plain implementation. The long run is
//! `cargo run --release --features examples --example soak -- --games N`.

use crate::grammar;
#[path = "reliability/soak.rs"]
mod soaking;

use grammar::Rng;

/// Games in CI: a few seconds of self-play.
const GAMES: u64 = 18;

#[test]
fn threaded_self_play_plays_only_legal_moves_and_agrees_on_the_winner() {
    let (mut players, mut rng, mut report) = (
        soaking::Players::new(),
        Rng::new(16),
        soaking::Soak::default(),
    );
    for game in 0..GAMES {
        soaking::play_game(&mut players, &mut rng, &mut report)
            .unwrap_or_else(|e| panic!("game {game}: {e}"));
    }
    // The clock is shared with everything else on the machine, so lateness is reported
    // here, and judged in the long run docs/results/reliability.md records.
    eprintln!(
        "{} games, {} moves; overruns: {}; worst {:?}",
        report.games,
        report.moves,
        report.distribution(),
        report.worst
    );
    assert_eq!(report.games, GAMES);
}
