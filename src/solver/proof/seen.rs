//! The positions a proof walk has passed, so that each is written once: a set shared by the
//! walk's threads without locks.
//!
//! A position is named by its mixed key in the prover's table ([`Table::mixed`]): a
//! bijection of its exact key, so two positions never share one. The low bits of the mixed
//! key pick a group of eight slots (one cache line) and the rest are the tag stored there;
//! group and tag together are the whole key, so a tag found in its group is that position
//! and no other. A thread claims an empty slot by compare-and-swap, so two threads adding
//! the same position agree on which of them added it. A full group sends its position to a
//! locked overflow set, which also keeps positions the table cannot pack.
//!
//! It replaced a set of hash sets behind 256 locks: on the 4x4 start's proof the hash sets'
//! inserts took 23% of the writing time (`perf`), three cache misses each (the control
//! bytes, the key, the store) against one here.

use crate::solver::table::Table;
use crate::solver::table::memory_hints;
use rustc_hash::FxHashSet;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Mutex, PoisonError};

/// Slots in a group: a cache line of tags.
const GROUP: usize = 8;
/// The fewest groups a set has.
const MIN_GROUP_BITS: u32 = 7;

/// How the set names a position: by its mixed key in the table, or by its exact key if
/// the table cannot pack it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Name {
    Mixed(u128),
    Exact(u128),
}

/// The set (see the module's comment).
pub struct Seen {
    /// Tags plus one (0: empty), a group of [`GROUP`] after another.
    slots: Vec<AtomicU64>,
    group_bits: u32,
    /// Positions of full groups, and positions the table cannot pack.
    overflow: Mutex<FxHashSet<Name>>,
}

impl Seen {
    /// A set for a walk over `table`'s positions, with a slot for every 8 entries the table
    /// has room for (a proof holds fewer positions than the table entries that prove it),
    /// or as many as the memory allows.
    pub fn new(table: &Table) -> Seen {
        // A tag (the bits above the group) plus one must fit 64 bits.
        let least = table.key_bits().saturating_sub(63).max(MIN_GROUP_BITS);
        let wanted = (table.capacity() / 8 / GROUP).next_power_of_two().ilog2();
        let mut group_bits = wanted.max(least);
        let slots = loop {
            let mut slots = Vec::new();
            if slots.try_reserve_exact(GROUP << group_bits).is_ok() {
                // In 2 MB pages, as the table: see `memory_hints`.
                memory_hints::advise_huge_pages(slots.spare_capacity_mut());
                slots.extend((0..GROUP << group_bits).map(|_| AtomicU64::new(0)));
                break slots;
            }
            if group_bits == least {
                break Vec::new();
            }
            group_bits -= 1;
        };
        Seen {
            slots,
            group_bits,
            overflow: Mutex::default(),
        }
    }

    /// The set's name for the position of exact key `key`.
    pub fn name(table: &Table, key: u128) -> Name {
        table.mixed(key).map_or(Name::Exact(key), Name::Mixed)
    }

    /// Where `mixed` lives: its group's first slot, and its tag.
    fn home(&self, mixed: u128) -> (usize, u64) {
        let group = (mixed & ((1 << self.group_bits) - 1)) as usize;
        (group * GROUP, (mixed >> self.group_bits) as u64 + 1)
    }

    /// Starts loading the group of `name` into the cache, for an [`Seen::insert`] soon.
    pub fn prefetch(&self, name: Name) {
        if let Name::Mixed(mixed) = name
            && !self.slots.is_empty()
        {
            memory_hints::prefetch(&self.slots[self.home(mixed).0]);
        }
    }

    /// True if the position `name` was not in the set (and now is).
    pub fn insert(&self, name: Name) -> bool {
        let mixed = match name {
            Name::Mixed(mixed) if !self.slots.is_empty() => mixed,
            _ => return self.insert_overflow(name),
        };
        let (first, tag) = self.home(mixed);
        for slot in &self.slots[first..first + GROUP] {
            let mut held = slot.load(Relaxed);
            if held == 0 {
                match slot.compare_exchange(0, tag, Relaxed, Relaxed) {
                    Ok(_) => return true,
                    Err(other) => held = other,
                }
            }
            if held == tag {
                return false;
            }
        }
        self.insert_overflow(name)
    }

    fn insert_overflow(&self, name: Name) -> bool {
        self.overflow
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Squares};
    use crate::solver::table::key::Symmetries;

    /// Keys of the positions of a few seeded random games on `size` x `size`.
    fn game_keys(size: usize) -> Vec<u128> {
        let sym = Symmetries::new(size).unwrap();
        let mut keys = std::collections::BTreeSet::new();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        while keys.len() < 3000 {
            let mut board = Board::new(size);
            while board.winner().is_none() {
                let moves: Vec<usize> = Squares(board.legal_moves()).collect();
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                board.play(moves[(state >> 33) as usize % moves.len()]);
                if board.winner().is_none() {
                    keys.insert(sym.key(&board));
                }
            }
        }
        keys.into_iter().collect()
    }

    #[test]
    fn every_position_is_added_once_even_when_its_group_is_full() {
        for size in [3, 4, 5] {
            let table = Table::new(size, 64 << 10).unwrap();
            let seen = Seen::new(&table);
            let keys = game_keys(size);
            let mut groups = std::collections::HashMap::<u128, usize>::new();
            for &k in &keys {
                let m = table.mixed(k).unwrap();
                *groups.entry(m & ((1 << seen.group_bits) - 1)).or_default() += 1;
            }
            for &k in &keys {
                assert!(seen.insert(Seen::name(&table, k)), "{size}: {k}");
            }
            for &k in &keys {
                assert!(!seen.insert(Seen::name(&table, k)), "{size}: {k} again");
            }
            // A group's positions past its eight slots went to the overflow set.
            let full: usize = groups.values().map(|&n| n.saturating_sub(GROUP)).sum();
            assert_eq!(seen.overflow.lock().unwrap().len(), full, "{size}");
            if size < 5 {
                assert!(full > 0, "{size}: the test fills some group");
            }
        }
    }
}
