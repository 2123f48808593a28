//! The solving subcommands' work and printing: `solve` without a depth, `solve --file`,
//! `verify-proof` and `puzzles`. Each returns the process exit code.

use crate::board::{Board, Rules};
use crate::output;
use crate::solver::collection::{self, Line, Settings, Summary};
use crate::solver::dfpn::{Limits, ProgressHook, Stop};
use crate::solver::jobs::outputs;
use crate::solver::limits::interval_from_env;
use crate::solver::puzzles::build::{self, Plan};
use crate::solver::table::key::MAX_KEY_SIZE;
use crate::solver::{Asked, FirstMoves, ProofSize, Report, Value, progress};
use crate::solver::{checkpoint, game_value_checkpointed, game_value_sized};
use crate::solver::{dfpn::Prover, proof};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The files a game value's proof may write: the proof, a checkpoint, and its answer.
#[derive(Clone, Copy, Default)]
pub struct Files<'a> {
    pub proof: Option<&'a Path>,
    pub checkpoint: Option<&'a Path>,
    /// What is printed, also written here whole once the search has ended by itself (not
    /// when interrupted); a whole answer already there means the work is done.
    pub answer: Option<&'a Path>,
}

/// Proves the value of `board` with `threads` threads sharing one table, prints the
/// answer (with `first_moves`: every winning first move or the proof's) and its cost, and
/// writes the proof (and keeps the checkpoint) when asked. With an answer file: nothing is
/// searched when it already holds a whole answer (and the proof is there); otherwise the
/// lines printed are written to it once the search has ended by itself, and then the
/// checkpoint of a proven value is removed (its proof holds what it proved). Exit status
/// 2 for a checkpoint refused, 130 when interrupted.
pub fn value(
    board: &Board,
    limits: Limits,
    (threads, first_moves): (usize, FirstMoves),
    files: Files,
) -> i32 {
    if let Some(answer) = files.answer
        && let Some(first) = outputs::finished(answer, files.proof.map(|p| (p, board)))
    {
        output::line(format_args!(
            "already answered in {}: {first}",
            answer.display()
        ));
        return 0;
    }
    let mut said = Vec::new();
    let code = value_said(board, limits, (threads, first_moves), files, &mut said);
    let Some(answer) = files.answer else {
        return code;
    };
    let proven = code == 0 && said.first().is_some_and(|l| l.contains(" wins"));
    let stopped =
        code != 130 && code != 2 && said.first().is_some_and(|l| l.starts_with("unknown"));
    if !(proven || stopped) {
        return code;
    }
    let text = outputs::answer_text(&said);
    if let Err(e) = outputs::write_atomically(answer, |out| out.write_all(text.as_bytes())) {
        crate::output::error_line(format_args!("error: {}: {e}", answer.display()));
        return 1;
    }
    if let (true, Some(path)) = (proven, files.checkpoint) {
        let _ = std::fs::remove_file(path);
    }
    code
}

/// [`value`] without its answer file: the lines printed on standard output are also kept
/// in `said`.
fn value_said(
    board: &Board,
    limits: Limits,
    (threads, first_moves): (usize, FirstMoves),
    files: Files,
    said: &mut Vec<String>,
) -> i32 {
    let mut say = |line: String| {
        output::line(&line);
        said.push(line);
    };
    if let Err(code) = check_files(files) {
        return code;
    }
    if board.size() > MAX_KEY_SIZE {
        // A request the prover cannot take is an error, not an answer.
        crate::output::error_line(format_args!(
            "error: game values are solved on boards up to {MAX_KEY_SIZE}x{MAX_KEY_SIZE} only \
             (this board is {0}x{0}); --depth K asks for a forced win on any size",
            board.size()
        ));
        return 2;
    }
    // Ctrl-C (or SIGTERM) stops the proof with what it proved of each first move said (and
    // the checkpoint saved); a second one ends the program at once.
    if let Err(e) = crate::interrupt::stop_on_signals(&crate::interrupt::interrupted()) {
        crate::output::error_line(format_args!("error: cannot catch Ctrl-C: {e}"));
    }
    let (mut report, prover) = match search(board, limits, (threads, first_moves), files) {
        Ok(searched) => searched,
        Err(code) => return code,
    };
    say(report.answer());
    let first_moves = report.first_moves_line();
    if !first_moves.is_empty() {
        say(first_moves);
    }
    if report.value == Value::Unknown(Stop::Interrupted) {
        say(report.to_string());
        return 130;
    }
    let (Some(path), Some(prover), Some(winner)) = (files.proof, prover, report.winner()) else {
        say(report.to_string());
        return if files.proof.is_some() && report.winner().is_none() {
            crate::output::error_line(format_args!(
                "error: no proof to write: the value is not proven"
            ));
            1
        } else {
            0
        };
    };
    let written = write_proof(path, prover, &mut report, threads);
    say(report.to_string());
    match written {
        Ok(n) => {
            say(format!(
                "proof written to {}: {n} positions of {winner}'s",
                path.display()
            ));
            0
        }
        Err(e) => {
            crate::output::error_line(format_args!("error: {}: {e}", path.display()));
            1
        }
    }
}

