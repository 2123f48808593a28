//! The Puzzles tab's game: a puzzle of the collection (the one the program ships, or one a
//! page loaded and the server proved) set on the game's board, the person playing the side
//! that wins. Each move is judged by [`crate::solver::puzzles::judge`] (the forced-win search
//! of `solve K`) in the search pool: it keeps the win, and the defender answers with the
//! reply that resists longest; or it lets the win go, and the defender's escape is played
//! and named. Nothing here searches or knows the rules: this module keeps the puzzle's
//! state and says which moves the game plays.

use super::context::{Context, Found, Running};
use crate::board::{Board, Rules};
use crate::solver::puzzles::{self, Puzzle, Verdict};
use crate::web::protocol::{PuzzleInfo, PuzzleView, ServerMessage};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The collection a page plays from.
enum Collection {
    Shipped,
    /// A page's own file, proven by the server, with its name.
    Own(String, Arc<Vec<Puzzle>>),
}

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Playing,
    Solved,
    Failed,
}

/// The puzzle being played.
struct Current {
    index: usize,
    puzzle: Puzzle,
    /// The moves played since the puzzle's position (the person's and the defender's).
    played: Vec<usize>,
    /// Own moves the person still has to win in.
    moves_left: u32,
    status: Status,
    text: String,
    refutation: Option<usize>,
}

/// What the game must do to its board.
pub enum Act {
    /// Set this position (a new puzzle, or one tried again), then play these moves.
    Set(Board, Vec<usize>),
    /// Play these moves.
    Play(Vec<usize>),
}

/// A game's puzzles.
#[derive(Default)]
pub struct Puzzler {
    own: Option<Collection>,
    current: Option<Current>,
    judging: Option<(Running, usize)>,
    checking: Option<Running>,
}

impl Puzzler {
    fn list(&self) -> &[Puzzle] {
        match &self.own {
            Some(Collection::Own(_, list)) => list,
            _ => puzzles::shipped(),
        }
    }

    fn source(&self) -> String {
        match &self.own {
            Some(Collection::Own(name, _)) => name.clone(),
            _ => "shipped".to_string(),
        }
    }

    /// Whether a puzzle is on the board (the game's other commands wait).
    pub fn on(&self) -> bool {
        self.current.is_some()
    }

    /// Whether search `id` is this puzzler's.
    pub fn owns(&self, id: u64) -> bool {
        let judging = self.judging.as_ref().is_some_and(|(r, _)| r.id == id);
        judging || self.checking.as_ref().is_some_and(|r| r.id == id)
    }

    /// Stops any judging or checking (the page has gone, or the puzzle changed).
    pub fn cancel(&mut self) {
        if let Some((running, _)) = self.judging.take() {
            running.stop();
        }
        if let Some(running) = self.checking.take() {
            running.stop();
        }
    }

    /// `puzzles`: the shipped list, or a page's own file proven within the limits (in the
    /// pool; the list comes when it is done).
    pub fn collection(&mut self, file: Option<(String, String, Rules)>, ctx: &mut Context) {
        let Some((text, name, rules)) = file else {
            self.own = Some(Collection::Shipped);
            return self.send_list(ctx);
        };
        let lines = text.lines().count();
        let limits = &ctx.limits;
        if lines > limits.max_load_lines {
            return ctx.error(format!(
                "collection refused: more than {} lines",
                limits.max_load_lines
            ));
        }
        let puzzles = text.lines().filter(|l| question_line(l)).count();
        if puzzles > limits.max_puzzles {
            return ctx.error(format!(
                "collection refused: {puzzles} puzzles, the server proves at most {}",
                limits.max_puzzles
            ));
        }
        let positions = limits.puzzle_positions;
        let name = crate::protocol::clip(&name).to_string();
        if let Some(running) = self.checking.take() {
            running.stop();
        }
        let stop = Arc::new(AtomicBool::new(false));
        self.checking = Some(ctx.search(stop, move |_| {
            let proven = puzzles::prove_collection(&text, rules, positions);
            Found::Collection(name, proven.map(Arc::new))
        }));
        ctx.out("checking the collection: every answer is proven again");
    }

    fn send_list(&self, ctx: &mut Context) {
        let list = self.list().iter().map(info).collect();
        ctx.send(ServerMessage::Puzzles {
            source: self.source(),
            list,
        });
    }

    /// `puzzle`: puzzle `index` of the collection set on the board, or (`None`) the
    /// puzzles left.
    pub fn open(&mut self, index: Option<usize>, ctx: &mut Context) -> Option<Act> {
        self.cancel();
        let Some(index) = index else {
            self.current = None;
            ctx.send(ServerMessage::Puzzle(Box::default()));
            return None;
        };
        let Some(puzzle) = self.list().get(index).cloned() else {
            ctx.error(format!(
                "there is no puzzle {} in this collection of {}",
                index + 1,
                self.list().len()
            ));
            return None;
        };
        let board = puzzle.board;
        self.current = Some(Current {
            index,
            moves_left: puzzle.moves,
            puzzle,
            played: Vec::new(),
            status: Status::Playing,
            text: String::new(),
            refutation: None,
        });
        Some(Act::Set(board, Vec::new()))
    }

    /// `retry`: back to the position before the move that let the win go.
    pub fn retry(&mut self, ctx: &mut Context) -> Option<Act> {
        let Some(current) = self.current.as_mut().filter(|c| c.status == Status::Failed) else {
            ctx.error("nothing to try again: no puzzle was failed");
            return None;
        };
        // The wrong move and its refutation are the last two.
        current
            .played
            .truncate(current.played.len().saturating_sub(2));
        current.status = Status::Playing;
        current.refutation = None;
        current.text = "try again".to_string();
        Some(Act::Set(current.puzzle.board, current.played.clone()))
    }

