//! Depth-first proof-number search (df-pn, Nagai 2002) for the value of a whole game.
//!
//! Every node is seen from its side to move: `pn` is the work still needed to prove that it
//! wins, `dn` the work to prove that it loses. A move wins when the position after it loses
//! for the opponent, so a node's `pn` is the least `dn` of its children. Its `dn` is the
//! weak disproof number of Ueda et al.'s WPNS: the largest `pn` of its children plus one for
//! each other child still open, not their sum. Jump61's positions meet again and again by
//! other move orders, so a sum counts the same work below many children many times and
//! makes a node with many moves look far harder to refute than it is; measured
//! (docs/results/solving.md), the weak numbers alone took the 4x4 start on one thread from 71
//! million positions to 29 million (41 million with the later 2014 tuning of
//! `solver::estimate`, which the seeded samples favour). The search always descends into
//! the most proving child and comes back only when that child's numbers pass the
//! thresholds its parent can afford, which keeps the memory to the table alone (no
//! explicit tree).
//!
//! Jump61 has no cycles (every move adds a spot) and no draws, so plain df-pn is exact here.
//! The table ([`super::table`]) never answers for another position, has a fixed size, and
//! forgets the cheapest entries when it is full, so a proof is limited by the proven
//! entries it must keep, not by all it has seen.
//!
//! Several provers may share one table, one a thread ([`parallel`]): each re-reads
//! its children's numbers from the table at every step, so it sees what the others proved,
//! and steers away from children another thread is inside (their disproof numbers count
//! double when it chooses), the virtual proof numbers of Pawlewicz and Hayward's parallel
//! df-pn.

mod estimate;
mod memory;
pub mod parallel;
mod shared;

pub use super::limits::{Limits, Stop};
pub use super::numbers::{Entry, INF};
use super::table::key::{MAX_KEY_SIZE, Symmetries};
use super::table::{Place, Stored, Table};
use crate::board::{Board, Squares};
use arrayvec::ArrayVec;
use estimate::{child_threshold, fresh};
pub use shared::Shared;
use shared::{GROW, PAUSE, SOLVED, stop_of};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

use memory::{FIRST_TABLE, available_memory};

/// What [`Prover::lookup_all`] finds of a position: its entry, the positions searched below
/// it, and its place in the table.
pub type Looked = (Entry, u32, Option<Place>);

/// A df-pn prover: one thread's search over a table it may share; the table is kept
/// between questions on one board size, so the winning first moves are proven with what
/// the value's proof already found.
pub struct Prover {
    pub sym: Symmetries,
    pub table: Arc<Table>,
    pub shared: Arc<Shared>,
    /// This prover's thread among those sharing the table (0 is the first).
    thread: usize,
    /// Positions expanded so far by this prover.
    pub positions: u64,
    /// Table entries this prover filled since it last told `shared`.
    filled: usize,
    limits: Limits,
    pub stopped: Option<Stop>,
    /// Another thread proved the question: unwind.
    unwinding: bool,
    /// Shown the prover every [`PROGRESS_EVERY`] positions, for a long proof's progress
    /// line (positions searched by every thread: [`Prover::searched`]).
    pub on_progress: Option<ProgressHook>,
    /// Shown the table as often as `on_progress`, to save what it holds when it is time
    /// (a checkpoint, [`super::checkpoint::saver`]): the prover's own thread reads it, so
    /// no other owner keeps the table from growing.
    pub on_save: Option<SaveTable>,
    /// A flag of its caller's that stops it as Ctrl-C does ([`Stop::Interrupted`]), looked
    /// at every 1024 positions (its poll), so a caller ends a question it no longer needs at once.
    pub stop_flag: Option<Arc<AtomicBool>>,
    /// Told each first move [`super::decide`] settles while it lists the winning ones
    /// (the square, and whether it wins), for a caller that shows them as they come.
    pub on_first_move: Option<FirstMoveHook>,
}

/// What [`Prover::on_progress`] is shown the prover with (on its first thread).
pub type ProgressHook = Box<dyn FnMut(&Prover) + Send>;

/// What [`Prover::on_save`] is shown the table with.
pub type SaveTable = Box<dyn FnMut(&Table) + Send>;

