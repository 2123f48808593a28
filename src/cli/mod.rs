//! Command-line arguments: the command loop's settings, and the subcommands that do not need
//! the command loop. Each subcommand lives in a file of its own that holds its arguments and
//! its `run`; adding one is that file, a `mod` line, a variant of `Tool` and its arm in `run`.

mod args;
mod bench;
mod games;
mod jobs;
mod perft;
mod play;
mod readline;
mod review;
mod serve;
mod shell;
mod snatch;
mod solve;

pub use args::{RulesArg, tool_position, with_threads};
pub use bench::BenchArgs;
pub use jobs::{CombineArgs, JobsArgs, SplitArgs};
pub use perft::PerftArgs;
pub use shell::{CompletionsArgs, ManArgs};
pub use solve::{PuzzlesArgs, SolveArgs, VerifyProofArgs};

use crate::arena::{self, MatchArgs};
use crate::protocol::{MAX_HASH_MB, MAX_LEVEL, MAX_NODES, MAX_THREADS};
use args::{seconds, seed};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

/// Jump61, a KJumpingCube variant: play at the terminal (commands on standard input; type
/// `help`), or use the engine's tools.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
pub struct Cli {
    /// Command language: the 2014 assignment's, the 2019 course's (for its test driver), or
    /// the 2013 text's (its own rules: squares start empty, `move N` sets whose turn it is).
    #[arg(long, value_enum, default_value = "2014")]
    pub dialect: DialectArg,
    /// The AI's time per move in seconds (fractions allowed).
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = seconds)]
    pub time: Duration,
    /// Limit the AI's moves by nodes instead of time (with --threads 1 and a seed, the same
    /// input gives the same output).
    #[arg(long, value_name = "N", conflicts_with = "clock",
          value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
    pub nodes: Option<u64>,
    /// A game clock instead of a time per move: MINUTES for each side, INCREMENT seconds
    /// added after each move.
    #[arg(long, num_args = 2, value_names = ["MINUTES", "INCREMENT"])]
    pub clock: Option<Vec<String>>,
    /// Think on the opponent's time while a person is to move (as `ponder on`).
    #[arg(long)]
    pub ponder: bool,
    /// The AI's hash table size in MiB.
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=MAX_HASH_MB))]
    pub hash: Option<u64>,
    /// The AI's search threads (default: all cores; 1 makes games reproducible).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS))]
    pub threads: Option<u64>,
    /// The AI's strength, 1 (greedy) to 5 (full search).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u8).range(1..=MAX_LEVEL as i64))]
    pub level: Option<u8>,
    /// Seed for the AI's random choices.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = seed)]
    pub seed: Option<u64>,
    /// Print search progress on standard error (as the `verbose` command does).
    #[arg(long)]
    pub verbose: bool,
    /// Play on a full-screen board with the keys and the mouse (needs a terminal; `?` there
    /// lists the keys).
    #[arg(long)]
    pub display: bool,
    /// With --display: start from this position (rows of `dump` joined by `/`).
    #[arg(
        long,
        value_name = "NOTATION",
        requires = "display",
        allow_hyphen_values = true
    )]
    pub position: Option<String>,
    /// With --display: on quitting, write the game to FILE as commands the loop replays.
    #[arg(long, value_name = "FILE", requires = "display")]
    pub save: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Tool>,
}

/// The `--dialect` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DialectArg {
    /// The 2014 assignment: `start`, `Red moves 1 2.`, `====` dump markers.
    #[value(name = "2014")]
    V2014,
    /// The 2019 course: no `start`, `* 1 2.`, `===` markers, prompts, abbreviations.
    #[value(name = "2019")]
    V2019,
    /// The 2013 text: squares start empty, `move N`, `--` for a white square in `dump`.
    #[value(name = "2013")]
    V2013,
}

