//! The checker within a memory limit: the same check as [`super::check`]'s, for a proof
//! larger than the memory, with what does not fit kept on disk in sorted runs.
//!
//! The spots on a board count the moves played ([`super::packed`]), so every position of
//! the proof is reached at one depth only, its level, and the proof can be walked a level
//! at a time: the positions of a level, sorted and without repeats, are played (the
//! winner's move given for each, or every move of the loser's) into the next level's. The
//! winner's moves are read from the file first and sorted by level and class, so that each
//! level's positions meet the moves given for them in one pass over both, as two sorted
//! lists are merged. Either list is sorted in memory while it fits the limit, and in runs
//! on disk, merged as they are read, when it does not.
//!
//! It accepts exactly the proofs the checker in memory accepts: both check every position
//! reachable from the root by the moves given and the loser's replies, each class once, and
//! both refuse a file that gives a class twice, naming both lines, before any position is
//! checked (this one finds the repeat in a pass over the sorted moves). They may name a
//! different position where a proof fails (this one names the first of the failing level's,
//! as the class's least image), or a different repeat where there are several, and report
//! the same count of positions checked.
//!
//! The same walk compacts a proof ([`Bounded::compact`]): where a class is given more than
//! once it takes the last line's move, and it writes one move line for each of the winner's
//! classes it reached, so the proof that comes out is the file's strategy with every class
//! given once and nothing the check does not need.

use super::blocks::{Blocks, io_error};
use super::check::{
    CheckError, Claim, Header, REPORT_EVERY, Stage, Verified, check_count, check_root, claim_of,
    class, fails, index_in_image, move_entry, push_replies, repeated,
};
use super::packed::{self, Packed};
use super::sorted::{Moves, Next, Sorted};
use super::spill::SpillDir;
use crate::board::Board;
use crate::solver::dfpn::MAX_MOVES;
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// How a check within a memory limit goes: the limit, where its runs go, and its stop.
pub struct Bounded<'a> {
    /// Bytes its lists may take (the program itself takes a few megabytes more).
    pub memory: usize,
    /// The directory in which it makes one of its own for its runs (removed at the end).
    pub spill_in: &'a Path,
    /// Set (as by Ctrl-C) to stop the check; it then ends with [`CheckError::Interrupted`].
    pub stop: &'a AtomicBool,
}

/// A proof file to read, opened afresh for each of the two passes.
pub type Open<'a> = &'a dyn Fn() -> std::io::Result<Box<dyn Read + Send>>;

/// What a check within a memory limit established, and the disk it took.
#[derive(Debug, PartialEq, Eq)]
pub struct BoundedVerified {
    pub verified: Verified,
    /// The most bytes of runs on disk at once (0 if everything fitted the memory).
    pub disk: u64,
}

/// Positions played at once, on every thread.
const BATCH: usize = 8192;

/// Checks the proof file that `open` reads by the rules alone, within `bounded`'s memory.
pub fn verify_bounded(
    open: Open,
    bounded: &Bounded,
    progress: &mut dyn FnMut(Stage, usize, usize),
) -> Result<BoundedVerified, CheckError> {
    let mut walk = Walk {
        refuse_repeats: true,
        out: None,
        written: 0,
    };
    walked(open, bounded, &mut walk, progress)
}

impl Bounded<'_> {
    /// Checks the proof file that `open` reads as [`verify_bounded`] does, except that a
    /// class given more than once takes its last line's move (as lines put together from
    /// several proofs give them), and writes to `out` one move line (`NOTATION ROW COL`, the
    /// class's least image) for each of the winner's classes the check reached, level by
    /// level and class by class: the moves of a proof of the same claim that gives each
    /// class once and no more than the check needs. Returns the check (its positions are
    /// the lines written) and the disk it took; `out` gets no header and no `end` line.
    pub fn compact(
        &self,
        open: Open,
        out: &mut dyn Write,
        progress: &mut dyn FnMut(Stage, usize, usize),
    ) -> Result<BoundedVerified, CheckError> {
        let mut walk = Walk {
            refuse_repeats: false,
            out: Some(out),
            written: 0,
        };
        walked(open, self, &mut walk, progress)
    }
}

