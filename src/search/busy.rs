//! Which moves other threads are searching right now, so that a thread can try its other
//! moves first (a light form of ABDADA). With Lazy SMP alone, threads tend to walk the same
//! subtrees at the same time; deferring a move another thread is already inside sends this
//! one elsewhere, and by the time it comes back the table often holds the answer.
//!
//! A slot holds the key of one (position, move) pair being searched. Collisions and races
//! only change the order in which moves are tried, never which are tried, so the search
//! stays exact.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots in the table (a power of two): far more than two threads have open at once.
const SLOTS: usize = 1 << 14;

pub struct Busy {
    slots: Vec<AtomicU64>,
}

impl Default for Busy {
    fn default() -> Busy {
        Busy {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Busy {
    /// The key of playing `sq` in the position hashed `hash` (never 0).
    pub fn key(hash: u64, sq: u8) -> u64 {
        (hash ^ (sq as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 32) as usize & (SLOTS - 1)]
    }

    /// Whether another thread marked `key` and has not unmarked it yet.
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks `key` as being searched.
    pub fn mark(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Clears the mark of `key`, unless another key took the slot since.
    pub fn unmark(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_seen_until_cleared() {
        let busy = Busy::default();
        let k = Busy::key(0x1234_5678_9abc_def0, 7);
        assert!(!busy.is_busy(k));
        busy.mark(k);
        assert!(busy.is_busy(k));
        assert!(!busy.is_busy(Busy::key(0x1234_5678_9abc_def0, 8)));
        busy.unmark(k);
        assert!(!busy.is_busy(k));
    }
}
