//! The AI's evaluation as a chance of winning, and a move's drop in that chance as a mark.
//!
//! The chance is a logistic curve of the search's score (hundredths of a square, from the
//! side to move's view): `1 / (1 + exp(-score / scale))`, whose scale grows with the board,
//! `WIN_CHANCE_PER_SQUARE` times its squares (a square is worth less on a larger board).
//! A proven win or loss
//! (a decisive score) is a chance of 1 or 0. The curve has no offset, so a score and its
//! negation give chances that add up to 1: the same position seen from either side.

use crate::search::Score;

/// The scale of the curve for each square of the board: the score (hundredths of a square)
/// at which the side to move wins about 73% of its games (`1 / (1 + e^-1)`) is this times
/// the squares. Fitted by maximum likelihood to self-play games, `cargo run --release
/// --features examples --example fit_win_chance -- 1000 20000 SIZE` for sizes 4, 5 and 6 (scales 617, 952 and
/// 1402: 38.6, 38.1 and 38.9 a square), in docs/results/analysis.md, "The win chance of an
/// evaluation".
pub const WIN_CHANCE_PER_SQUARE: f64 = 38.5;

/// The curve's scale on a board of `squares` squares.
pub fn win_chance_scale(squares: usize) -> f64 {
    WIN_CHANCE_PER_SQUARE * squares as f64
}

/// A drop in the mover's chance of winning of at least this many percentage points is an
/// inaccuracy; the next two bounds make a mistake and a blunder. Ten points is about what
/// a fair position loses to one clearly weaker move; thirty points turn an even game into
/// a clearly lost one (50% to 20%), which is what a person calls a blunder.
pub const INACCURACY_POINTS: f64 = 10.0;
/// See [`INACCURACY_POINTS`].
pub const MISTAKE_POINTS: f64 = 20.0;
/// See [`INACCURACY_POINTS`].
pub const BLUNDER_POINTS: f64 = 30.0;

/// The side to move's chance of winning, 0 to 1, at a score of the search on a board of
/// `squares` squares.
///
/// ```
/// use jump61::review::chance::win_chance;
/// use jump61::search::Score;
/// assert_eq!(win_chance(Score(0), 25), 0.5);
/// assert!(win_chance(Score(1000), 25) > 0.7);
/// assert_eq!(win_chance(Score(30_000 - 3), 25), 1.0); // a win in two own moves
/// ```
pub fn win_chance(score: Score, squares: usize) -> f64 {
    if score.win_plies().is_some() {
        1.0
    } else if score.loss_plies().is_some() {
        0.0
    } else {
        logistic(f64::from(score.0), win_chance_scale(squares))
    }
}

/// `1 / (1 + exp(-x / scale))`.
pub fn logistic(x: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-x / scale).exp())
}

/// How a move that is not proven right or wrong is judged, by how much it lowered its
/// mover's chance of winning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drop {
    /// Less than [`INACCURACY_POINTS`].
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Drop {
    /// The mark of a drop of `points` percentage points (a rise is a negative drop).
    pub fn of(points: f64) -> Drop {
        if points >= BLUNDER_POINTS {
            Drop::Blunder
        } else if points >= MISTAKE_POINTS {
            Drop::Mistake
        } else if points >= INACCURACY_POINTS {
            Drop::Inaccuracy
        } else {
            Drop::Good
        }
    }
}

/// The scale of the logistic curve that makes `samples` (score, 1 if the side to move won
/// else 0) most likely, by Newton's method on `b = 1 / scale`; `None` when the samples
/// cannot fix one (none, or every score on the side of its result, which makes the curve a
/// step).
///
/// ```
/// use jump61::review::chance::{fit_scale, logistic};
/// // Results that follow a curve of scale 200 exactly, as fractions won.
/// let samples: Vec<(f64, f64)> = (-10..=10)
///     .map(|i| (f64::from(i) * 50.0, logistic(f64::from(i) * 50.0, 200.0)))
///     .collect();
/// let scale = fit_scale(&samples).unwrap();
/// assert!((scale - 200.0).abs() < 0.01);
/// ```
pub fn fit_scale(samples: &[(f64, f64)]) -> Option<f64> {
    // The log-likelihood is concave in b, so Newton's method from a small slope converges;
    // a step is halved while it would not raise the likelihood.
    let mut b = 1.0 / 300.0;
    for _ in 0..100 {
        let (gradient, curvature) = samples.iter().fold((0.0, 0.0), |(g, h), &(x, y)| {
            let p = 1.0 / (1.0 + (-b * x).exp());
            (g + (y - p) * x, h + p * (1.0 - p) * x * x)
        });
        if curvature <= 0.0 || !curvature.is_finite() {
            return None;
        }
        let mut step = gradient / curvature;
        while step.abs() > 1e-15 && log_likelihood(samples, b + step) < log_likelihood(samples, b) {
            step /= 2.0;
        }
        b += step;
        if step.abs() < 1e-12 {
            break;
        }
    }
    (b > 0.0 && b.is_finite() && b < 1.0).then(|| 1.0 / b)
}

/// The log-likelihood of `samples` under a curve of slope `b`.
pub fn log_likelihood(samples: &[(f64, f64)], b: f64) -> f64 {
    samples
        .iter()
        .map(|&(x, y)| {
            let p = (1.0 / (1.0 + (-b * x).exp())).clamp(1e-12, 1.0 - 1e-12);
            y * p.ln() + (1.0 - y) * (1.0 - p).ln()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_sides_chances_add_up_to_one() {
        for cp in [-900, -150, 0, 37, 420] {
            let sum = win_chance(Score(cp), 36) + win_chance(Score(-cp), 36);
            assert!((sum - 1.0).abs() < 1e-12, "{cp}: {sum}");
        }
    }

    #[test]
    fn drops_are_marked_by_the_thresholds() {
        assert_eq!(Drop::of(-40.0), Drop::Good);
        assert_eq!(Drop::of(9.9), Drop::Good);
        assert_eq!(Drop::of(10.0), Drop::Inaccuracy);
        assert_eq!(Drop::of(25.0), Drop::Mistake);
        assert_eq!(Drop::of(30.0), Drop::Blunder);
    }

    #[test]
    fn a_fit_recovers_the_scale_of_sampled_results() {
        // Results drawn from a curve of scale 150 by a fixed sequence.
        let mut state = 7u64;
        let samples: Vec<(f64, f64)> = (0..20_000)
            .map(|i| {
                let (next, out) = crate::board::splitmix64(state);
                state = next;
                let x = f64::from(i % 801 - 400);
                let u = (out >> 11) as f64 / (1u64 << 53) as f64;
                (x, if u < logistic(x, 150.0) { 1.0 } else { 0.0 })
            })
            .collect();
        let scale = fit_scale(&samples).unwrap();
        assert!((scale - 150.0).abs() < 10.0, "{scale}");
    }

    #[test]
    fn no_fit_without_samples_or_with_a_step() {
        assert_eq!(fit_scale(&[]), None);
        let step = [(-100.0, 0.0), (100.0, 1.0), (-50.0, 0.0), (80.0, 1.0)];
        assert_eq!(fit_scale(&step), None);
    }
}
