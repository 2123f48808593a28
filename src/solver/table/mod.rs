//! The prover's table: a fixed block of memory, sized once from `--memory`, shared by every
//! thread of a proof, that keeps what is known of each position it has room for and forgets
//! what is cheapest to find again.
//!
//! **Layout.** The table is a power of two of 64-byte buckets, one cache line each, so that
//! a probe costs one cache miss (in 2 MB pages, and prefetched: see [`memory_hints`]). A bucket holds three slots of 20 bytes (a 64-bit check, the
//! proof and disproof numbers, and the positions searched below the entry, its *work*) and a
//! lock word.
//!
//! **Exactness.** A stored value never answers for another position. A position's exact key
//! ([`key`]) is first packed into `bits` bits: nine states a square (white, or red or
//! blue with one to four spots) in base 9, or on 4x4 the key's nibbles with white squares
//! cleared (see `solver::table::packing`), and the side to move. (White squares hold one
//! spot under the 2014 rules and none under the 2013 rules; a table learns which from its
//! first position and refuses to pack any other, so the packing is one-to-one on what it
//! stores.) Then a bijection of the
//! `bits`-bit numbers mixes it (odd multiplications and right xor-shifts, each invertible
//! modulo `2^bits`); the mixed number's low bits pick the bucket and all its other bits are
//! the check. Bucket and check together are the whole mixed number, hence the whole key: two
//! positions with the same bucket and check are the same position (up to symmetry). That
//! needs `bits - bucket bits <= 64`: always on 4x4 (65 bits) and smaller boards, and on 5x5
//! (81 bits) a table of at least 2^17 buckets (8 MB). A position that cannot be packed (a square past four
//! spots, which no game reaches, or the other rules' white) is simply never stored.
//!
//! **Threads.** Each bucket's lock word is a spin lock, held only while one bucket is read or
//! written, never across a call, so no thread ever waits on another's search; with one
//! thread it costs one uncontended atomic operation a probe. Every field is an atomic, read
//! and written under the lock, so there is no `unsafe` here.
//!
//! **Forgetting.** A new entry takes an empty slot of its bucket, or else the slot whose
//! entry has the least work, undecided entries before proven ones. When the table is nearly
//! full, [`Table::collect_garbage`] (in `collect`) clears the half of the entries with the
//! least work (the SmallTreeGC of Nagai's df-pn), a proven entry counting as
//! [`PROVEN_WORTH`] times its work, so the search goes on.

pub mod key;
pub mod memory_hints;
mod packing;

use super::numbers::INF;
use key::MAX_KEY_SIZE;
use packing::{NO_WHITE, key_bits, mix, pack};
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicUsize, fence};

mod collect;
pub use collect::{Collected, PROVEN_WORTH};

/// Slots in a bucket.
const WAYS: usize = 3;

/// A won entry's disproof number from which it also says the winning move: `WON_BY + sq`,
/// with `sq` in the frame of the position's least image ([`Table::store_won_by`]). A won
/// position's dn is INF to the search, so the numbers past it are free, and the proof's walk
/// reads the move where it would otherwise play all the moves and look up their buckets.
const WON_BY: u32 = INF + 1;

/// The fewest buckets a table has, whatever the memory limit: 64 KB.
const MIN_BUCKET_BITS: u32 = 10;

/// One entry: a 64-bit check in two words, the numbers, and the work below it (0: empty).
#[derive(Default)]
struct Slot {
    check_low: AtomicU32,
    check_high: AtomicU32,
    pn: AtomicU32,
    dn: AtomicU32,
    work: AtomicU32,
}

/// One cache line: a version word (odd while a thread writes the bucket) and three slots.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket {
    version: AtomicU32,
    slots: [Slot; WAYS],
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored {
    pub pn: u32,
    pub dn: u32,
    /// Positions searched below it (saturating).
    pub work: u32,
}

