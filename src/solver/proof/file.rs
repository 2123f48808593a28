//! A proof written to its file, the one way every face writes it (`jump61 solve --proof`
//! and Python's `solve(proof=...)`): whole or not at all, and the same file on every run
//! where the threads cannot change it.

use super::{Written, write_proof_counted};
use crate::board::{Board, Colour};
use crate::solver::atomic::write_atomically;
use crate::solver::dfpn::{Limits, Prover};
use std::io;
use std::path::Path;
use std::sync::atomic::Ordering::Relaxed;

/// Writes to `path` the proof that `winner` wins from `root`, from `prover`'s table, on
/// `threads` threads: one below 4x4, so that a small proof is the same file on every run
/// (a larger one's lines come in the order the threads walk them). The file is written
/// whole or not at all (a temporary file renamed over `path`): on an error nothing is left
/// that looks like a proof, and a file already at `path` stays as it was.
///
/// The steps that garbage collection dropped from the table are proven again as the proof
/// is written, with no limit of time or positions (the limit that ended the search must not
/// stop this too); the table's memory limit and the prover's stop flag still hold.
pub fn write_file(
    path: &Path,
    prover: &mut Prover,
    root: &Board,
    winner: Colour,
    threads: usize,
) -> io::Result<Written> {
    prover.set_limits(Limits {
        deadline: None,
        positions: u64::MAX,
        memory: prover.limits().memory,
    });
    let threads = if root.size() < 4 { 1 } else { threads.max(1) };
    let written = write_atomically(path, |out| {
        write_proof_counted(prover, root, winner, out, threads)
    });
    let stopped = prover.stop_flag.as_ref().is_some_and(|f| f.load(Relaxed));
    written.map_err(|e| match stopped {
        true => io::Error::new(io::ErrorKind::Interrupted, "stopped before it was whole"),
        false => e,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::game_value;

    #[test]
    fn a_proof_is_the_same_file_below_4x4_and_a_failed_write_leaves_no_file() {
        let root = Board::new(3);
        let (report, prover) = game_value(&root, Limits::default());
        let (mut prover, winner) = (prover.unwrap(), report.winner().unwrap());
        let dir = std::env::temp_dir().join(format!("jump61-proof-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p3.txt");
        let written = write_file(&path, &mut prover, &root, winner, 4).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let again = dir.join("again.txt");
        write_file(&again, &mut prover, &root, winner, 1).unwrap();
        assert_eq!(
            std::fs::read_to_string(&again).unwrap(),
            text,
            "below 4x4 the threads asked for change nothing"
        );
        assert_eq!(super::super::move_lines(text.as_bytes()), written.lines);
        let checked = super::super::verify(&text).unwrap();
        assert_eq!(checked.positions, written.lines);
        // A path in a folder that is not there: an error, and no temporary file left.
        let missing = dir.join("no-such-folder").join("p.txt");
        assert!(write_file(&missing, &mut prover, &root, winner, 1).is_err());
        // Stopped by its caller while it writes: the proof already there stays as it was.
        prover.stop_flag = Some(std::sync::Arc::new(true.into()));
        assert!(write_file(&path, &mut prover, &root, winner, 1).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 2, "only the two proofs: {left:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
