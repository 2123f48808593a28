//! The table's garbage collection: when the table is nearly full, the half of its entries
//! with the least work below them are cleared (SmallTreeGC, as in Nagai's df-pn), proven
//! entries counting for more than undecided ones.

use super::{Stored, Table, entries};
use std::sync::atomic::Ordering::{Acquire, Release};

/// How much more a proven entry is worth keeping than an undecided one of the same work.
pub const PROVEN_WORTH: u64 = 16;

/// The share of the entries a garbage collection clears. Measured against 0.3 to 0.7 on
/// 4x4 and 2013 proofs in small tables (docs/results/solving.md): less leaves too little room,
/// more clears what is searched again.
const CLEARED_SHARE: f64 = 0.5;

/// The worth at or below which `share` of `worths` lie, as near as ties allow: the
/// sample's worth at that share, or one less when that clears nearer to it.
fn share_threshold(worths: &mut [u64], share: f64) -> u64 {
    if worths.is_empty() {
        return 0;
    }
    let target = ((worths.len() as f64 * share) as usize).min(worths.len() - 1);
    let at = *worths.select_nth_unstable(target).1;
    let below = worths.iter().filter(|&&w| w < at).count();
    let at_or_below = below + worths.iter().filter(|&&w| w == at).count();
    if at > 0 && target - below < at_or_below - target {
        at - 1
    } else {
        at
    }
}

/// What an entry is worth keeping: its work, times [`PROVEN_WORTH`] if proven.
fn worth(e: Stored) -> u64 {
    u64::from(e.work) * if e.proven() { PROVEN_WORTH } else { 1 }
}

/// What a table's garbage collection did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Collected {
    /// Entries cleared.
    pub cleared: usize,
    /// Entries kept, and how many of them are proven.
    pub kept: usize,
    pub proven: usize,
}

impl Table {
    /// Clears half of the entries (as near as ties allow), those with the least work, so
    /// the search has room again; `None` if another thread is already collecting. A proven entry counts as
    /// [`PROVEN_WORTH`] times its work: proofs are kept before undecided numbers, but a
    /// proof of a few positions goes before a big undecided tree.
    pub fn collect_garbage(&self) -> Option<Collected> {
        if self.collecting.swap(true, Acquire) {
            return None;
        }
        let limit = self.worth_threshold();
        let mut done = Collected::default();
        for bucket in &self.buckets {
            let _held = bucket.hold(self.shared());
            for s in bucket.slots.iter().filter(|s| !s.is_empty()) {
                let e = s.read();
                if worth(e) <= limit {
                    s.clear();
                    done.cleared += 1;
                } else {
                    done.kept += 1;
                    done.proven += usize::from(e.proven());
                }
            }
        }
        self.collecting.store(false, Release);
        Some(done)
    }

    /// The worth at or below which entries are cleared: from a sample of the buckets, the
    /// worth that clears as near to [`CLEARED_SHARE`] of the entries as ties allow. (A
    /// power of two less one, as before, cleared anything from half to nearly all of them,
    /// whatever worth the half fell on; see docs/results/solving.md, "A garbage collection that
    /// clears half".)
    fn worth_threshold(&self) -> u64 {
        let step = (self.buckets.len() / 65536).max(1);
        let mut worths: Vec<u64> = Vec::new();
        for bucket in self.buckets.iter().step_by(step) {
            worths.extend(bucket.read(entries).into_iter().map(|(_, e)| worth(e)));
        }
        share_threshold(&mut worths, CLEARED_SHARE)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Place, Table};
    use super::share_threshold;
    use crate::solver::numbers::INF;

    #[test]
    fn garbage_collection_clears_the_least_work_and_keeps_proofs() {
        let table = Table::new(4, 1 << 16).unwrap();
        let buckets = table.buckets.len();
        for i in 0..buckets {
            let p = |check| Place {
                bucket: i,
                check,
                bucket_bits: table.bucket_bits as u8,
            };
            table.store(p(1), 0, INF, 2);
            table.store(p(2), 2, 2, 1 + i as u32 % 4);
            let big = if i % 2 == 1 { 1000 } else { 3 };
            table.store(p(3), 2, 2, big);
        }
        let done = table.collect_garbage().unwrap();
        // Half the entries are undecided with work 1 to 4: those go. Proven entries of
        // work 2 are worth 32 and stay, as do the undecided ones of work 1000.
        assert_eq!(done.proven, buckets);
        assert_eq!(
            (done.cleared, done.kept),
            (buckets * 3 / 2, buckets * 3 / 2)
        );
        let kept = |i: usize| {
            table
                .get(Place {
                    bucket: i,
                    check: 3,
                    bucket_bits: table.bucket_bits as u8,
                })
                .is_some()
        };
        assert!((0..buckets).all(|i| kept(i) == (i % 2 == 1)));
        // A checkpoint's entries come back where they were.
        let proven = table.proven();
        assert_eq!(proven.len(), buckets);
        let other = Table::new(4, 1 << 20).unwrap();
        assert!(proven.iter().all(|&(m, w, work)| other.restore(m, w, work)));
        assert_eq!(other.proven().len(), buckets);
        assert!(!other.restore(1 << 70, true, 1), "not a 4x4 key");
    }

    /// A collection clears the share asked of the entries, as near as ties allow: not the
    /// share up to the next power of two of worth (1 to 100 would clear 63 of 100).
    #[test]
    fn a_collection_clears_the_share_it_asks_for_as_near_as_ties_allow() {
        let cleared = |worths: &[u64], share| {
            let limit = share_threshold(&mut worths.to_vec(), share);
            worths.iter().filter(|&&w| w <= limit).count()
        };
        let spread: Vec<u64> = (1..=100).rev().collect();
        assert_eq!(cleared(&spread, 0.5), 50);
        assert_eq!(cleared(&spread, 0.3), 30);
        let two_kinds: Vec<u64> = [vec![7; 10], vec![3; 10]].concat();
        assert_eq!(cleared(&two_kinds, 0.5), 10);
        // Ties: 90 entries of worth 1 clear all or none; all is nearer a half.
        let tied: Vec<u64> = [vec![1; 90], vec![100; 10]].concat();
        assert_eq!(cleared(&tied, 0.5), 90);
        let few_tied: Vec<u64> = [vec![1; 10], vec![100; 90]].concat();
        assert_eq!(cleared(&few_tied, 0.5), 10);
        assert_eq!(share_threshold(&mut [], 0.5), 0);
        assert_eq!(share_threshold(&mut [0, 0], 0.5), 0);
    }
}
