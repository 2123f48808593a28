//! A finished game looked back at: for each position the proven value (on boards the prover
//! takes, within limits) and the AI's evaluation as a chance of winning ([`chance`]); for
//! each move a mark ([`Mark`]), worded by [`words`] for every face alike.
//!
//! A move is judged by proven values when both sides of it are settled: "kept the win",
//! "threw the win away" (with the winning moves it missed), "lost already", "won the game".
//! A value settles the other side too: a move into a position lost for the opponent proves
//! the position before it won, and every move of a lost position loses. Otherwise the move
//! is judged by how much it lowered its mover's chance of winning (see [`chance::Drop`]).

pub mod chance;
pub mod words;

use crate::board::{Board, Colour, Squares};
use crate::search::{Engine, EngineConfig, Evaluation, Limits as SearchLimits, Score};
use crate::solver::dfpn::{Limits as ProverLimits, Prover};
use crate::solver::{Asked, FirstMoves, Listed, ProofSize, Report, Value, game_value_stoppable};
use chance::{Drop, win_chance};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use thiserror::Error;

/// The most search nodes one position's evaluation may take (`jump61 review --nodes`).
pub const MAX_EVAL_NODES: u64 = 1_000_000_000;

/// How much a review may spend on each position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewLimits {
    /// Positions the prover may expand for one position's value (boards up to 5x5).
    pub positions: u64,
    /// Bytes of the prover's table.
    pub memory: usize,
    /// Wall time for one position's value, if any (a time makes the review depend on the
    /// machine; positions alone keep it the same everywhere).
    pub time: Option<Duration>,
    /// Nodes of the AI's search for one position's evaluation.
    pub eval_nodes: u64,
}

impl Default for ReviewLimits {
    /// What `jump61 review` uses: every position of a 4x4 game from its eighth move on is
    /// settled well within these positions; the first ones and most 5x5 positions are
    /// judged by the evaluation.
    fn default() -> Self {
        ReviewLimits {
            positions: 2_000_000,
            memory: 256 << 20,
            time: None,
            eval_nodes: 20_000,
        }
    }
}

/// What is proven about a position, from its side to move's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proven {
    /// The side to move wins (`winning`: its winning moves, when they were sought).
    Wins {
        winning: Vec<usize>,
    },
    Loses,
    /// The game is over: `Colour` won.
    Over(Colour),
    /// Not settled within the limits, or the board is larger than the prover takes.
    Unknown,
}

/// One position of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub board: Board,
    pub proven: Proven,
    /// The AI's score from the side to move's view; `None` when the game is over.
    pub score: Option<Score>,
    /// Red's chance of winning: 1 or 0 when proven, else from the score.
    pub red_chance: f64,
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// It ended the game, won.
    WonTheGame,
    /// From a won position into one still won.
    KeptTheWin,
    /// From a won position into a lost one; `winning` are the moves that kept the win, and
    /// `unsettled` the moves the review's limits proved neither winning nor losing (a
    /// winning move may be among them: `winning` is then not every one).
    ThrewTheWinAway {
        winning: Vec<usize>,
        unsettled: Vec<usize>,
    },
    /// The position before it was already lost: every move loses.
    LostAlready,
    /// Not settled by proof: judged by the drop in the mover's chance of winning.
    Judged(Drop),
}

/// One move with its mark.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    pub square: usize,
    pub mover: Colour,
    pub mark: Mark,
    /// The mover's chance of winning before and after the move (1 or 0 when proven; for a
    /// judged move, the one before is the evaluation's, as the mark was judged).
    pub before: f64,
    pub after: f64,
}

/// A whole game looked back at: `positions` has one more entry than `moves`.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub positions: Vec<Position>,
    pub moves: Vec<MoveReview>,
}

/// Why a game cannot be reviewed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ReviewError {
    #[error("move {number} ({row} {col}) is not legal there")]
    Illegal {
        number: usize,
        row: usize,
        col: usize,
    },
    #[error("move {number} is not a square of the board")]
    OffBoard { number: usize },
    #[error("move {number} comes after the game is over")]
    AfterTheEnd { number: usize },
}