impl Stored {
    fn proven(self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    /// The entry as the search sees it: a won entry's move, kept in its dn, read as INF.
    fn without_move(self) -> Stored {
        Stored {
            dn: self.dn.min(INF),
            ..self
        }
    }

    /// The winning move a won entry records, if it records one.
    fn won_by(self) -> Option<usize> {
        (self.pn == 0 && self.dn >= WON_BY).then(|| (self.dn - WON_BY) as usize)
    }
}

/// Where a position lives in the table: its bucket and its check (which together are the
/// position's whole key, so their order is an order of the positions), for the table's
/// bucket bits when it was made. A place made before the table grew (a single-thread
/// prover doubles it mid-search, with places held all the way up its recursion) is moved
/// to where its key lives now whenever it is used: stored as it was, its check would no
/// longer say its position, and could say another one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    bucket: usize,
    check: u64,
    bucket_bits: u8,
}

impl Place {
    /// The position's mixed key: check and bucket together.
    fn mixed(self) -> u128 {
        u128::from(self.check) << self.bucket_bits | self.bucket as u128
    }

    /// A hash of the position (for tables of other things about it), the same at every
    /// size of the table: from its mixed key, which a doubling keeps.
    pub fn hash(self) -> u64 {
        let mixed = self.mixed();
        mixed as u64 ^ ((mixed >> 64) as u64).rotate_left(32)
    }
}

/// The shared table of one board size.
pub struct Table {
    buckets: Vec<Bucket>,
    bucket_bits: u32,
    /// Bits of a packed key on this board size.
    bits: u32,
    size: usize,
    /// The spots of a white square in this table's positions (one rule set's: 1 under the
    /// 2014 rules, 0 under the 2013 rules), learnt from the first position that has one;
    /// `NO_WHITE` until then.
    white: AtomicU8,
    collecting: AtomicBool,
    /// The bucket count at which [`Table::prepare_to_double`] last ran.
    prepared: AtomicUsize,
    /// Whether several threads may write now (see [`Bucket::hold`]).
    shared_writers: AtomicBool,
}

/// A bucket held for writing; its version goes back to even (one more write done) when
/// dropped.
struct Held<'a>(&'a Bucket, u32);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.version.store(self.1.wrapping_add(2), Release);
    }
}

impl Bucket {
    /// Holds the bucket for writing: its version made odd. With `shared_writers` (several
    /// threads may write) by a compare-and-swap, waiting while another writer holds it;
    /// otherwise this thread is the only writer and a plain store does (the atomic
    /// read-modify-write would make every probe wait for all memory traffic before it).
    fn hold(&self, shared_writers: bool) -> Held<'_> {
        if !shared_writers {
            let v = self.version.load(Relaxed);
            self.version.store(v | 1, Relaxed);
            fence(Release);
            return Held(self, v & !1);
        }
        let mut spins = 0u32;
        loop {
            let v = self.version.load(Relaxed);
            if v & 1 == 0
                && self
                    .version
                    .compare_exchange_weak(v, v | 1, Acquire, Relaxed)
                    .is_ok()
            {
                fence(Release);
                return Held(self, v);
            }
            spins += 1;
            if spins.is_multiple_of(64) {
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
    }

    /// Reads the bucket by `read`, again until no write overlapped the reading (a
    /// sequence lock: readers never write, so they never slow one another or a writer).
    fn read<R>(&self, read: impl Fn(&[Slot; WAYS]) -> R) -> R {
        loop {
            let before = self.version.load(Acquire);
            if before & 1 == 0 {
                let out = read(&self.slots);
                fence(Acquire);
                if self.version.load(Relaxed) == before {
                    return out;
                }
            }
            std::hint::spin_loop();
        }
    }
}

impl Slot {
    fn read(&self) -> Stored {
        Stored {
            pn: self.pn.load(Relaxed),
            dn: self.dn.load(Relaxed),
            work: self.work.load(Relaxed),
        }
    }

    fn check(&self) -> u64 {
        u64::from(self.check_high.load(Relaxed)) << 32 | u64::from(self.check_low.load(Relaxed))
    }

    fn write(&self, check: u64, s: Stored) {
        self.check_low.store(check as u32, Relaxed);
        self.check_high.store((check >> 32) as u32, Relaxed);
        self.pn.store(s.pn, Relaxed);
        self.dn.store(s.dn, Relaxed);
        self.work.store(s.work.max(1), Relaxed);
    }