/// What a walk by levels does besides checking: refuse a repeated class, or take its last
/// line's move and write each class reached to `out`.
struct Walk<'a> {
    refuse_repeats: bool,
    out: Option<&'a mut dyn Write>,
    written: usize,
}

/// The check within `bounded`'s memory, walked as `walk` says.
fn walked(
    open: Open,
    bounded: &Bounded,
    walk: &mut Walk,
    progress: &mut dyn FnMut(Stage, usize, usize),
) -> Result<BoundedVerified, CheckError> {
    let budget = Budget::new(bounded.memory);
    let (header, lines) = read_header(open, &budget, bounded.stop)?;
    let claim = claim_of(&header, lines)?;
    check_root(&claim.root)?;
    let mut dir = SpillDir::new(bounded.spill_in).map_err(|e| {
        CheckError::Io(format!(
            "cannot make a directory for the check's runs in {}: {e}",
            bounded.spill_in.display()
        ))
    })?;
    let n = claim.root.size();
    let verified = if packed::fits::<2>(n) {
        check_levels::<2>(
            open,
            &header,
            &claim,
            (bounded, &budget, &mut dir, walk),
            progress,
        )
    } else {
        check_levels::<7>(
            open,
            &header,
            &claim,
            (bounded, &budget, &mut dir, walk),
            progress,
        )
    }?;
    Ok(BoundedVerified {
        verified,
        disk: dir.peak(),
    })
}

/// How the memory is shared out.
pub(super) struct Budget {
    /// Bytes of the file read at once.
    pub(super) block: usize,
    /// Bytes of the moves sorted in memory at once (half for the sort's copy).
    pub(super) moves: usize,
    /// Bytes of a level's positions and the next level's, in memory at once.
    pub(super) levels: usize,
    /// Bytes of the buffers that read runs back.
    pub(super) readers: usize,
}

impl Budget {
    fn new(memory: usize) -> Budget {
        Budget {
            block: (memory / 32).clamp(4 << 10, 4 << 20),
            moves: memory / 8 * 5,
            levels: memory / 2,
            readers: memory / 8,
        }
    }
}

/// The first pass: the header's lines, and the file's count of lines.
fn read_header(
    open: Open,
    budget: &Budget,
    stop: &AtomicBool,
) -> Result<(Header, usize), CheckError> {
    let mut blocks = Blocks::new(open().map_err(io_error)?, budget.block);
    let (mut header, mut n) = (Header::default(), 0);
    while let Some(block) = blocks.next_block()? {
        if stop.load(Relaxed) {
            return Err(CheckError::Interrupted);
        }
        let lines: Vec<&str> = block.lines().collect();
        // Only lines of other than three words are the header's, until an `end` line, after
        // which any line is looked at: the rest are found on every thread.
        let looked: Vec<usize> = (0..lines.len())
            .into_par_iter()
            .filter(|&i| lines[i].split_whitespace().count() != 3)
            .collect();
        let mut next = looked.into_iter().peekable();
        for (i, line) in lines.iter().enumerate() {
            let at = next.next_if_eq(&i).is_some();
            if at || header.announced().is_some() {
                header.read(n + i + 1, line)?;
            }
        }
        n += lines.len();
    }
    Ok((header, n))
}

