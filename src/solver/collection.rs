//! Whole collections of puzzles: checking a file of positions (each solved to a depth, or
//! for its game value) in parallel, and generating puzzles that a setter can publish.

use super::dfpn::Limits;
use super::{Report, Value, game_value};
use crate::board::{Board, Rules, Squares};
use crate::search::solve::{self, Solution, solve_stoppable, solve_until};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Most own moves a line of a file may ask about (as `solve K`).
pub const MAX_DEPTH: u32 = 8;

/// The limits of each question.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub time: Duration,
    pub positions: u64,
    /// Bytes the game-value table may take.
    pub memory: usize,
}

/// One line of a file: nothing (blank, `#` comment or `# rules` line), or a question.
pub type Line = Result<Option<(Board, Option<u32>)>, String>;

/// Reads a line under the 2014 rules: `NOTATION [DEPTH] [# COMMENT]`.
pub fn parse_line(text: &str) -> Line {
    parse_line_under(text, Rules::V2014)
}

/// Reads a line under `rules` (white squares `--` under the 2013 rules): `NOTATION [DEPTH]`,
/// then anything after a `#` (the answer a collection records, say) is a comment.
pub fn parse_line_under(text: &str, rules: Rules) -> Line {
    let question = text.split_once('#').map_or(text, |(q, _)| q);
    let mut words = question.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let board = Board::parse_with_rules(first, rules).map_err(|e| format!("bad position: {e}"))?;
    let depth = match words.next() {
        None => None,
        Some(w) => match w.parse::<u32>() {
            Ok(k) if (1..=MAX_DEPTH).contains(&k) => Some(k),
            _ => return Err(format!("bad depth '{w}': expected 1 to {MAX_DEPTH}")),
        },
    };
    if let Some(extra) = words.next() {
        return Err(format!("unexpected '{extra}' after the depth"));
    }
    Ok(Some((board, depth)))
}

/// The comment after a line's question (`NOTATION K # COMMENT`), trimmed; `None` for a
/// line without one or a line that is all comment.
pub fn trailing_comment(text: &str) -> Option<&str> {
    let (question, comment) = text.split_once('#')?;
    (!question.trim().is_empty()).then(|| comment.trim())
}

/// The rules a `# rules 2013` (or `# rules 2014`) line sets for the lines after it: `None`
/// for any other line, `Some(Err)` for a rule set that does not exist.
pub fn rules_line(text: &str) -> Option<Result<Rules, String>> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["#", "rules", name] => Some(name.parse()),
        _ => None,
    }
}

/// Reads every line of a file, starting under `rules`; a `# rules 2013` or `# rules 2014`
/// line sets the rules of the lines after it.
pub fn parse_lines(text: &str, rules: Rules) -> Vec<Line> {
    let mut rules = rules;
    text.lines()
        .map(|line| match rules_line(line) {
            Some(Ok(r)) => {
                rules = r;
                Ok(None)
            }
            Some(Err(e)) => Err(e),
            None => parse_line_under(line, rules),
        })
        .collect()
}

/// The answer to one line.
#[derive(Clone, Debug)]
pub enum Answer {
    Blank,
    Malformed(String),
    Puzzle(Board, Solution),
    Value(Box<Report>),
}

/// Answers one question within `settings`.
pub fn answer(line: &Line, settings: &Settings) -> Answer {
    answer_stoppable(line, settings, None)
}

/// [`answer`], a question of moves giving up soon after `stop` is set. (A game value's
/// prover polls a flag of its own, [`crate::interrupt::interrupted`].)
fn answer_stoppable(line: &Line, settings: &Settings, stop: Option<&AtomicBool>) -> Answer {
    match line {
        Ok(None) => Answer::Blank,
        Err(e) => Answer::Malformed(e.clone()),
        Ok(Some((board, Some(k)))) => {
            let deadline = Some(Instant::now() + settings.time);
            let s = solve_stoppable(board, *k, settings.positions, deadline, stop, &mut |_| {});
            Answer::Puzzle(*board, s)
        }
        Ok(Some((board, None))) => {
            let limits = Limits {
                deadline: Some(Instant::now() + settings.time),
                positions: settings.positions,
                memory: settings.memory,
            };
            Answer::Value(Box::new(game_value(board, limits).0))
        }
    }
}

