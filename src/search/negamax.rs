//! One search thread: principal-variation alpha-beta over the board, with the shared
//! transposition table, killer moves and a history table for move ordering.
//!
//! Nothing is pruned but by alpha-beta itself, so a depth-d search sees every win and
//! loss within d plies: the AI's duties (wins within four moves, defence against them)
//! rest on that.

use super::busy::Busy;
use super::eval;
use super::score::{INFINITY, MAX_PLY, WIN, from_table, to_table};
use super::split::{Job, RootSplit};
use super::tt::{Bound, Entry, Table};
use crate::board::{Board, Squares, geometry};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::time::Instant;

/// What stops a search: its own flag, which its limits set and its end sets (to stop the
/// helpers), and the caller's ("move now"), which the search only reads.
#[derive(Clone, Copy)]
pub struct Stop<'a> {
    pub own: &'a AtomicBool,
    pub outside: Option<&'a AtomicBool>,
}

impl<'a> Stop<'a> {
    /// A search stopped by `flag` alone, which it also sets when it ends.
    pub fn by(flag: &'a AtomicBool) -> Stop<'a> {
        Stop {
            own: flag,
            outside: None,
        }
    }

    /// Stops the search's threads.
    pub fn set(&self) {
        self.own.store(true, Ordering::Relaxed);
    }

    /// Whether the search has been told to stop, by itself or from outside.
    pub fn is_set(&self) -> bool {
        self.own.load(Ordering::Relaxed) || self.outside.is_some_and(|o| o.load(Ordering::Relaxed))
    }
}

/// What all threads of one search share.
#[derive(Clone, Copy)]
pub struct Shared<'a> {
    pub table: &'a Table,
    pub stop: Stop<'a>,
    pub nodes: &'a AtomicU64,
    /// The search stops once this many nodes are counted (deterministic on one thread).
    pub node_budget: u64,
    /// And in any case at this moment.
    pub deadline: Instant,
    /// Moves other threads are inside; `None` on one thread.
    pub busy: Option<&'a Busy>,
    /// The history table of move ordering: shared, so that each thread orders its moves by
    /// every thread's cut-offs (races only lose an update).
    pub history: &'a History,
    /// The root's moves, handed out to the threads (`None` only while it is being ordered).
    pub split: Option<&'a RootSplit>,
}

/// Plies of depth left below which a move is never deferred: small subtrees are cheaper to
/// search twice than to coordinate.
const DEFER_MIN_DEPTH: i32 = 3;

/// For each side and square, how much cutting off with that move has been worth.
pub struct History([[AtomicI32; 100]; 2]);

impl Default for History {
    fn default() -> History {
        History(std::array::from_fn(|_| {
            std::array::from_fn(|_| AtomicI32::new(0))
        }))
    }
}

/// Which evaluation the search calls at its leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// `eval::evaluate`: the full engine.
    Full,
    /// `eval::square_count`: the plain course evaluation, for the fixed baseline level.
    SquareCount,
}

/// Nodes between looks at the clock and the shared counter.
const CHECK_EVERY: u64 = 1024;

/// One thread's search state.
pub struct Worker<'a> {
    shared: &'a Shared<'a>,
    pub evaluation: Evaluation,
    /// Whether move ordering uses the table, killers and history (off for the baseline).
    pub ordering: bool,
    killers: [[u8; 2]; MAX_PLY],
    pub nodes: u64,
    unflushed: u64,
    /// Whether the node budget may stop the search (not before the minimum depth).
    pub enforce_budget: bool,
    /// The main thread watches the budget and the clock; helpers only obey the stop flag.
    pub main: bool,
    /// How many explosions deep the horizon search looks (0: evaluation only).
    pub quiescence_plies: u32,
    pub aborted: bool,
    /// The root move being searched: once another thread has recorded it, this thread
    /// gives it up, setting `aborted` and `superseded`.
    pub job: Option<Job>,
    pub superseded: bool,
}

/// A move with its ordering key, packed so that one integer compare orders them: the key
/// above, `255 - square` below, so equal keys go to the lower square. Higher is tried first.
type Keyed = i64;

