//! The evaluation's lean on a fresh position's numbers ([`super::estimate`]): the cheap
//! terms of the search's evaluation ([`quick_terms`]) weighed in fixed point, and two to
//! their power by a table instead of `exp2` (which with the float division around it was
//! some 4% of a proof's time, perf).

use crate::board::{Board, Rules};
use crate::search::eval::{QUICK_TERMS, quick_terms};

/// Steps of the lean in a bit: a lean of `s` steps makes a position `2^(s / STEPS)` times
/// easier to prove and as many times harder to refute.
const STEPS: i32 = 1024;

/// The most the lean may scale a number by: 2^8.
const MOST: i32 = 8 * STEPS;

/// The weight of each of [`quick_terms`] in steps ([`STEPS`] a bit), by the rules: the
/// search's evaluation's weights (fitted to game results, in hundredths of a square) over
/// 2000 under the 2014 rules and over 1000 under the 2013 rules. The history of that
/// scale: tuned on seeded 4x4 positions (docs/results/solving.md, "The evaluation's lean"): 8
/// moves in 35% fewer positions and 22% less time, 10 moves in 38% and 29%, 12 moves in 28%
/// and 12%. With the sum of the children's proof numbers as a node's disproof number it
/// searched more on 5x5 and under the 2013 rules, so it leaned on the 2014 4x4 only; with
/// the weak disproof numbers of [`super`] it pays everywhere (with the depth weight): 5x5 30
/// moves in 29% fewer positions, 28 moves in 14%; 2013 4x4 20 and 22 moves in 46% and 59%.
/// With them a lean half as strong (2000, with the threshold factor 2 of the prover)
/// searched fewer again: 4x4 8 and 10 moves in 18% and 23%, 5x5 30 moves in 14%. Under the
/// 2013 rules 1000 stays best (8 positions 18 moves in: 46.7 million positions against 51.9
/// million at 2000).
fn weights(rules: Rules) -> &'static [i32; QUICK_TERMS.len()] {
    match rules {
        Rules::V2014 => &[51, 54, -59, 137, -266, 65, 275],
        Rules::V2013 => &[102, 108, -119, 274, -531, 130, 550],
    }
}

/// The lean of `board` in steps, from the side to move's view, within `[-MOST, MOST]`.
pub fn steps(board: &Board) -> i32 {
    let w = weights(board.rules());
    let sum: i32 = quick_terms(board).iter().zip(w).map(|(t, w)| t * w).sum();
    sum.clamp(-MOST, MOST)
}

/// `x` times two to the power `steps / STEPS`, rounded, at least 1.
pub fn scale(x: u32, steps: i32) -> u32 {
    let whole = steps.div_euclid(STEPS);
    let part = steps.rem_euclid(STEPS) as usize;
    // 2^whole exactly, as a float's exponent.
    let power = f64::from_bits(((1023 + whole as i64) as u64) << 52);
    ((f64::from(x) * FRACTIONS[part] * power).round() as u32).max(1)
}

/// `FRACTIONS[i]` is 2^(i / STEPS).
static FRACTIONS: [f64; STEPS as usize] = fractions();

const fn fractions() -> [f64; STEPS as usize] {
    let mut table = [0.0; STEPS as usize];
    let mut i = 0;
    while i < STEPS as usize {
        table[i] = exp(i as f64 / STEPS as f64 * std::f64::consts::LN_2);
        i += 1;
    }
    table
}

/// e^x for x in [0, 1) by its series (to the float's precision).
const fn exp(x: f64) -> f64 {
    let (mut sum, mut term, mut k) = (1.0, 1.0, 1.0);
    while k < 30.0 {
        term = term * x / k;
        sum += term;
        k += 1.0;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_powers_is_twos_powers() {
        for steps in [-MOST, -1500, -1, 0, 1, 700, 1024, MOST] {
            let want = (1000.0 * (f64::from(steps) / f64::from(STEPS)).exp2()).round();
            assert_eq!(f64::from(scale(1000, steps)), want.max(1.0), "{steps}");
        }
        assert_eq!(scale(1, -MOST), 1, "never below one");
    }
}