impl Answer {
    /// The answer's text, as `solve` prints it (`None` for a blank line).
    pub fn text(&self, line_number: usize) -> Option<String> {
        match self {
            Answer::Blank => None,
            Answer::Malformed(e) => Some(format!("line {line_number}: {e}")),
            Answer::Puzzle(board, s) => Some(solve::answer(board, s)),
            Answer::Value(report) => Some(report.answer()),
        }
    }
}

/// Counts over a whole file.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Forced wins, by least number of own moves.
    pub wins: BTreeMap<u32, usize>,
    /// Forced wins with a single winning first move.
    pub unique: usize,
    /// Questions with no forced win (within the depth, or lost game values).
    pub no_win: usize,
    /// Game values proven won for the side to move.
    pub values_won: usize,
    /// Questions a limit stopped.
    pub limits: usize,
    pub malformed: usize,
    pub over: usize,
}

impl Summary {
    pub fn add(&mut self, answer: &Answer) {
        match answer {
            Answer::Blank => {}
            Answer::Malformed(_) => self.malformed += 1,
            Answer::Puzzle(_, Solution::Win { moves, first_moves }) => {
                *self.wins.entry(*moves).or_default() += 1;
                self.unique += usize::from(first_moves.len() == 1);
            }
            Answer::Puzzle(_, Solution::NoWinWithin { .. }) => self.no_win += 1,
            Answer::Puzzle(_, Solution::GaveUp { .. }) => self.limits += 1,
            Answer::Puzzle(_, Solution::AlreadyOver) => self.over += 1,
            Answer::Value(r) => match &r.value {
                Value::Wins { first_moves, .. } => {
                    self.values_won += 1;
                    self.unique += usize::from(first_moves.len() == 1);
                }
                Value::Loses => self.no_win += 1,
                Value::AlreadyOver => self.over += 1,
                Value::Unknown(_) | Value::TooBig => self.limits += 1,
            },
        }
    }

    /// The closing lines.
    pub fn lines(&self) -> Vec<String> {
        let wins: Vec<String> = self
            .wins
            .iter()
            .map(|(k, n)| format!("{n} in {k}"))
            .collect();
        vec![
            format!(
                "forced wins: {} ({})",
                self.wins.values().sum::<usize>(),
                if wins.is_empty() {
                    "none".to_string()
                } else {
                    wins.join(", ")
                }
            ),
            format!("game values won by the side to move: {}", self.values_won),
            format!("unique winning first move: {}", self.unique),
            format!("no forced win: {}", self.no_win),
            format!("hit a limit: {}", self.limits),
            format!("already over: {}", self.over),
            format!("malformed lines: {}", self.malformed),
        ]
    }
}

/// Answers every line in parallel on the current rayon pool, in the order given; `tick`
/// is called once per line answered (from any thread).
pub fn check(lines: &[Line], settings: &Settings, tick: &(dyn Fn() + Sync)) -> Vec<Answer> {
    let mut answers = Vec::with_capacity(lines.len());
    let never = AtomicBool::new(false);
    check_each(lines, settings, &never, tick, &mut |_, a| {
        answers.push(a);
        true
    });
    answers
}

