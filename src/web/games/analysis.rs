//! The analysis board: for the position on a Jump61 game's board, what `jump61 solve` would
//! answer, found by the same searches and worded by the same functions. The AI's evaluation
//! and best line (its engine), a forced win within a few own moves (the forced-win search of
//! `solve --depth`, [`crate::search::solve`]) and, on boards up to 5x5, the game's value with
//! every winning first move (the df-pn prover of `solve --position`, [`crate::solver`]).
//!
//! An analysis is one job in the server's search pool, bounded by the request's time and
//! positions and a prover table of bounded size that collects its garbage when full; it
//! watches its game's stop flag in every search, so a page that closes or moves on ends it
//! within a poll of the prover (1024 positions). What it finds comes back to the game a
//! piece at a time and goes to the page whole ([`Analysis`]), after every change.

use super::context::{Context, Found, Running, Teller, Update};
use super::words::{colour_name, score_text};
use crate::board::{Board, Squares};
use crate::search::solve::{self, Solution};
use crate::search::{EngineConfig, Limit, Progress};
use crate::solver::dfpn::{self, Prover};
use crate::solver::table::key::MAX_KEY_SIZE;
use crate::solver::{FirstMoves, Listed, Report, Value, game_value_on};
use crate::web::limits::Limits;
use crate::web::protocol::{Analysis, Evaluation, ProvenValue, ServerMessage, WinsIn};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The AI's evaluation's share of an analysis on a board the prover takes: a quick look
/// (some depths), since the value is the answer there.
const EVAL_TIME: Duration = Duration::from_millis(300);

/// What a page asked for, within the server's limits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// Mark every legal move won, lost or unknown.
    pub every: bool,
    pub time: Duration,
    pub positions: u64,
    /// Bytes of the prover's table.
    pub memory: usize,
    /// Own moves the forced-win search looks within.
    pub depth: u32,
}

impl Plan {
    /// The plan of a request: the page's time (seconds) and positions when it gives them,
    /// else the server's; past the server's limits, why it is refused.
    pub fn of(
        every: bool,
        time: Option<f64>,
        positions: Option<u64>,
        limits: &Limits,
    ) -> Result<Plan, String> {
        let most = limits.analysis_time;
        let time = match time {
            None => most,
            Some(t) if t.is_finite() && t > 0.0 && t <= most.as_secs_f64() => {
                Duration::from_secs_f64(t)
            }
            Some(t) => {
                return Err(format!(
                    "an analysis may think more than 0 and at most {} s, not {t}",
                    most.as_secs_f64()
                ));
            }
        };
        let positions = match positions {
            None => limits.analysis_positions,
            Some(n) if n > 0 && n <= limits.analysis_positions => n,
            Some(n) => {
                return Err(format!(
                    "an analysis may search 1 to {} positions, not {n}",
                    limits.analysis_positions
                ));
            }
        };
        Ok(Plan {
            every,
            time,
            positions,
            memory: limits.analysis_memory_mb << 20,
            depth: limits.analysis_depth,
        })
    }

    /// The limits as the page shows them.
    fn describe(&self) -> String {
        format!(
            "{} s, {} positions, {} MiB",
            self.time.as_secs_f64(),
            self.positions,
            self.memory >> 20
        )
    }
}

/// A game's analysis board: off, or on with the analysis of the position on the board.
#[derive(Default)]
pub struct Analyst {
    plan: Option<Plan>,
    running: Option<Running>,
    /// The position analysed (or being analysed).
    board: Option<Board>,
    view: Analysis,
}

impl Analyst {
    /// `analyse`: turns the analysis board on (with this plan) or off.
    /// The analysis starts at the game's next settle.
    pub fn request(&mut self, plan: Option<Plan>, ctx: &mut Context) {
        self.cancel();
        self.plan = plan;
        self.board = None;
        self.view = Analysis::default();
        if self.plan.is_none() {
            ctx.send(ServerMessage::Analysis(Box::default()));
        }
    }

