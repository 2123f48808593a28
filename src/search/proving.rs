//! The full engine's proof step around its search: before it (one thread, or a node
//! limit: the same on every run), beside it (several threads under a time limit), and past
//! the move's time on a board within the prover's reach (see [`proof::within_reach`]). The
//! proof step itself is plugged in through [`proof::ProofStep`]; this file only decides when
//! it is asked and what its answer weighs against the search's.

use super::limits::{self, Limits};
use super::{
    DUTY_DEPTH, Engine, Evaluation, Progress, ProofStep, SearchResult, negamax, proof, threads,
};
use crate::board::Board;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

impl Engine {
    /// The proof step before the search (see `proven_move`), then the level's search in what
    /// is left of `limits`, or at level 1 the greedy move.
    pub(super) fn prove_then_search(
        &mut self,
        board: &Board,
        mut limits: Limits,
        start: Instant,
        progress: &mut dyn FnMut(&Progress),
    ) -> usize {
        let past = proof::past_the_move(&limits, start);
        let proven = self.proven_move(board, &mut limits, start);
        self.proven_win = proven.is_some();
        let (depth, evaluation, ordering) = self.level_search(limits.max_depth);
        if depth == 0 {
            return self.greedy_move(board);
        }
        // With a proven win in hand, the search only looks for a quicker forced win, which
        // the duties' depth finds: a won endgame is played at once, not after the whole
        // move's time.
        let depth = if proven.is_some() {
            depth.min(DUTY_DEPTH)
        } else {
            depth
        };
        let limits = Limits {
            max_depth: depth.min(limits.max_depth),
            ..limits
        };
        let found = self.search(board, limits, evaluation, ordering, progress);
        let proven = proven.or_else(|| self.prove_past_the_move(board, past, &found));
        // The search's forced win is as proven as the prover's, and quicker (the duties ask
        // for a win within four moves); any other choice yields to the proof.
        match proven {
            Some(sq) if found.score.win_plies().is_none() => sq,
            _ => found.best_move,
        }
    }

    /// The search the level asks for: its depth (0: the greedy move, at level 1; the
    /// limits' `max_depth` for the full engine), its evaluation, and whether it orders its
    /// moves (by the table, killers and history).
    fn level_search(&self, max_depth: u32) -> (u32, Evaluation, bool) {
        match self.config.level {
            1 => (0, Evaluation::Full, false),
            2 => (2, Evaluation::Full, true),
            3 => (4, Evaluation::SquareCount, false),
            4 => (4, Evaluation::Full, true),
            _ => (max_depth, Evaluation::Full, true),
        }
    }

    /// Whether the proof step runs beside the search rather than before it: the full
    /// engine on several threads under a time limit. Each then has the whole move, so the
    /// prover settles positions whose proof takes more than half of it, even when the
    /// search's pacing ends its own part early. On 4x4 8 moves in this kept 30 won
    /// positions of 30 where the step before the search kept 29 (docs/results/search.md). One
    /// thread, or a node limit, keeps the step before the search, the same on every run.
    pub(super) fn proves_beside_search(&self, board: &Board, limits: &Limits) -> bool {
        self.config.level >= 5
            && self.config.threads >= 2
            && limits.nodes == u64::MAX
            && limits.soft_time < limits::FOREVER
            && self.provable(board)
    }

    /// The proof step on half of the engine's threads (one of two) for the whole move,
    /// beside the search on the others (see `search_and_prove`). A proven winning move is
    /// played, after a search as deep as the duties ask (a quicker forced win comes first).
    pub(super) fn prove_beside_search(
        &mut self,
        board: &Board,
        limits: Limits,
        start: Instant,
        progress: &mut dyn FnMut(&Progress),
    ) -> usize {
        let (proven, found) = self.search_and_prove(board, limits, start, progress);
        self.proven_win = proven.is_some();
        let Some(sq) = proven else {
            // The search had the whole move, to the duties' depth at least: a proof found
            // past it needs no second look for a quicker forced win.
            let past = proof::past_the_move(&limits, start);
            return self
                .prove_past_the_move(board, past, &found)
                .unwrap_or(found.best_move);
        };
        if found.score.win_plies().is_some() {
            return found.best_move;
        }
        let spent = start.elapsed();
        let duty = Limits {
            max_depth: DUTY_DEPTH.min(limits.max_depth),
            soft_time: limits.soft_time.saturating_sub(spent),
            hard_time: limits.hard_time.saturating_sub(spent),
            ..limits
        };
        let quick = self.search(board, duty, Evaluation::Full, true, progress);
        match quick.score.win_plies() {
            Some(_) => quick.best_move,
            None => sq,
        }
    }

