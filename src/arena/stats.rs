//! Match statistics for a game without draws: the Elo difference a score implies, with its
//! 95% interval, and the sequential probability ratio test (SPRT) that stops a match once the
//! games so far tell two hypotheses apart.

use std::fmt;

/// The two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The largest Elo difference `--sprt` accepts either way: beyond it the expected scores
/// round to 0 or 1 and the log-likelihood ratio stops being a number.
pub const MAX_SPRT_ELO: f64 = 1000.0;

/// The Elo difference implied by an expected score `p`, for `0 < p < 1`.
///
/// ```
/// use jump61::arena::stats::elo_from_score;
/// assert_eq!(elo_from_score(0.5), 0.0);
/// assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
/// ```
pub fn elo_from_score(p: f64) -> f64 {
    // Adding 0 turns the -0 of an even score into 0, which prints as "+0.0" either way but
    // compares and debugs more plainly.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// The expected score of a player `elo` points stronger than its opponent.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference measured from wins and losses, with the half-width of its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The difference: positive when the first side is stronger.
    pub elo: f64,
    /// Half the width of the 95% interval, in Elo.
    pub margin: f64,
    /// Whether the score or an end of its interval lay at (or beyond) 0% or 100%, where the
    /// Elo difference is infinite, and was moved half a game inside.
    pub clamped: bool,
}

/// The Elo difference of a side that won `wins` and lost `losses` games, or `None` before any
/// game.
///
/// The interval comes from the normal approximation of the mean per-game score (a game
/// scores 1 or 0, so its variance is `s(1 - s)`), mapped through [`elo_from_score`]; the
/// mapping is not linear, so the margin is half the mapped interval's width. A score of 0%
/// or 100% has no finite Elo: such scores, and interval ends beyond them, are clamped to half
/// a game from the edge, and `clamped` says so.
///
/// ```
/// use jump61::arena::stats::elo_estimate;
/// let e = elo_estimate(58, 42).unwrap();
/// assert!((e.elo - 56.07).abs() < 0.01 && (e.margin - 69.99).abs() < 0.01 && !e.clamped);
/// ```
pub fn elo_estimate(wins: u32, losses: u32) -> Option<EloEstimate> {
    let games = f64::from(wins) + f64::from(losses);
    if games == 0.0 {
        return None;
    }
    let edge = 0.5 / games;
    let clamp = |p: f64| p.clamp(edge, 1.0 - edge);
    let score = clamp(f64::from(wins) / games);
    let deviation = Z95 * (score * (1.0 - score) / games).sqrt();
    let (low, high) = (score - deviation, score + deviation);
    let clamped = wins == 0 || losses == 0 || low < edge || high > 1.0 - edge;
    Some(EloEstimate {
        elo: elo_from_score(score),
        margin: (elo_from_score(clamp(high)) - elo_from_score(clamp(low))) / 2.0,
        clamped,
    })
}

/// What an SPRT concludes from the games so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The difference is `elo0` rather than `elo1`.
    H0,
    /// The difference is `elo1` rather than `elo0`.
    H1,
    /// Not enough games to tell yet.
    Continue,
}

