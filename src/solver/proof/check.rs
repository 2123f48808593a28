//! The checker: reads a proof file and checks it by the plain rules, with no search.
//!
//! The file's lines (see [`super`] for the writer):
//!
//! ```text
//! # jump61 proof: Blue wins      a comment
//! rules 2013                     the rules (2013 or 2014); without it, 2014
//! root ----/----                 the position proven, in the rules' notation
//! to-move Red                    the side to move at the root (optional: the spots say)
//! winner Blue
//! 1r--/---- 2 2                  a position where the winner is to move, and its move
//! ...
//! end 3                          the number of move lines (required once `rules` is given)
//! ```
//!
//! Every position below the root is reached by moves, so it keeps the root's turn: when
//! `to-move` differs from what the spots say (2013 `move N`), every position of the file is
//! read with the turn handed over the same way.

use crate::board::{Board, Colour, Coord, MAX_SIZE, Rules, Squares};
use crate::solver::proof::arise::could_arise;
use arrayvec::ArrayVec;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::hash_map::Entry;
use std::fmt;
use std::hash::Hash;

/// What a checked proof establishes.
#[derive(Debug, PartialEq, Eq)]
pub struct Verified {
    pub root: Board,
    pub winner: Colour,
    /// The winner's positions checked (classes under the symmetries).
    pub positions: usize,
}

/// Why a proof was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// The file is not a proof file: line `line` (from 1; 0: the file as a whole) is wrong,
    /// or missing at the end.
    Malformed { line: usize, reason: String },
    /// The root is not a position a game could reach, or is already over.
    Impossible(String),
    /// The file is well formed but does not prove its claim: it fails at `position`.
    Fails { position: String, reason: String },
    /// The file, or the files a check within a memory limit spills to, could not be read
    /// or written.
    Io(String),
    /// The check was told to stop before it was done.
    Interrupted,
}

impl CheckError {
    /// The process exit status: 1 for a proof that does not hold, 2 for refused input or
    /// a file that cannot be read or written, 130 when interrupted (as by Ctrl-C).
    pub fn exit_code(&self) -> i32 {
        match self {
            CheckError::Fails { .. } => 1,
            CheckError::Malformed { .. } | CheckError::Impossible(_) | CheckError::Io(_) => 2,
            CheckError::Interrupted => 130,
        }
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Line 0 is the file as a whole (an empty one has no line to name).
            CheckError::Malformed { line: 0, reason } => write!(f, "{reason}"),
            CheckError::Malformed { line, reason } => write!(f, "line {line}: {reason}"),
            CheckError::Impossible(reason) => write!(f, "{reason}"),
            CheckError::Fails { position, reason } => write!(f, "fails at {position}: {reason}"),
            CheckError::Io(reason) => write!(f, "{reason}"),
            CheckError::Interrupted => write!(f, "interrupted before the check was done"),
        }
    }
}

/// Which part of its work [`verify_watched`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Move lines read, of those the file has.
    Reading,
    /// The winner's positions checked, of the file's move lines (one each, in a whole proof).
    Checking,
}

/// How often [`verify_watched`] reports: every this many lines or positions.
pub(super) const REPORT_EVERY: usize = 1 << 16;

/// Checks a proof file's text by the rules alone.
pub fn verify(text: &str) -> Result<Verified, CheckError> {
    verify_watched(text, &mut |_, _, _| {})
}

/// [`verify`], telling `progress` (stage, done, of) every `REPORT_EVERY` lines read or
/// positions checked, and at the end of each stage: the 4x4 start's proof takes a quarter
/// of a minute.
pub fn verify_watched(
    text: &str,
    progress: &mut dyn FnMut(Stage, usize, usize),
) -> Result<Verified, CheckError> {
    let (h, claim) = claim(text)?;
    // Up to 5x5 a class fits in 128 bits: a third of the memory of a boxed one, and no
    // allocation (the proof of a 5x5 position 20 moves in has 35 million classes).
    if claim.root.size() * claim.root.size() * CELL_BITS < 128 {
        check::<u128>(&claim, moves(text, &h, &claim, progress)?, progress)
    } else {
        check::<Box<[u8]>>(&claim, moves(text, &h, &claim, progress)?, progress)
    }
}

