//! Sorted lists of packed classes for the check within a memory limit: gathered in memory
//! and sorted there while they fit, sorted in runs on disk and merged when they do not.

use super::packed::{Packed, class_of, move_of};
use super::spill::{Merge, Run, SpillDir};
use rayon::prelude::*;
use std::io;

/// The least buffer a run is read through, and the most.
const LEAST_READ: usize = 4 << 10;
const MOST_READ: usize = 1 << 20;

/// A sorted list being read, from memory or from runs on disk.
pub(super) enum Sorted<const W: usize> {
    Memory(Vec<Packed<W>>, usize),
    Disk(Merge<W>, Vec<Run>),
}

impl<const W: usize> Sorted<W> {
    /// The next record, `None` after the last. Repeats are not removed.
    pub(super) fn next(&mut self) -> io::Result<Option<Packed<W>>> {
        match self {
            Sorted::Memory(list, at) => {
                let r = list.get(*at).copied();
                *at += 1;
                Ok(r)
            }
            Sorted::Disk(merge, _) => merge.next(),
        }
    }

    /// The records it holds in memory.
    pub(super) fn in_memory(&self) -> usize {
        match self {
            Sorted::Memory(list, _) => list.len(),
            Sorted::Disk(..) => 0,
        }
    }

    /// Whether the list has no record at all.
    pub(super) fn is_empty(&self) -> bool {
        matches!(self, Sorted::Memory(list, _) if list.is_empty())
    }

    /// The first class of a sorted list of moves that has more than one record, read in a
    /// pass of its own (through buffers of `buffer` bytes a run, when on disk) before the
    /// list is read for its moves.
    pub(super) fn first_repeat(&self, buffer: usize) -> io::Result<Option<Packed<W>>> {
        let mut last = None;
        let mut repeat = |r: Packed<W>| last.replace(class_of(r)) == Some(class_of(r));
        match self {
            Sorted::Memory(list, _) => Ok(list.iter().find(|&&r| repeat(r)).map(|&r| class_of(r))),
            Sorted::Disk(_, runs) => {
                let mut merge = Merge::<W>::new(runs, buffer.clamp(LEAST_READ, MOST_READ))?;
                while let Some(r) = merge.next()? {
                    if repeat(r) {
                        return Ok(Some(class_of(r)));
                    }
                }
                Ok(None)
            }
        }
    }

    /// Removes its runs, once read.
    pub(super) fn finish(self, dir: &mut SpillDir) {
        if let Sorted::Disk(merge, runs) = self {
            drop(merge);
            for run in runs {
                dir.remove(run);
            }
        }
    }
}

/// A list being gathered: in memory up to a number of records, then in sorted runs.
pub(super) struct Next<const W: usize> {
    buffer: Vec<Packed<W>>,
    most: usize,
    runs: Vec<Run>,
    /// Whether the records are moves, sorted by class alone and kept in the order they
    /// came within a class (every one of them, so that a repeated class can be found);
    /// otherwise records (classes without moves) keep one of each.
    keep_order: bool,
}

impl<const W: usize> Next<W> {
    /// A list that keeps up to `most` records in memory (at least a few).
    pub(super) fn new(most: usize) -> Next<W> {
        Next {
            buffer: Vec::new(),
            most: most.max(16),
            runs: Vec::new(),
            keep_order: false,
        }
    }

    /// The same, for moves: sorted by class, a class's records in the order they came.
    pub(super) fn keeping_order(self) -> Next<W> {
        Next {
            keep_order: true,
            ..self
        }
    }

    /// Adds a record, writing a run first if the memory is full.
    pub(super) fn push(&mut self, r: Packed<W>, dir: &mut SpillDir) -> io::Result<()> {
        if self.buffer.len() >= self.most {
            self.spill(dir)?;
        }
        if self.buffer.len() == self.buffer.capacity() {
            // Grown by hand, so that it never holds room for more than `most`.
            let more = self.buffer.capacity().max(1024);
            self.buffer
                .reserve_exact(more.min(self.most - self.buffer.len()).max(1));
        }
        self.buffer.push(r);
        Ok(())
    }

    /// Sorts the records in memory: classes without moves without repeats, moves stably.
    fn sort(&mut self) {
        let list = &mut self.buffer;
        if self.keep_order {
            list.par_sort_by_key(|&r| class_of(r));
        } else {
            list.par_sort_unstable();
            list.dedup();
        }
    }

    fn spill(&mut self, dir: &mut SpillDir) -> io::Result<()> {
        self.sort();
        self.runs.push(dir.write(&self.buffer)?);
        self.buffer.clear();
        Ok(())
    }

    /// The list gathered, sorted: in memory if it never filled it and holds at most `keep`
    /// records; otherwise on disk, read through buffers of `readers` bytes in all.
    pub(super) fn finish(
        mut self,
        dir: &mut SpillDir,
        keep: usize,
        readers: usize,
    ) -> io::Result<Sorted<W>> {
        if self.runs.is_empty() && self.buffer.len() <= keep {
            self.sort();
            self.buffer.shrink_to_fit();
            return Ok(Sorted::Memory(self.buffer, 0));
        }
        if !self.buffer.is_empty() {
            self.spill(dir)?;
        }
        self.buffer = Vec::new();
        let mut runs = self.runs;
        // Too many runs to read at once are merged first, neighbours together, so that ties
        // keep their order.
        let fan_in = (readers / LEAST_READ).max(2);
        while runs.len() > fan_in {
            let mut merged = Vec::new();
            let mut rest = runs.into_iter();
            loop {
                let group: Vec<Run> = rest.by_ref().take(fan_in).collect();
                match group.len() {
                    0 => break,
                    1 => merged.extend(group),
                    _ => merged.push(dir.merge::<W>(group, readers / fan_in)?),
                }
            }
            runs = merged;
        }
        let buffer = (readers / runs.len()).clamp(LEAST_READ, MOST_READ);
        let merge = Merge::new(&runs, buffer)?;
        Ok(Sorted::Disk(merge, runs))
    }
}

/// The winner's moves, sorted by class, looked up in the order of the classes.
pub(super) struct Moves<const W: usize> {
    sorted: Sorted<W>,
    peeked: Option<Packed<W>>,
}

impl<const W: usize> Moves<W> {
    pub(super) fn new(sorted: Sorted<W>) -> Moves<W> {
        Moves {
            sorted,
            peeked: None,
        }
    }

    /// Records held in memory.
    pub(super) fn in_memory(&self) -> usize {
        self.sorted.in_memory()
    }

    fn peek(&mut self) -> io::Result<Option<Packed<W>>> {
        if self.peeked.is_none() {
            self.peeked = self.sorted.next()?;
        }
        Ok(self.peeked)
    }

    /// The move given for `class` (the index in its image), the last line's where there
    /// are several; `None` if none is. Classes must be asked for in increasing order.
    pub(super) fn given(&mut self, class: &Packed<W>) -> io::Result<Option<usize>> {
        let mut found = None;
        while let Some(r) = self.peek()? {
            let c = class_of(r);
            if c > *class {
                break;
            }
            if c == *class {
                found = Some(move_of(&r));
            }
            self.peeked = None;
        }
        Ok(found)
    }

    /// Removes its runs.
    pub(super) fn finish(self, dir: &mut SpillDir) {
        self.sorted.finish(dir);
    }
}
