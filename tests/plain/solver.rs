//! A plain, memoised AND-OR search over the plain board, written for clarity: the reference
//! that certifies the duty suites and the fast solver's answers.

use super::PlainBoard;
use std::collections::HashMap;

/// A plain, memoised AND-OR search on the plain board: does the side to move force a win
/// within `k` of its own moves?
#[derive(Default)]
pub struct PlainSolver {
    memo: HashMap<(String, u32), bool>,
}

impl PlainSolver {
    pub fn wins_within(&mut self, b: &PlainBoard, k: u32) -> bool {
        // The side to move is part of the key: under the 2013 rules the notation alone does
        // not give it.
        let key = (format!("{} {}", b.notation(), b.to_move()), k);
        if let Some(&known) = self.memo.get(&key) {
            return known;
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
        self.memo.insert(key, won);
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