/// A file that cannot be written is found now, not after a search of minutes: `Err` with
/// the exit status when one cannot.
fn check_files(files: Files) -> Result<(), i32> {
    let probes = [
        files
            .proof
            .map(|p| ("proof", p.to_path_buf(), p.to_path_buf())),
        files
            .checkpoint
            .map(|p| ("checkpoint", p.to_path_buf(), checkpoint::temporary(p))),
    ];
    for (what, path, probe) in probes.into_iter().flatten() {
        if let Err(e) = check_writable(&probe) {
            crate::output::error_line(format_args!(
                "error: {what} {}: {e} (nothing searched)",
                path.display()
            ));
            return Err(2);
        }
    }
    Ok(())
}

/// The search itself, under a spinner, from and into the checkpoint when there is one
/// (`Err(2)` when it is refused).
fn search(
    board: &Board,
    limits: Limits,
    (threads, first_moves): (usize, FirstMoves),
    files: Files,
) -> Result<(Report, Option<Prover>), i32> {
    let bar = progress_spinner();
    let progress = progress_hook(board, bar.clone());
    // With a proof to write, its positions are counted as it is written: one walk, not two.
    let size = match files.proof {
        Some(_) => ProofSize::Skip,
        None => ProofSize::Walk,
    };
    let asked = Asked { size, first_moves };
    let Some(path) = files.checkpoint else {
        let searched = game_value_sized(board, limits, threads, Some(progress), asked);
        bar.finish_and_clear();
        return Ok(searched);
    };
    // Each save every few minutes says so (above the spinner on a terminal, as a line of the
    // log elsewhere), so a long proof shows what it has kept.
    let (shown, name) = (bar.clone(), path.display().to_string());
    let saved = Box::new(move |n: usize| {
        shown.suspend(|| {
            crate::output::error_line(format_args!(
                "checkpoint {name}: {n} proven positions saved"
            ))
        });
    });
    if path.exists() {
        crate::output::error_line(format_args!(
            "checkpoint {}: resuming from its proven positions",
            path.display()
        ));
    }
    let keep = (path, saved as checkpoint::Saved);
    let searched = game_value_checkpointed(board, limits, threads, Some(progress), keep, asked);
    bar.finish_and_clear();
    match searched {
        Ok((report, prover, saved)) => {
            output::line(format_args!(
                "checkpoint {}: {saved} proven positions saved",
                path.display()
            ));
            Ok((report, prover))
        }
        Err(e) => {
            crate::output::error_line(format_args!("error: {e}"));
            Err(2)
        }
    }
}

/// What a long proof of `root` shows as it goes: on a terminal, the spinner's line `bar`
/// kept up to date; elsewhere (a log, a cluster job), the same line on standard error every
/// [`LOG_EVERY`] (`JUMP61_PROGRESS_SECONDS` sets another interval, as the tests do).
fn progress_hook(root: &Board, bar: ProgressBar) -> ProgressHook {
    let (root, start) = (*root, Instant::now());
    let every = interval_from_env("JUMP61_PROGRESS_SECONDS", LOG_EVERY);
    let mut logged = start;
    Box::new(move |prover: &Prover| {
        let line = progress::line(prover, &root, start.elapsed());
        if !bar.is_hidden() {
            bar.set_message(line);
        } else if logged.elapsed() >= every {
            logged = Instant::now();
            crate::output::error_line(format_args!(
                "{:.0} s: {line}",
                start.elapsed().as_secs_f64()
            ));
        }
    })
}