    fn clear(&self) {
        self.work.store(0, Relaxed);
    }

    fn is_empty(&self) -> bool {
        self.work.load(Relaxed) == 0
    }
}

/// The entries of a bucket's slots, with their checks.
fn entries(slots: &[Slot; WAYS]) -> arrayvec::ArrayVec<(u64, Stored), WAYS> {
    slots
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| (s.check(), s.read()))
        .collect()
}

/// Bytes one bucket takes.
pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// The smallest table whose next doubling's memory is faulted in ahead (below it, starting
/// a thread for it costs more than the faults).
const POPULATED_FROM: usize = 64 << 20;

impl Table {
    /// A table for boards of side `size` within `memory` bytes (the largest power of two of
    /// buckets that fits, but never fewer than exactness needs); an error if the memory
    /// cannot be had.
    pub fn new(size: usize, memory: usize) -> Result<Table, String> {
        Table::growable(size, memory, 0)
    }

    /// [`Table::new`] with address space set aside (not used until then) for the table to
    /// double in place up to `most` bytes ([`Table::double`]); without it if the machine
    /// cannot set it aside.
    pub fn growable(size: usize, memory: usize, most: usize) -> Result<Table, String> {
        if size > MAX_KEY_SIZE {
            return Err(format!(
                "no table for boards past {MAX_KEY_SIZE}x{MAX_KEY_SIZE}"
            ));
        }
        let bits = key_bits(size);
        let fit = (memory / BUCKET_BYTES).max(1).ilog2();
        let least = MIN_BUCKET_BITS.max(bits.saturating_sub(64));
        // No more buckets than there are distinct keys, nor than an index can address.
        let bucket_bits = fit.max(least).min(bits).min(40);
        let count = 1usize << bucket_bits;
        let room = (most / BUCKET_BYTES)
            .checked_ilog2()
            .map_or(0, |b| 1usize << b.min(40));
        let mut buckets = Vec::new();
        if room <= count || buckets.try_reserve_exact(room).is_err() {
            buckets.try_reserve_exact(count).map_err(|_| {
                format!(
                    "cannot allocate a table of {} MB",
                    (count * BUCKET_BYTES) >> 20
                )
            })?;
        }
        // Before the buckets are first written: see `memory_hints`.
        memory_hints::advise_huge_pages(buckets.spare_capacity_mut());
        buckets.resize_with(count, Bucket::default);
        Ok(Table {
            buckets,
            bucket_bits,
            bits,
            size,
            white: AtomicU8::new(NO_WHITE),
            collecting: AtomicBool::new(false),
            prepared: AtomicUsize::new(0),
            shared_writers: AtomicBool::new(false),
        })
    }

