//! The prover's table over time: how it grows, when it collects garbage, and when proven
//! entries alone have filled it. The search ([`super::Prover::mid`]) only counts what it
//! stores; every look at the clock ([`super::Prover::poll`]) brings the count here.

use super::{Prover, Stop};
use crate::solver::table::Table;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

/// The table's first size when it may grow: 1 MB.
pub(super) const FIRST_TABLE: usize = 1 << 20;

/// The share of the table's slots past which it doubles (while the memory allows).
const GROW_AT: f64 = 0.5;
/// [`GROW_AT`] below [`SMALL_TABLE`]: a small table doubles at a quarter full, so that
/// fewer of its buckets overflow and drop entries the search needs again. On the 4x4 start
/// (whose table ends at 512 MiB either way) one thread searched 10.9 million positions
/// instead of 11.4 million, and two threads 12.3 to 13.7 million instead of 13.5 to 14.0
/// (docs/results/solving.md, 2026-12-07): a table that starts at 512 MiB searched about as
/// few, but is no rule for the small questions.
const GROW_AT_SMALL: f64 = 0.25;
/// The size below which a table doubles at [`GROW_AT_SMALL`].
const SMALL_TABLE: usize = 1 << 29;
/// A table this large doubles only when it is as full as a collection would find it
/// (`COLLECT_AT`), not half full: a random read of a larger table costs more (on this VM the
/// 4x4 start searched 1.6 million positions a second on two threads in a 2 GB table and 1.4
/// million in a 4 GB one, and doubling to 4 GB took seconds), so past this size the search
/// fills the table it has before it asks for more. At 1 GB the 4x4 start stays in 1 GB
/// (1.17 GB peak RSS against 2.24 GB at 2 GB) and searches about as many positions on one
/// thread (41,646,902 against 41,496,090; docs/results/solving.md).
const BIG_TABLE: usize = 1 << 30;
/// How long before its doubling the memory of the next size is faulted in, in the
/// background (see [`super::Table::prepare_to_double`]): at this much less of a share of the
/// table in use.
const PREPARE_AHEAD: f64 = 0.2;
/// [`PREPARE_AHEAD`] while every core searches: the faulting then takes its time from the
/// search, so it waits until the doubling is near, and a search that ends before that
/// faults in nothing in vain. On two threads the 4x4 start's table mostly stops at 512 MiB,
/// 30 to 45% full: from 30% it faulted in 512 MiB more in every run (1.1 GB peak), from 45%
/// in 7 runs of 18 (4 of them grew the table), and a position cost 9% less on average
/// (docs/results/solving.md).
const PREPARE_AHEAD_BUSY: f64 = 0.05;
/// How long the first thread waits, at a pause for the table's growth, for the others to
/// let go of the table (each looks every 1,024 positions, a millisecond or so).
const PAUSE_WAIT: Duration = Duration::from_secs(2);
/// The share past which undecided entries are collected, and the share of proven entries
/// at which the search stops for memory.
const COLLECT_AT: f64 = 0.85;
const PROVEN_FULL: f64 = 0.8;

impl Prover {
    /// Grows the table to `memory` bytes now (before other threads share it); false if
    /// it is shared already.
    pub fn reserve(&mut self, memory: usize) -> bool {
        self.grow_to(memory)
    }

    /// Doubles the table until `entries` fill no more than the share of it at which it
    /// would double anyway (or the limits stop it): room for a checkpoint's entries.
    pub fn make_room(&mut self, entries: usize) {
        while entries as f64 > GROW_AT * self.table.capacity() as f64 && self.grow() {}
    }

    /// Counts `entries` put into the table by other means than the search (a checkpoint's)
    /// in its fill, by which it grows and collects garbage.
    pub fn count_stored(&self, entries: usize) {
        self.shared.used.fetch_add(entries, Relaxed);
    }

    /// The entries the table holds, as its fill is counted.
    #[cfg(test)]
    pub fn stored(&self) -> usize {
        self.shared.used.load(Relaxed) + self.filled
    }

