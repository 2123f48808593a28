//! The messages of Jump61's tools on the page: the analysis board's (`analyse` asks,
//! `analysis` answers) and the puzzles' (`puzzles` and `puzzle`), as described in
//! [`super`].

use serde::Serialize;

/// A proven value, as `jump61 solve --position P` answers it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ProvenValue {
    /// `solve`'s answer line: `Red wins: 1 1, 2 2`, `Blue wins`, `unknown: ...`.
    pub text: String,
    /// `red` or `blue` once proven.
    pub winner: Option<&'static str>,
    /// The side to move's winning first moves, `[row, col]`.
    pub winning: Vec<[usize; 2]>,
    /// Whether `winning` holds every one (no limit cut the list short).
    pub complete: bool,
}

/// A forced win within a few own moves, as `jump61 solve --position P --depth N` answers.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct WinsIn {
    /// `solve --depth`'s answer line: `Red wins in 2: 1 1`, `no forced win for Red within 3`.
    pub text: String,
    /// The least number of own moves that wins, when one is found.
    pub moves: Option<u32>,
    pub first: Vec<[usize; 2]>,
}

/// The AI's evaluation of the analysed position (its last depth finished).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Evaluation {
    pub depth: u32,
    pub score: String,
    pub pv: Vec<String>,
    pub nodes: u64,
}

/// The analysis of the position on the board, whole, sent after every change to it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Analysis {
    /// Whether the analysis board is on (off: the other fields are empty).
    pub on: bool,
    /// Whether the search is still going.
    pub running: bool,
    /// The position analysed (the page drops an analysis of another).
    pub notation: String,
    pub value: Option<ProvenValue>,
    pub wins_in: Option<WinsIn>,
    /// With "value of every move": each square, row-major, `won`, `lost` or `unknown` for
    /// the side that plays it, null where no move can be played.
    pub every: Option<Vec<Option<&'static str>>>,
    pub eval: Option<Evaluation>,
    /// The prover's positions and the seconds so far.
    pub positions: u64,
    pub seconds: f64,
    /// The limits this analysis works within: `30 s, 100000000 positions, 512 MiB`.
    pub limits: String,
    /// Why something is not answered (a board too big for the prover).
    pub note: Option<String>,
}

/// A puzzle of a collection, as the list shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleInfo {
    pub size: usize,
    pub rules: String,
    /// Own moves to the win.
    pub moves: u32,
    /// The side that wins, `red` or `blue`.
    pub side: &'static str,
    pub notation: String,
}

/// The puzzle on the board (all empty, `index` null, once the puzzles are left).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PuzzleView {
    pub index: Option<usize>,
    /// Puzzles in the collection.
    pub count: usize,
    /// `shipped`, or the name of a page's own file.
    pub source: String,
    /// The puzzle's position, at its start.
    pub notation: String,
    pub size: usize,
    pub rules: String,
    pub side: &'static str,
    pub moves: u32,
    /// Own moves left to win in.
    pub moves_left: u32,
    /// `playing`, `solved` or `failed`.
    pub status: &'static str,
    /// A move is being judged.
    pub judging: bool,
    /// The moves played since the start, the person's and the defender's.
    pub line: Vec<String>,
    pub text: String,
    /// The defender's escape after a move that let the win go.
    pub refutation: Option<[usize; 2]>,
    /// Once the puzzle is over: its proven answer, `Red wins in 2: 1 1, 2 3`.
    pub answer: Option<String>,
}