/// The second pass and the walk by levels, with classes packed in `W` words.
fn check_levels<const W: usize>(
    open: Open,
    header: &Header,
    claim: &Claim,
    (bounded, budget, dir, walk): (&Bounded, &Budget, &mut SpillDir, &mut Walk),
    progress: &mut dyn FnMut(Stage, usize, usize),
) -> Result<Verified, CheckError> {
    let moves = read_moves::<W>(open, header, claim, (bounded, budget, dir), progress)?;
    let lines = moves.lines;
    if walk.refuse_repeats
        && let Some(c) = (moves.sorted.first_repeat(budget.readers / 2)).map_err(io_error)?
    {
        moves.sorted.finish(dir);
        let (first, second) = repeat_lines(open, claim, c, budget)?;
        return Err(repeated(first, second));
    }
    let mut moves = Moves::new(moves.sorted);
    let (root, winner) = (claim.root, claim.winner);
    let root_class = packed::pack::<W>(&class(&root).0).expect("a root in play");
    let mut level = Sorted::Memory(vec![root_class], 0);
    let mut positions = 0;
    // Records of this level and the next in memory at once, the moves' included.
    let most = budget.levels / (8 * W);
    loop {
        let held = level.in_memory() + moves.in_memory();
        let mut next = Next::<W>::new(most.saturating_sub(held));
        let mut batch: Vec<(Packed<W>, Option<usize>)> = Vec::with_capacity(BATCH);
        let mut last = None;
        while let Some(c) = level.next().map_err(io_error)? {
            if last.replace(c) == Some(c) {
                continue;
            }
            let given = if packed::to_move(&c) == winner {
                let Some(given) = moves.given(&c).map_err(io_error)? else {
                    let board = named(&c, root_class, claim);
                    return Err(fails(&board, format!("no move is given for {winner}")));
                };
                positions += 1;
                if positions % REPORT_EVERY == 0 {
                    progress(Stage::Checking, positions, lines);
                }
                Some(given)
            } else {
                None
            };
            batch.push((c, given));
            if batch.len() == BATCH {
                play_batch(&batch, (root_class, claim), &mut next, (dir, walk))?;
                batch.clear();
                if bounded.stop.load(Relaxed) {
                    return Err(CheckError::Interrupted);
                }
            }
        }
        play_batch(&batch, (root_class, claim), &mut next, (dir, walk))?;
        level.finish(dir);
        level = next
            .finish(dir, most / 2, budget.readers / 2)
            .map_err(io_error)?;
        if level.is_empty() {
            break;
        }
    }
    moves.finish(dir);
    progress(Stage::Checking, positions, lines);
    Ok(Verified {
        root,
        winner,
        positions,
    })
}

/// A position of class `c` to name where the proof fails: the root itself, or the class's
/// least image.
fn named<const W: usize>(c: &Packed<W>, root_class: Packed<W>, claim: &Claim) -> Board {
    if *c == root_class {
        claim.root
    } else {
        packed::board(c, claim.root.size(), claim.rules)
    }
}

/// The positions a position of the walk leads to, and its move line when it is written.
type Played<const W: usize> = (ArrayVec<Packed<W>, MAX_MOVES>, Option<String>);

/// Plays the positions of `batch` (each with the winner's move given, or none where the
/// loser is to move) on every thread, puts the positions they lead to into `next` and
/// writes the winner's move lines where `walk` writes them; the first failure of the batch
/// if one fails.
fn play_batch<const W: usize>(
    batch: &[(Packed<W>, Option<usize>)],
    (root_class, claim): (Packed<W>, &Claim),
    next: &mut Next<W>,
    (dir, walk): (&mut SpillDir, &mut Walk),
) -> Result<(), CheckError> {
    let writes = walk.out.is_some();
    let below: Vec<Result<Played<W>, CheckError>> = batch
        .par_iter()
        .map(|&(c, given)| {
            let mut boards = ArrayVec::<Board, MAX_MOVES>::new();
            let mut line = None;
            match given {
                Some(at) => {
                    // The move's index is given in the class's least image.
                    let image = packed::board(&c, claim.root.size(), claim.rules);
                    let sq = packed::square(&image, at);
                    if writes {
                        let at = image.coord(sq);
                        line = Some(format!("{} {} {}", image.to_notation(), at.row, at.col));
                    }
                    let mut child = image;
                    child.play_unhashed(sq);
                    if child.winner().is_none() {
                        boards.push(child);
                    }
                }
                None => {
                    let board = named(&c, root_class, claim);
                    push_replies(&board, &mut |child| boards.push(child))?;
                }
            }
            let pack = |b: &Board| packed::pack::<W>(&class(b).0).expect("a position in play");
            Ok((boards.iter().map(pack).collect(), line))
        })
        .collect();
    for played in below {
        let (children, line) = played?;
        if let (Some(out), Some(line)) = (walk.out.as_mut(), line) {
            writeln!(out, "{line}").map_err(io_error)?;
            walk.written += 1;
        }
        for c in children {
            next.push(c, dir).map_err(io_error)?;
        }
    }
    Ok(())
}