    /// Stops the analysis under way, if any (the page has gone or the position changed);
    /// the position is analysed again at the next settle.
    pub fn cancel(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop();
            self.board = None;
        }
    }

    /// Whether an analysis board is on.
    pub fn on(&self) -> bool {
        self.plan.is_some()
    }

    /// After any change: a new position on the board gets a new analysis (the old one
    /// stops), when the analysis board is on and a page has the game.
    pub fn settle(&mut self, board: &Board, ctx: &mut Context) {
        let Some(plan) = self.plan else {
            return;
        };
        if self.board == Some(*board) {
            // Sent again with every state, so a page that comes back sees it.
            return self.send(ctx);
        }
        self.cancel();
        self.view = Analysis {
            on: true,
            running: true,
            notation: board.to_notation(),
            limits: plan.describe(),
            every: plan.every.then(|| every_unknown(board)),
            ..Analysis::default()
        };
        if board.winner().is_some() {
            self.board = Some(*board);
            self.view.running = false;
            self.view.every = None;
            self.view.value = Some(ProvenValue {
                text: solve::already_over(board),
                ..ProvenValue::default()
            });
        } else if ctx.attached {
            self.board = Some(*board);
            let (board, stop) = (*board, Arc::new(AtomicBool::new(false)));
            let watched = Arc::clone(&stop);
            self.running = Some(ctx.search_told(stop, move |tell| {
                analyse(board, plan, &watched, tell);
                Found::Analysis(Update::Done)
            }));
        } else {
            // No page to show it to: analysed when one comes.
            self.view.running = false;
        }
        self.send(ctx);
    }

    /// Whether search `id` is this analysis's.
    pub fn owns(&self, id: u64) -> bool {
        self.running.as_ref().is_some_and(|r| r.id == id)
    }

    /// What this analysis's search found (see [`Analyst::owns`]).
    pub fn report(&mut self, found: Found, ctx: &mut Context) {
        match found {
            Found::Analysis(update) => self.update(update),
            _ => self.update(Update::Done),
        }
        self.send(ctx);
    }

    fn update(&mut self, update: Update) {
        let view = &mut self.view;
        match update {
            Update::Eval(eval) => view.eval = Some(eval),
            Update::WinsIn(wins_in) => view.wins_in = Some(wins_in),
            Update::Work {
                positions,
                seconds,
                settled,
            } => {
                (view.positions, view.seconds) = (positions, seconds);
                for (sq, wins) in settled {
                    mark(view, sq, Some(wins));
                }
            }
            Update::Move(sq, wins) => mark(view, sq, Some(wins)),
            Update::Value(value, moves, positions, seconds) => {
                view.value = Some(value);
                (view.positions, view.seconds) = (positions, seconds);
                for (sq, known) in moves {
                    mark(view, sq, known);
                }
            }
            Update::TooBig => {
                view.every = None;
                view.note = Some(format!(
                    "the value is proven on boards up to {MAX_KEY_SIZE}x{MAX_KEY_SIZE}; here \
                     the forced-win search and the AI's evaluation answer"
                ));
            }
            Update::Done => {
                view.running = false;
                self.running = None;
            }
        }
    }

    fn send(&self, ctx: &mut Context) {
        ctx.send(ServerMessage::Analysis(Box::new(self.view.clone())));
    }
}

impl Drop for Analyst {
    /// A game replaced (new rules, a load) or forgotten stops its analysis.
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Marks one first move in the view's "value of every move", when asked for.
fn mark(view: &mut Analysis, sq: usize, known: Option<bool>) {
    if let Some(cell) = view.every.as_mut().and_then(|every| every.get_mut(sq)) {
        *cell = Some(match known {
            Some(true) => "won",
            Some(false) => "lost",
            None => "unknown",
        });
    }
}

/// Every legal move unknown, every other square null.
fn every_unknown(board: &Board) -> Vec<Option<&'static str>> {
    let legal = board.legal_moves();
    (0..board.squares())
        .map(|sq| (legal >> sq & 1 == 1).then_some("unknown"))
        .collect()
}

/// `[row, col]` of a square.
fn place(board: &Board, sq: usize) -> [usize; 2] {
    let c = board.coord(sq);
    [c.row, c.col]
}

/// The analysis itself, on a pool thread: the AI's evaluation, the forced-win search, then
/// the prover, each told to the game as it finds it; `stop` ends it at once.
fn analyse(board: Board, plan: Plan, stop: &Arc<AtomicBool>, tell: Teller) {
    let start = Instant::now();
    let deadline = start + plan.time;
    let provable = board.size() <= MAX_KEY_SIZE;
    let eval_time = if provable { EVAL_TIME } else { plan.time / 2 };
    evaluate(&board, eval_time.min(plan.time), stop, &tell);
    let stopped = || stop.load(Ordering::Relaxed);
    if stopped() {
        return;
    }
    // The forced-win search may take a quarter of the time left (the rest of it, on a
    // board the prover does not take), at most its default positions.
    let left = deadline.saturating_duration_since(Instant::now());
    let share = if provable { left / 4 } else { left };
    let cap = plan.positions.min(solve::DEFAULT_POSITION_LIMIT);
    let solution = solve::solve_stoppable(
        &board,
        plan.depth,
        cap,
        Some(Instant::now() + share),
        Some(stop),
        &mut |_| {},
    );
    if stopped() {
        return;
    }
    tell(Found::Analysis(Update::WinsIn(wins_in(&board, &solution))));
    if !provable {
        return tell(Found::Analysis(Update::TooBig));
    }
    prove(&board, plan, deadline, stop, &tell, start);
}