    /// Bytes the table takes.
    pub fn memory(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// Entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Where the position of exact key `key` lives; `None` if it cannot be packed.
    pub fn place(&self, key: u128) -> Option<Place> {
        Some(self.place_of_mixed(self.mixed(key)?))
    }

    /// The mixed key of the position of exact key `key` (a bijection of its packed key, so
    /// it names the position up to symmetry); `None` if it cannot be packed.
    pub fn mixed(&self, key: u128) -> Option<u128> {
        pack(self.size, key, &self.white).map(|packed| mix(packed, self.bits))
    }

    /// Bits of a mixed key.
    pub fn key_bits(&self) -> u32 {
        self.bits
    }

    fn place_of_mixed(&self, mixed: u128) -> Place {
        Place {
            bucket: (mixed & ((1 << self.bucket_bits) - 1)) as usize,
            check: (mixed >> self.bucket_bits) as u64,
            bucket_bits: self.bucket_bits as u8,
        }
    }

    /// `place` in the table as it is now (see [`Place`]).
    fn now(&self, place: Place) -> Place {
        if u32::from(place.bucket_bits) == self.bucket_bits {
            return place;
        }
        self.place_of_mixed(place.mixed())
    }

    /// The mixed key of the entry in `bucket` with `check`: what a checkpoint records.
    fn mixed_of(&self, bucket: usize, check: u64) -> u128 {
        u128::from(check) << self.bucket_bits | bucket as u128
    }

    /// Starts loading `place`'s bucket into the cache, for a [`Table::get`] soon after.
    pub fn prefetch(&self, place: Place) {
        let place = self.now(place);
        memory_hints::prefetch(&self.buckets[place.bucket]);
    }

    /// What the table holds for `place`.
    pub fn get(&self, place: Place) -> Option<Stored> {
        self.get_with_move(place).map(Stored::without_move)
    }

    /// What the table holds for `place`, a won entry's move in its dn.
    fn get_with_move(&self, place: Place) -> Option<Stored> {
        let place = self.now(place);
        self.buckets[place.bucket].read(|slots| {
            slots
                .iter()
                .find(|s| !s.is_empty() && s.check() == place.check)
                .map(Slot::read)
        })
    }

    /// The winning move that the won entry at `place` records (in the frame of the
    /// position's least image), if the table holds one.
    pub fn won_by(&self, place: Place) -> Option<usize> {
        self.get_with_move(place)?.won_by()
    }

    /// Records that the position at `place` is won by the move `square` (in the frame of
    /// its least image), with `work` more positions searched below it.
    pub fn store_won_by(&self, place: Place, square: usize, work: u32) -> bool {
        self.store(place, 0, WON_BY + square as u32, work)
    }

    /// Tells the table whether several threads may write to it from now on.
    pub fn set_shared_writers(&self, shared: bool) {
        self.shared_writers.store(shared, Relaxed);
    }

    fn shared(&self) -> bool {
        self.shared_writers.load(Relaxed)
    }

    /// Records `pn` and `dn` for `place`, with `work` more positions searched below it;
    /// true if it took a slot that was empty. A proven entry is never overwritten by an
    /// undecided one (a thread that stops may store what it had while another proved it).
    pub fn store(&self, place: Place, pn: u32, dn: u32, work: u32) -> bool {
        let place = self.now(place);
        let bucket = &self.buckets[place.bucket];
        let _held = bucket.hold(self.shared());
        if let Some(slot) = bucket
            .slots
            .iter()
            .find(|s| !s.is_empty() && s.check() == place.check)
        {
            let mut old = slot.read();
            old.work = old.work.saturating_add(work);
            // A win stored again without its move (a thread that proved it too, or a
            // restored checkpoint) keeps the move it had.
            let keeps_move = pn == 0 && dn == INF && old.won_by().is_some();
            if !keeps_move && (!old.proven() || pn == 0 || dn == 0) {
                (old.pn, old.dn) = (pn, dn);
            }
            slot.write(place.check, old);
            return false;
        }
        let victim = bucket
            .slots
            .iter()
            .min_by_key(|s| {
                let s = s.read();
                // Empty first, then undecided, then proven; the least work among them.
                (s.work != 0, s.proven(), s.work)
            })
            .expect("a bucket has slots");
        let was_empty = victim.is_empty();
        victim.write(place.check, Stored { pn, dn, work });
        was_empty
    }

    /// Starts faulting in, in the background, the memory that the next [`Table::double`]
    /// will take (once for each size; only for tables of 64 MB and more, where it takes
    /// longer than starting a thread), so that the doubling does not wait for the kernel.
    /// Every size is marked prepared, the small ones too, so that the prover asks (and
    /// reads the system's free memory) once a size, not at every poll.
    pub fn prepare_to_double(&self) {
        let count = self.buckets.len();
        if self.prepared.swap(count, Relaxed) != count && self.populates_ahead() {
            memory_hints::populate_spare(&self.buckets, 2 * count);
        }
    }

    /// Whether [`Table::prepare_to_double`] faults in the next doubling's memory at this
    /// size: the table doubles in place and is large enough for it to pay.
    fn populates_ahead(&self) -> bool {
        self.doubles_in_place() && self.memory() >= POPULATED_FROM
    }

    /// Whether the memory of the next [`Table::double`] is already the process's: asked
    /// for by [`Table::prepare_to_double`] at a size that faults it in. Doubling then takes
    /// no more memory from the machine (its free memory no longer counts those pages).
    pub fn spare_populated(&self) -> bool {
        self.prepared_to_double() && self.populates_ahead()
    }

    /// Whether [`Table::prepare_to_double`] was called at this size.
    pub fn prepared_to_double(&self) -> bool {
        self.prepared.load(Relaxed) == self.buckets.len()
    }

    /// Whether [`Table::double`] has the room set aside to double the table where it is
    /// (so that doubling takes only the new half's memory, not a second whole table).
    pub fn doubles_in_place(&self) -> bool {
        self.buckets.capacity() >= 2 * self.buckets.len() && self.bucket_bits < self.bits.min(40)
    }

    /// Doubles the table where it is, in the room set aside by [`Table::growable`]; false
    /// if there is none. One more bit of each entry's mixed key goes to its bucket: the
    /// entries whose bit is set move from bucket `i` to its new twin `i + count` (which
    /// has room for them all), and every check loses that bit.
    pub fn double(&mut self) -> bool {
        if !self.doubles_in_place() {
            return false;
        }
        let count = self.buckets.len();
        self.buckets.resize_with(2 * count, Bucket::default);
        let (low, high) = self.buckets.split_at_mut(count);
        for (from, twin) in low.iter().zip(high.iter()) {
            let mut free = twin.slots.iter();
            for slot in from.slots.iter().filter(|s| !s.is_empty()) {
                let (check, entry) = (slot.check(), slot.read());
                if check & 1 == 0 {
                    slot.write(check >> 1, entry);
                } else if let Some(to) = free.next() {
                    to.write(check >> 1, entry);
                    slot.clear();
                }
            }
        }
        self.bucket_bits += 1;
        true
    }

    /// A table of `memory` bytes holding this one's entries (as many as fit).
    pub fn resized(&self, memory: usize) -> Result<Table, String> {
        let bigger = Table::new(self.size, memory)?;
        bigger.white.store(self.white.load(Relaxed), Relaxed);
        for (i, bucket) in self.buckets.iter().enumerate() {
            for (check, e) in bucket.read(entries) {
                let place = bigger.place_of_mixed(self.mixed_of(i, check));
                bigger.store(place, e.pn, e.dn, e.work);
            }
        }
        Ok(bigger)
    }

    /// The share of slots used and of slots proven, from a sample of buckets spread over
    /// the table (cheap enough to ask often).
    pub fn fill(&self) -> (f64, f64) {
        let step = (self.buckets.len() / 4096).max(1);
        let (mut used, mut proven, mut slots) = (0usize, 0usize, 0usize);
        for bucket in self.buckets.iter().step_by(step) {
            slots += WAYS;
            for (_, e) in bucket.read(entries) {
                used += 1;
                proven += usize::from(e.proven());
            }
        }
        (used as f64 / slots as f64, proven as f64 / slots as f64)
    }

    /// Every proven entry: its mixed key, whether the side to move wins, and its work
    /// (the tests' list; a checkpoint streams them, [`Table::for_each_proven`]).
    #[cfg(test)]
    pub fn proven(&self) -> Vec<(u128, bool, u32)> {
        let mut out = Vec::new();
        self.for_each_proven(|mixed, wins, work| out.push((mixed, wins, work)));
        out
    }

    /// Shows `f` every proven entry (its mixed key, whether the side to move wins, its
    /// work), with no list: a checkpoint of 190 million entries is written without 6 GB of
    /// them in memory.
    pub fn for_each_proven(&self, mut f: impl FnMut(u128, bool, u32)) {
        for (i, bucket) in self.buckets.iter().enumerate() {
            for (check, e) in bucket.read(entries) {
                if e.proven() {
                    f(self.mixed_of(i, check), e.pn == 0, e.work);
                }
            }
        }
    }

    /// Records a proven entry by its mixed key (from [`Table::for_each_proven`] of a table of the
    /// same board size); false if the key is not one of this size's.
    pub fn restore(&self, mixed: u128, wins: bool, work: u32) -> bool {
        if !self.holds_key(mixed) {
            return false;
        }
        let (pn, dn) = if wins { (0, INF) } else { (INF, 0) };
        self.store(self.place_of_mixed(mixed), pn, dn, work);
        true
    }

    /// Whether `mixed` is a mixed key of this board size.
    pub fn holds_key(&self, mixed: u128) -> bool {
        self.bits >= 128 || mixed >> self.bits == 0
    }

    /// Clears every entry.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            let _held = bucket.hold(self.shared());
            bucket.slots.iter().for_each(Slot::clear);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Squares};
    use crate::solver::table::key::Symmetries;