/// The first two move lines of the file `open` reads whose positions are of class `c`,
/// found again (only when the file is refused for repeating it) a block at a time.
fn repeat_lines<const W: usize>(
    open: Open,
    claim: &Claim,
    c: Packed<W>,
    budget: &Budget,
) -> Result<(usize, usize), CheckError> {
    let mut blocks = Blocks::new(open().map_err(io_error)?, budget.block);
    let (mut n, mut found) = (0, Vec::new());
    while let Some(block) = blocks.next_block()? {
        let lines: Vec<&str> = block.lines().collect();
        let at: Vec<usize> = (lines.par_iter().enumerate())
            .filter_map(|(i, line)| {
                let (board, _) = move_entry(n + i + 1, line, claim).ok()??;
                (packed::pack::<W>(&class(&board).0) == Some(c)).then_some(n + i + 1)
            })
            .collect();
        found.extend(at);
        if let [first, second, ..] = found[..] {
            return Ok((first, second));
        }
        n += lines.len();
    }
    Err(CheckError::Io(
        "the file changed while it was checked: a class repeated in it is no longer".into(),
    ))
}

/// The winner's moves, sorted by level and class, and the file's move lines.
struct ReadMoves<const W: usize> {
    sorted: Sorted<W>,
    lines: usize,
}

