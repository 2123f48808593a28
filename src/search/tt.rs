//! The transposition table: a fixed array of lock-free slots shared by all search threads.
//!
//! Each slot is two `AtomicU64`: `key ^ data` and `data`. A reader recomputes the key from
//! both words and believes the entry only when it matches, so a slot torn by two writers at
//! once reads as a miss rather than as another position's result.

use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a table could not be had.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TableMemoryError {
    /// The allocator refused the size.
    #[error("{0}")]
    Reserve(#[from] TryReserveError),
    /// More than the machine has free: Linux would promise the memory and then kill the
    /// process while the table is filled, so the size is refused before asking.
    #[error("{wanted} MiB wanted, {available} MiB of memory available")]
    Unavailable { wanted: usize, available: usize },
}

/// The memory the kernel reports as available for new allocations, in MiB (`MemAvailable`
/// in `/proc/meminfo`), or `None` where that cannot be read.
pub fn available_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib >> 10)
}

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

/// What the table remembers of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub best_move: Option<u8>,
    pub depth: u8,
    pub bound: Bound,
    pub score: i16,
}

// Layout of the data word, low bits first:
//
//   bits  0..8   best move + 1 (0 = none)
//   bits  8..16  depth
//   bits 16..18  bound (1 exact, 2 lower, 3 upper; 0 = empty slot)
//   bits 18..24  generation (search number, modulo 64)
//   bits 32..48  score (i16)
const GENERATION_SHIFT: u32 = 18;
const SCORE_SHIFT: u32 = 32;

fn pack(entry: Entry, generation: u8) -> u64 {
    let mv = entry.best_move.map_or(0, |m| m as u64 + 1);
    let bound = match entry.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    mv | (entry.depth as u64) << 8
        | bound << 16
        | ((generation & 63) as u64) << GENERATION_SHIFT
        | (entry.score as u16 as u64) << SCORE_SHIFT
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 16) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let mv = (data & 0xFF) as u8;
    Some(Entry {
        best_move: mv.checked_sub(1),
        depth: (data >> 8) as u8,
        bound,
        score: (data >> SCORE_SHIFT) as u16 as i16,
    })
}

fn generation_of(data: u64) -> u8 {
    ((data >> GENERATION_SHIFT) & 63) as u8
}

#[derive(Default)]
struct Slot {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

const _: () = assert!(std::mem::size_of::<Slot>() == 16);

/// A transposition table of a fixed size.
pub struct Table {
    slots: Vec<Slot>,
    generation: AtomicU64,
}

impl Table {
    /// A table of about `mib` MiB (at least one slot).
    ///
    /// # Panics
    /// If the memory cannot be had; a size typed by a user goes through [`Table::try_new`].
    pub fn new(mib: usize) -> Table {
        Table::try_new(mib).unwrap_or_else(|e| panic!("hash table of {mib} MiB: {e}"))
    }

    /// A table of about `mib` MiB, or an error if the memory cannot be reserved: asking
    /// first, instead of letting the allocation fail, keeps the process alive. The size must
    /// also fit in the memory the machine has available (`available_mib`), because an
    /// overcommitting kernel grants more than it has and kills the process later.
    pub fn try_new(mib: usize) -> Result<Table, TableMemoryError> {
        if let Some(available) = available_mib().filter(|&a| mib > a) {
            return Err(TableMemoryError::Unavailable {
                wanted: mib,
                available,
            });
        }
        let bytes = mib.max(1).saturating_mul(1 << 20);
        let len = bytes / std::mem::size_of::<Slot>();
        let mut slots = Vec::new();
        slots.try_reserve_exact(len)?;
        slots.resize_with(len, Slot::default);
        Ok(Table {
            slots,
            generation: AtomicU64::new(0),
        })
    }