/// The engine developers' tools.
#[derive(Subcommand, Debug)]
pub enum Tool {
    /// Count move sequences from a position, one line per depth: `DEPTH COUNT SECONDS NPS`.
    Perft(perft::PerftArgs),
    /// Who wins: without `--depth`, the game's value with perfect play (`Red wins: R C, ..`
    /// with every winning first move, or `Blue wins`), then the proof's size, the time and
    /// the memory. With `--depth K`, whether the side to move forces a win within K of its
    /// own moves: `Red wins in k: R C, R C` (every first move winning soonest) or
    /// `no forced win for Red within K`. With `--file`, every line of a file.
    Solve(solve::SolveArgs),
    /// Check a proof written by `solve --proof FILE` with the rules alone, no search.
    VerifyProof(solve::VerifyProofArgs),
    /// Cut a game value's proof into jobs: every position (up to symmetry) K moves below the
    /// root, each an ordinary `jump61 solve --position P` with its checkpoint, proof and
    /// answer files. Writes DIR/split.txt
    /// (the tree above the jobs) and DIR/jobs.txt (one shell command a job, for GNU
    /// parallel, a Slurm array or a Kubernetes indexed job) and prints the commands.
    Split(jobs::SplitArgs),
    /// Decide a split's root from its jobs' proofs: prints the value and the jobs still
    /// needed (exit 1 while undecided), and writes one proof of the whole with --proof.
    Combine(jobs::CombineArgs),
    /// A split's jobs: `jobs next --dir DIR` prints the commands of the jobs worth running
    /// next (a wave), nothing once the root is decided.
    Jobs(jobs::JobsArgs),
    /// Generate puzzles from seeded random play: positions where the side to move wins in
    /// exactly K moves with a single winning first move, one `NOTATION K` line each (the
    /// format `solve --file` reads).
    Puzzles(solve::PuzzlesArgs),
    /// Search fixed positions (sizes 4 to 10) to a fixed depth, a fresh table each; prints
    /// each position's nodes and time, then `TOTAL nodes, NPS nps`. On one thread the total
    /// is the search's signature.
    Bench(bench::BenchArgs),
    /// Play two engines against each other from seeded random openings, refereed by our own
    /// board; report wins, losses, the Elo difference and optionally an SPRT verdict.
    Match(MatchArgs),
    /// Jump Snatch, the specification's second game: its command loop, or `solve`.
    Snatch(crate::snatch::SnatchArgs),
    /// A web server with a page that plays Jump61 and Jump Snatch in a browser (on
    /// 127.0.0.1 unless --host says otherwise).
    Serve(serve::ServeArgs),
    /// List the finished games `serve` kept: date, size, rules, players, result, length.
    Games(games::GamesArgs),
    /// Look back at a saved game (the loop's `save` format): each move with its mark (kept
    /// the win, threw the win away, lost already; or good, inaccuracy, mistake, blunder by
    /// the drop in its mover's chance of winning).
    Review(review::ReviewArgs),
    /// Print a completion script for a shell: `source <(jump61 completions bash)`, or save
    /// it where the shell looks (bash, zsh, fish, powershell, elvish).
    Completions(shell::CompletionsArgs),
    /// Print the manual page (roff): `jump61 man > jump61.1 && man -l jump61.1`.
    Man(shell::ManArgs),
}

/// Runs the program; returns the process exit code.
pub fn run(mut cli: Cli) -> i32 {
    if let Err(e) = cli.validate() {
        crate::output::error_line(format_args!("error: {e}"));
        return 2;
    }
    let Some(tool) = cli.command.take() else {
        return play::run(&cli);
    };
    match tool {
        Tool::Perft(args) => args.run(),
        Tool::Solve(args) => args.run(),
        Tool::VerifyProof(args) => args.run(),
        Tool::Puzzles(args) => args.run(),
        Tool::Split(args) => args.run(),
        Tool::Combine(args) => args.run(),
        Tool::Jobs(args) => args.run(),
        Tool::Bench(args) => args.run(),
        Tool::Match(args) => arena::run(&args),
        Tool::Snatch(args) => snatch::run(args),
        Tool::Serve(args) => args.run(),
        Tool::Games(args) => args.run(),
        Tool::Review(args) => args.run(),
        Tool::Completions(args) => args.run(),
        Tool::Man(args) => args.run(),
    }
}