/// The AI's evaluation and best line, at each depth its search finishes.
fn evaluate(board: &Board, time: Duration, stop: &Arc<AtomicBool>, tell: &Teller) {
    let mut engine = crate::proven::engine(EngineConfig {
        limit: Limit::MoveTime(time),
        hash_mb: 1,
        threads: 1,
        proof_mb: 8,
        // The prover of the analysis proper comes after; this is the search's view.
        prove_past_move: false,
        ..EngineConfig::default()
    });
    engine.set_stop_flag(Some(Arc::clone(stop)));
    let mut progress = |p: &Progress| {
        tell(Found::Analysis(Update::Eval(Evaluation {
            depth: p.depth,
            score: score_text(p.score),
            pv: p
                .pv
                .iter()
                .map(|c| format!("{} {}", c.row, c.col))
                .collect(),
            nodes: p.nodes,
        })))
    };
    let _ = engine.choose_move(board, &mut progress);
}

/// `solve --depth`'s answer, for the page.
fn wins_in(board: &Board, solution: &Solution) -> WinsIn {
    let (moves, first) = match solution {
        Solution::Win { moves, first_moves } => (Some(*moves), first_moves.clone()),
        Solution::GaveUp {
            no_win_within,
            first_moves,
            ..
        } if !first_moves.is_empty() => (Some(no_win_within + 1), first_moves.clone()),
        _ => (None, Vec::new()),
    };
    WinsIn {
        text: solve::answer(board, solution),
        moves,
        first: first.iter().map(|&sq| place(board, sq)).collect(),
    }
}

/// The game's value by the prover of `solve --position`, every winning first move sought,
/// each first move told as it is settled.
fn prove(
    board: &Board,
    plan: Plan,
    deadline: Instant,
    stop: &Arc<AtomicBool>,
    tell: &Teller,
    start: Instant,
) {
    let limits = dfpn::Limits {
        deadline: Some(deadline),
        positions: plan.positions,
        memory: plan.memory,
    };
    let Some(mut prover) = Prover::new(board.size(), limits) else {
        return tell(Found::Analysis(Update::TooBig));
    };
    prover.stop_flag = Some(Arc::clone(stop));
    let (root, every) = (*board, plan.every);
    let told = Arc::clone(tell);
    prover.on_progress = Some(Box::new(move |p: &Prover| {
        let settled = if every {
            first_moves(p, &root)
                .into_iter()
                .filter_map(|(sq, known)| known.map(|k| (sq, k)))
                .collect()
        } else {
            Vec::new()
        };
        told(Found::Analysis(Update::Work {
            positions: p.positions,
            seconds: start.elapsed().as_secs_f64(),
            settled,
        }))
    }));
    let told = Arc::clone(tell);
    prover.on_first_move = Some(Box::new(move |sq, wins| {
        told(Found::Analysis(Update::Move(sq, wins)))
    }));
    let report = game_value_on(&mut prover, board, 1, FirstMoves::Every);
    let moves = match &report.value {
        Value::Loses => Squares(board.legal_moves())
            .map(|sq| (sq, Some(false)))
            .collect(),
        _ => first_moves(&prover, board),
    };
    let value = proven_value(&report);
    let seconds = start.elapsed().as_secs_f64();
    tell(Found::Analysis(Update::Value(
        value,
        moves,
        report.positions,
        seconds,
    )));
}

/// What the prover's table says of every legal move of `board`: wins, loses or neither.
fn first_moves(prover: &Prover, board: &Board) -> Vec<(usize, Option<bool>)> {
    Squares(board.legal_moves())
        .map(|sq| {
            let mut child = *board;
            child.play(sq);
            let after = prover.lookup(&child);
            let known = if child.winner().is_some() || after.is_loss() {
                Some(true)
            } else if after.is_win() {
                Some(false)
            } else {
                None
            };
            (sq, known)
        })
        .collect()
}

/// `solve --position`'s answer, for the page.
fn proven_value(report: &Report) -> ProvenValue {
    let board = &report.board;
    let (winning, complete) = match &report.value {
        Value::Wins {
            first_moves,
            listed,
        } => (
            first_moves.iter().map(|&sq| place(board, sq)).collect(),
            *listed == Listed::Every,
        ),
        _ => (Vec::new(), true),
    };
    ProvenValue {
        text: report.answer(),
        winner: report.winner().map(colour_name),
        winning,
        complete,
    }
}