/// How often a long proof off a terminal logs its progress line.
const LOG_EVERY: Duration = Duration::from_secs(60);

/// Whether `path` can be written: opened for appending (a file already there is left as it
/// is) and removed again if this made it.
fn check_writable(path: &Path) -> std::io::Result<()> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)?;
    if !existed {
        std::fs::remove_file(path)?;
    }
    Ok(())
}

/// Writes the proof of `report`'s value from `prover`'s table to `path`
/// ([`proof::write_file`]: whole or not at all, one thread below 4x4) and counts its
/// positions into the report; returns the winner's positions written. On an error the
/// positions are counted by a walk of their own, for the cost line.
fn write_proof(
    path: &Path,
    mut prover: Prover,
    report: &mut Report,
    threads: usize,
) -> std::io::Result<usize> {
    let winner = report
        .winner()
        .ok_or_else(|| std::io::Error::other("no value"))?;
    match proof::write_file(path, &mut prover, &report.board, winner, threads) {
        Ok(n) => {
            report.proof_size = Some(n.positions);
            Ok(n.lines)
        }
        Err(e) => {
            report.size_proof(&mut prover, threads);
            Err(e)
        }
    }
}

/// A check within a memory limit: the limit in bytes, and where its files go (`None`: the
/// proof's directory).
pub struct Within {
    pub memory: usize,
    pub temp_dir: Option<PathBuf>,
}

/// Checks the proof in `path`: in memory, or `within` a limit with what does not fit on
/// disk.
pub fn verify(path: &Path, within: Option<Within>) -> i32 {
    let start = Instant::now();
    // On a terminal, a bar for each stage: the 4x4 start's proof takes a quarter of a minute.
    let bar = progress_bar(1);
    let mut progress = |stage: proof::Stage, done: usize, of: usize| {
        bar.set_message(match stage {
            proof::Stage::Reading => "reading  ",
            proof::Stage::Checking => "checking ",
        });
        bar.set_length(of as u64);
        bar.set_position(done as u64);
    };
    progress(proof::Stage::Reading, 0, 1);
    let checked = match &within {
        None => match std::fs::read_to_string(path) {
            Ok(text) => proof::verify_watched(&text, &mut progress).map(|v| (v, None)),
            Err(e) => Err(proof::CheckError::Io(e.to_string())),
        },
        Some(within) => verify_within(path, within, &mut progress),
    };
    bar.finish_and_clear();
    match checked {
        Ok((v, disk)) => {
            // 2014 positions say whose turn it is; 2013 ones need the rules and the turn.
            let rules = match v.root.rules() {
                crate::board::Rules::V2014 => String::new(),
                r => format!(" under the {r} rules with {} to move", v.root.to_move()),
            };
            let limit = match (&within, disk) {
                (Some(w), Some(disk)) => format!(
                    "; within {} MB, {:.1} MB on disk at most",
                    w.memory >> 20,
                    disk as f64 / f64::from(1 << 20)
                ),
                _ => String::new(),
            };
            output::line(format_args!(
                "proof checked: {} wins from {}{rules} ({} positions of {}'s, {:.3} s{limit})",
                v.winner,
                v.root.to_notation(),
                v.positions,
                v.winner,
                start.elapsed().as_secs_f64()
            ));
            0
        }
        Err(e @ proof::CheckError::Fails { .. }) => {
            output::line(format_args!("proof rejected: {e}"));
            1
        }
        Err(e) => {
            crate::output::error_line(format_args!("error: {}: {e}", path.display()));
            e.exit_code()
        }
    }
}