/// Answers every line in parallel on the current rayon pool, as [`check`], and hands each
/// answer to `each` with its line's index, in the order of the lines, as soon as it and all
/// before it are answered: a long file's first answers are seen while the rest are sought.
/// When `each` refuses one (returns false: its reader has gone) it sets `stop`; once `stop`
/// is set no further line is started and no further answer handed over, and a question of
/// moves in flight gives up. Returns whether every answer was handed over.
pub fn check_each(
    lines: &[Line],
    settings: &Settings,
    stop: &AtomicBool,
    tick: &(dyn Fn() + Sync),
    each: &mut (dyn FnMut(usize, Answer) -> bool + Send),
) -> bool {
    // Each worker takes the first line not yet started, so lines start in order and few
    // answers wait for an earlier one; a worker stops taking lines once `stop` is set.
    let next_line = AtomicUsize::new(0);
    let in_order = Mutex::new(InOrder {
        next: 0,
        waiting: BTreeMap::new(),
        each,
    });
    let workers = rayon::current_num_threads().min(lines.len());
    rayon::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|_| {
                while !stop.load(SeqCst) {
                    let i = next_line.fetch_add(1, SeqCst);
                    let Some(line) = lines.get(i) else { break };
                    let answer = answer_stoppable(line, settings, Some(stop));
                    tick();
                    lock(&in_order).hand_over(i, answer, stop);
                }
            });
        }
    });
    lock(&in_order).next == lines.len()
}

/// The answers found and not yet handed over, and where they go.
struct InOrder<'a> {
    /// The index of the line whose answer is handed over next.
    next: usize,
    /// Answers to later lines, found before that one.
    waiting: BTreeMap<usize, Answer>,
    each: &'a mut (dyn FnMut(usize, Answer) -> bool + Send),
}

impl InOrder<'_> {
    /// Takes the answer to line `i` and hands over every answer now next in order, until
    /// `each` refuses one (then sets `stop`) or `stop` is set.
    fn hand_over(&mut self, i: usize, answer: Answer, stop: &AtomicBool) {
        self.waiting.insert(i, answer);
        while !stop.load(SeqCst) {
            let Some(answer) = self.waiting.remove(&self.next) else {
                return;
            };
            if !(self.each)(self.next, answer) {
                stop.store(true, SeqCst);
                return;
            }
            self.next += 1;
        }
    }
}

/// The lock of `in_order`, even after a worker panicked holding it (the scope passes that
/// panic on anyway).
fn lock<'m, 'a>(in_order: &'m Mutex<InOrder<'a>>) -> MutexGuard<'m, InOrder<'a>> {
    in_order.lock().unwrap_or_else(|e| e.into_inner())
}

/// Candidates tried before `puzzles` settles for fewer than asked.
pub const MAX_CANDIDATES: u64 = 200_000;

/// What a puzzle must be: a win in exactly `moves` own moves with one winning first move.
fn is_puzzle(board: &Board, moves: u32, positions: u64) -> bool {
    matches!(
        solve_until(board, moves, positions, None, &mut |_| {}),
        Solution::Win { moves: m, first_moves } if m == moves && first_moves.len() == 1
    )
}

/// A position from seeded random play on a `size` board under `rules`, not over.
fn random_position((rules, size): (Rules, usize), seed: u64) -> Board {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let plies = rng.random_range(size * size..=6 * size * size);
    let mut board = Board::with_rules(size, rules);
    for _ in 0..plies {
        let moves: Vec<usize> = Squares(board.legal_moves()).collect();
        let mut child = board;
        child.play(moves[rng.random_range(0..moves.len())]);
        if child.winner().is_some() {
            break;
        }
        board = child;
    }
    board
}