    /// `attempt`: the person's move `sq` on `board`, sent to be judged.
    pub fn attempt(&mut self, board: &Board, sq: usize, ctx: &mut Context) {
        let Some(current) = &self.current else {
            return ctx.error("no puzzle is on the board: open one first");
        };
        if current.status != Status::Playing {
            return ctx.error("this puzzle is over: try it again, or open another");
        }
        if self.judging.is_some() {
            return ctx.error("the move before is still being judged");
        }
        let (board, moves_left) = (*board, current.moves_left);
        let positions = ctx.limits.puzzle_positions;
        let stop = Arc::new(AtomicBool::new(false));
        let running = ctx.search(stop, move |_| {
            Found::Verdict(puzzles::judge(&board, sq, moves_left, positions))
        });
        self.judging = Some((running, sq));
    }

    /// A report of this puzzler's search (see [`Puzzler::owns`]): the acts it leads to.
    pub fn report(&mut self, found: Found, board: &Board, ctx: &mut Context) -> Option<Act> {
        match found {
            Found::Collection(name, Ok(list)) => {
                self.checking = None;
                self.current = None;
                self.own = Some(Collection::Own(name, list));
                self.send_list(ctx);
                None
            }
            Found::Collection(_, Err(e)) => {
                self.checking = None;
                ctx.error(format!("collection refused: {e}"));
                None
            }
            Found::Verdict(verdict) => {
                let (_, sq) = self.judging.take()?;
                self.judged(verdict, sq, board, ctx)
            }
            _ => {
                self.judging = None;
                self.checking = None;
                None
            }
        }
    }

    fn judged(
        &mut self,
        verdict: Result<Verdict, String>,
        sq: usize,
        board: &Board,
        ctx: &mut Context,
    ) -> Option<Act> {
        let current = self.current.as_mut()?;
        let (mover, name) = (board.to_move(), |s: usize| board.coord(s).to_string());
        let played = match verdict {
            Err(e) => {
                ctx.error(format!("the move could not be judged: {e}"));
                return None;
            }
            Ok(Verdict::Won) => {
                current.status = Status::Solved;
                vec![sq]
            }
            Ok(Verdict::Keeps {
                defence,
                moves_left,
            }) => {
                current.moves_left = moves_left;
                let mut after = *board;
                after.play(sq);
                current.text = format!(
                    "{} keeps the win; {} defends with {}: {mover} wins in {moves_left} more",
                    name(sq),
                    mover.opponent(),
                    after.coord(defence)
                );
                vec![sq, defence]
            }
            Ok(Verdict::Escapes { refutation }) => {
                current.status = Status::Failed;
                current.refutation = Some(refutation);
                let mut after = *board;
                after.play(sq);
                current.text = format!(
                    "after {}, {} escapes with {}: try again",
                    name(sq),
                    mover.opponent(),
                    after.coord(refutation)
                );
                vec![sq, refutation]
            }
        };
        current.played.extend(&played);
        if current.status == Status::Solved {
            current.text = format!("solved! the proven line: {}", line_text(current));
        }
        Some(Act::Play(played))
    }

    /// The puzzle's state for the page, after every change.
    pub fn send(&self, ctx: &mut Context) {
        let Some(current) = &self.current else {
            return;
        };
        let board = &current.puzzle.board;
        let status = match current.status {
            Status::Playing => "playing",
            Status::Solved => "solved",
            Status::Failed => "failed",
        };
        let after = after_moves(board, &current.played);
        ctx.send(ServerMessage::Puzzle(Box::new(PuzzleView {
            index: Some(current.index),
            count: self.list().len(),
            source: self.source(),
            notation: board.to_notation(),
            size: board.size(),
            rules: board.rules().to_string(),
            side: super::words::colour_name(board.to_move()),
            moves: current.puzzle.moves,
            moves_left: current.moves_left,
            status,
            judging: self.judging.is_some(),
            line: line_moves(current),
            text: current.text.clone(),
            refutation: current.refutation.map(|sq| {
                let c = after.coord(sq);
                [c.row, c.col]
            }),
            answer: (current.status != Status::Playing).then(|| current.puzzle.answer_text()),
        })));
    }
}

/// The board after `moves` from `board`.
fn after_moves(board: &Board, moves: &[usize]) -> Board {
    let mut after = *board;
    for &sq in moves {
        if after.winner().is_none() && after.is_legal(sq) {
            after.play(sq);
        }
    }
    after
}

/// The moves played in the puzzle, as `R C`.
fn line_moves(current: &Current) -> Vec<String> {
    let board = &current.puzzle.board;
    current
        .played
        .iter()
        .map(|&sq| board.coord(sq).to_string())
        .collect()
}

fn line_text(current: &Current) -> String {
    line_moves(current).join(", ")
}

/// A puzzle as the page's list shows it.
fn info(puzzle: &Puzzle) -> PuzzleInfo {
    PuzzleInfo {
        size: puzzle.board.size(),
        rules: puzzle.board.rules().to_string(),
        moves: puzzle.moves,
        side: super::words::colour_name(puzzle.board.to_move()),
        notation: puzzle.board.to_notation(),
    }
}

/// Whether a collection line asks a question (neither blank nor a comment).
fn question_line(line: &str) -> bool {
    let line = line.trim();
    !line.is_empty() && !line.starts_with('#')
}