/// What [`Prover::on_first_move`] is told: a first move and whether it wins.
pub type FirstMoveHook = Box<dyn FnMut(usize, bool) + Send>;

/// Positions between two calls of [`Prover::on_progress`]: about a second's work.
pub const PROGRESS_EVERY: u64 = 1 << 19;

/// Positions between two looks at the clock, the limits and the table's fill.
const POLL_EVERY: u64 = 1024;

impl Prover {
    /// A single-thread prover for boards of side `size` with a table of its own, which
    /// starts small and grows up to `limits.memory`; `None` if their positions do not fit
    /// a key.
    pub fn new(size: usize, limits: Limits) -> Option<Prover> {
        let sym = Symmetries::new(size)?;
        // The room to double in place is address space only until it is used.
        let most = limits.memory.min(available_memory());
        let table = Table::growable(size, limits.memory.min(FIRST_TABLE), most).ok()?;
        Some(Prover::sharing(
            sym,
            Arc::new(table),
            Arc::new(Shared::new()),
            0,
            limits,
        ))
    }

    /// A prover for thread `thread` of those sharing `table` and `shared`.
    pub fn sharing(
        sym: Symmetries,
        table: Arc<Table>,
        shared: Arc<Shared>,
        thread: usize,
        limits: Limits,
    ) -> Prover {
        Prover {
            sym,
            table,
            shared,
            thread,
            positions: 0,
            filled: 0,
            limits,
            stopped: None,
            unwinding: false,
            on_progress: None,
            on_save: None,
            stop_flag: None,
            on_first_move: None,
        }
    }

