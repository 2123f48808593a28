//! Checkpoints of a long proof: the proven entries of the table, saved now and then and
//! when the process is interrupted, so that the same command run again starts from them.
//!
//! The file is a short text header, then one 21-byte record an entry:
//!
//! ```text
//! jump61 checkpoint 2
//! rules 2014
//! root 1-1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1-
//! to-move Red
//! entries 00000000000000001234
//! checksum 0123456789abcdef
//!
//! ```
//!
//! A record is the entry's mixed key (16 bytes, little-endian, see [`super::table`]: it
//! names one position up to symmetry on one board size), a byte that is 1 where the side
//! to move wins and 0 where it loses, and the work below the entry (4 bytes). A checkpoint
//! is used only for the root, rules and side to move it names, and only if every byte is
//! as written (entry count, length and checksum): anything else is refused, never half
//! used. It is written to a temporary file first and renamed, so an interruption while
//! saving leaves the previous checkpoint whole. Saving and loading stream the records
//! (the count and checksum are filled in once the records are written, and a file is read
//! twice: checked whole, then used), so a checkpoint takes no memory beyond the table's.

use super::limits::interval_from_env;
use super::table::Table;
use crate::board::Board;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Version 2: 4x4 keys mixed by their own 65-bit path (version 1's mixed keys name other
/// positions now, so its files are refused, not misread).
const MAGIC: &str = "jump61 checkpoint 2";
const RECORD: usize = 21;
/// Records read or written at a time: the file is streamed, never held whole (a checkpoint
/// of 190 million entries is 4 GB).
const CHUNK: usize = RECORD << 16;

/// Why a checkpoint was refused.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error("checkpoint {0}: {1}")]
    Io(PathBuf, std::io::Error),
    #[error("checkpoint {path}: {why}; refused (delete it to start over)")]
    Refused { path: PathBuf, why: String },
}

/// The header lines that tie a checkpoint to its question. The count and checksum have
/// fixed widths, so that a header written before its records (with zeros) is overwritten
/// in place once they are known.
fn header(root: &Board, entries: usize, checksum: u64) -> String {
    format!(
        "{MAGIC}\nrules {}\nroot {}\nto-move {}\nentries {entries:020}\nchecksum {checksum:016x}\n\n",
        root.rules(),
        root.to_notation(),
        root.to_move()
    )
}

/// FNV-1a's starting value.
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a over the records, `bytes` after those `h` covers: any changed or missing byte
/// shows.
fn checksum(h: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The file a checkpoint at `path` is written to before it is renamed to `path`.
pub fn temporary(path: &Path) -> PathBuf {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    PathBuf::from(temporary)
}

/// Saves the table's proven entries for the question `root`; returns how many. The
/// records go straight from the table to the file.
pub fn save(path: &Path, root: &Board, table: &Table) -> Result<usize, CheckpointError> {
    let io = |e| CheckpointError::Io(path.to_path_buf(), e);
    let temporary = temporary(path);
    let file = File::create(&temporary).map_err(io)?;
    let mut out = BufWriter::with_capacity(CHUNK, file);
    out.write_all(header(root, 0, 0).as_bytes()).map_err(io)?;
    let (mut count, mut sum, mut failed) = (0, FNV_START, Ok(()));
    table.for_each_proven(|mixed, wins, work| {
        let mut record = [0; RECORD];
        record[..16].copy_from_slice(&mixed.to_le_bytes());
        record[16] = u8::from(wins);
        record[17..].copy_from_slice(&work.to_le_bytes());
        sum = checksum(sum, &record);
        count += 1;
        if failed.is_ok() {
            failed = out.write_all(&record);
        }
    });
    failed.map_err(io)?;
    let mut file = out.into_inner().map_err(|e| io(e.into_error()))?;
    file.seek(SeekFrom::Start(0))
        .and_then(|_| file.write_all(header(root, count, sum).as_bytes()))
        .and_then(|_| file.sync_all())
        .map_err(io)?;
    std::fs::rename(&temporary, path).map_err(io)?;
    Ok(count)
}

/// A checkpoint whose every record has been checked: the file, kept open (a save renames
/// a new file over the path and leaves this one as it was), where its records start, and
/// how many there are.
pub struct Checkpoint {
    path: PathBuf,
    file: File,
    start: u64,
    sum: u64,
    pub entries: usize,
}

/// The checkpoint at `path` for the question `root` (`None` if there is no file), each
/// record a mixed key of `table`'s board, whether its side to move wins, and the work
/// below it. Refuses a checkpoint of another question and a damaged one: every record is
/// read and checked here, before [`Checkpoint::restore`] uses any.
pub fn open(
    path: &Path,
    root: &Board,
    table: &Table,
) -> Result<Option<Checkpoint>, CheckpointError> {
    let io = |e| CheckpointError::Io(path.to_path_buf(), e);
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(e)),
    };
    let refuse = |why: String| CheckpointError::Refused {
        path: path.to_path_buf(),
        why,
    };
    let length = file.metadata().map_err(io)?.len();
    let mut head = Vec::new();
    (&mut file)
        .take(HEADER_MAX)
        .read_to_end(&mut head)
        .map_err(io)?;
    let (start, entries, sum) = parse(&head, length, root).map_err(refuse)?;
    let mut bad = None;
    let found = each_record(&mut file, start, entries, |i, (mixed, _, _)| {
        if bad.is_none() && !table.holds_key(mixed) {
            bad = Some(i);
        }
    })
    .map_err(io)?;
    if found != sum {
        return Err(refuse("its checksum does not match (damaged)".into()));
    }
    if let Some(i) = bad {
        return Err(refuse(format!(
            "entry {} is not a position of this board",
            i + 1
        )));
    }
    Ok(Some(Checkpoint {
        path: path.to_path_buf(),
        file,
        start,
        sum,
        entries,
    }))
}