/// The second pass: every move line read (on every thread a block at a time), its class
/// packed with its move, and sorted; refused as the checker in memory refuses it.
fn read_moves<const W: usize>(
    open: Open,
    header: &Header,
    claim: &Claim,
    (bounded, budget, dir): (&Bounded, &Budget, &mut SpillDir),
    progress: &mut dyn FnMut(Stage, usize, usize),
) -> Result<ReadMoves<W>, CheckError> {
    let mut blocks = Blocks::new(open().map_err(io_error)?, budget.block);
    let announced = header.announced();
    // Half for the records, half for the copy the stable sort makes.
    let mut sorted = Next::<W>::new(budget.moves / (16 * W)).keeping_order();
    let (mut n, mut count) = (0, 0);
    while let Some(block) = blocks.next_block()? {
        if bounded.stop.load(Relaxed) {
            return Err(CheckError::Interrupted);
        }
        let lines: Vec<&str> = block.lines().collect();
        let read: Vec<Result<Option<Option<Packed<W>>>, CheckError>> = (lines.par_iter())
            .enumerate()
            .map(|(i, line)| {
                let Some((board, sq)) = move_entry(n + i + 1, line, claim)? else {
                    return Ok(None);
                };
                let (class, image) = class(&board);
                let at = index_in_image(&board, image, sq);
                Ok(Some(
                    packed::pack::<W>(&class).map(|c| packed::with_move(c, at)),
                ))
            })
            .collect();
        for entry in read {
            let Some(entry) = entry? else { continue };
            count += 1;
            // A won board's line is never looked for: no position of the proof is won.
            if let Some(c) = entry {
                sorted.push(c, dir).map_err(io_error)?;
            }
        }
        n += lines.len();
        progress(Stage::Reading, count, announced.unwrap_or(n).max(count));
    }
    progress(Stage::Reading, count, count);
    check_count(header, count)?;
    let keep = budget.levels / (8 * W) / 4;
    let sorted = (sorted.finish(dir, keep, budget.readers / 2)).map_err(io_error)?;
    Ok(ReadMoves {
        sorted,
        lines: count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::dfpn::Limits;

    /// The 3x3 start's proof: 25 kB, so a few blocks of 4 kB.
    fn proof_3x3() -> Vec<u8> {
        let board = Board::new(3);
        let (report, prover) = crate::solver::game_value(&board, Limits::default());
        let mut text = Vec::new();
        let winner = report.winner().unwrap();
        super::super::write_proof(&mut prover.unwrap(), &board, winner, &mut text).unwrap();
        text
    }

    #[test]
    fn a_compacted_proof_gives_each_class_once_whether_it_spills_or_not() {
        let text = String::from_utf8(proof_3x3()).unwrap();
        let is_move = |l: &&str| l.split_whitespace().count() == 3 && !l.starts_with('#');
        let moves: Vec<&str> = text.lines().filter(is_move).collect();
        // Every move line twice (the second copy later, so it is the one taken), and a
        // line no walk from the root reaches: a 3x3 position Blue cannot get to, its move.
        let head: String = (text.lines().take_while(|l| !is_move(l)))
            .map(|l| format!("{l}\n"))
            .collect();
        let stray = "2r2r2r/2r2r2r/2r1-1b 3 3";
        let lines = [&moves[..], &moves[..], &[stray]].concat();
        let doubled = format!("{head}{}\nend {}\n", lines.join("\n"), lines.len());
        let dir = std::env::temp_dir().join(format!("jump61-compact-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stop = AtomicBool::new(false);
        let mut outs = Vec::new();
        for memory in [4 << 10, 64 << 20] {
            let bounded = Bounded {
                memory,
                spill_in: &dir,
                stop: &stop,
            };
            let bytes = doubled.clone().into_bytes();
            let open = move || -> std::io::Result<Box<dyn Read + Send>> {
                Ok(Box::new(std::io::Cursor::new(bytes.clone())))
            };
            let mut out = Vec::new();
            let done = bounded.compact(&open, &mut out, &mut |_, _, _| {}).unwrap();
            assert_eq!((done.disk > 0), memory < 1 << 20, "{memory}: {}", done.disk);
            let out = String::from_utf8(out).unwrap();
            assert_eq!(out.lines().count(), done.verified.positions);
            outs.push(out);
        }
        assert_eq!(outs[0], outs[1]);
        // Each class reached once: the header, the lines and the count make a proof that
        // both checkers accept, of as many positions as the 3x3 proof's check counts.
        let compacted = format!("{head}{}end {}\n", outs[0], outs[0].lines().count());
        let direct = super::super::verify(&text).unwrap();
        assert_eq!(super::super::verify(&compacted).unwrap(), direct);
        assert!(matches!(
            super::super::verify(&doubled),
            Err(CheckError::Malformed { .. })
        ));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir(&dir).unwrap();
    }

    #[test]
    fn a_check_stopped_or_failing_midway_removes_its_runs() {
        let text = proof_3x3();
        let dir = std::env::temp_dir().join(format!("jump61-bounded-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stop = AtomicBool::new(false);
        let bounded = Bounded {
            memory: 4 << 10,
            spill_in: &dir,
            stop: &stop,
        };
        let open = || -> std::io::Result<Box<dyn Read + Send>> {
            Ok(Box::new(std::io::Cursor::new(text.clone())))
        };
        // Stopped once it has read some lines and spilled some runs.
        let mut runs_seen = false;
        let stopped = verify_bounded(&open, &bounded, &mut |stage, done, _| {
            if stage == Stage::Reading && done > 400 {
                runs_seen |= std::fs::read_dir(&dir).unwrap().count() > 0;
                stop.store(true, Relaxed);
            }
        });
        assert_eq!(stopped, Err(CheckError::Interrupted));
        assert!(runs_seen, "it had made its directory");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        // A file that cannot be read after its first pass.
        stop.store(false, Relaxed);
        let opened = std::sync::atomic::AtomicUsize::new(0);
        let failing = || -> std::io::Result<Box<dyn Read + Send>> {
            match opened.fetch_add(1, Relaxed) {
                0 => Ok(Box::new(std::io::Cursor::new(text.clone()))),
                _ => Err(std::io::Error::other("gone")),
            }
        };
        let failed = verify_bounded(&failing, &bounded, &mut |_, _, _| {});
        assert_eq!(failed, Err(CheckError::Io("gone".to_string())));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        // And one that passes says how much disk it took.
        let passed = verify_bounded(&open, &bounded, &mut |_, _, _| {}).unwrap();
        assert_eq!(
            passed.verified,
            super::super::verify(std::str::from_utf8(&text).unwrap()).unwrap()
        );
        assert!(passed.disk > 1000 * 16, "{}", passed.disk);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir(&dir).unwrap();
    }
}
