//! Sorted runs of packed classes on disk, and their merge: what the check within a memory
//! limit keeps there when its lists outgrow the memory it was given.
//!
//! The runs live in a directory of their own, made for one check and removed with
//! everything in it when the check ends, whether it passed, failed or was interrupted.

use super::packed::{Packed, class_of};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The directory of one check's runs, and the disk they take.
pub(super) struct SpillDir {
    path: PathBuf,
    made: usize,
    /// Bytes of the runs on disk now, and at most so far.
    now: u64,
    peak: u64,
}

impl SpillDir {
    /// A new directory in `parent`, named for this process so that two checks never share
    /// one.
    pub(super) fn new(parent: &Path) -> io::Result<SpillDir> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let path = parent.join(format!(".jump61-verify-{}-{stamp}.tmp", std::process::id()));
        std::fs::create_dir(&path)?;
        Ok(SpillDir {
            path,
            made: 0,
            now: 0,
            peak: 0,
        })
    }

    /// The directory's path.
    #[cfg(test)]
    fn path(&self) -> &Path {
        &self.path
    }

    /// The most bytes of runs on disk at once so far.
    pub(super) fn peak(&self) -> u64 {
        self.peak
    }

    /// Writes `records` (sorted) as a run.
    pub(super) fn write<const W: usize>(&mut self, records: &[Packed<W>]) -> io::Result<Run> {
        let mut run = self.create()?;
        let mut out = BufWriter::with_capacity(1 << 20, File::create(&run.path)?);
        for r in records {
            write_record(&mut out, r)?;
        }
        out.flush()?;
        run.records = records.len() as u64;
        self.grew(&mut run, W);
        Ok(run)
    }

    /// Merges `runs` (in the order their ties go) into one, removing them; the new run
    /// keeps every record, ties in the same order.
    pub(super) fn merge<const W: usize>(
        &mut self,
        runs: Vec<Run>,
        buffer: usize,
    ) -> io::Result<Run> {
        let mut run = self.create()?;
        let mut out = BufWriter::with_capacity(1 << 20, File::create(&run.path)?);
        let mut merge = Merge::<W>::new(&runs, buffer)?;
        while let Some(r) = merge.next()? {
            write_record(&mut out, &r)?;
            run.records += 1;
        }
        out.flush()?;
        drop(merge);
        // Both were on disk until now.
        self.grew(&mut run, W);
        for r in runs {
            self.remove(r);
        }
        Ok(run)
    }

    /// Removes a run that has been read.
    pub(super) fn remove(&mut self, run: Run) {
        self.now -= run.bytes;
        let _ = std::fs::remove_file(&run.path);
    }

    fn create(&mut self) -> io::Result<Run> {
        self.made += 1;
        Ok(Run {
            path: self.path.join(format!("run{}", self.made)),
            records: 0,
            bytes: 0,
        })
    }

    /// Counts the disk that `run`, of `words` words a record, takes.
    fn grew(&mut self, run: &mut Run, words: usize) {
        run.bytes = run.records * 8 * words as u64;
        self.now += run.bytes;
        self.peak = self.peak.max(self.now);
    }
}

impl Drop for SpillDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// A sorted run on disk.
pub(super) struct Run {
    path: PathBuf,
    records: u64,
    bytes: u64,
}

fn write_record<const W: usize>(out: &mut impl Write, r: &Packed<W>) -> io::Result<()> {
    for w in r {
        out.write_all(&w.to_le_bytes())?;
    }
    Ok(())
}

/// A run read back, a record at a time.
struct Reader<const W: usize> {
    input: BufReader<File>,
    left: u64,
}

impl<const W: usize> Reader<W> {
    fn next(&mut self) -> io::Result<Option<Packed<W>>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let mut r = [0; W];
        for w in &mut r {
            let mut bytes = [0; 8];
            self.input.read_exact(&mut bytes)?;
            *w = u64::from_le_bytes(bytes);
        }
        Ok(Some(r))
    }
}

/// Runs merged into one sorted stream. Records whose classes tie (the same class with
/// moves of different lines) come in the order of their runs, and within a run in the
/// order it holds them.
pub(super) struct Merge<const W: usize> {
    readers: Vec<Reader<W>>,
    /// The next record of each reader not yet used up: (class, run, record).
    heap: BinaryHeap<Reverse<(Packed<W>, usize, Packed<W>)>>,
}

impl<const W: usize> Merge<W> {
    /// The merge of `runs`, each read through a buffer of `buffer` bytes.
    pub(super) fn new(runs: &[Run], buffer: usize) -> io::Result<Merge<W>> {
        let mut merge = Merge {
            readers: Vec::with_capacity(runs.len()),
            heap: BinaryHeap::with_capacity(runs.len()),
        };
        for (i, run) in runs.iter().enumerate() {
            let mut reader = Reader {
                input: BufReader::with_capacity(buffer, File::open(&run.path)?),
                left: run.records,
            };
            if let Some(r) = reader.next()? {
                merge.heap.push(Reverse((class_of(r), i, r)));
            }
            merge.readers.push(reader);
        }
        Ok(merge)
    }

    /// The next record in order, `None` after the last.
    pub(super) fn next(&mut self) -> io::Result<Option<Packed<W>>> {
        let Some(Reverse((_, i, r))) = self.heap.pop() else {
            return Ok(None);
        };
        if let Some(next) = self.readers[i].next()? {
            self.heap.push(Reverse((class_of(next), i, next)));
        }
        Ok(Some(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_merge_in_order_ties_in_run_order_and_leave_nothing_behind() {
        let parent = std::env::temp_dir();
        let mut dir = SpillDir::new(&parent).unwrap();
        let path = dir.path().to_path_buf();
        // Class 5 in every run, each with a move of its own (the low byte).
        let runs = vec![
            dir.write::<2>(&[[1, 0], [5, 1], [9, 0]]).unwrap(),
            dir.write::<2>(&[[2, 0], [5, 2]]).unwrap(),
            dir.write::<2>(&[[0, 0], [5, 3], [7, 0]]).unwrap(),
        ];
        assert_eq!(dir.peak(), 8 * 16);
        let mut merge = Merge::<2>::new(&runs, 64).unwrap();
        let mut all = Vec::new();
        while let Some(r) = merge.next().unwrap() {
            all.push(r);
        }
        let want = [
            [0, 0],
            [1, 0],
            [2, 0],
            [5, 1],
            [5, 2],
            [5, 3],
            [7, 0],
            [9, 0],
        ];
        assert_eq!(all, want);
        drop(merge);
        let one = dir.merge::<2>(runs, 64).unwrap();
        let mut merge = Merge::<2>::new(std::slice::from_ref(&one), 64).unwrap();
        let mut again = Vec::new();
        while let Some(r) = merge.next().unwrap() {
            again.push(r);
        }
        assert_eq!(again, want);
        assert_eq!(dir.peak(), 2 * 8 * 16);
        assert!(path.exists());
        drop(merge);
        drop(dir);
        assert!(!path.exists(), "the runs' directory is removed");
    }
}