    /// The limits this prover works within.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// New limits for the questions to come, their positions counted from now: the stop
    /// an earlier limit caused is forgotten, and what the table holds is kept (the AI's
    /// proof step asks again at each move of a game).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = Limits {
            positions: self.positions.saturating_add(limits.positions),
            ..limits
        };
        self.stopped = None;
        // The shared stop too: the next poll would otherwise bring the old one back.
        self.shared.stop.store(0, Relaxed);
        self.unwinding = false;
    }

    /// Bytes the table holds now.
    pub fn memory(&self) -> usize {
        self.table.memory()
    }

    /// Positions expanded by every thread sharing the table, as last told (every
    /// `POLL_EVERY` positions of each).
    pub fn searched(&self) -> u64 {
        self.shared.positions.load(Relaxed)
    }

    /// What the table knows of `board` (a fresh entry if nothing).
    pub fn lookup(&self, board: &Board) -> Entry {
        self.read(self.place(board)).unwrap_or(Entry::FRESH)
    }

    /// What the table knows of each of `boards` (a fresh entry where nothing), with the
    /// positions searched below it (0 where nothing) and its place: their buckets are
    /// fetched together, so that their cache misses overlap.
    pub fn lookup_all(&self, boards: &[Board]) -> ArrayVec<Looked, MAX_MOVES> {
        let places: ArrayVec<Option<Place>, MAX_MOVES> =
            boards.iter().map(|b| self.place(b)).collect();
        for place in places.iter().flatten() {
            self.table.prefetch(*place);
        }
        let known = |s: Stored| (Entry { pn: s.pn, dn: s.dn }, s.work);
        places
            .iter()
            .map(|&p| {
                let (entry, work) = p
                    .and_then(|p| self.table.get(p))
                    .map_or((Entry::FRESH, 0), known);
                (entry, work, p)
            })
            .collect()
    }

    fn place(&self, board: &Board) -> Option<Place> {
        self.table.place(self.sym.key(board))
    }

    fn read(&self, place: Option<Place>) -> Option<Entry> {
        let s = self.table.get(place?)?;
        Some(Entry { pn: s.pn, dn: s.dn })
    }

    /// Proves or disproves that the side to move on `board` (not over) wins; the entry
    /// is undecided only if a limit stopped the search (or, with several threads, another
    /// thread proved it first: the table then holds the answer).
    pub fn prove(&mut self, board: &Board) -> Entry {
        let (key, image) = self.sym.key_and_symmetry(board);
        let place = self.table.place(key);
        let known = self.read(place).unwrap_or(Entry::FRESH);
        if known.is_win() || known.is_loss() || self.stopped.is_some() {
            return known;
        }
        self.unwinding = false;
        self.mid(board, (place, image), INF, INF, 0)
    }

    /// Counts one expansion; records why the search must stop, if it must.
    fn count(&mut self) {
        self.positions += 1;
        if self.shared.threads() == 1 && self.positions >= self.limits.positions {
            self.stopped = Some(Stop::Positions);
        }
        if self.positions.is_multiple_of(POLL_EVERY) {
            self.poll();
        }
    }

    /// What is looked at now and then: the shared counts, the clock, Ctrl-C, the table.
    fn poll(&mut self) {
        let shared = Arc::clone(&self.shared);
        let total = shared.positions.fetch_add(POLL_EVERY, Relaxed) + POLL_EVERY;
        if shared.threads() > 1 && total >= self.limits.positions {
            shared.set_stop(Stop::Positions);
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            shared.set_stop(Stop::Time);
        }
        if crate::interrupt::is_interrupted()
            || self.stop_flag.as_ref().is_some_and(|f| f.load(Relaxed))
        {
            shared.set_stop(Stop::Interrupted);
        }
        self.mind_the_table();
        match shared.stop.load(Relaxed) {
            0 => {}
            // Another thread proved the question, or the table must grow: unwind.
            SOLVED | GROW => self.unwinding = true,
            PAUSE => self.pause_for_growth(),
            code => self.stopped = stop_of(code),
        }
        if self.thread == 0 && self.positions.is_multiple_of(PROGRESS_EVERY) {
            // Taken out while it looks at the prover, and put back.
            if let Some(mut report) = self.on_progress.take() {
                report(self);
                self.on_progress = Some(report);
            }
            if let Some(save) = self.on_save.as_mut() {
                save(&self.table);
            }
        }
    }

    /// Multiple iterative deepening: search below `board` until its numbers reach one of
    /// the thresholds, and store them. `at` is the board's place in the table and the
    /// symmetry that takes it to its least image (the frame of a recorded winning move).
    fn mid(
        &mut self,
        board: &Board,
        at: (Option<Place>, usize),
        th_pn: u32,
        th_dn: u32,
        depth: u32,
    ) -> Entry {
        let (place, image) = at;
        let start = self.positions;
        self.count();
        let mut children = Children::new();
        let mut played = ArrayVec::<(u8, u8), MAX_MOVES>::new();
        if !self.children(board, &mut children, &mut played) {
            self.store(place, Entry::WIN, 1);
            return Entry::WIN;
        }
        // With one thread, a child's numbers change only while it is searched: every move
        // adds a spot, so no position below one child is another child of this node. Read
        // them once, then keep them here. Other threads change them at any time: re-read.
        // Threads meet near the root only: there they steer apart and see what the others
        // proved at every step; below, each searches like a single thread (no busy marks, no
        // re-reading), since it is alone in its subtree nearly always.
        let shared = self.shared.threads() > 1 && depth < SHARED_DEPTH;
        let mut numbers: ArrayVec<Entry, MAX_MOVES> = children
            .iter()
            .map(|(place, child)| self.read(*place).unwrap_or_else(|| fresh(child)))
            .collect();
        let busy = place.filter(|_| shared).map(|p| self.shared.busy_index(p));
        busy.map(|i| self.shared.busy[i].fetch_add(1, Relaxed));
        let mut first = true;
        let found = loop {
            if shared && !std::mem::take(&mut first) {
                self.refresh(&children, &mut numbers);
            }
            let s = if shared {
                self.summarise_shared(&children, &numbers)
            } else {
                summarise(&numbers)
            };
            let done = s.entry.pn >= th_pn || s.entry.dn >= th_dn;
            if done || self.stopped.is_some() || self.unwinding {
                break (s.entry, s.best);
            }
            let (child_place, child) = &children[s.best];
            // Our dn is at least the child's pn plus one for each other open child, and
            // our pn is the child's dn.
            let child_th_pn = th_dn.saturating_sub(s.other_open).max(1);
            // Stay in the child until it is clearly worse than the second best.
            let child_th_dn = th_pn.min(child_threshold(board.rules(), s.second_dn));
            // (With other threads' children counted double, the chosen child may already
            // be past that: give it one step more than it has.)
            let child_th_dn = child_th_dn.max(numbers[s.best].dn.saturating_add(1).min(INF));
            let child_at = (*child_place, usize::from(played[s.best].1));
            numbers[s.best] = self.mid(child, child_at, child_th_pn, child_th_dn, depth + 1);
        };
        busy.map(|i| self.shared.busy[i].fetch_sub(1, Relaxed));
        let work = (self.positions - start).min(u64::from(u32::MAX)) as u32;
        let (found, best) = found;
        if found.is_win() {
            // The best child is the one whose dn, 0, made ours 0: the winning move.
            let sq = usize::from(played[best].0);
            self.store_won(place, self.sym.map(image, sq), work);
        } else {
            self.store(place, found, work);
        }
        found
    }

    /// Stores that the position at `place` is won by the move `least`, in the frame of the
    /// position's least image, which every image of it shares ([`Prover::won_move`]).
    fn store_won(&mut self, place: Option<Place>, least: usize, work: u32) {
        if let Some(place) = place
            && self.table.store_won_by(place, least, work)
        {
            self.filled += 1;
        }
    }

    /// The winning move at `board` that the table records, if it holds one (a position
    /// proven won inside the search; not one won at once, nor one restored from a
    /// checkpoint): the proof's walk reads it where it would otherwise play every move and
    /// look up what follows.
    pub fn won_move(&self, board: &Board) -> Option<usize> {
        let (key, t) = self.sym.key_and_symmetry(board);
        let least = self.table.won_by(self.table.place(key)?)?;
        let sq = self.sym.unmap(t, least);
        (board.legal_moves() >> sq & 1 != 0).then_some(sq)
    }

    /// The children's numbers as the table holds them now (kept where it holds none).
    fn refresh(&self, children: &[(Option<Place>, Board)], numbers: &mut [Entry]) {
        for ((place, _), n) in children.iter().zip(numbers.iter_mut()) {
            if let Some(e) = self.read(*place) {
                *n = e;
            }
        }
    }

    /// [`summarise`], choosing as if a child another thread is inside were harder to refute
    /// ([`BUSY_PENALTY`]), and breaking ties from a different child on each thread.
    fn summarise_shared(&self, children: &[(Option<Place>, Board)], numbers: &[Entry]) -> Summary {
        let mut s = summarise(numbers);
        if s.entry.pn == 0 || s.entry.dn == 0 {
            return s;
        }
        let n = numbers.len();
        let (mut best, mut best_dn, mut second) = (usize::MAX, INF, INF);
        for k in 0..n {
            let i = (k + self.thread) % n;
            let mut dn = numbers[i].dn;
            let inside = self.shared.inside(children[i].0);
            if inside > 0 {
                dn = dn
                    .saturating_mul(1 + BUSY_PENALTY * u32::from(inside))
                    .min(INF - 1);
            }
            if dn < best_dn || best == usize::MAX {
                second = best_dn;
                (best, best_dn) = (i, dn);
            } else if dn < second {
                second = dn;
            }
        }
        s.best = best;
        s.second_dn = second;
        s
    }

    /// Stores an entry with the positions searched for it.
    fn store(&mut self, place: Option<Place>, entry: Entry, work: u32) {
        if let Some(place) = place
            && self.table.store(place, entry.pn, entry.dn, work)
        {
            self.filled += 1;
        }
    }

    /// Puts into `children` the positions after each move, one per symmetry class,
    /// explosions first (they win and refute most often), with their places in the table;
    /// false if a move wins at once. `played` gets each child's move and the symmetry that
    /// takes the child to its least image (which its key computes anyway).
    fn children(
        &self,
        board: &Board,
        children: &mut Children,
        played: &mut ArrayVec<(u8, u8), MAX_MOVES>,
    ) -> bool {
        // The critical squares' mask by the board's word arithmetic: square by square,
        // the spots against the capacity were 4% of a 4x4 proof's instructions (callgrind).
        let moves = board.legal_moves();
        let critical = board.critical();
        let explosive = Squares(moves & critical);
        let quiet = Squares(moves & !critical);
        let mut keys = ArrayVec::<u128, MAX_MOVES>::new();
        for sq in explosive.chain(quiet) {
            let mut child = *board;
            child.play_unhashed(sq);
            if child.winner().is_some() {
                return false;
            }
            let (key, image) = self.sym.key_and_symmetry(&child);
            if !keys.contains(&key) {
                keys.push(key);
                children.push((self.table.place(key), child));
                played.push((sq as u8, image as u8));
            }
        }
        // The buckets' misses overlap one another, not the moves and keys above.
        for (place, _) in children.iter() {
            if let Some(p) = place {
                self.table.prefetch(*p);
            }
        }
        true
    }
}