/// Checks the claim against the winner's moves: every position reached with the winner to
/// move has a move given for its class, and no move of the loser's wins.
fn check<K: Key>(
    claim: &Claim,
    mut moves: FxHashMap<K, u8>,
    progress: &mut dyn FnMut(Stage, usize, usize),
) -> Result<Verified, CheckError> {
    let (root, winner, lines) = (claim.root, claim.winner, moves.len());
    check_root(&root)?;
    // The loser's positions passed; the winner's are marked in `moves` (`VISITED`).
    let mut done = FxHashSet::<K>::default();
    let mut stack = vec![root];
    let mut positions = 0;
    while let Some(board) = stack.pop() {
        let (class, image) = class(&board);
        let key = K::of(&class);
        if board.to_move() == winner {
            let Some(given) = moves.get_mut(&key) else {
                return Err(fails(&board, format!("no move is given for {winner}")));
            };
            // A class is checked once, whichever of its members comes first.
            if *given & VISITED != 0 {
                continue;
            }
            *given |= VISITED;
            positions += 1;
            if positions % REPORT_EVERY == 0 {
                progress(Stage::Checking, positions, lines);
            }
            stack.extend(play_given(&board, image, *given & !VISITED));
        } else if done.insert(key) {
            push_replies(&board, &mut |child| stack.push(child))?;
        }
    }
    progress(Stage::Checking, positions, lines);
    Ok(Verified {
        root,
        winner,
        positions,
    })
}

/// Refuses a root there is nothing to prove about: a game already over, or a position no
/// game reaches.
pub(super) fn check_root(root: &Board) -> Result<(), CheckError> {
    if root.winner().is_some() {
        return Err(CheckError::Impossible(format!(
            "the root {} is already over: there is nothing to prove",
            root.to_notation()
        )));
    }
    could_arise(root).map_err(CheckError::Impossible)
}

/// The proof's failure at `board`.
pub(super) fn fails(board: &Board, reason: String) -> CheckError {
    CheckError::Fails {
        position: board.to_notation(),
        reason,
    }
}

/// The position the winner's move `given` (an index in the class's image `image`) leads
/// to, `None` when it wins: only a game still going needs more of the proof.
fn play_given(board: &Board, image: usize, given: u8) -> Option<Board> {
    // The move given for the class, played on this member of it.
    let sq = square_of(board, image, usize::from(given));
    let mut child = *board;
    child.play_unhashed(sq);
    child.winner().is_none().then_some(child)
}

/// Pushes the positions every move of the loser's leads to, or fails the proof at the
/// first move that wins at once: the proof must answer every move, and a win leaves
/// nothing to answer.
pub(super) fn push_replies(board: &Board, below: &mut dyn FnMut(Board)) -> Result<(), CheckError> {
    for sq in Squares(board.legal_moves()) {
        let mut child = *board;
        child.play_unhashed(sq);
        match child.winner() {
            Some(_) => {
                let c = board.coord(sq);
                let reason = format!("{} wins by {} {}", board.to_move(), c.row, c.col);
                return Err(fails(board, reason));
            }
            None => below(child),
        }
    }
    Ok(())
}

/// The flag of a move in the checker's map once its position is checked.
const VISITED: u8 = 0x80;

/// A position's class under the eight symmetries of the square: the side to move, then
/// the least of the eight images' lists of squares (spots and owner, row by row), with the
/// symmetry that gave it. Two positions share a class exactly when one is an image of the
/// other. Built on the stack; kept as a [`Key`].
pub(super) fn class(board: &Board) -> (Class, usize) {
    let n = board.size();
    // The squares row by row, each read once for the eight images.
    let cells: Class = (0..n * n)
        .map(|at| {
            let sq = board.square_at(Coord {
                row: at / n + 1,
                col: at % n + 1,
            });
            let sq = sq.expect("a square of the board");
            let owner = match board.owner(sq) {
                None => 0,
                Some(Colour::Red) => 1,
                Some(Colour::Blue) => 2,
            };
            board.spots(sq) * 3 + owner
        })
        .collect();
    let image = |t: usize| -> (Class, usize) {
        let mut out = Class::new();
        out.push(u8::from(board.to_move() == Colour::Red));
        for r in 0..n {
            for c in 0..n {
                let (r, c) = imaged(n, t, r, c);
                out.push(cells[r * n + c]);
            }
        }
        (out, t)
    };
    (0..8).map(image).min().expect("eight images")
}

