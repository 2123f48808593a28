//! Memory over time with garbage collection on a long proof: `cargo run
//! --release --features examples --example gc_memory -- POSITION MB... [--csv FILE]` proves POSITION on one
//! thread once for each table limit of MB megabytes, recording every 2^19
//! positions the seconds, positions, table bytes and entries, entries in use and proven,
//! and garbage collections, into `docs/data/gc_memory.csv` (or FILE). Each limit's summary gives the
//! answer (with every winning first move), the search's cost, its collections and the
//! proof: written by the library's proof writer (re-proving the steps the table forgot)
//! and checked by its checker, so a proof found in a small table is shown whole.
//!
//! The table is taken at its full size from the start (as with two threads or a
//! checkpoint), so that it can be read while the proof runs: a table that grows is
//! replaced, and only while nothing else holds it. Entries are estimated from a sample of
//! 4096 buckets ([`Table::fill`]).

use jump61::board::{Board, Colour};
use jump61::solver::dfpn::{Limits, Prover};
use jump61::solver::table::Table;
use jump61::solver::{self, Report, proof};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime};

/// One look at the prover while it runs.
#[derive(Clone, Copy)]
struct Sample {
    seconds: f64,
    positions: u64,
    table_bytes: usize,
    table_entries: usize,
    entries_used: usize,
    entries_proven: usize,
    collections: u64,
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let csv = match args.iter().position(|a| a == "--csv") {
        Some(at) if at + 1 < args.len() => PathBuf::from(args.drain(at..at + 2).nth(1).unwrap()),
        Some(_) => fail("--csv needs a file"),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/data/gc_memory.csv"),
    };
    let Some(board) = args.first().map(|p| p.parse::<Board>()) else {
        fail("usage: gc_memory POSITION MB... [--csv FILE]");
    };
    let board = board.unwrap_or_else(|e| fail(&format!("bad position: {e}")));
    let limits: Vec<usize> = args[1..]
        .iter()
        .map(|a| a.parse().unwrap_or_else(|_| fail(&format!("bad MB: {a}"))))
        .collect();
    if limits.is_empty() || board.winner().is_some() {
        fail("give a position not over and at least one limit in MB");
    }
    let command = format!(
        "cargo run --release --features examples --example gc_memory -- {}",
        args.join(" ")
    );
    let mut text = String::from(
        "memory_mb,seconds,positions,table_bytes,table_entries,entries_used,entries_proven,\
         collections,measured,command\n",
    );
    for mb in limits {
        let samples = prove(&board, mb);
        let measured = format!("{} one thread; machine shared", utc_now());
        for s in samples {
            let _ = writeln!(
                text,
                "{mb},{:.2},{},{},{},{},{},{},{measured},{command}",
                s.seconds,
                s.positions,
                s.table_bytes,
                s.table_entries,
                s.entries_used,
                s.entries_proven,
                s.collections
            );
        }
    }
    if let Err(e) = std::fs::write(&csv, text) {
        fail(&format!("{}: {e}", csv.display()));
    }
    println!("wrote {}", csv.display());
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2);
}

/// What the table and the prover's counts say now.
fn sample(start: Instant, positions: u64, table: &Table, collections: u64) -> Sample {
    let (used, proven) = table.fill();
    let slots = table.capacity() as f64;
    Sample {
        seconds: start.elapsed().as_secs_f64(),
        positions,
        table_bytes: table.memory(),
        table_entries: table.capacity(),
        entries_used: (used * slots).round() as usize,
        entries_proven: (proven * slots).round() as usize,
        collections,
    }
}

/// Proves `board` with a table of `mb` megabytes, prints the summary; returns the samples.
fn prove(board: &Board, mb: usize) -> Vec<Sample> {
    let limits = Limits {
        memory: mb << 20,
        ..Limits::default()
    };
    let mut prover = Prover::new(board.size(), limits).unwrap_or_else(|| fail("no prover"));
    prover.reserve(mb << 20);
    let (table, shared) = (Arc::clone(&prover.table), Arc::clone(&prover.shared));
    let start = Instant::now();
    let samples = Arc::new(Mutex::new(vec![sample(start, 0, &table, 0)]));
    let record = Arc::clone(&samples);
    prover.on_progress = Some(Box::new(move |p: &Prover| {
        let positions = p.searched();
        let s = sample(start, positions, &table, shared.collections.load(Relaxed));
        record.lock().expect("one thread").push(s);
    }));
    let report = Report {
        value: solver::decide(&mut prover, board, 1),
        ..Report::empty(board)
    };
    let seconds = start.elapsed().as_secs_f64();
    prover.on_progress = None;
    let collections = prover.shared.collections.load(Relaxed);
    let last = sample(start, prover.positions, &prover.table, collections);
    let mut samples = std::mem::take(&mut *samples.lock().expect("one thread"));
    samples.push(last);
    let peak = samples.iter().map(|s| s.table_bytes).max().unwrap_or(0);
    let peak_used = samples.iter().map(|s| s.entries_used).max().unwrap_or(0);
    let peak_proven = samples.iter().map(|s| s.entries_proven).max().unwrap_or(0);
    println!(
        "{mb} MB: {}; {} positions in {seconds:.1} s; {collections} collections; table \
         {peak} bytes ({} entries), at most {peak_used} in use, {peak_proven} proven",
        report.answer(),
        prover.positions,
        prover.table.capacity()
    );
    if let Some(winner) = report.winner() {
        write_and_check(&mut prover, board, winner);
    }
    samples
}

/// Measures, writes and checks the proof the table holds (steps it forgot proven again).
fn write_and_check(prover: &mut Prover, board: &Board, winner: Colour) {
    let (before, start) = (prover.positions, Instant::now());
    let size = proof::proof_size(prover, board, winner);
    let sizing = start.elapsed().as_secs_f64();
    let mut text = Vec::new();
    let start = Instant::now();
    let written = proof::write_proof(prover, board, winner, &mut text);
    let writing = start.elapsed().as_secs_f64();
    let again = prover.positions - before;
    let Ok(lines) = written else {
        println!("  proof not written: {written:?}");
        return;
    };
    let (start, text_len) = (Instant::now(), text.len());
    let checked = String::from_utf8(text)
        .map_err(|e| e.to_string())
        .and_then(|t| proof::verify(&t).map_err(|e| e.to_string()));
    let checking = start.elapsed().as_secs_f64();
    match checked {
        Ok(v) => println!(
            "  proof {} positions, sized in {sizing:.1} s; {lines} of {winner}'s ({} bytes) \
             written in {writing:.1} s ({again} positions proven again in both); checked: \
             {} wins, {} positions, in {checking:.1} s",
            size.map_or("?".to_string(), |n| n.to_string()),
            text_len,
            v.winner,
            v.positions
        ),
        Err(e) => println!("  proof REJECTED: {e}"),
    }
}

/// The date and time now, `YYYY-MM-DD HH:MM UTC`.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs()) as i64;
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (year, month, day) = jump61::calendar::civil_from_days(days);
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3600,
        rest / 60 % 60
    )
}