impl Checkpoint {
    /// Stores the checkpoint's entries in `table`, and says how many. Should the file have
    /// changed since it was checked, the table is cleared and the checkpoint refused: never
    /// half used.
    pub fn restore(mut self, table: &Table) -> Result<usize, CheckpointError> {
        let io = |e| CheckpointError::Io(self.path.clone(), e);
        let mut restored = 0;
        let found = each_record(&mut self.file, self.start, self.entries, |_, entry| {
            restored += usize::from(table.restore(entry.0, entry.1, entry.2));
        })
        .map_err(io)?;
        if found != self.sum {
            table.clear();
            return Err(CheckpointError::Refused {
                path: self.path,
                why: "it changed while it was read".into(),
            });
        }
        Ok(restored)
    }
}

/// A proven entry of a checkpoint: its mixed key, whether its side to move wins, and the
/// work below it.
pub type Proven = (u128, bool, u32);

/// Shows `f` each of the `entries` records from byte `start` of `file`, with its index;
/// returns their checksum.
fn each_record(
    file: &mut File,
    start: u64,
    entries: usize,
    mut f: impl FnMut(usize, Proven),
) -> std::io::Result<u64> {
    file.seek(SeekFrom::Start(start))?;
    let mut reader = BufReader::with_capacity(CHUNK, file);
    let (mut sum, mut record) = (FNV_START, [0; RECORD]);
    for i in 0..entries {
        reader.read_exact(&mut record)?;
        sum = checksum(sum, &record);
        let mixed = u128::from_le_bytes(record[..16].try_into().expect("16 bytes"));
        let work = u32::from_le_bytes(record[17..].try_into().expect("4 bytes"));
        f(i, (mixed, record[16] == 1, work));
    }
    Ok(sum)
}

/// The most bytes a header takes (its root is at most 10 x 10 squares).
const HEADER_MAX: u64 = 4096;

