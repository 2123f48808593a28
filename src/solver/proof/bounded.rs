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
//! where a class is given twice both take its last line's move. They may name a different
//! position where a proof fails (this one names the first of the failing level's, as the
//! class's least image), and report the same count of positions checked.

use super::blocks::{Blocks, io_error};
use super::check::{
    CheckError, Claim, Header, REPORT_EVERY, Stage, Verified, check_count, check_root, claim_of,
    class, fails, index_in_image, move_entry, push_replies,
};
use super::packed::{self, Packed};
use super::sorted::{Moves, Next, Sorted};
use super::spill::SpillDir;
use crate::board::Board;
use crate::solver::dfpn::MAX_MOVES;
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::io::Read;
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
            (bounded, &budget, &mut dir),
            progress,
        )
    } else {
        check_levels::<7>(
            open,
            &header,
            &claim,
            (bounded, &budget, &mut dir),
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
    (bounded, budget, dir): (&Bounded, &Budget, &mut SpillDir),
    progress: &mut dyn FnMut(Stage, usize, usize),
) -> Result<Verified, CheckError> {
    let moves = read_moves::<W>(open, header, claim, (bounded, budget, dir), progress)?;
    let lines = moves.lines;
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
                play_batch(&batch, (root_class, claim), &mut next, dir)?;
                batch.clear();
                if bounded.stop.load(Relaxed) {
                    return Err(CheckError::Interrupted);
                }
            }
        }
        play_batch(&batch, (root_class, claim), &mut next, dir)?;
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

/// Plays the positions of `batch` (each with the winner's move given, or none where the
/// loser is to move) on every thread, and puts the positions they lead to into `next`;
/// the first failure of the batch if one fails.
fn play_batch<const W: usize>(
    batch: &[(Packed<W>, Option<usize>)],
    (root_class, claim): (Packed<W>, &Claim),
    next: &mut Next<W>,
    dir: &mut SpillDir,
) -> Result<(), CheckError> {
    let below: Vec<Result<ArrayVec<Packed<W>, MAX_MOVES>, CheckError>> = batch
        .par_iter()
        .map(|&(c, given)| {
            let mut boards = ArrayVec::<Board, MAX_MOVES>::new();
            match given {
                Some(at) => {
                    // The move's index is given in the class's least image.
                    let image = packed::board(&c, claim.root.size(), claim.rules);
                    let mut child = image;
                    child.play_unhashed(packed::square(&image, at));
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
            Ok(boards.iter().map(pack).collect())
        })
        .collect();
    for children in below {
        for c in children? {
            next.push(c, dir).map_err(io_error)?;
        }
    }
    Ok(())
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
    let mut sorted = Next::<W>::new(budget.moves / (16 * W)).keeping_last();
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