/// The plies below the root within which threads share their work (see [`Prover::mid`]).
/// Measured on the 4x4 start (docs/results/solving.md): sharing at every depth searched 82.8 and
/// 90.4 million positions on two threads in 63.7 and 70.7 s; sharing within 3 to 8 plies,
/// 71 to 87 million in 42 to 59 s. Later (2026-11-29): two threads vary by a fifth or more
/// from run to run at any depth from 3 to 10 (35 to 62 million positions); within 6 plies
/// they searched 52.6 million on average in 50.3 s (six runs), within 4 and with a
/// [`BUSY_PENALTY`] of 3, 51.8 million in 48.1 s: no clear gain.
const SHARED_DEPTH: u32 = 6;

/// How much harder a child another thread is inside looks to refute: its disproof number
/// counts `1 + BUSY_PENALTY` times for each thread inside. 0.5, 3, 10 and 30 were no better
/// on the 4x4 start or the seeded sample (docs/results/solving.md, 2026-11-29).
const BUSY_PENALTY: u32 = 1;

/// Moves on the largest board a key holds.
pub const MAX_MOVES: usize = MAX_KEY_SIZE * MAX_KEY_SIZE;

/// A node's children with their places, on the stack: a node is expanded for every
/// position searched, and allocating for it took 3.5% of a proof's time (perf).
type Children = ArrayVec<(Option<Place>, Board), MAX_MOVES>;