    /// Doubles the table while it is more than half full and the memory allows (with
    /// several threads, by asking them all to unwind first); collects garbage when it is
    /// nearly full.
    pub(super) fn mind_the_table(&mut self) {
        let used = self.shared.used.fetch_add(self.filled, Relaxed) + self.filled;
        self.filled = 0;
        let capacity = self.table.capacity() as f64;
        let grow_at = self.grow_at();
        let ahead = if self.core_left_idle() {
            PREPARE_AHEAD
        } else {
            PREPARE_AHEAD_BUSY
        };
        let preparing =
            used as f64 > (grow_at - ahead) * capacity && !self.table.prepared_to_double();
        if preparing && self.may_grow() {
            self.table.prepare_to_double();
        }
        if used as f64 > grow_at * capacity && self.may_grow() {
            if self.shared.threads() > 1 {
                self.shared.request_pause();
                return;
            }
            if self.grow() {
                return;
            }
        }
        if (used as f64) < COLLECT_AT * capacity {
            return;
        }
        if let Some(done) = self.table.collect_garbage() {
            self.shared.used.store(done.kept, Relaxed);
            self.shared.collections.fetch_add(1, Relaxed);
            if done.proven as f64 >= PROVEN_FULL * capacity {
                self.shared.set_stop(Stop::Memory);
            }
        }
    }

    /// Pauses this thread while the shared table grows (a [`super::shared::PAUSE`]): the
    /// first thread waits until the others have let go of the table, doubles it and hands
    /// it back; the others let go of it and wait for it. Each then goes on where it was (a
    /// place found before the doubling still finds its entry after it).
    pub(super) fn pause_for_growth(&mut self) {
        if self.thread == 0 {
            self.grow_shared();
        } else {
            // A table of the least size stands in for the shared one meanwhile.
            if let Ok(stand_in) = Table::new(self.sym.size(), 0) {
                self.table = Arc::new(stand_in);
            }
            self.table = self.shared.wait_resumed();
        }
    }

    /// The first thread's part of a pause: the table doubled once every other thread has
    /// let go of it, then handed back. If they do not within [`PAUSE_WAIT`] (another owner
    /// holds it) or the memory cannot be had, the threads unwind instead, and the table
    /// grows between rounds as before ([`super::parallel::prove`]).
    pub(super) fn grow_shared(&mut self) {
        self.shared.forget_resumed();
        let since = Instant::now();
        while Arc::strong_count(&self.table) > 1 && since.elapsed() < PAUSE_WAIT {
            std::thread::yield_now();
        }
        let grown = Arc::strong_count(&self.table) == 1 && self.grow();
        self.table.set_shared_writers(true);
        self.shared.resume(Arc::clone(&self.table), grown);
    }

    /// The share of the table's slots past which it doubles, by its size.
    fn grow_at(&self) -> f64 {
        match self.table.memory() {
            m if m >= BIG_TABLE => COLLECT_AT,
            m if m < SMALL_TABLE => GROW_AT_SMALL,
            _ => GROW_AT,
        }
    }

    /// Whether a core is left idle by the threads searching, for the next size's memory to
    /// be faulted in beside them.
    fn core_left_idle(&self) -> bool {
        static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
        let cores =
            *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        self.shared.threads() < cores
    }

    /// Whether the limits and the machine leave room to double the table.
    fn may_grow(&self) -> bool {
        let doubled = self.table.memory() * 2;
        // The limit first: a table at its limit is asked at every poll, and reading the
        // system's free memory costs a file read.
        doubled <= self.limits.memory && self.memory_to_grow_to(doubled) <= available_memory()
    }

    /// The memory a table of `memory` bytes takes beyond what the process holds now:
    /// doubling in place takes the new half, or nothing once that half is faulted in
    /// ([`super::Table::spare_populated`]); any other size, a whole new table while the old one is
    /// copied. (Asking for the whole doubled size kept a table of more than a third of the
    /// machine from ever doubling again: a 5x5 proof on this 24 GB machine stayed in an 8.6
    /// GB table for 41 minutes with `--memory 18000`. Asking for the new half once it was
    /// already faulted in did the same: the 2013 4x4 start held 16.8 GB of memory with an
    /// 8.6 GB table, its proven entries dropped for want of room.)
    fn memory_to_grow_to(&self, memory: usize) -> usize {
        let now = self.table.memory();
        if memory != now * 2 || !self.table.doubles_in_place() {
            memory
        } else if self.table.spare_populated() {
            0
        } else {
            memory - now
        }
    }

    /// Doubles the table if the limits allow; false if they do not, the table is shared
    /// (by threads, see [`crate::solver::dfpn::parallel::prove`], or a checkpoint's saver) or the memory
    /// cannot be had. A failure lowers the memory limit to the table's size, so that the
    /// search goes on in the table it has and does not ask again.
    pub fn grow(&mut self) -> bool {
        let grown = self.may_grow() && self.grow_to(self.table.memory() * 2);
        if !grown {
            self.limits.memory = self.limits.memory.min(self.table.memory());
        }
        grown
    }