    /// Positions of seeded random games on `size` x `size` boards, not over.
    fn positions(size: usize, count: usize) -> Vec<Board> {
        let mut seed = 99u64;
        let mut out = Vec::new();
        while out.len() < count {
            let mut b = Board::new(size);
            for _ in 0..out.len() % (size * size) {
                let moves: Vec<usize> = Squares(b.legal_moves()).collect();
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                b.play(moves[(seed >> 33) as usize % moves.len()]);
                if b.winner().is_some() {
                    break;
                }
            }
            if b.winner().is_none() {
                out.push(b);
            }
        }
        out
    }

    #[test]
    fn two_positions_share_a_place_only_when_they_share_a_key() {
        for size in [3, 4, 5] {
            let sym = Symmetries::new(size).unwrap();
            // A tiny table: many positions per bucket, so checks must tell them apart.
            let table = Table::new(size, 1).unwrap();
            let boards = positions(size, 600);
            for a in &boards {
                let (ka, pa) = (sym.key(a), table.place(sym.key(a)).unwrap());
                for b in &boards {
                    let kb = sym.key(b);
                    assert_eq!(ka == kb, pa == table.place(kb).unwrap());
                }
            }
        }
    }

    #[test]
    fn a_full_bucket_keeps_proven_and_hard_entries() {
        let table = Table::new(4, 1).unwrap();
        let bucket = 5;
        let place = |check| Place {
            bucket,
            check,
            bucket_bits: table.bucket_bits as u8,
        };
        assert!(table.store(place(1), 0, INF, 1));
        assert!(table.store(place(2), 3, 4, 100));
        assert!(table.store(place(3), 3, 4, 2));
        assert!(!table.store(place(4), 5, 6, 50));
        // The undecided entry with the least work made room.
        assert_eq!(table.get(place(3)), None);
        assert_eq!(table.get(place(1)).map(|s| s.pn), Some(0));
        assert_eq!(table.get(place(2)).map(|s| s.work), Some(100));
        // An undecided result never overwrites a proven one; work adds up.
        table.store(place(1), 7, 7, 5);
        assert_eq!(
            table.get(place(1)),
            Some(Stored {
                pn: 0,
                dn: INF,
                work: 6
            })
        );
    }