/// A sequential probability ratio test between two Elo differences, for win/loss games:
/// H0 says the first side is `elo0` stronger, H1 says `elo1`. Both error rates are 5%.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// The test between `elo0` and `elo1`, which must be finite, within
    /// ±[`MAX_SPRT_ELO`], and in increasing order.
    pub fn new(elo0: f64, elo1: f64) -> Result<Sprt, String> {
        let in_range = |e: f64| e.is_finite() && e.abs() <= MAX_SPRT_ELO;
        if !in_range(elo0) || !in_range(elo1) {
            return Err(format!(
                "the Elo bounds must be numbers from -{MAX_SPRT_ELO} to {MAX_SPRT_ELO}, \
                 not {elo0} and {elo1}"
            ));
        }
        if elo0 >= elo1 {
            return Err(format!(
                "ELO0 must be less than ELO1, but they are {elo0} and {elo1}"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }

    /// The log-likelihood ratio of H1 against H0 after `wins` and `losses`:
    /// `W ln(p1/p0) + L ln((1-p1)/(1-p0))`, where `p_i` is the expected score under H_i.
    pub fn llr(&self, wins: u32, losses: u32) -> f64 {
        let (p0, p1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        f64::from(wins) * (p1 / p0).ln() + f64::from(losses) * ((1.0 - p1) / (1.0 - p0)).ln()
    }

    /// The lower and upper bounds of the log-likelihood ratio: `ln(beta / (1 - alpha))`,
    /// below which H0 is accepted, and `ln((1 - beta) / alpha)`, above which H1 is.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The test's conclusion after `wins` and `losses`.
    pub fn verdict(&self, wins: u32, losses: u32) -> Verdict {
        let llr = self.llr(wins, losses);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// The report line: `SPRT [0, 20]: LLR 1.23 (bounds -2.94, 2.94): continue`.
    pub fn summary(&self, wins: u32, losses: u32) -> String {
        let (lower, upper) = self.bounds();
        let verdict = match self.verdict(wins, losses) {
            Verdict::H1 => format!("H1 accepted (engine1 is stronger by {} Elo)", self.elo1),
            Verdict::H0 => format!("H0 accepted (engine1 is not stronger by {} Elo)", self.elo1),
            Verdict::Continue => "continue".to_string(),
        };
        format!(
            "SPRT [{}, {}]: LLR {:.2} (bounds {lower:.2}, {upper:.2}): {verdict}",
            self.elo0,
            self.elo1,
            self.llr(wins, losses)
        )
    }
}

impl fmt::Display for EloEstimate {
    /// `Elo +55.9 ± 69.4 (95%)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Elo {:+.1} ± {:.1} (95%)", self.elo, self.margin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.005
    }

    #[test]
    fn elo_of_a_score() {
        assert_eq!(elo_from_score(0.5), 0.0);
        // 75%: -400 log10(1/3) = 400 * 0.47712 = 190.85.
        assert!(close(elo_from_score(0.75), 190.85));
        assert!(close(elo_from_score(0.25), -190.85));
        // 10 to 1 odds: -400 log10(0.1) = 400.
        assert!(close(elo_from_score(10.0 / 11.0), 400.0));
        for elo in [-300.0, -20.0, 0.0, 55.5, 400.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo));
        }
    }

    #[test]
    fn estimates_with_their_interval() {
        // 58 of 100: s = 0.58, se = sqrt(0.58 * 0.42 / 100) = 0.049356, 1.96 se = 0.096736;
        // Elo(0.676736) = 128.35, Elo(0.483264) = -11.63: margin (128.35 + 11.63) / 2.
        let e = elo_estimate(58, 42).unwrap();
        assert!(close(e.elo, 56.07) && close(e.margin, 69.99) && !e.clamped);
        assert_eq!(e.to_string(), "Elo +56.1 ± 70.0 (95%)");
        let e = elo_estimate(75, 25).unwrap();
        assert!(close(e.elo, 190.85) && close(e.margin, 81.15) && !e.clamped);
        let e = elo_estimate(50, 50).unwrap();
        assert!(close(e.elo, 0.0) && close(e.margin, 68.99));
        assert_eq!(e.to_string(), "Elo +0.0 ± 69.0 (95%)");
        let e = elo_estimate(42, 58).unwrap();
        assert!(close(e.elo, -56.07) && close(e.margin, 69.99));
        assert_eq!(elo_estimate(0, 0), None);
    }

    #[test]
    fn a_perfect_score_is_clamped_half_a_game_inside() {
        // 10 of 10 counts as 9.5 of 10: Elo(0.95) = 400 log10(19) = 511.5.
        let e = elo_estimate(10, 0).unwrap();
        assert!(close(e.elo, 511.50) && close(e.margin, 127.0) && e.clamped);
        let e = elo_estimate(0, 4).unwrap();
        assert!(close(e.elo, -338.04) && e.clamped);
        // 9 of 10: the upper end (1.086) passes 100% and is clamped to 0.95.
        let e = elo_estimate(9, 1).unwrap();
        assert!(close(e.elo, 381.70) && e.clamped);
        let e = elo_estimate(1, 1).unwrap();
        assert!(e.elo.is_finite() && e.margin.is_finite());
    }

    #[test]
    fn log_likelihood_ratio() {
        let sprt = Sprt::new(0.0, 20.0).unwrap();
        // p0 = 0.5, p1 = 1 / (1 + 10^-0.05) = 0.528751: ln(p1/p0) = 0.055910,
        // ln((1-p1)/(1-p0)) = -0.059222; 58 * 0.055910 - 42 * 0.059222 = 0.7554.
        assert!(close(sprt.llr(58, 42), 0.7554));
        assert!(close(sprt.llr(50, 50), -0.1656));
        assert_eq!(sprt.llr(0, 0), 0.0);
        // With elo0 = -e and elo1 = e, p1/p0 = (1-p0)/(1-p1) = 10^(e/400), so
        // LLR = (W - L) (e/400) ln 10: here -40 * ln(10) / 40 = -ln 10.
        let symmetric = Sprt::new(-10.0, 10.0).unwrap();
        assert!(close(symmetric.llr(30, 70), -std::f64::consts::LN_10));
        let (lower, upper) = sprt.bounds();
        // ln(0.05 / 0.95) = -2.9444.
        assert!(close(lower, -2.9444) && close(upper, 2.9444));
    }

    #[test]
    fn verdicts() {
        let sprt = Sprt::new(0.0, 20.0).unwrap();
        assert_eq!(sprt.verdict(58, 42), Verdict::Continue);
        // 53 straight wins: 53 * 0.055910 = 2.963 > 2.944.
        assert_eq!(sprt.verdict(52, 0), Verdict::Continue);
        assert_eq!(sprt.verdict(53, 0), Verdict::H1);
        // 50 straight losses: -50 * 0.059222 = -2.961 < -2.944.
        assert_eq!(sprt.verdict(0, 49), Verdict::Continue);
        assert_eq!(sprt.verdict(0, 50), Verdict::H0);
        assert_eq!(
            sprt.summary(58, 42),
            "SPRT [0, 20]: LLR 0.76 (bounds -2.94, 2.94): continue"
        );
        assert_eq!(
            sprt.summary(53, 0),
            "SPRT [0, 20]: LLR 2.96 (bounds -2.94, 2.94): H1 accepted (engine1 is stronger by 20 Elo)"
        );
        assert!(
            sprt.summary(0, 50)
                .ends_with(": H0 accepted (engine1 is not stronger by 20 Elo)")
        );
    }

    #[test]
    fn bad_bounds_are_refused() {
        assert!(Sprt::new(20.0, 0.0).is_err());
        assert!(Sprt::new(5.0, 5.0).is_err());
        assert!(Sprt::new(f64::NAN, 5.0).is_err());
        assert!(Sprt::new(0.0, f64::INFINITY).is_err());
        assert!(Sprt::new(-2000.0, 0.0).is_err());
        assert!(Sprt::new(-5.0, 5.0).is_ok());
    }
}
