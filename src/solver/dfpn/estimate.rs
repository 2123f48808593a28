//! What a position never expanded is assumed to cost, to prove and to refute: the df-pn
//! prover's ([`super`]) initial proof and disproof numbers.

use crate::board::{Board, Rules, geometry};
use crate::search::eval::quick_evaluate;
use crate::solver::numbers::Entry;
use std::sync::LazyLock;

/// The numbers of a position never expanded: one move may win it, and refuting it takes
/// a proof per move (the mobility heuristic of df-pn+), much more when the side to move
/// owns many squares ([`OWNED_WEIGHT`]); both scaled by [`depth_weight`] and leaned by the
/// evaluation. The owned squares' weight, first tuned at 24 against plain mobility, searched
/// 34% fewer positions 8 moves in and 43% fewer 10 moves in (docs/results/solving.md).
pub fn fresh(board: &Board) -> Entry {
    let (pn, dn) = plain_numbers(board);
    let lean = lean(board.rules(), quick_evaluate(board));
    Entry {
        pn: ((f64::from(pn) / lean).round() as u32).max(1),
        dn: ((f64::from(dn) * lean).round() as u32).max(1),
    }
}

/// The evaluation's lean: 2^(eval / scale) times easier to prove and as many times harder
/// to refute, at most 2^[`MAX_LEAN`] either way.
fn lean(rules: Rules, eval: i32) -> f64 {
    let (leans, most) = match rules {
        Rules::V2014 => (&*LEANS_2014, most_eval(Rules::V2014)),
        Rules::V2013 => (&*LEANS_2013, most_eval(Rules::V2013)),
    };
    leans[(eval.clamp(-most, most) + most) as usize]
}

/// The lean computed as [`lean`] gives it, for one evaluation.
fn computed_lean(rules: Rules, eval: i32) -> f64 {
    (f64::from(eval) / eval_scale(rules))
        .clamp(-MAX_LEAN, MAX_LEAN)
        .exp2()
}

/// The evaluation past which the lean is at its most: [`MAX_LEAN`] times the scale.
fn most_eval(rules: Rules) -> i32 {
    (MAX_LEAN * eval_scale(rules)) as i32
}

/// Every evaluation's lean, from `-most_eval` to `most_eval`, each computed once by
/// [`computed_lean`], so that a lookup gives the same number: `exp2` was some 3% of a 4x4
/// proof's time, its 2.7 calls a position (perf; docs/results/solving.md), and the search
/// is that sensitive to its numbers' roundings (a lean in fixed point searched the 4x4
/// start in 15% more positions).
fn leans(rules: Rules) -> Box<[f64]> {
    let most = most_eval(rules);
    (-most..=most).map(|e| computed_lean(rules, e)).collect()
}

static LEANS_2014: LazyLock<Box<[f64]>> = LazyLock::new(|| leans(Rules::V2014));
static LEANS_2013: LazyLock<Box<[f64]>> = LazyLock::new(|| leans(Rules::V2013));

/// The numbers without the evaluation's lean: mobility and owned squares, by the depth.
fn plain_numbers(board: &Board) -> (u32, u32) {
    let owned = board.owned(board.to_move()).count_ones();
    let depth = depth_weight(board);
    let dn = (board.legal_moves().count_ones() + OWNED_WEIGHT * owned) * depth;
    (depth, dn)
}

/// The evaluation (in hundredths of a square) that makes a fresh position twice as easy to
/// prove and twice as hard to refute: the cheap terms of the search's evaluation
/// ([`quick_evaluate`]) lean the numbers of df-pn+ the way the search would. Tuned on
/// seeded 4x4 positions (docs/results/solving.md, "The evaluation's lean"): 8 moves in 35% fewer
/// positions and 22% less time, 10 moves in 38% and 29%, 12 moves in 28% and 12%. With the
/// sum of the children's proof numbers as a node's disproof number it searched more on 5x5
/// and under the 2013 rules, so it leaned on the 2014 4x4 only; with the weak disproof
/// numbers of [`super`] it pays everywhere (with the depth weight): 5x5 30 moves in
/// 29% fewer positions, 28 moves in 14%; 2013 4x4 20 and 22 moves in 46% and 59%. With
/// them a lean half as strong (2000, with the threshold factor 2 of the prover) searched
/// fewer again: 4x4 8 and 10 moves in 18% and 23%, 5x5 30 moves in 14%. Under the 2013
/// rules 1000 stays best (8 positions 18 moves in: 46.7 million positions
/// against 51.9 million at 2000).
fn eval_scale(rules: Rules) -> f64 {
    match rules {
        Rules::V2014 => 2000.0,
        Rules::V2013 => 1000.0,
    }
}