/// Where the records of a checkpoint for `root` start, how many there are and their
/// checksum, once its header (`head`, the file's first bytes; the file is `length` long)
/// is checked.
fn parse(head: &[u8], length: u64, root: &Board) -> Result<(u64, usize, u64), String> {
    let end = head
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or("no header (not a checkpoint, or truncated)")?;
    let text = std::str::from_utf8(&head[..end]).map_err(|_| "a header that is not text")?;
    let start = end as u64 + 2;
    let lines: Vec<&str> = text.lines().collect();
    let [magic, rules, notation, to_move, entries, sum] = lines.as_slice() else {
        return Err("not a checkpoint header".into());
    };
    if *magic != MAGIC {
        if magic.starts_with("jump61 checkpoint ") {
            return Err(format!(
                "it is `{magic}`, made by another version of jump61 (this one reads `{MAGIC}`)"
            ));
        }
        return Err("not a jump61 checkpoint".into());
    }
    let want = |name: &str, line: &str, value: String| -> Result<(), String> {
        match line.strip_prefix(name).map(str::trim) {
            Some(v) if v == value => Ok(()),
            Some(v) => Err(format!("it is for {name} {v}, not {value}")),
            None => Err(format!("no `{name}` line")),
        }
    };
    want("rules", rules, root.rules().to_string())?;
    want("root", notation, root.to_notation())?;
    want("to-move", to_move, root.to_move().to_string())?;
    let count: usize = entries
        .strip_prefix("entries ")
        .and_then(|n| n.parse().ok())
        .ok_or("no `entries` line")?;
    let records = length - start;
    if Some(records) != (count as u64).checked_mul(RECORD as u64) {
        return Err(format!(
            "{count} entries announced, {records} bytes of them found (truncated or damaged)"
        ));
    }
    let sum = sum
        .strip_prefix("checksum ")
        .and_then(|s| u64::from_str_radix(s, 16).ok())
        .ok_or("no `checksum` line")?;
    Ok((start, count, sum))
}

/// How often a long proof saves its checkpoint.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(300);

/// A prover's [`super::dfpn::Prover::on_save`] that saves the table's proven entries for
/// `root` to `path` every [`EVERY`] and tells `saved` how many; a failed save is reported on
/// standard error and tried again next time.
pub fn saver(path: &Path, root: &Board, mut saved: Saved) -> super::dfpn::SaveTable {
    let (path, root) = (path.to_path_buf(), *root);
    // The tests save every fraction of a second.
    let every = interval_from_env("JUMP61_CHECKPOINT_SECONDS", EVERY);
    let mut last = std::time::Instant::now();
    Box::new(move |table| {
        if last.elapsed() >= every {
            last = std::time::Instant::now();
            match save(&path, &root, table) {
                Ok(n) => saved(n),
                Err(e) => crate::output::error_line(format_args!("error: {e}")),
            }
        }
    })
}

/// Told the proven positions a checkpoint saved (for a long proof's log).
pub type Saved = Box<dyn FnMut(usize) + Send>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::dfpn::{Limits, Prover};
    use std::fs::OpenOptions;

    fn proven_entries(table: &Table) -> usize {
        let mut n = 0;
        table.for_each_proven(|_, _, _| n += 1);
        n
    }

    /// A checkpoint that changes between its check and its use (another run saving over it
    /// in place, a damaged disk) is refused, and the table it was read into is left empty:
    /// never half used.
    #[test]
    fn a_checkpoint_that_changes_while_it_is_read_is_refused_and_leaves_nothing() {
        let board = Board::new(3);
        let limits = Limits {
            memory: 1 << 26,
            ..Limits::default()
        };
        let mut prover = Prover::new(3, limits).unwrap();
        assert!(prover.prove(&board).is_loss(), "Blue wins 3x3");
        let path = std::env::temp_dir().join(format!("jump61-changed-{}.ckpt", std::process::id()));
        let saved = save(&path, &board, &prover.table).unwrap();
        let fresh = Prover::new(3, limits).unwrap();
        let checked = open(&path, &board, &fresh.table)
            .unwrap()
            .expect("the file exists");
        // The last record's last byte (of its work), flipped in the same file.
        let last = *std::fs::read(&path).unwrap().last().unwrap();
        let mut file = OpenOptions::new().write(true).open(&path).unwrap();
        file.seek(SeekFrom::End(-1)).unwrap();
        file.write_all(&[!last]).unwrap();
        drop(file);
        let restored = checked.restore(&fresh.table);
        let _ = std::fs::remove_file(&path);
        assert!(saved > 100, "{saved} proven entries");
        match restored {
            Err(CheckpointError::Refused { why, .. }) => {
                assert_eq!(why, "it changed while it was read")
            }
            other => panic!("restored: {:?}", other.map_err(|e| e.to_string())),
        }
        assert_eq!(proven_entries(&fresh.table), 0);
    }
}