/// Reviews the game of `moves` (squares) from `start`. One thread, so the same game and
/// limits give the same review; `stop` ends every search at once (the values not settled
/// by then are unknown).
pub fn review(
    start: &Board,
    moves: &[usize],
    limits: &ReviewLimits,
    stop: Arc<AtomicBool>,
) -> Result<Review, ReviewError> {
    let boards = replay(start, moves)?;
    let mut engine = Engine::new(EngineConfig {
        threads: 1,
        ..EngineConfig::default()
    });
    engine.set_stop_flag(Some(stop.clone()));
    let mut positions: Vec<Position> = boards
        .iter()
        .map(|board| position(board, limits, &mut engine, &stop))
        .collect();
    let moves = (0..moves.len())
        .map(|i| judge(&mut positions, i, moves[i], limits, &stop))
        .collect();
    Ok(Review { positions, moves })
}

/// Every board of the game, the start first; refuses a move that is not legal.
pub fn replay(start: &Board, moves: &[usize]) -> Result<Vec<Board>, ReviewError> {
    let mut boards = vec![*start];
    let mut board = *start;
    for (i, &sq) in moves.iter().enumerate() {
        let number = i + 1;
        if board.winner().is_some() {
            return Err(ReviewError::AfterTheEnd { number });
        }
        if sq >= board.squares() {
            return Err(ReviewError::OffBoard { number });
        }
        if !board.is_legal(sq) {
            let c = board.coord(sq);
            return Err(ReviewError::Illegal {
                number,
                row: c.row,
                col: c.col,
            });
        }
        board.play(sq);
        boards.push(board);
    }
    Ok(boards)
}

/// A position's proven value and evaluation.
fn position(
    board: &Board,
    limits: &ReviewLimits,
    engine: &mut Engine,
    stop: &Arc<AtomicBool>,
) -> Position {
    if let Some(winner) = board.winner() {
        return Position {
            board: *board,
            proven: Proven::Over(winner),
            score: None,
            red_chance: if winner == Colour::Red { 1.0 } else { 0.0 },
        };
    }
    let proven = prove(board, limits, FirstMoves::One, stop);
    let found = engine.search(
        board,
        SearchLimits::nodes(limits.eval_nodes),
        Evaluation::Full,
        true,
        &mut |_| {},
    );
    let mover_chance = match proven {
        Proven::Wins { .. } => 1.0,
        Proven::Loses => 0.0,
        _ => win_chance(found.score, board.squares()),
    };
    Position {
        board: *board,
        proven,
        score: Some(found.score),
        red_chance: red_view(board.to_move(), mover_chance),
    }
}

/// The prover's answer for `board` within `limits`.
fn prove(
    board: &Board,
    limits: &ReviewLimits,
    first_moves: FirstMoves,
    stop: &Arc<AtomicBool>,
) -> Proven {
    let (report, _) = value_of(board, limits, first_moves, stop);
    match report.value {
        Value::Wins { first_moves, .. } => Proven::Wins {
            winning: first_moves,
        },
        Value::Loses => Proven::Loses,
        _ => Proven::Unknown,
    }
}

/// The prover's report on `board` within `limits`, and the prover (whose table holds what
/// it proved).
fn value_of(
    board: &Board,
    limits: &ReviewLimits,
    first_moves: FirstMoves,
    stop: &Arc<AtomicBool>,
) -> (Report, Option<Prover>) {
    let prover_limits = ProverLimits {
        deadline: limits.time.map(|t| Instant::now() + t),
        positions: limits.positions,
        memory: limits.memory,
    };
    let asked = Asked {
        size: ProofSize::Skip,
        first_moves,
    };
    game_value_stoppable(board, prover_limits, 1, asked, stop.clone())
}

/// `chance` of `side` as Red's chance.
fn red_view(side: Colour, chance: f64) -> f64 {
    if side == Colour::Red {
        chance
    } else {
        1.0 - chance
    }
}

