//! A plain, memoised AND-OR search over the plain board, written for clarity: the reference
//! that certifies the duty suites and the fast solver's answers.

use super::PlainBoard;
use std::collections::HashMap;

/// A plain, memoised AND-OR search on the plain board: does the side to move force a win
/// within `k` of its own moves?
#[derive(Default)]
pub struct PlainSolver {
    /// What is known of a position (`PlainBoard::key`), for every `k` at
    /// once: a win within `k` moves is a win within any more, and no win within `k` is no
    /// win within any fewer. So a position reached again with another number of moves left
    /// is not searched again when what is known settles it.
    memo: HashMap<(Vec<char>, Vec<u32>, char), Known>,
}

/// What the search has found of one position so far.
#[derive(Clone, Copy, Default)]
struct Known {
    /// The fewest own moves it was found to win within, if any.
    wins_within: Option<u32>,
    /// The most own moves it was found not to win within (0: none found).
    no_win_within: u32,
}

impl Known {
    fn settles(self, k: u32) -> Option<bool> {
        if self.wins_within.is_some_and(|w| w <= k) {
            Some(true)
        } else if k <= self.no_win_within {
            Some(false)
        } else {
            None
        }
    }
}

impl PlainSolver {
    pub fn wins_within(&mut self, b: &PlainBoard, k: u32) -> bool {
        let key = b.key();
        let known = self.memo.get(&key).copied().unwrap_or_default();
        if let Some(settled) = known.settles(k) {
            return settled;
        }
        let children: Vec<PlainBoard> = b
            .legal_moves()
            .into_iter()
            .map(|(r, c)| {
                let mut child = b.clone();
                child.play(r, c);
                child
            })
            .collect();
        let won = children.iter().any(|c| c.winner().is_some())
            || (k > 1 && children.iter().any(|c| self.every_reply_loses(c, k - 1)));
        let known = self.memo.entry(key).or_default();
        if won {
            known.wins_within = Some(known.wins_within.map_or(k, |w| w.min(k)));
        } else {
            known.no_win_within = known.no_win_within.max(k);
        }
        won
    }

    /// Every reply of the side to move leaves the other side winning within `k` moves.
    pub fn every_reply_loses(&mut self, b: &PlainBoard, k: u32) -> bool {
        b.legal_moves().into_iter().all(|(r, c)| {
            let mut child = b.clone();
            child.play(r, c);
            child.winner().is_none() && self.wins_within(&child, k)
        })
    }

    /// The least number of own moves within `max` in which the side to move forces a win,
    /// and every first move (row, column) that wins in that many.
    pub fn solve(&mut self, b: &PlainBoard, max: u32) -> Option<(u32, Vec<(usize, usize)>)> {
        (1..=max).find_map(|k| {
            let winning: Vec<(usize, usize)> = b
                .legal_moves()
                .into_iter()
                .filter(|&(r, c)| {
                    let mut child = b.clone();
                    child.play(r, c);
                    child.winner().is_some() || (k > 1 && self.every_reply_loses(&child, k - 1))
                })
                .collect();
            (!winning.is_empty()).then_some((k, winning))
        })
    }
}