/// The node's numbers from its children's, and which child to search next: `pn` the least
/// `dn` of the children, `dn` the largest `pn` plus the other open children (WPNS).
fn summarise(numbers: &[Entry]) -> Summary {
    let mut s = Summary {
        entry: Entry { pn: INF, dn: 0 },
        best: 0,
        second_dn: INF,
        other_open: 0,
    };
    let (mut most_pn, mut open) = (0, 0u32);
    for (i, &e) in numbers.iter().enumerate() {
        if e.pn > 0 {
            open += 1;
            most_pn = most_pn.max(e.pn);
        }
        if e.dn < s.entry.pn {
            s.second_dn = s.entry.pn;
            s.entry.pn = e.dn;
            s.best = i;
        } else if e.dn < s.second_dn {
            s.second_dn = e.dn;
        }
    }
    s.other_open = open.saturating_sub(1);
    s.entry.dn = match open {
        _ if s.entry.pn == 0 || most_pn >= INF => INF,
        0 => 0,
        _ => most_pn.saturating_add(s.other_open).min(INF - 1),
    };
    s
}

struct Summary {
    entry: Entry,
    best: usize,
    second_dn: u32,
    /// The children still open (not refuted) besides the best one.
    other_open: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Rules;
    use crate::solver::table::key::{image, seeded_positions};