/// Whether a position is won (`Some(true)`) or lost for `colour`, when that is proven.
fn settled_for(position: &Position, colour: Colour) -> Option<bool> {
    let to_move = position.board.to_move();
    match &position.proven {
        Proven::Over(winner) => Some(*winner == colour),
        Proven::Wins { .. } => Some(to_move == colour),
        Proven::Loses => Some(to_move != colour),
        Proven::Unknown => None,
    }
}

/// The mark of move `i` (square `sq`), between `positions[i]` and `positions[i + 1]`.
/// Settles what one side proves of the other, and seeks the winning moves of a won
/// position the move threw away.
fn judge(
    positions: &mut [Position],
    i: usize,
    sq: usize,
    limits: &ReviewLimits,
    stop: &Arc<AtomicBool>,
) -> MoveReview {
    let mover = positions[i].board.to_move();
    let after_won = settled_for(&positions[i + 1], mover);
    // A move into a won position proves the one before won; a lost one makes all moves lose.
    let before_won = match settled_for(&positions[i], mover) {
        None if after_won == Some(true) => Some(true),
        known => known,
    };
    let after_won = if before_won == Some(false) {
        Some(false)
    } else {
        after_won
    };
    if before_won == Some(true) {
        positions[i].red_chance = red_view(mover, 1.0);
    }
    if after_won == Some(false) {
        positions[i + 1].red_chance = red_view(mover, 0.0);
    }
    // Red's chance turned to the mover's: the same flip as the mover's to Red's.
    let known = |p: &Position| red_view(mover, p.red_chance);
    let (mut before, after) = (known(&positions[i]), known(&positions[i + 1]));
    let mark = match (before_won, after_won) {
        (Some(true), Some(true)) if matches!(positions[i + 1].proven, Proven::Over(_)) => {
            Mark::WonTheGame
        }
        (Some(true), Some(true)) => Mark::KeptTheWin,
        (Some(true), Some(false)) => {
            let (winning, unsettled) = winning_moves(&positions[i], sq, limits, stop);
            Mark::ThrewTheWinAway { winning, unsettled }
        }
        (Some(false), _) => Mark::LostAlready,
        _ => {
            // The position before is judged by its evaluation even when it is proven won:
            // a move into a position the prover could not settle is then not a blunder
            // merely because the proof made the chance before 1.
            let squares = positions[i].board.squares();
            before = positions[i]
                .score
                .map_or(before, |s| win_chance(s, squares));
            Mark::Judged(Drop::of(100.0 * (before - after)))
        }
    };
    MoveReview {
        square: sq,
        mover,
        mark,
        before,
        after,
    }
}

/// The moves that keep the win of a won position, and those the limits settle neither way
/// (`thrown`, the move played, is known to lose). Every first move is sought; when a limit
/// stops that, what the prover's table proved of the moves left still counts, and the rest
/// are unsettled.
fn winning_moves(
    position: &Position,
    thrown: usize,
    limits: &ReviewLimits,
    stop: &Arc<AtomicBool>,
) -> (Vec<usize>, Vec<usize>) {
    let board = &position.board;
    let (report, prover) = value_of(board, limits, FirstMoves::Every, stop);
    let mut winning = match (report.value, &position.proven) {
        (
            Value::Wins {
                first_moves,
                listed: Listed::Every,
            },
            _,
        ) => return (first_moves, Vec::new()),
        (Value::Wins { first_moves, .. }, _) => first_moves,
        (_, Proven::Wins { winning }) => winning.clone(),
        _ => Vec::new(),
    };
    let mut unsettled = Vec::new();
    let rest: Vec<usize> = Squares(board.legal_moves())
        .filter(|&sq| sq != thrown && !winning.contains(&sq))
        .collect();
    for sq in rest {
        let mut child = *board;
        child.play(sq);
        let after = prover.as_ref().map(|p| p.lookup(&child));
        if child.winner().is_some() || after.is_some_and(|e| e.is_loss()) {
            winning.push(sq);
        } else if !after.is_some_and(|e| e.is_win()) {
            unsettled.push(sq);
        }
    }
    winning.sort_unstable();
    (winning, unsettled)
}