/// `count` puzzles (wins in exactly `moves` with a single winning first move) from seeded
/// random play on `size` boards under `rules`. Candidates are numbered from the seed and tried in
/// parallel batches, keeping the lowest-numbered ones, so the result does not depend on
/// the number of threads. `positions` bounds each candidate's solve; a candidate that
/// reaches it is skipped. Fewer come back if [`MAX_CANDIDATES`] are not enough.
pub fn puzzles(
    (rules, size): (Rules, usize),
    moves: u32,
    count: usize,
    seed: u64,
    positions: u64,
) -> Vec<Board> {
    let mut found = Vec::new();
    let mut next = 0u64;
    let batch = 64 * rayon::current_num_threads() as u64;
    // Some questions have no answers (no 2x2 position needs five moves): stop somewhere.
    while found.len() < count && next < MAX_CANDIDATES {
        let batch_found: Vec<Board> = (next..next + batch)
            .into_par_iter()
            .map(|i| {
                random_position(
                    (rules, size),
                    seed.wrapping_mul(0x9E37_79B9).wrapping_add(i),
                )
            })
            .filter(|b| is_puzzle(b, moves, positions))
            .collect();
        for b in batch_found {
            if found.len() < count && !found.contains(&b) {
                found.push(b);
            }
        }
        next += batch;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            time: Duration::from_secs(10),
            positions: u64::MAX,
            memory: 1 << 20,
        }
    }

    /// `count` questions of moves, quick ones (Red wins in 1 on the first of every three).
    fn questions(count: usize) -> Vec<Line> {
        let texts = ["2r3r2r/3r1-3r/2r3b2b 2", "1-1-/1-1- 3", "# a comment"];
        (0..count).map(|i| parse_line(texts[i % 3])).collect()
    }

    /// Runs [`check_each`] on a pool of `threads`, its `each` refusing the answer to line
    /// `refused`: the lines handed over, the lines answered (ticks), and what it returned.
    fn refusing(lines: &[Line], threads: usize, refused: usize) -> (Vec<usize>, usize, bool) {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let (stop, ticks, mut handed) = (AtomicBool::new(false), AtomicUsize::new(0), vec![]);
        let all = pool.install(|| {
            let tick = || {
                ticks.fetch_add(1, SeqCst);
            };
            check_each(lines, &settings(), &stop, &tick, &mut |i, _| {
                handed.push(i);
                i != refused
            })
        });
        assert_eq!(stop.load(SeqCst), !all);
        (handed, ticks.into_inner(), all)
    }

    #[test]
    fn every_answer_is_handed_over_in_order() {
        let lines = questions(300);
        let (handed, ticks, all) = refusing(&lines, 4, usize::MAX);
        assert_eq!(handed, (0..300).collect::<Vec<_>>());
        assert_eq!((ticks, all), (300, true));
        let texts: Vec<_> = check(&lines, &settings(), &|| {})
            .iter()
            .enumerate()
            .map(|(i, a)| a.text(i + 1))
            .collect();
        assert_eq!(
            texts[0].as_deref(),
            Some("Red wins in 1: 1 1, 1 2, 1 3, 2 1, 2 3, 3 1")
        );
        assert_eq!(texts[299].as_deref(), None);
        assert_eq!(texts[3], texts[0]);
    }

    /// A reader gone after the first answer (`solve --file F | head -1`) costs no more
    /// questions: on one thread, the one line answered is the one handed over; on several,
    /// nothing after the refused answer is handed over.
    #[test]
    fn a_refused_answer_stops_the_rest() {
        let lines = questions(300);
        assert_eq!(refusing(&lines, 1, 0), (vec![0], 1, false));
        assert_eq!(refusing(&lines, 1, 41), ((0..=41).collect(), 42, false));
        let (handed, _, all) = refusing(&lines, 4, 41);
        assert_eq!((handed, all), ((0..=41).collect(), false));
    }

    /// A question of moves in flight gives up when `stop` is set, long before its time is
    /// up (the 10x10 start to 8 moves is never decided within it).
    #[test]
    fn a_question_of_moves_gives_up_on_stop() {
        let row = "1-".repeat(10);
        let line = parse_line(&format!("{} 8", [row.as_str(); 10].join("/")));
        let minute = Settings {
            time: Duration::from_secs(60),
            ..settings()
        };
        let start = Instant::now();
        let answer = answer_stoppable(&line, &minute, Some(&AtomicBool::new(true)));
        assert!(matches!(answer, Answer::Puzzle(_, Solution::GaveUp { .. })));
        assert!(start.elapsed() < Duration::from_secs(30));
    }
}