/// The check of `path` within `within`'s memory, stopped by Ctrl-C or SIGTERM (its files
/// removed): what it established and the most disk it took.
fn verify_within(
    path: &Path,
    within: &Within,
    progress: &mut dyn FnMut(proof::Stage, usize, usize),
) -> Result<(proof::Verified, Option<u64>), proof::CheckError> {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    if let Err(e) = crate::interrupt::stop_on_signals(&stop) {
        crate::output::error_line(format_args!("error: cannot catch Ctrl-C: {e}"));
    }
    let spill_in = match &within.temp_dir {
        Some(dir) => dir.clone(),
        None => match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        },
    };
    let bounded = proof::Bounded {
        memory: within.memory,
        spill_in: &spill_in,
        stop: &stop,
    };
    let open = || -> std::io::Result<Box<dyn std::io::Read + Send>> {
        Ok(Box::new(std::fs::File::open(path)?))
    };
    let checked = proof::verify_bounded(&open, &bounded, progress)?;
    Ok((checked.verified, Some(checked.disk)))
}

/// Answers every line of the file at `path`, read under `rules` (until a `# rules` line
/// says otherwise), in order, then prints the summary. Each answer
/// is printed as soon as it and those before it are found; when one cannot be (the reader
/// has gone, as with `| head -1`), the rest are not sought, and the exit status is 0.
pub fn file(path: &Path, rules: Rules, settings: &Settings) -> i32 {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            crate::output::error_line(format_args!("error: {}: {e}", path.display()));
            return 2;
        }
    };
    let lines: Vec<Line> = collection::parse_lines(&text, rules);
    let start = Instant::now();
    let bar = progress_bar(lines.len() as u64);
    let (mut summary, mut questions) = (Summary::default(), 0);
    // The flag every prover polls: the first failed write stops the questions in flight
    // too, game values as well as questions of moves, as the program is about to end.
    let stop = crate::interrupt::interrupted();
    let all = collection::check_each(&lines, settings, &stop, &|| bar.inc(1), &mut |i, a| {
        summary.add(&a);
        let Some(t) = a.text(i + 1) else { return true };
        questions += 1;
        // Above the bar on a terminal, not through it.
        bar.suspend(|| output::line(t))
    });
    bar.finish_and_clear();
    if !all {
        return 0;
    }
    for line in summary.lines() {
        output::line(line);
    }
    let secs = start.elapsed().as_secs_f64();
    output::line(format_args!(
        "{questions} questions in {secs:.3} s on {} thread(s)",
        rayon::current_num_threads()
    ));
    i32::from(summary.malformed > 0)
}

/// A bar on standard error when it is a terminal, after its message (if any); hidden
/// otherwise.
pub(crate) fn progress_bar(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{msg}{bar:40} {pos}/{len} {elapsed} (eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}

/// A line on standard error, when it is a terminal, that a long proof keeps up to date.
fn progress_spinner() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {wide_msg}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// Prints `count` generated puzzles of `rules`, `size` and `moves`, one `NOTATION K` line
/// each (a `# rules 2013` line first for 2013 ones, so that `solve --file` reads them).
pub fn puzzles(
    (rules, size, moves): (Rules, usize, u32),
    count: usize,
    seed: u64,
    positions: u64,
) -> i32 {
    let found = collection::puzzles((rules, size), moves, count, seed, positions);
    if rules != Rules::V2014 && !output::line(format_args!("# rules {rules}")) {
        return 0;
    }
    for b in &found {
        if !output::line(format_args!("{} {moves}", b.to_notation())) {
            break;
        }
    }
    if found.len() < count {
        crate::output::error_line(format_args!(
            "only {} puzzles among {} candidates",
            found.len(),
            collection::MAX_CANDIDATES
        ));
        return 1;
    }
    0
}

/// Builds the collection `plan` asks for and prints it as a collection file; each cell
/// found is said on standard error. A cell short of puzzles (deep wins on big boards are
/// rare and dear) is no failure: the file's head names it, and the exit status is 0.
pub fn collection(plan: &Plan) -> i32 {
    let start = Instant::now();
    let bar = progress_bar(plan.cells().len() as u64);
    let (puzzles, found) = build::build(plan, &|cell, n| {
        bar.inc(1);
        bar.suspend(|| {
            crate::output::error_line(format_args!(
                "{} {}x{} in {}: {n} puzzles ({:.0} s)",
                cell.rules,
                cell.size,
                cell.size,
                cell.moves,
                start.elapsed().as_secs_f64()
            ))
        });
    });
    bar.finish_and_clear();
    let text = crate::solver::puzzles::collection_text(&plan.header(&found), &puzzles);
    output::line(text.trim_end());
    0
}