    /// Replaces the table by one of `memory` bytes holding the same entries; false if
    /// the table is shared or the memory cannot be had.
    fn grow_to(&mut self, memory: usize) -> bool {
        if memory <= self.table.memory() || self.memory_to_grow_to(memory) > available_memory() {
            return false;
        }
        let Some(table) = Arc::get_mut(&mut self.table) else {
            return false;
        };
        if memory == table.memory() * 2 && table.double() {
            return true;
        }
        match table.resized(memory) {
            Ok(bigger) => {
                *table = bigger;
                true
            }
            Err(_) => false,
        }
    }
}

/// The bytes the system has free for new allocations (unbounded where it cannot say).
pub(super) fn available_memory() -> usize {
    crate::search::tt::available_mib().map_or(usize::MAX, |m| m << 20)
}

#[cfg(test)]
mod tests {
    use super::super::{Limits, Prover, Shared, Symmetries, Table};
    use std::sync::Arc;

    /// Doubling in place asks the machine for the new half only: asking for the whole
    /// doubled table kept a 5x5 proof in 8.6 GB of the 17.2 GB it was allowed.
    #[test]
    fn doubling_in_place_needs_only_the_new_half() {
        let limits = Limits {
            memory: 1 << 30,
            ..Limits::default()
        };
        let prover = Prover::new(3, limits).unwrap();
        let now = prover.table.memory();
        assert!(prover.table.doubles_in_place());
        assert_eq!(prover.memory_to_grow_to(2 * now), now);
        assert_eq!(
            prover.memory_to_grow_to(4 * now),
            4 * now,
            "not a doubling: a copy"
        );
    }

    /// With every core searching, the next size's memory is faulted in ahead only 5% of the
    /// slots before the doubling, not 20%: the 4x4 start's table on two threads mostly stops
    /// between the two (at 512 MiB, 30 to 45% full of the 50% it would double at).
    #[test]
    fn with_every_core_searching_the_next_size_is_prepared_later() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let limits = Limits {
            memory: 1 << 30,
            ..Limits::default()
        };
        let mut prover = Prover::new(3, limits).unwrap();
        let (capacity, grow_at) = (prover.table.capacity() as f64, prover.grow_at());
        let share = |s: f64| (s * capacity) as usize;
        prover.shared.set_threads(cores);
        prover.count_stored(share(grow_at - 0.10));
        prover.mind_the_table();
        assert!(
            !prover.table.prepared_to_double(),
            "10% before the doubling, every core busy"
        );
        if cores > 1 {
            prover.shared.set_threads(cores - 1);
            prover.mind_the_table();
            assert!(
                prover.table.prepared_to_double(),
                "10% before the doubling, a core idle"
            );
        }
        let mut busy = Prover::new(3, limits).unwrap();
        busy.shared.set_threads(cores);
        busy.count_stored(share(grow_at - 0.04));
        busy.mind_the_table();
        assert!(
            busy.table.prepared_to_double(),
            "4% before the doubling, every core busy"
        );
    }

    /// A small table doubles at a quarter full (at half full before: the 1 MB table of a
    /// new prover, three tenths full, did not).
    #[test]
    fn a_small_table_doubles_at_a_quarter_full() {
        let limits = Limits {
            memory: 1 << 30,
            ..Limits::default()
        };
        let mut prover = Prover::new(3, limits).unwrap();
        let first = prover.table.memory();
        prover.count_stored(prover.table.capacity() / 5);
        prover.mind_the_table();
        assert_eq!(prover.table.memory(), first, "a fifth full");
        prover.count_stored(prover.table.capacity() / 10);
        prover.mind_the_table();
        assert_eq!(prover.table.memory(), 2 * first, "three tenths full");
    }

    /// Once the next doubling's memory is faulted in ahead, doubling asks the machine for
    /// nothing more: asking for the new half again (which the machine's free memory no
    /// longer counted) kept the 2013 4x4 start in 8.6 GB of a 17.2 GB allowance.
    #[test]
    fn a_doubling_faulted_in_ahead_needs_no_more_memory() {
        let sym = Symmetries::new(3).unwrap();
        let table = Table::growable(3, 64 << 20, 256 << 20).unwrap();
        let prover = Prover::sharing(
            sym,
            Arc::new(table),
            Arc::new(Shared::new()),
            0,
            Limits::default(),
        );
        let now = prover.table.memory();
        assert_eq!(now, 64 << 20);
        assert_eq!(prover.memory_to_grow_to(2 * now), now, "not yet prepared");
        prover.table.prepare_to_double();
        assert_eq!(prover.memory_to_grow_to(2 * now), 0);
    }
}