/// The square (row, column from 0) that symmetry `t` of an `n` x `n` board puts at (r, c)
/// of the image: a transposition (t & 4), then a flip of the rows (t & 1) and of the
/// columns (t & 2).
fn imaged(n: usize, t: usize, r: usize, c: usize) -> (usize, usize) {
    let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
    let r = if t & 1 != 0 { n - 1 - r } else { r };
    let c = if t & 2 != 0 { n - 1 - c } else { c };
    (r, c)
}

/// The square of `board` at index `at` (row by row) of its image under symmetry `t`.
fn square_of(board: &Board, t: usize, at: usize) -> usize {
    let n = board.size();
    let (row, col) = imaged(n, t, at / n, at % n);
    board
        .square_at(Coord {
            row: row + 1,
            col: col + 1,
        })
        .expect("an image of a square is on the board")
}

/// Where `sq` of `board` is (row by row) in its image under symmetry `t`.
pub(super) fn index_in_image(board: &Board, t: usize, sq: usize) -> u8 {
    let n = board.size();
    let at = (0..n * n).find(|&at| square_of(board, t, at) == sq);
    at.expect("a symmetry maps the board onto itself") as u8
}

/// A class as [`class`] computes it: at most 10 x 10 squares and the side to move.
pub(super) type Class = ArrayVec<u8, { MAX_SIZE * MAX_SIZE + 1 }>;

/// Bits a square of a class takes packed: spots times three plus owner, at most 9 x 3 + 2
/// on a won board.
pub(super) const CELL_BITS: usize = 5;

/// A class as the checker keeps it: exact, so that two classes never share one.
trait Key: Eq + Hash {
    fn of(class: &Class) -> Self;
}

/// Boards up to 5x5: the side to move, then [`CELL_BITS`] a square.
impl Key for u128 {
    fn of(class: &Class) -> u128 {
        debug_assert!((class.len() - 1) * CELL_BITS < 128);
        class
            .iter()
            .fold(0, |key, &v| key << CELL_BITS | u128::from(v))
    }
}

/// Larger boards: one allocation of the class's own length.
impl Key for Box<[u8]> {
    fn of(class: &Class) -> Box<[u8]> {
        Box::from(&class[..])
    }
}

/// What a proof file claims: the root, its rules and winner, and whether every position's
/// turn is the other side's than its spots say (2013 `move N`).
pub(super) struct Claim {
    pub(super) root: Board,
    pub(super) rules: Rules,
    pub(super) winner: Colour,
    handed_over: bool,
}

/// The header's fields, each with the line it came from.
#[derive(Default)]
pub(super) struct Header {
    rules: Option<(usize, Rules)>,
    root: Option<(usize, String)>,
    to_move: Option<(usize, Colour)>,
    winner: Option<(usize, Colour)>,
    end: Option<(usize, usize)>,
}

fn malformed(line: usize, reason: impl Into<String>) -> CheckError {
    CheckError::Malformed {
        line,
        reason: reason.into(),
    }
}

fn colour(word: &str) -> Option<Colour> {
    match word {
        "Red" => Some(Colour::Red),
        "Blue" => Some(Colour::Blue),
        _ => None,
    }
}

/// Sets a header field once; a second line of the same kind is an error.
fn once<T>(
    slot: &mut Option<(usize, T)>,
    line: usize,
    value: T,
    what: &str,
) -> Result<(), CheckError> {
    if let Some((first, _)) = slot {
        return Err(malformed(
            line,
            format!("a second `{what}` line (the first is line {first})"),
        ));
    }
    *slot = Some((line, value));
    Ok(())
}

/// The words that begin the header's lines, each followed by one word.
const HEADER_WORDS: [&str; 5] = ["rules", "root", "to-move", "winner", "end"];

/// The header lines (first pass: the rules must be known before any position is read).
fn header(text: &str) -> Result<Header, CheckError> {
    let mut h = Header::default();
    for (i, line) in text.lines().enumerate() {
        h.read(i + 1, line)?;
    }
    Ok(h)
}