    /// A won entry keeps its move: the search reads it as any win (dn INF), a win stored
    /// again without a move keeps it, resizing keeps it, and an undecided result never
    /// replaces it.
    #[test]
    fn a_won_entry_keeps_its_move_and_the_search_never_sees_it() {
        let table = Table::new(4, 1).unwrap();
        let place = |check| Place {
            bucket: 9,
            check,
            bucket_bits: table.bucket_bits as u8,
        };
        assert!(table.store_won_by(place(1), 13, 4));
        assert!(table.store(place(2), 0, INF, 4));
        let won = Stored {
            pn: 0,
            dn: INF,
            work: 4,
        };
        assert_eq!(table.get(place(1)), Some(won));
        assert_eq!(table.won_by(place(1)), Some(13));
        assert_eq!(table.won_by(place(2)), None, "a win stored with no move");
        table.store(place(1), 0, INF, 1);
        table.store(place(1), 9, 9, 1);
        assert_eq!(table.won_by(place(1)), Some(13));
        assert_eq!(table.get(place(1)).map(|s| (s.dn, s.work)), Some((INF, 6)));
        table.store_won_by(place(2), 0, 1);
        assert_eq!(table.won_by(place(2)), Some(0), "square 0 is a move too");
        let bigger = table.resized(1 << 20).unwrap();
        let moved = bigger.place_of_mixed(place(1).mixed());
        assert_eq!(bigger.won_by(moved), Some(13));
    }