/// The threshold of a node's best child's proof number (seen from the child: its
/// disproof threshold) when `second_dn` is the second best's: the 1 + epsilon of Pawlewicz
/// and Lew, which keeps the search in a child until it is clearly worse than the second
/// best rather than hopping back and forth between near equals. Epsilon 1 under the 2014
/// rules: with the weak disproof numbers it searched 16% fewer positions than 1/4 on seeded
/// 4x4 positions 8 and 10 moves in (docs/results/solving.md); 1/4 under the 2013 rules, where 1
/// searched more (8 positions 18 moves in: 52.6 million against 46.7 million).
pub fn child_threshold(rules: Rules, second_dn: u32) -> u32 {
    match rules {
        Rules::V2014 => second_dn.saturating_mul(2).saturating_add(1),
        Rules::V2013 => second_dn.saturating_add(second_dn / 4 + 1),
    }
}
/// The most the lean may scale a number by, as a power of two.
const MAX_LEAN: f64 = 8.0;

/// How far a position is from the end of the game, as a weight on its fresh numbers: the
/// spots still to be played before every square is full (4x4: 48 spots in all), plus 3.
/// A node once expanded then looks cheaper than its unexpanded siblings, so the search
/// follows a line down to where positions are decided instead of widening near the root
/// (the idea of deep df-pn). Measured (docs/results/solving.md) on 4x4 under the 2014 rules: the
/// start searched 90 million positions instead of 150 to 166 million, seeded positions 6
/// to 14 moves in 16 to 18% fewer.
fn depth_weight(board: &Board) -> u32 {
    let full = u32::from(geometry(board.size() as u8).stable_capacity);
    (full + 3).saturating_sub(board.total_spots()).max(1)
}

/// How much more a square the side to move owns makes it to refute, than a move. Tuned again
/// with the weak disproof numbers and the first moves proven one by one, on the seeded
/// samples (docs/results/solving.md, 2026-12-02): 8 searched the fewest positions of 0, 4, 6,
/// 8, 10, 12, 16 and 24 on 4x4 8 and 10 moves in and 5x5 30 moves in together (3.7% fewer
/// than 24), and 2% fewer on 4x4 under the 2013 rules 22 moves in; the 4x4 start on one
/// thread then searched 11.4 million positions instead of 31.5 million.
const OWNED_WEIGHT: u32 = 8;

#[cfg(test)]
mod tests {
    use super::*;

    /// The looked-up lean is the computed one, bit for bit, inside the range and past it.
    #[test]
    fn the_lean_looked_up_is_the_lean_computed() {
        for rules in [Rules::V2014, Rules::V2013] {
            let most = most_eval(rules);
            for eval in (-most - 500..=most + 500).chain([i32::MIN, i32::MAX]) {
                let (looked_up, computed) = (lean(rules, eval), computed_lean(rules, eval));
                assert_eq!(looked_up.to_bits(), computed.to_bits(), "{rules:?} {eval}");
            }
        }
    }

    #[test]
    fn a_position_that_looks_good_is_easier_to_prove_and_harder_to_refute() {
        let plain = plain_numbers;
        // 4x4: Red takes the corner 1:1 (critical), Blue the square next to it.
        let mut board = Board::new(4);
        for (sq, mover_leads) in [(0, false), (1, true)] {
            board.play(sq);
            let e = quick_evaluate(&board);
            assert_eq!(e > 0, mover_leads, "{}: {e}", board.to_notation());
            let ((pn, dn), leaned) = (plain(&board), fresh(&board));
            if mover_leads {
                assert!(
                    leaned.pn < pn && leaned.dn > dn,
                    "{leaned:?} against {pn}, {dn}"
                );
            } else {
                assert!(
                    leaned.pn > pn && leaned.dn < dn,
                    "{leaned:?} against {pn}, {dn}"
                );
            }
        }
        // On 5x5 too: Red's first move leaves Blue behind.
        let mut five = Board::new(5);
        five.play(0);
        let ((pn, dn), leaned) = (plain(&five), fresh(&five));
        assert!(
            leaned.pn > pn && leaned.dn < dn,
            "{leaned:?} against {pn}, {dn}"
        );
    }
}