    /// Size in MiB, as asked for.
    pub fn mib(&self) -> usize {
        (self.slots.len() * std::mem::size_of::<Slot>()) >> 20
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.key_xor_data.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u8 {
        (self.generation.load(Ordering::Relaxed) & 63) as u8
    }

    /// Multiply-shift: maps the whole key range evenly onto the slots.
    #[inline(always)]
    fn slot(&self, key: u64) -> &Slot {
        let index = ((key as u128 * self.slots.len() as u128) >> 64) as usize;
        &self.slots[index]
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.key_xor_data.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        unpack(data)
    }

    /// Stores an entry for `key`. An entry of another position is replaced when it is from an
    /// older search or not deeper than the new one; the same position's entry always is.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = self.slot(key);
        let generation = self.generation();
        let old = slot.data.load(Ordering::Relaxed);
        let same = slot.key_xor_data.load(Ordering::Relaxed) ^ old == key;
        let keep_old = !same
            && unpack(old).is_some_and(|e| e.depth > entry.depth)
            && generation_of(old) == generation;
        if keep_old {
            return;
        }
        let mut entry = entry;
        if same && entry.best_move.is_none() {
            entry.best_move = unpack(old).and_then(|e| e.best_move);
        }
        let data = pack(entry, generation);
        slot.key_xor_data.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: u8, score: i16) -> Entry {
        Entry {
            best_move: Some(35),
            depth,
            bound: Bound::Lower,
            score,
        }
    }

    #[test]
    fn a_table_too_big_for_memory_is_an_error_not_an_abort() {
        assert!(Table::try_new(usize::MAX >> 20).is_err());
        assert!(Table::try_new(1 << 40).is_err());
        assert_eq!(Table::try_new(1).map(|t| t.mib()), Ok(1));
        if let Some(available) = available_mib() {
            assert!(matches!(
                Table::try_new(available + 1),
                Err(TableMemoryError::Unavailable { .. })
            ));
        }
    }

    #[test]
    fn stores_and_finds_with_every_field() {
        let tt = Table::new(1);
        for (i, score) in [-30000i16, -1, 0, 1, 29999].into_iter().enumerate() {
            let key = 0x1234_5678_9ABC_DEF0 ^ i as u64;
            let e = Entry {
                best_move: if i == 0 { None } else { Some(99) },
                depth: 127,
                bound: [Bound::Exact, Bound::Lower, Bound::Upper][i % 3],
                score,
            };
            tt.store(key, e);
            assert_eq!(tt.probe(key), Some(e));
        }
    }

    #[test]
    fn another_key_in_the_same_slot_is_a_miss() {
        let tt = Table::new(1);
        tt.store(7, entry(3, 5));
        // Keys 7 and 8 map to slot 0 of a 65536-slot table (multiply-shift keeps the top bits).
        assert_eq!(tt.probe(8), None);
        assert_eq!(tt.probe(7), Some(entry(3, 5)));
    }

    #[test]
    fn deeper_entries_survive_shallower_collisions_within_a_search() {
        let tt = Table::new(1);
        tt.store(7, entry(9, 1));
        tt.store(8, entry(2, 2));
        assert_eq!(tt.probe(7), Some(entry(9, 1)), "deeper entry kept");
        tt.new_search();
        tt.store(8, entry(2, 2));
        assert_eq!(tt.probe(8), Some(entry(2, 2)), "old generation replaced");
        assert_eq!(tt.probe(7), None);
    }

    #[test]
    fn same_position_keeps_its_move_when_the_new_entry_has_none() {
        let tt = Table::new(1);
        tt.store(7, entry(3, 5));
        let no_move = Entry {
            best_move: None,
            ..entry(4, 6)
        };
        tt.store(7, no_move);
        assert_eq!(
            tt.probe(7),
            Some(Entry {
                best_move: Some(35),
                ..no_move
            })
        );
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let tt = Table::new(1);
        tt.store(7, entry(3, 5));
        // Simulate a second writer's data word landing without its key word.
        let slot = tt.slot(7);
        slot.data.store(pack(entry(6, -4), 0), Ordering::Relaxed);
        assert_eq!(tt.probe(7), None);
    }

    #[test]
    fn clear_empties_the_table() {
        let tt = Table::new(1);
        tt.store(7, entry(3, 5));
        tt.clear();
        assert_eq!(tt.probe(7), None);
        assert_eq!(tt.mib(), 1);
    }
}
