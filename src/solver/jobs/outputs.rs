//! A job's files under a split's directory, and what they say about the job.
//!
//! Each job `ID` writes `proofs/ID.txt` (its proof), `answers/ID.txt` (its answer: the
//! lines `solve` printed, then `end N`), keeps `checkpoints/ID.ckpt` while it runs, and
//! logs to `logs/ID.txt`. Proofs and answers are written to a temporary file and renamed,
//! so a file under its own name is whole: a job killed while writing leaves none. A proof
//! ends with its `end N` line and an answer with its own, so that a file cut short some
//! other way (a full disk, a copy that stopped) is never taken for a result.
//!
//! [`peek`] says what a job's files claim without checking its proof (fast: the header
//! and the last line), for choosing the next wave; [`super::combine`] checks every proof.

use crate::board::{Board, Colour, Rules};
/// Proofs and answers are written whole ([`crate::solver::atomic`]).
pub use crate::solver::atomic::{temporary, write_atomically};
use crate::solver::table::key::Symmetries;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// What is known of one job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobState {
    /// Its proof is there (and, from `combine`, checks): the side that wins.
    Proven(Colour),
    /// It ran and stopped at its own limit (its answer line): running it again changes
    /// nothing; it has to be split again.
    Unknown(String),
    /// Its files are there but are no result (why).
    Failed(String),
    /// Nothing from it yet, or it was stopped before it finished (a checkpoint may hold
    /// what it proved).
    Missing,
}

/// The folders a split's jobs write into.
pub const FOLDERS: [&str; 4] = ["proofs", "answers", "checkpoints", "logs"];

/// Where job `id`'s proof belongs.
pub fn proof_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("proofs").join(format!("{id}.txt"))
}

/// Where job `id`'s answer belongs.
pub fn answer_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("answers").join(format!("{id}.txt"))
}

/// Where job `id` keeps its checkpoint while it runs.
pub fn checkpoint_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("checkpoints").join(format!("{id}.ckpt"))
}

/// Where job `id`'s standard output and error go, every run appended.
pub fn log_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("logs").join(format!("{id}.txt"))
}

/// An answer file's text: `lines`, then `end N` (N the lines before it).
pub fn answer_text(lines: &[String]) -> String {
    let mut text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    text.push_str(&format!("end {}\n", lines.len()));
    text
}

/// The lines of a whole answer file's `text`; `None` without its `end N` line (or with
/// one that does not count the lines before it).
pub fn answer_lines(text: &str) -> Option<Vec<&str>> {
    let lines: Vec<&str> = text.lines().collect();
    let (last, before) = lines.split_last()?;
    let count: usize = last.strip_prefix("end ")?.parse().ok()?;
    (count == before.len() && text.ends_with('\n')).then(|| before.to_vec())
}

/// What a proof file says of itself, unchecked: its root (with its rules and turn) and
/// winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofHead {
    pub root: Board,
    pub winner: Colour,
}

/// Reads the header and the last line of the proof at `path`, not its moves: `Err` says
/// why it is no proof (missing, not a proof file, cut short before its `end` line).
pub fn peek_proof(path: &Path) -> Result<ProofHead, String> {
    let mut file = File::open(path).map_err(|e| format!("no proof ({e})"))?;
    let head = proof_head(&mut BufReader::new(&file))?;
    let len = file.metadata().map_err(|e| e.to_string())?.len();
    let mut tail = Vec::new();
    file.seek(SeekFrom::Start(len.saturating_sub(64)))
        .and_then(|_| file.read_to_end(&mut tail))
        .map_err(|e| e.to_string())?;
    let tail = String::from_utf8_lossy(&tail);
    let last = tail
        .trim_end_matches('\n')
        .rsplit('\n')
        .next()
        .unwrap_or("");
    let whole = tail.ends_with('\n')
        && last
            .strip_prefix("end ")
            .is_some_and(|n| n.parse::<usize>().is_ok());
    if !whole {
        return Err("its proof is cut short (no `end` line at its end): truncated".into());
    }
    Ok(head)
}

/// The header of a proof file as [`crate::solver::proof::header`] writes it.
fn proof_head(reader: &mut dyn BufRead) -> Result<ProofHead, String> {
    let mut fields = Vec::new();
    for line in reader.lines().take(6) {
        let line = line.map_err(|e| e.to_string())?;
        if let Some((name, value)) = line.split_once(' ')
            && !line.starts_with('#')
        {
            fields.push((name.to_string(), value.trim().to_string()));
        }
    }
    let field = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .ok_or(format!("its proof has no `{name}` line: not a proof file"))
    };
    let rules: Rules = field("rules")?.parse()?;
    let mut root = Board::parse_with_rules(field("root")?, rules).map_err(|e| e.to_string())?;
    let colour = |name: &str| match field(name)? {
        "Red" => Ok(Colour::Red),
        "Blue" => Ok(Colour::Blue),
        other => Err(format!("its proof's `{name}` is `{other}`")),
    };
    let to_move = colour("to-move")?;
    if to_move != root.to_move() {
        root.set_to_move(to_move);
    }
    Ok(ProofHead {
        root,
        winner: colour("winner")?,
    })
}

/// Whether two positions are the same up to symmetry, under the same rules and turn.
pub fn same_position(a: &Board, b: &Board) -> bool {
    let Some(sym) = Symmetries::new(b.size()) else {
        return false;
    };
    a.size() == b.size()
        && a.rules() == b.rules()
        && a.to_move() == b.to_move()
        && sym.key(a) == sym.key(b)
}

