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
//! entries 1234
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
//! saving leaves the previous checkpoint whole.

use super::table::Table;
use crate::board::Board;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Version 2: 4x4 keys mixed by their own 65-bit path (version 1's mixed keys name other
/// positions now, so its files are refused, not misread).
const MAGIC: &str = "jump61 checkpoint 2";
const RECORD: usize = 21;

/// Why a checkpoint was refused.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error("checkpoint {0}: {1}")]
    Io(PathBuf, std::io::Error),
    #[error("checkpoint {path}: {why}; refused (delete it to start over)")]
    Refused { path: PathBuf, why: String },
}

/// The header lines that tie a checkpoint to its question.
fn header(root: &Board, entries: usize, checksum: u64) -> String {
    format!(
        "{MAGIC}\nrules {}\nroot {}\nto-move {}\nentries {entries}\nchecksum {checksum:016x}\n\n",
        root.rules(),
        root.to_notation(),
        root.to_move()
    )
}

/// FNV-1a over the records: any changed or missing byte shows.
fn checksum(records: &[u8]) -> u64 {
    records.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The file a checkpoint at `path` is written to before it is renamed to `path`.
pub fn temporary(path: &Path) -> PathBuf {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    PathBuf::from(temporary)
}

/// Saves the table's proven entries for the question `root`; returns how many.
pub fn save(path: &Path, root: &Board, table: &Table) -> Result<usize, CheckpointError> {
    let proven = table.proven();
    let mut records = Vec::with_capacity(proven.len() * RECORD);
    for (mixed, wins, work) in &proven {
        records.extend(mixed.to_le_bytes());
        records.push(u8::from(*wins));
        records.extend(work.to_le_bytes());
    }
    let io = |e| CheckpointError::Io(path.to_path_buf(), e);
    let temporary = temporary(path);
    let mut file = std::fs::File::create(&temporary).map_err(io)?;
    file.write_all(header(root, proven.len(), checksum(&records)).as_bytes())
        .and_then(|_| file.write_all(&records))
        .and_then(|_| file.sync_all())
        .map_err(io)?;
    std::fs::rename(&temporary, path).map_err(io)?;
    Ok(proven.len())
}

/// The proven entries of the checkpoint at `path` for the question `root` (none if there
/// is no file), each a mixed key of `table`'s board, whether its side to move wins, and
/// the work below it. Refuses a checkpoint of another question and a damaged one.
pub fn read(path: &Path, root: &Board, table: &Table) -> Result<Vec<Proven>, CheckpointError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(CheckpointError::Io(path.to_path_buf(), e)),
    };
    let refuse = |why: String| CheckpointError::Refused {
        path: path.to_path_buf(),
        why,
    };
    let records = parse(&bytes, root).map_err(refuse)?;
    let entries: Vec<Proven> = records
        .chunks_exact(RECORD)
        .map(|r| {
            let mixed = u128::from_le_bytes(r[..16].try_into().expect("16 bytes"));
            let work = u32::from_le_bytes(r[17..].try_into().expect("4 bytes"));
            (mixed, r[16] == 1, work)
        })
        .collect();
    // Every key is checked before any is used: a bad one refuses the whole file.
    if let Some(bad) = entries.iter().position(|e| !table.holds_key(e.0)) {
        return Err(refuse(format!(
            "entry {} is not a position of this board",
            bad + 1
        )));
    }
    Ok(entries)
}

/// A proven entry of a checkpoint: its mixed key, whether its side to move wins, and the
/// work below it.
pub type Proven = (u128, bool, u32);

/// Stores `entries` (from [`read`]) in `table`.
pub fn restore(table: &Table, entries: &[Proven]) {
    for &(mixed, wins, work) in entries {
        table.restore(mixed, wins, work);
    }
}

/// The records of a checkpoint for `root`, after its header is checked.
fn parse<'a>(bytes: &'a [u8], root: &Board) -> Result<&'a [u8], String> {
    let end = bytes
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or("no header (not a checkpoint, or truncated)")?;
    let head = std::str::from_utf8(&bytes[..end]).map_err(|_| "a header that is not text")?;
    let records = &bytes[end + 2..];
    let lines: Vec<&str> = head.lines().collect();
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
    if records.len() != count * RECORD {
        return Err(format!(
            "{count} entries announced, {} bytes of them found (truncated or damaged)",
            records.len()
        ));
    }
    let sum = sum
        .strip_prefix("checksum ")
        .and_then(|s| u64::from_str_radix(s, 16).ok())
        .ok_or("no `checksum` line")?;
    if checksum(records) != sum {
        return Err("its checksum does not match (damaged)".into());
    }
    Ok(records)
}

/// How often a long proof saves its checkpoint.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(300);

/// A prover's [`super::dfpn::Prover::on_save`] that saves the table's proven entries for
/// `root` to `path` every [`EVERY`] and tells `saved` how many; a failed save is reported on
/// standard error and tried again next time.
pub fn saver(path: &Path, root: &Board, mut saved: Saved) -> super::dfpn::SaveTable {
    let (path, root) = (path.to_path_buf(), *root);
    // The tests save every fraction of a second.
    let every = super::interval_from_env("JUMP61_CHECKPOINT_SECONDS", EVERY);
    let mut last = std::time::Instant::now();
    Box::new(move |table| {
        if last.elapsed() >= every {
            last = std::time::Instant::now();
            match save(&path, &root, table) {
                Ok(n) => saved(n),
                Err(e) => eprintln!("error: {e}"),
            }
        }
    })
}

/// Told the proven positions a checkpoint saved (for a long proof's log).
pub type Saved = Box<dyn FnMut(usize) + Send>;
