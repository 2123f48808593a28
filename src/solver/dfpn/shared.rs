//! What the threads proving one position share besides the table ([`crate::solver::table`]): why
//! they must stop (a limit, Ctrl-C, another thread's proof, the table's growth), the
//! positions all of them searched, and which positions each is inside, for the virtual
//! proof numbers that steer them apart ([`super`]).

use crate::solver::limits::Stop;
use crate::solver::table::{Place, Table};
use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

/// What the threads proving one position share besides the table: why they must stop,
/// the positions all of them searched, and which positions each is inside.
pub struct Shared {
    /// 0 while searching, else a [`Stop`] code (see `stop_code`), or `SOLVED`.
    pub(super) stop: AtomicU8,
    pub(super) positions: AtomicU64,
    /// Threads inside each position, by a hash of its place (collisions only mislead
    /// the choice of a child, never a value).
    pub(super) busy: Vec<AtomicU8>,
    /// Table entries filled and not yet counted by a collection (approximate).
    pub(super) used: AtomicUsize,
    /// Garbage collections so far.
    pub collections: AtomicU64,
    /// Threads proving the question now (see [`Shared::set_threads`]).
    threads: AtomicUsize,
    /// The table as it is after the last pause for its growth (see [`PAUSE`]), for the
    /// threads that let go of it to take again.
    resumed: Mutex<Resumed>,
    resumed_changed: Condvar,
}

/// What the pauses for the table's growth left behind: the table, and how many there were.
#[derive(Default)]
struct Resumed {
    table: Option<Arc<Table>>,
    pauses: u64,
}

/// Cells of [`Shared::busy`].
const BUSY_CELLS: usize = 1 << 16;

/// The stop code that says another thread proved the position.
pub(super) const SOLVED: u8 = 5;
/// The stop code that says the shared table must grow: every thread unwinds, and
/// [`super::parallel::prove`] doubles the table before the threads go on.
pub(super) const GROW: u8 = 6;
/// The stop code that says the shared table must grow and the threads are to pause where
/// they are while the first thread doubles it: they then go on from there, their paths and
/// thresholds kept, where unwinding for it ([`GROW`]) sent each back to its question's root
/// (docs/results/solving.md, 2026-12-07).
pub(super) const PAUSE: u8 = 7;

fn stop_code(stop: Stop) -> u8 {
    match stop {
        Stop::Time => 1,
        Stop::Positions => 2,
        Stop::Memory => 3,
        Stop::Interrupted => 4,
    }
}

pub(super) fn stop_of(code: u8) -> Option<Stop> {
    [Stop::Time, Stop::Positions, Stop::Memory, Stop::Interrupted]
        .into_iter()
        .find(|&s| stop_code(s) == code)
}

impl Default for Shared {
    fn default() -> Shared {
        Shared::new()
    }
}

impl Shared {
    pub fn new() -> Shared {
        Shared {
            stop: AtomicU8::new(0),
            positions: AtomicU64::new(0),
            busy: (0..BUSY_CELLS).map(|_| AtomicU8::new(0)).collect(),
            used: AtomicUsize::new(0),
            collections: AtomicU64::new(0),
            threads: AtomicUsize::new(1),
            resumed: Mutex::new(Resumed::default()),
            resumed_changed: Condvar::new(),
        }
    }

    /// Tells every thread that the question is settled (or, with `false`, that a new
    /// one starts).
    pub fn set_solved(&self, solved: bool) {
        if solved {
            let _ = self.stop.compare_exchange(0, SOLVED, Relaxed, Relaxed);
        } else {
            let _ = self.stop.compare_exchange(SOLVED, 0, Relaxed, Relaxed);
        }
    }

    /// Whether the threads stopped so that the table could grow (and the request is
    /// forgotten).
    pub fn take_growth(&self) -> bool {
        self.stop
            .compare_exchange(GROW, 0, Relaxed, Relaxed)
            .is_ok()
    }

    /// Asks every thread to pause so that the table can grow where they are.
    pub(super) fn request_pause(&self) {
        let _ = self.stop.compare_exchange(0, PAUSE, Relaxed, Relaxed);
    }

    /// Whether the threads are asked to pause for the table's growth.
    pub(super) fn pausing(&self) -> bool {
        self.stop.load(Relaxed) == PAUSE
    }

    /// The pauses for the table's growth so far.
    pub fn pauses(&self) -> u64 {
        self.lock_resumed().pauses
    }

    /// Forgets the table the last pause left, so that the first thread may hold it alone
    /// (at the next pause, and once the threads are done: a table another owner holds
    /// cannot grow).
    pub(super) fn forget_resumed(&self) {
        self.lock_resumed().table = None;
    }

    /// Ends a pause: `table` is the one to go on with; the threads go on searching, or,
    /// if it could not grow, unwind so that it grows between rounds ([`GROW`]).
    pub(super) fn resume(&self, table: Arc<Table>, grown: bool) {
        let mut resumed = self.lock_resumed();
        resumed.table = Some(table);
        resumed.pauses += 1;
        let next = if grown { 0 } else { GROW };
        let _ = self.stop.compare_exchange(PAUSE, next, Relaxed, Relaxed);
        self.resumed_changed.notify_all();
    }

    /// Waits until the pause has ended; the table to go on with. (The stop code leaves
    /// [`PAUSE`] only in [`Shared::resume`], under the same lock, which leaves the table.)
    pub(super) fn wait_resumed(&self) -> Arc<Table> {
        let mut resumed = self.lock_resumed();
        loop {
            if let Some(table) = resumed.table.as_ref().filter(|_| !self.pausing()) {
                return Arc::clone(table);
            }
            resumed = (self.resumed_changed.wait(resumed)).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn lock_resumed(&self) -> std::sync::MutexGuard<'_, Resumed> {
        self.resumed.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn set_stop(&self, stop: Stop) {
        let _ = self
            .stop
            .compare_exchange(0, stop_code(stop), Relaxed, Relaxed);
    }

    /// Why the threads must stop, if a limit says so.
    pub fn stopped(&self) -> Option<Stop> {
        stop_of(self.stop.load(Relaxed))
    }

    /// Tells the provers how many threads are proving the question from now on.
    pub fn set_threads(&self, threads: usize) {
        self.threads.store(threads.max(1), Relaxed);
    }

    pub(super) fn threads(&self) -> usize {
        self.threads.load(Relaxed)
    }

    /// The cell of `busy` for a position (the same cell at every size of the table, so
    /// that a mark made before a pause for its growth is found after it).
    pub(super) fn busy_index(&self, place: Place) -> usize {
        place.hash() as usize & (self.busy.len() - 1)
    }

    /// Threads inside a position now.
    pub(super) fn inside(&self, place: Option<Place>) -> u8 {
        place.map_or(0, |p| self.busy[self.busy_index(p)].load(Relaxed))
    }
}