/// The legal moves of a node with their keys. Not zeroed on creation: most nodes look at
/// one or two moves of up to a hundred.
pub type MoveList = ArrayVec<Keyed, 100>;

fn keyed(key: i32, sq: usize) -> Keyed {
    (key as i64) << 8 | (255 - sq as i64)
}

fn square_of(k: Keyed) -> u8 {
    255 - (k & 0xFF) as u8
}

/// Moves the best of `moves[i..]` to `i` and returns its square: a selection sort, one step
/// at a time. Keys are distinct, so the order is the same as a full sort's.
fn pick_next(moves: &mut [Keyed], i: usize) -> u8 {
    let mut best = i;
    for j in i + 1..moves.len() {
        if moves[j] > moves[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    square_of(moves[i])
}

/// A table entry's score, when it was searched deep enough and its bound settles the
/// window; never at the root, which must return a move.
fn table_cutoff(e: Entry, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    if (e.depth as i32) < depth || ply == 0 {
        return None;
    }
    let s = from_table(e.score, ply);
    let usable = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    usable.then_some(s)
}

/// A node's moves in order, skipping those another thread is inside (after the first one
/// searched), then the skipped ones.
struct MovePicker<'m, 'b> {
    moves: &'m mut MoveList,
    busy: Option<&'b Busy>,
    key: u64,
    picked: usize,
    deferred: ArrayVec<u8, 100>,
    next_deferred: usize,
    /// How many moves the node has searched (the caller counts them).
    searched: usize,
}

impl<'m, 'b> MovePicker<'m, 'b> {
    fn new(moves: &'m mut MoveList, busy: Option<&'b Busy>, key: u64) -> Self {
        MovePicker {
            moves,
            busy,
            key,
            picked: 0,
            deferred: ArrayVec::new(),
            next_deferred: 0,
            searched: 0,
        }
    }

    fn next(&mut self) -> Option<u8> {
        while self.picked < self.moves.len() {
            let sq = pick_next(self.moves, self.picked);
            self.picked += 1;
            if self.searched > 0
                && self
                    .busy
                    .is_some_and(|b| b.is_busy(Busy::key(self.key, sq)))
            {
                self.deferred.push(sq);
                continue;
            }
            return Some(sq);
        }
        let sq = self.deferred.get(self.next_deferred).copied();
        self.next_deferred += 1;
        sq
    }

    /// Marks `sq` as searched by this thread, so that the others try their other moves
    /// first; returns the mark for [`MovePicker::leave`]. Nothing on one thread, or near the
    /// leaves, where a small subtree is cheaper to search twice than to coordinate.
    #[inline]
    fn enter(&self, sq: u8) -> Option<(&'b Busy, u64)> {
        let marked = self.busy.map(|b| (b, Busy::key(self.key, sq)));
        if let Some((b, k)) = marked {
            b.mark(k);
        }
        marked
    }

    /// Clears a mark [`MovePicker::enter`] set, once the move is searched.
    #[inline]
    fn leave(marked: Option<(&Busy, u64)>) {
        if let Some((b, k)) = marked {
            b.unmark(k);
        }
    }
}

impl<'a> Worker<'a> {
    pub fn new(shared: &'a Shared<'a>) -> Worker<'a> {
        Worker {
            shared,
            evaluation: Evaluation::Full,
            ordering: true,
            killers: [[u8::MAX; 2]; MAX_PLY],
            nodes: 0,
            unflushed: 0,
            enforce_budget: true,
            main: true,
            quiescence_plies: 0,
            aborted: false,
            job: None,
            superseded: false,
        }
    }

    fn evaluate(&self, board: &Board) -> i32 {
        match self.evaluation {
            Evaluation::Full => eval::evaluate(board),
            Evaluation::SquareCount => eval::square_count(board),
        }
    }

    /// Counts a node; every `CHECK_EVERY` nodes, publishes the count and checks the limits.
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed < CHECK_EVERY {
            return;
        }
        let total = self
            .shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed)
            + self.unflushed;
        self.unflushed = 0;
        let over_budget = self.enforce_budget && total >= self.shared.node_budget;
        if over_budget || Instant::now() >= self.shared.deadline {
            self.shared.stop.set();
        }
        if self.shared.stop.is_set() {
            self.aborted = true;
        }
        if let (Some(split), Some(job)) = (self.shared.split, &self.job)
            && split.is_done(job)
        {
            self.aborted = true;
            self.superseded = true;
        }
    }

    /// The shared root, once the search has one.
    pub fn split(&self) -> Option<&'a RootSplit> {
        self.shared.split
    }

    /// Whether the whole search has been told to stop.
    pub fn stopped(&self) -> bool {
        self.shared.stop.is_set()
    }

    /// Nodes counted by all threads so far.
    pub fn shared_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed)
    }

    /// Publishes the nodes not yet added to the shared counter.
    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// The value of `board` searched `depth` plies deep, `ply` plies from the root, within
    /// the window (alpha, beta). Returns garbage once `aborted` is set; callers check it.
    pub fn negamax(&mut self, board: &Board, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.count_node();
        if self.aborted {
            return 0;
        }
        if board.winner().is_some() {
            // The player who just moved owns every square.
            return -(WIN - ply as i32);
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(board, ply, alpha, beta, self.quiescence_plies);
        }
        // No result here can beat a win on the next move or be worse than losing now.
        let alpha = alpha.max(-(WIN - ply as i32));
        let beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = board.hash();
        let entry = self.probe(key);
        if let Some(score) = entry.and_then(|e| table_cutoff(e, depth, ply, alpha, beta)) {
            return score;
        }
        let tt_move = entry.and_then(|e| e.best_move);
        let Some(best) = self.search_moves(board, tt_move, depth, ply, alpha, beta) else {
            // An aborted node's score is garbage: it must not reach the table.
            return 0;
        };
        self.remember(key, depth, ply, best, alpha, beta);
        best.0
    }

    /// The table's entry for `key`. The baseline level orders its moves by square alone, so
    /// it neither reads the table nor takes cut-offs from it.
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        if self.ordering {
            self.shared.table.probe(key)
        } else {
            None
        }
    }

    /// Searches the moves of a node the table did not settle, best first, until one cuts
    /// off. Returns the best score with its move, or `None` once the search is aborted.
    /// Apart from [`Worker::negamax`] so that the node's early returns read on one screen;
    /// `#[inline]` keeps the loop in its only caller, so the hot path makes no extra call.
    #[inline]
    fn search_moves(
        &mut self,
        board: &Board,
        tt_move: Option<u8>,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, u8)> {
        let mut moves = MoveList::new();
        self.order_moves(board, tt_move, ply, &mut moves);
        let busy = self.shared.busy.filter(|_| depth >= DEFER_MIN_DEPTH);
        let mut picker = MovePicker::new(&mut moves, busy, board.hash());
        let mut alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = square_of(picker.moves[0]);
        while let Some(sq) = picker.next() {
            let mut child = *board;
            child.play(sq as usize);
            let marked = picker.enter(sq);
            let score = self.search_child(&child, depth, ply, alpha, beta, picker.searched == 0);
            MovePicker::leave(marked);
            picker.searched += 1;
            if self.aborted {
                return None;
            }
            if score > best {
                best = score;
                best_move = sq;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    self.reward(board, sq, ply, depth);
                    break;
                }
            }
        }
        Some((best, best_move))
    }

    /// Stores a searched node's `(score, move)`, bounded by the window it was searched in
    /// (`alpha` as it came in, before any move raised it): the table orders later visits'
    /// moves and cuts them off. The baseline level keeps no table.
    #[inline]
    fn remember(&self, key: u64, depth: i32, ply: usize, best: (i32, u8), alpha: i32, beta: i32) {
        if !self.ordering {
            return;
        }
        let (score, best_move) = best;
        let bound = if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = Entry {
            best_move: Some(best_move),
            depth: depth.min(255) as u8,
            bound,
            score: to_table(score, ply),
        };
        self.shared.table.store(key, entry);
    }

    /// A child's value from the parent's side: the first move with the full window, the
    /// others with a null window first and searched again only if they land inside it.
    fn search_child(
        &mut self,
        child: &Board,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        first: bool,
    ) -> i32 {
        if first {
            return -self.negamax(child, depth - 1, ply + 1, -beta, -alpha);
        }
        let s = -self.negamax(child, depth - 1, ply + 1, -alpha - 1, -alpha);
        if s > alpha && s < beta {
            -self.negamax(child, depth - 1, ply + 1, -beta, -alpha)
        } else {
            s
        }
    }

    /// The value of a position at the horizon: its evaluation, unless the side to move can
    /// do better by exploding a critical square into enemy squares (at most `plies` more
    /// such moves). Only explosions are searched, so a chain reaction in progress is not cut
    /// off mid-way. Win scores here come only from moves that win at once.
    fn quiesce(&mut self, board: &Board, ply: usize, alpha: i32, beta: i32, plies: u32) -> i32 {
        let stand = self.evaluate(board);
        if plies == 0 || stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        let g = geometry(board.size() as u8);
        let me = board.to_move();
        let mine = board.owned(me);
        let near_enemy = mine & g.spread(board.owned(me.opponent()));
        let mut alpha = alpha.max(stand);
        let mut best = stand;
        for sq in Squares(near_enemy & board.critical()) {
            let mut child = *board;
            child.play(sq);
            self.count_node();
            if self.aborted {
                return 0;
            }
            let score = if child.winner().is_some() {
                WIN - ply as i32 - 1
            } else {
                -self.quiesce(&child, ply + 1, -beta, -alpha, plies - 1)
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Remembers a move that caused a cut-off: as a killer at this ply and in the history.
    fn reward(&mut self, board: &Board, sq: u8, ply: usize, depth: i32) {
        if !self.ordering {
            return;
        }
        let k = &mut self.killers[ply];
        if k[0] != sq {
            k[1] = k[0];
            k[0] = sq;
        }
        let h = &self.shared.history.0[board.to_move() as usize][sq as usize];
        let v = h.load(Ordering::Relaxed);
        h.store((v + depth * depth).min(1 << 20), Ordering::Relaxed);
    }

    /// Fills `out` with the legal moves and their ordering keys, unsorted. [`pick_next`]
    /// brings them out best first, only as far as the search gets: most nodes cut off after
    /// a move or two, and sorting all of up to 100 moves cost more than the rest of the node.
    ///
    /// Order: the table's move, then explosions by how many enemy squares they hit, the
    /// killers, and the rest by history. Without `ordering`, square order.
    pub fn order_moves(&self, board: &Board, tt_move: Option<u8>, ply: usize, out: &mut MoveList) {
        let g = geometry(board.size() as u8);
        let me = board.to_move();
        let theirs = board.owned(me.opponent());
        let critical = board.critical();
        let history = &self.shared.history.0[me as usize];
        for sq in Squares(board.legal_moves()) {
            let key = if !self.ordering {
                -(sq as i32)
            } else if Some(sq as u8) == tt_move {
                1 << 30
            } else if critical >> sq & 1 != 0 {
                (1 << 25)
                    + ((g.neighbour_mask[sq] & theirs).count_ones() as i32) * (1 << 21)
                    + history[sq].load(Ordering::Relaxed)
            } else if self.killers[ply].contains(&(sq as u8)) {
                1 << 24
            } else {
                history[sq].load(Ordering::Relaxed)
            };
            out.push(keyed(key, sq));
        }
    }

    /// `order_moves`, sorted best first: for the root, which tries them all.
    pub fn sorted_moves(&self, board: &Board, tt_move: Option<u8>, ply: usize) -> Vec<usize> {
        let mut moves = MoveList::new();
        self.order_moves(board, tt_move, ply, &mut moves);
        moves.sort_unstable_by(|a, b| b.cmp(a));
        moves.iter().map(|&k| square_of(k) as usize).collect()
    }

    /// The principal variation from the table, starting with `first`.
    pub fn principal_variation(&self, board: &Board, first: usize, max_len: usize) -> Vec<usize> {
        let mut pv = vec![first];
        let mut b = *board;
        b.play(first);
        while pv.len() < max_len && b.winner().is_none() {
            match self.shared.table.probe(b.hash()).and_then(|e| e.best_move) {
                Some(m) if b.is_legal(m as usize) => {
                    pv.push(m as usize);
                    b.play(m as usize);
                }
                _ => break,
            }
        }
        pv
    }
}