/// Why the proof `head` read for `job` is not its proof; `None` if it is.
pub fn wrong_position(head: &ProofHead, job: &Board) -> Option<String> {
    if head.root.rules() != job.rules() {
        return Some(format!(
            "its proof is under the {} rules, the job's position under the {}",
            head.root.rules(),
            job.rules()
        ));
    }
    (!same_position(&head.root, job)).then(|| {
        format!(
            "its proof is of {} ({} to move), not of the job's position",
            head.root.to_notation(),
            head.root.to_move()
        )
    })
}

/// What job `id`'s files under `dir` claim, its proof not checked: proven when the proof
/// is whole and of the job's position, unknown when a whole answer says it stopped at its
/// limit, missing when neither (not run, or stopped before it finished).
pub fn peek(dir: &Path, id: &str, job: &Board) -> JobState {
    let proof = proof_path(dir, id);
    if proof.exists() {
        return match peek_proof(&proof) {
            Ok(head) => match wrong_position(&head, job) {
                None => JobState::Proven(head.winner),
                Some(why) => JobState::Failed(why),
            },
            Err(why) => JobState::Failed(why),
        };
    }
    answer_state(dir, id)
}

/// A job's state from its answer alone (its proof is not there).
pub fn answer_state(dir: &Path, id: &str) -> JobState {
    let Ok(text) = std::fs::read_to_string(answer_path(dir, id)) else {
        return JobState::Missing;
    };
    let Some(lines) = answer_lines(&text) else {
        return JobState::Failed("its answer is cut short (no `end` line): truncated".into());
    };
    let first = lines.first().copied().unwrap_or("").trim();
    if first.starts_with("unknown") {
        JobState::Unknown(first.to_string())
    } else {
        JobState::Failed(format!("answered `{first}` but left no proof"))
    }
}

/// Whether the job that writes `answer` (and, when given, the proof at a path of the
/// position `board`) has finished: its answer is whole, and names no winner whose proof is
/// not there whole and of `board`. Its first line if so.
pub fn finished(answer: &Path, proof: Option<(&Path, &Board)>) -> Option<String> {
    let text = std::fs::read_to_string(answer).ok()?;
    let lines = answer_lines(&text)?;
    let first = lines.first()?.to_string();
    let Some((path, board)) = proof.filter(|_| first.contains(" wins")) else {
        return Some(first);
    };
    let head = peek_proof(path).ok()?;
    wrong_position(&head, board).is_none().then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{self, Write};

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("jump61-outputs-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for f in FOLDERS {
            std::fs::create_dir_all(dir.join(f)).unwrap();
        }
        dir
    }

    #[test]
    fn an_answer_is_whole_only_with_its_end_line() {
        let text = answer_text(&["Blue wins".into(), "searched 10 positions".into()]);
        assert_eq!(text, "Blue wins\nsearched 10 positions\nend 2\n");
        assert_eq!(
            answer_lines(&text),
            Some(vec!["Blue wins", "searched 10 positions"])
        );
        assert_eq!(answer_lines("Blue wins\n"), None);
        assert_eq!(answer_lines("Blue wins\nend 2\n"), None);
        assert_eq!(answer_lines(&text[..text.len() - 1]), None);
    }

    #[test]
    fn a_failed_atomic_write_leaves_the_old_file_and_no_temporary() {
        let dir = folder("atomic");
        let path = dir.join("answers/j0001.txt");
        std::fs::write(&path, "old\n").unwrap();
        let failed = write_atomically(&path, |out| {
            out.write_all(b"half")?;
            Err::<(), _>(io::Error::other("killed"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        assert!(!temporary(&path).exists());
        write_atomically(&path, |out| out.write_all(b"new\n")).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn peek_tells_a_whole_proof_from_a_cut_one_and_from_another_position() {
        let dir = folder("peek");
        let job: Board = "2r1-1-/1-2b1-/1-1-1-".parse().unwrap();
        let (report, prover) = crate::solver::game_value(&job, Default::default());
        let winner = report.winner().unwrap();
        let mut text = Vec::new();
        crate::solver::proof::write_proof(&mut prover.unwrap(), &job, winner, &mut text).unwrap();
        assert_eq!(peek(&dir, "j0001", &job), JobState::Missing);
        std::fs::write(proof_path(&dir, "j0001"), &text).unwrap();
        assert_eq!(peek(&dir, "j0001", &job), JobState::Proven(winner));
        std::fs::write(proof_path(&dir, "j0001"), &text[..text.len() - 4]).unwrap();
        assert!(
            matches!(peek(&dir, "j0001", &job), JobState::Failed(w) if w.contains("truncated"))
        );
        std::fs::write(proof_path(&dir, "j0001"), &text).unwrap();
        let other: Board = "1-2r1-/1-2b1-/1-1-1-".parse().unwrap();
        assert!(
            matches!(peek(&dir, "j0001", &other), JobState::Failed(w) if w.contains("not of the job"))
        );
        let answer = answer_path(&dir, "j0002");
        std::fs::write(&answer, answer_text(&["unknown: the time limit".into()])).unwrap();
        assert!(matches!(peek(&dir, "j0002", &job), JobState::Unknown(_)));
        std::fs::write(&answer, answer_text(&[format!("{winner} wins")])).unwrap();
        let proof_of = |id: &str, board| Some((proof_path(&dir, id), board));
        let finished_with = |p: Option<(PathBuf, &Board)>| {
            finished(&answer, p.as_ref().map(|(p, b)| (p.as_path(), *b)))
        };
        assert_eq!(finished_with(proof_of("j0002", &job)), None);
        assert_eq!(finished_with(proof_of("j0001", &other)), None);
        assert_eq!(
            finished_with(proof_of("j0001", &job)),
            Some(format!("{winner} wins"))
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