    /// A prover stopped by its clock proves again under new limits: the stop is forgotten
    /// by the threads' shared flag too (the AI's proof step and the proof writer rely on it).
    #[test]
    fn new_limits_forget_the_stop_a_time_limit_caused() {
        let start: Board = "1-1-1-/1-1-1-/1-1-1-".parse().unwrap();
        let past = Limits {
            deadline: Some(Instant::now()),
            memory: 1 << 24,
            ..Limits::default()
        };
        let mut prover = Prover::new(3, past).unwrap();
        let stopped = prover.prove(&start);
        assert!(!stopped.is_win() && !stopped.is_loss());
        prover.set_limits(Limits {
            memory: 1 << 24,
            ..Limits::default()
        });
        assert!(
            prover.prove(&start).is_loss(),
            "Blue wins 3x3: Red, to move, loses"
        );
    }
    /// Two threads whose shared table must grow while they search pause where they are
    /// while the first doubles it, and go on from there: the value is the one thread's,
    /// the table grew, and every growth was such a pause (with the threads unwinding for
    /// it instead, as before, there is none).
    #[test]
    fn two_threads_pause_while_their_table_doubles_and_prove_the_same_value() {
        let limits = Limits {
            memory: 1 << 28,
            ..Limits::default()
        };
        let start = Board::new(4).total_spots();
        let boards = seeded_positions(4, Rules::V2014, 18, 11, 9);
        let at_ply_8: Vec<&Board> = boards
            .iter()
            .filter(|b| b.total_spots() == start + 8)
            .take(2)
            .collect();
        assert_eq!(at_ply_8.len(), 2);
        for board in at_ply_8 {
            let mut one = Prover::new(4, limits).unwrap();
            let alone = one.prove(board);
            let mut two = Prover::new(4, limits).unwrap();
            let together = parallel::prove(&mut two, board, 2);
            assert!(alone.is_win() || alone.is_loss(), "{board:?}");
            assert_eq!(together, alone, "{board:?}");
            assert!(two.memory() > FIRST_TABLE, "{board:?}: the table grew");
            assert!(
                two.shared.pauses() > 0,
                "{board:?}: the threads paused for it"
            );
        }
    }

    /// When the first thread cannot hold the shared table alone at a pause (another owner
    /// keeps it), it waits no longer than the pause's limit (2 s), the threads unwind as they
    /// did before the pause, the table stays at its size, and the value is still proven.
    #[test]
    fn a_pause_whose_table_another_owner_holds_falls_back_to_unwinding() {
        let limits = Limits {
            memory: 1 << 28,
            ..Limits::default()
        };
        let start = Board::new(4).total_spots();
        let boards = seeded_positions(4, Rules::V2014, 18, 11, 9);
        let board = (boards.iter())
            .find(|b| b.total_spots() == start + 8)
            .unwrap();
        let alone = Prover::new(4, limits).unwrap().prove(board);
        let mut two = Prover::new(4, limits).unwrap();
        let (held, first) = (Arc::clone(&two.table), two.memory());
        let together = parallel::prove(&mut two, board, 2);
        assert_eq!(together, alone, "{board:?}");
        assert_eq!(two.memory(), first, "{board:?}: the table did not grow");
        assert!(two.shared.pauses() > 0, "{board:?}: a pause was asked for");
        drop(held);
    }

    /// A position the search proved won records a winning move, and each of its eight
    /// images reads the image of that move (the move is kept in the frame of the least
    /// image): playing it leaves the opponent lost, as a prover with a table of its own
    /// proves again.
    #[test]
    fn a_won_position_records_a_winning_move_every_image_reads() {
        let limits = Limits {
            memory: 1 << 24,
            ..Limits::default()
        };
        let mut recorded = 0;
        // 3x3 positions up to 3 plies in, 4x4 ones 10 to 14 plies in.
        for (size, games, longest, fewest) in [(3, 12, 4, 0), (4, 60, 15, 10)] {
            let mut prover = Prover::new(size, limits).unwrap();
            let mut checker = Prover::new(size, limits).unwrap();
            let sym = Symmetries::new(size).unwrap();
            let boards = seeded_positions(size, Rules::V2014, games, 7, longest);
            let start = Board::new(size).total_spots();
            for board in boards
                .into_iter()
                .filter(|b| b.total_spots() >= start + fewest)
            {
                if !prover.prove(&board).is_win() {
                    continue;
                }
                let Some(sq) = prover.won_move(&board) else {
                    continue;
                };
                recorded += 1;
                let mut won = board;
                won.play(sq);
                for u in 0..8 {
                    let seen = image(&sym, &board, u);
                    let moved = prover.won_move(&seen).expect("every image reads the move");
                    let mut after = seen;
                    after.play(moved);
                    // The image of the move, or on a symmetric board one of its twins.
                    assert_eq!(
                        sym.key(&after),
                        sym.key(&won),
                        "{} under {u}: {moved} for {sq}",
                        board.to_notation()
                    );
                    assert!(
                        after.winner().is_some() || checker.prove(&after).is_loss(),
                        "{} then {moved}",
                        seen.to_notation()
                    );
                }
            }
        }
        assert!(recorded >= 10, "positions with a recorded move: {recorded}");
    }
}