    /// A size is prepared once (small ones too, with no thread started for them), so the
    /// prover stops asking until the table has doubled.
    #[test]
    fn every_size_is_prepared_once_until_the_table_doubles() {
        let mut table = Table::growable(4, 1 << 16, 1 << 18).unwrap();
        assert!(!table.prepared_to_double());
        table.prepare_to_double();
        assert!(table.prepared_to_double());
        assert!(table.double());
        assert!(
            !table.prepared_to_double(),
            "a new size is not prepared yet"
        );
    }

    /// The room set aside decides whether a doubling takes a new half or a whole new
    /// table (the prover asks the machine for that much, see `Prover::may_grow`).
    #[test]
    fn a_table_doubles_in_place_exactly_while_its_room_lasts() {
        let mut table = Table::growable(4, 1 << 16, 1 << 18).unwrap();
        assert!(table.doubles_in_place());
        assert!(table.double());
        assert!(table.doubles_in_place());
        assert!(table.double());
        assert_eq!(table.memory(), 1 << 18);
        assert!(
            !table.doubles_in_place(),
            "the room of 2^18 bytes is used up"
        );
        assert!(!table.double());
        assert!(!Table::new(4, 1 << 16).unwrap().doubles_in_place());
    }

    #[test]
    fn doubling_in_place_keeps_every_entry_where_a_lookup_finds_it() {
        let mut table = Table::growable(4, 1 << 16, 1 << 18).unwrap();
        let buckets = table.buckets.len();
        // Mixed keys spread over every bit a 4x4 key has (65).
        let mixed: Vec<u128> = (1..=buckets as u128 * 2)
            .map(|i| (i * 0x9E37_79B9_7F4A_7C15_F39D) % (1 << 65))
            .collect();
        for (i, &m) in mixed.iter().enumerate() {
            table.store(table.place_of_mixed(m), i as u32, 7, 1 + i as u32 % 5);
        }
        let held = |table: &Table| -> Vec<Option<Stored>> {
            mixed
                .iter()
                .map(|&m| table.get(table.place_of_mixed(m)))
                .collect()
        };
        let before = held(&table);
        assert!(before.iter().filter(|e| e.is_some()).count() > buckets);
        assert!(table.double() && table.double());
        assert_eq!(table.memory(), 1 << 18);
        assert_eq!(held(&table), before);
        assert!(!table.double(), "no room was set aside past 256 KB");
        assert_eq!(table.memory(), 1 << 18);
    }

    /// A single-thread prover doubles its table mid-search and then stores through the
    /// places its recursion made before: each must land on its own position's entry.
    #[test]
    fn a_place_made_before_the_table_doubled_stores_and_reads_its_own_position() {
        let mut table = Table::growable(4, 1 << 16, 1 << 18).unwrap();
        let mixed: Vec<u128> = (1..=200u128)
            .map(|i| (i * 0x9E37_79B9_7F4A_7C15_F39D) % (1 << 65))
            .collect();
        let old: Vec<Place> = mixed.iter().map(|&m| table.place_of_mixed(m)).collect();
        assert!(table.double() && table.double());
        for (i, &place) in old.iter().enumerate() {
            table.store(place, 0, INF, 1 + i as u32);
        }
        for (i, &m) in mixed.iter().enumerate() {
            let now = table.place_of_mixed(m);
            assert_eq!(table.get(now).map(|s| s.work), Some(1 + i as u32));
            assert_eq!(table.get(old[i]), table.get(now));
        }
        // What a checkpoint saves names the positions stored, and only those.
        let mut saved: Vec<u128> = table.proven().iter().map(|p| p.0).collect();
        saved.sort_unstable();
        let mut want = mixed.clone();
        want.sort_unstable();
        assert_eq!(saved, want);
    }
}