    /// The proof and the search side by side: a proven win stops the search, and a forced
    /// result the search finds stops the proof; otherwise the proof has until the move's
    /// soft time, even when the search's pacing ends sooner. "Move now" stops both.
    fn search_and_prove(
        &self,
        board: &Board,
        limits: Limits,
        start: Instant,
        progress: &mut dyn FnMut(&Progress),
    ) -> (Option<usize>, SearchResult) {
        let threads = self.config.threads;
        let budget = proof::Budget {
            deadline: Some(start + limits.soft_time),
            positions: u64::MAX,
            memory: self.config.proof_mb << 20,
            threads: threads / 2,
        };
        let outside = self.stop.as_deref();
        let (searching, proving) = (AtomicBool::new(false), AtomicBool::new(false));
        let search_stop = negamax::Stop {
            own: &searching,
            outside,
        };
        let proof_stop = || proving.load(Relaxed) || outside.is_some_and(|o| o.load(Relaxed));
        // A step a panicked proof left behind is cleared here (see `proof_step`).
        drop(self.proof_step());
        self.table.new_search();
        std::thread::scope(|scope| {
            let prover = scope.spawn(|| {
                let mut step = self.proof_step()?;
                let found = step.winning_move(board, budget, &proof_stop);
                if found.is_some() {
                    search_stop.set();
                }
                found
            });
            let style = threads::Style::full(Evaluation::Full, true);
            let search_threads = threads - threads / 2;
            let found = threads::search(
                &self.table,
                search_threads,
                board,
                limits,
                style,
                search_stop,
                progress,
            );
            if found.score.is_decisive() {
                proving.store(true, Relaxed);
            }
            (prover.join().ok().flatten(), found)
        })
    }

    /// The full engine's proof step: a move proven to win `board`, within the proof's share
    /// of `limits` (which keep what is left for the search).
    fn proven_move(&mut self, board: &Board, limits: &mut Limits, start: Instant) -> Option<usize> {
        if self.config.level < 5 {
            return None;
        }
        if !self.provable(board) {
            return None;
        }
        let budget = proof::Budget::of(limits, start, &self.config)?;
        let outside = self.stop.as_deref();
        let stop = || outside.is_some_and(|o| o.load(Relaxed));
        let found = self.proof_step()?.winning_move(board, budget, &stop);
        let spent = start.elapsed();
        if limits.hard_time < limits::FOREVER {
            limits.soft_time = limits.soft_time.saturating_sub(spent);
            limits.hard_time = limits.hard_time.saturating_sub(spent);
        }
        found
    }

    /// The proof step again once the move's time is over, on every thread, until `deadline`
    /// ([`proof::past_the_move`]), for a position within the prover's reach
    /// ([`proof::within_reach`]) that the search found no forced result in and does not
    /// rate lost: there the proof step's budget inside the move is often short of the one to
    /// a few million positions that settle it, and a move that is not proven may throw a
    /// won game away. What the proof step found inside the move is in its table, so it goes
    /// on from there.
    fn prove_past_the_move(
        &mut self,
        board: &Board,
        deadline: Option<Instant>,
        found: &SearchResult,
    ) -> Option<usize> {
        let deadline = deadline?;
        let worth = self.config.level >= 5
            && self.config.prove_past_move
            && self.provable(board)
            && proof::within_reach(board)
            && !found.score.is_decisive()
            && found.score.0 >= 0;
        let outside = self.stop.as_deref();
        let stop = || outside.is_some_and(|o| o.load(Relaxed));
        // "Move now" during the search is not followed by a slice of proof.
        if !worth || stop() || Instant::now() >= deadline {
            return None;
        }
        let budget = proof::Budget {
            deadline: Some(deadline),
            positions: u64::MAX,
            memory: self.config.proof_mb << 20,
            threads: self.config.threads.max(1),
        };
        let proven = self.proof_step()?.winning_move(board, budget, &stop);
        self.proven_win = proven.is_some();
        proven
    }

    /// Whether the proof step takes `board` (there is one, the game is not over, and the
    /// board is within its size).
    pub(super) fn provable(&self, board: &Board) -> bool {
        self.proof
            .as_ref()
            .is_some_and(|p| proof::provable(board, p.max_size))
    }

    /// The proof step, once a ponder's proof has let go of it (after a slice at most); `None`
    /// if there is none. A proof that panicked leaves no table worth trusting: the step
    /// starts afresh.
    pub(super) fn proof_step(&self) -> Option<std::sync::MutexGuard<'_, dyn ProofStep + 'static>> {
        let proof = &self.proof.as_ref()?.step;
        Some(proof.lock().unwrap_or_else(|poisoned| {
            let mut step = poisoned.into_inner();
            step.clear();
            proof.clear_poison();
            step
        }))
    }
}