impl Header {
    /// Reads line `n` of the file, `line`, in the first pass.
    pub(super) fn read(&mut self, n: usize, line: &str) -> Result<(), CheckError> {
        // `end` is a whole proof's last line: only blank lines may follow it.
        if let Some((end_line, _)) = self.end
            && !line.trim().is_empty()
        {
            return Err(malformed(
                n,
                format!("text after the `end` line (line {end_line})"),
            ));
        }
        header_line(self, n, line)
    }
}

/// Reads line `n` into the header's fields if it is a header line; checks that any other
/// line could be one of the second pass's.
fn header_line(h: &mut Header, n: usize, line: &str) -> Result<(), CheckError> {
    match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["rules", r] => {
            let rules = r.parse::<Rules>().map_err(|e| malformed(n, e))?;
            once(&mut h.rules, n, rules, "rules")
        }
        ["root", p] => once(&mut h.root, n, p.to_string(), "root"),
        ["to-move", c] => once(&mut h.to_move, n, side(n, "to-move", c)?, "to-move"),
        ["winner", c] => once(&mut h.winner, n, side(n, "winner", c)?, "winner"),
        ["end", count] => {
            let count = count
                .parse()
                .map_err(|_| malformed(n, "expected `end COUNT`"))?;
            once(&mut h.end, n, count, "end")
        }
        [w, ..] if HEADER_WORDS.contains(w) => {
            Err(malformed(n, format!("expected `{w}` and one word")))
        }
        // Blank lines, comments and move lines (read in the second pass).
        [] | [_, _, _] => Ok(()),
        [w, ..] if w.starts_with('#') => Ok(()),
        // Anything else is reported here, where it is, not as a field missing later.
        _ => Err(not_a_line(n, line)),
    }
}

/// The side a `to-move` or `winner` line (`field`) names, on line `n`.
fn side(n: usize, field: &str, word: &str) -> Result<Colour, CheckError> {
    colour(word).ok_or_else(|| malformed(n, format!("expected `{field} Red` or `{field} Blue`")))
}

/// Line `n`, `line`, fits no kind of line of a proof file.
fn not_a_line(n: usize, line: &str) -> CheckError {
    malformed(
        n,
        format!(
            "`{}` is neither a header line (rules, root, to-move, winner, end) nor `NOTATION ROW COL`",
            line.trim()
        ),
    )
}

/// Reads a proof file's header: what it claims (first pass).
fn claim(text: &str) -> Result<(Header, Claim), CheckError> {
    let h = header(text)?;
    let claim = claim_of(&h, text.lines().count())?;
    Ok((h, claim))
}

/// What the header `h` of a file of `last` lines claims.
pub(super) fn claim_of(h: &Header, last: usize) -> Result<Claim, CheckError> {
    let rules = h.rules.map_or(Rules::V2014, |(_, r)| r);
    let (root_line, root_text) = h.root.as_ref().ok_or_else(|| match last {
        0 => malformed(0, "an empty file, not a proof"),
        _ => malformed(last, "no `root` line"),
    })?;
    let mut root = read(*root_line, root_text, rules)?;
    // Whether every position's turn is the other side's than its spots say.
    let handed_over = match h.to_move {
        Some((line, c)) if c != root.to_move() => {
            if rules == Rules::V2014 {
                return Err(malformed(
                    line,
                    format!(
                        "under the 2014 rules the spots say {} is to move",
                        root.to_move()
                    ),
                ));
            }
            root.set_to_move(c);
            true
        }
        _ => false,
    };
    let (_, winner) = h
        .winner
        .ok_or_else(|| malformed(last, "no `winner` line"))?;
    if h.rules.is_some() && h.end.is_none() {
        return Err(malformed(
            last,
            "the file ends before its `end` line: it is truncated",
        ));
    }
    Ok(Claim {
        root,
        rules,
        winner,
        handed_over,
    })
}

/// A position of the file, under its rules, or the error naming its line.
fn read(line: usize, p: &str, rules: Rules) -> Result<Board, CheckError> {
    Board::parse_with_rules(p, rules)
        .map_err(|e| malformed(line, format!("{e} (in {p}, {rules} rules)")))
}

/// Reads every move line (second pass): the winner's move by class, as an index into the
/// class's squares. Tells `progress` the move lines read of those the `end` line announces
/// (or of the file's lines).
fn moves<K: Key>(
    text: &str,
    h: &Header,
    claim: &Claim,
    progress: &mut dyn FnMut(Stage, usize, usize),
) -> Result<FxHashMap<K, u8>, CheckError> {
    let mut moves = FxHashMap::default();
    let mut count = 0;
    let announced = h.announced().unwrap_or_else(|| text.lines().count());
    for (i, line) in text.lines().enumerate() {
        if let Some((board, sq)) = move_entry(i + 1, line, claim)? {
            let (class, image) = class(&board);
            match moves.entry(K::of(&class)) {
                Entry::Vacant(v) => {
                    v.insert(index_in_image(&board, image, sq));
                }
                Entry::Occupied(o) => {
                    return Err(repeated(first_line(text, claim, o.key())?, i + 1));
                }
            }
            count += 1;
            if count % REPORT_EVERY == 0 {
                progress(Stage::Reading, count, announced.max(count));
            }
        }
    }
    progress(Stage::Reading, count, count);
    check_count(h, count)?;
    Ok(moves)
}

/// The first move line of `text` whose position is of the class `key`.
fn first_line<K: Key>(text: &str, claim: &Claim, key: &K) -> Result<usize, CheckError> {
    for (i, line) in text.lines().enumerate() {
        if let Some((board, _)) = move_entry(i + 1, line, claim)?
            && K::of(&class(&board).0) == *key
        {
            return Ok(i + 1);
        }
    }
    Err(malformed(0, "a repeated class that no line gives"))
}

/// Move line `second` gives a move for a class that line `first` gave one for: the format
/// gives each class once, so a file that repeats one is refused, not read either way.
pub(super) fn repeated(first: usize, second: usize) -> CheckError {
    malformed(
        second,
        format!(
            "a second move for the position of line {first} (or a mirror image or rotation \
             of it): a proof gives each class of positions once"
        ),
    )
}

/// Line `n` of the file, `line`, in the second pass: the winner's position and the square
/// of its move if it is a move line, `None` if it is blank, a comment or a header line.
pub(super) fn move_entry(
    n: usize,
    line: &str,
    claim: &Claim,
) -> Result<Option<(Board, usize)>, CheckError> {
    match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        // Blank lines, comments and the header's lines (read in the first pass).
        [] => Ok(None),
        [w, ..] if w.starts_with('#') => Ok(None),
        [w, _] if HEADER_WORDS.contains(w) => Ok(None),
        [p, r, c] => move_line(n, [p, r, c], claim).map(Some),
        _ => Err(malformed(n, "expected `NOTATION ROW COL`")),
    }
}

/// Move line `n`, `NOTATION ROW COL`: the winner's position, its turn handed over as the
/// root's is, and the square of its move there, which must be a legal one.
fn move_line(n: usize, [p, r, c]: [&str; 3], claim: &Claim) -> Result<(Board, usize), CheckError> {
    let mut board = read(n, p, claim.rules)?;
    if claim.handed_over {
        board.set_to_move(board.to_move().opponent());
    }
    let sq = match (r.parse::<usize>(), c.parse::<usize>()) {
        (Ok(row), Ok(col)) => board.square_at(Coord { row, col }),
        _ => None,
    };
    let sq = sq.ok_or_else(|| malformed(n, format!("'{r} {c}' is not a square of the board")))?;
    if !board.is_legal(sq) {
        return Err(malformed(
            n,
            format!("{r} {c} is not a legal move for {}", board.to_move()),
        ));
    }
    Ok((board, sq))
}

impl Header {
    /// The move lines the `end` line announces, if there is one.
    pub(super) fn announced(&self) -> Option<usize> {
        self.end.map(|(_, want)| want)
    }
}

/// The move lines read, `count`, against those the `end` line announces, if there is one:
/// a file that lost or gained move lines is refused before any position is checked.
pub(super) fn check_count(h: &Header, count: usize) -> Result<(), CheckError> {
    match h.end {
        Some((line, want)) if want != count => Err(malformed(
            line,
            format!("`end {want}`, but the file has {count} move lines"),
        )),
        _ => Ok(()),
    }
}
