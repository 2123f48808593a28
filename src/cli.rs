//! Command-line arguments: the command loop's settings, and the subcommands that do not need
//! the command loop.

use crate::arena::{self, MatchArgs};
use crate::board::{Board, MAX_SIZE, MIN_SIZE};
use crate::perft;
use crate::protocol::{
    self, Dialect, MAX_HASH_MB, MAX_LEVEL, MAX_NODES, MAX_SOLVE, MAX_SOLVE_POSITIONS, MAX_THREADS,
    Options,
};
use crate::search::solve::{DEFAULT_POSITION_LIMIT, SolveProgress, solve_with};
use crate::search::{EngineConfig, Limit, bench};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Jump61, a KJumpingCube variant: play at the terminal (commands on standard input; type
/// `help`), or use the engine's tools.
#[derive(Parser, Debug)]
#[command(version, about, long_about = None)]
pub struct Cli {
    /// Command language: the 2014 assignment's, or the 2019 course's (for its test driver).
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
}

fn seconds(text: &str) -> Result<Duration, String> {
    protocol::parse_seconds(text).map_err(|e| e.to_string())
}

fn seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .or_else(|_| text.parse::<i64>().map(|n| n as u64))
        .map_err(|_| format!("bad seed '{text}': expected a whole number of at most 64 bits"))
}

/// The engine developers' tools.
#[derive(Subcommand, Debug)]
pub enum Tool {
    /// Count move sequences from a position, one line per depth: `DEPTH COUNT SECONDS NPS`.
    Perft {
        /// Board size (2 to 10).
        #[arg(value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
        size: u8,
        /// Deepest depth to count (1 to 12).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// Worker threads (default: all cores).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// Start from this position (rows of `dump` joined by `/`) instead of the initial one.
        #[arg(long)]
        position: Option<String>,
        /// Also print the count below each first move at the deepest depth.
        #[arg(long)]
        divide: bool,
    },
    /// Whether the side to move forces a win within K of its own moves, exactly: prints
    /// `Red wins in k: R C, R C` (every first move winning soonest) or
    /// `no forced win for Red within K`.
    Solve {
        /// The position: rows of `dump` joined by `/`, e.g. `2r1-1-/1-2b1-/1-1-1-`.
        #[arg(long, value_name = "NOTATION")]
        position: String,
        /// Most moves of the side to move (1 to 8).
        #[arg(long, value_name = "K",
              value_parser = clap::value_parser!(u32).range(1..=MAX_SOLVE as i64))]
        depth: u32,
        /// Positions to examine before giving up (the answer then says what is proven).
        #[arg(long, value_name = "N", default_value_t = DEFAULT_POSITION_LIMIT,
              value_parser = clap::value_parser!(u64).range(1..=MAX_SOLVE_POSITIONS))]
        positions: u64,
        /// Print each number of moves proven without a win on standard error.
        #[arg(long)]
        verbose: bool,
    },
    /// Search fixed positions (sizes 4 to 10) to a fixed depth, a fresh table each; prints
    /// each position's nodes and time, then `TOTAL nodes, NPS nps`. On one thread the total
    /// is the search's signature.
    Bench {
        /// Depth of every search (1 to 12).
        #[arg(long, default_value_t = bench::DEFAULT_DEPTH,
              value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// Search threads (default 1, so the node count is the signature).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
    /// Play two engines against each other from seeded random openings, refereed by our own
    /// board; report wins, losses, the Elo difference and optionally an SPRT verdict.
    Match(MatchArgs),
}

impl Cli {
    /// The command loop's starting settings; `interactive` turns on the 2014 prompts.
    pub fn options(&self, interactive: bool) -> Options {
        let defaults = EngineConfig::default();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Options {
            dialect: match self.dialect {
                DialectArg::V2014 => Dialect::V2014,
                DialectArg::V2019 => Dialect::V2019,
            },
            engine: EngineConfig {
                limit: self.limit(),
                ponder: self.ponder,
                hash_mb: self.hash.map_or(defaults.hash_mb, |mb| mb as usize),
                threads: self.threads.map_or(cores, |t| t as usize),
                level: self.level.unwrap_or(defaults.level),
                seed: self.seed.unwrap_or(defaults.seed),
            },
            verbose: self.verbose,
            prompts: interactive,
        }
    }
}

impl Cli {
    /// What limits the AI's moves: `--nodes`, else `--clock`, else `--time`.
    fn limit(&self) -> Limit {
        if let Some(n) = self.nodes {
            return Limit::Nodes(n);
        }
        match self.clock.as_deref() {
            Some([minutes, increment]) => match protocol::parse_clock(minutes, increment) {
                Ok((total, increment)) => Limit::Clock { total, increment },
                // `validate` has turned bad values away before.
                Err(_) => Limit::MoveTime(self.time),
            },
            _ => Limit::MoveTime(self.time),
        }
    }

    /// Checks what clap cannot: the two numbers of `--clock`.
    pub fn validate(&self) -> Result<(), String> {
        match self.clock.as_deref() {
            Some([minutes, increment]) => protocol::parse_clock(minutes, increment)
                .map(|_| ())
                .map_err(|e| format!("--clock: {e}")),
            _ => Ok(()),
        }
    }
}

/// Runs the program; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    if let Err(e) = cli.validate() {
        eprintln!("error: {e}");
        return 2;
    }
    match cli.command {
        None => {
            let options = cli.options(std::io::stdin().is_terminal());
            let (stdout, stderr) = (std::io::stdout(), std::io::stderr());
            protocol::run_loop(
                std::io::stdin().lock(),
                &mut stdout.lock(),
                &mut stderr.lock(),
                options,
            );
            0
        }
        Some(Tool::Solve {
            position,
            depth,
            positions,
            verbose,
        }) => run_solve(&position, depth, positions, verbose),
        Some(Tool::Bench { depth, threads }) => run_bench(depth, threads as usize),
        Some(Tool::Match(args)) => arena::run(&args),
        Some(Tool::Perft {
            size,
            depth,
            threads,
            position,
            divide,
        }) => with_threads(threads, || run_perft(size, depth, position, divide)),
    }
}

/// Runs `job` on a rayon pool of `threads` workers (all cores when `None`).
pub fn with_threads<T: Send>(threads: Option<u16>, job: impl FnOnce() -> T + Send) -> T {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        pool = pool.num_threads(n as usize);
    }
    match pool.build() {
        Ok(pool) => pool.install(job),
        Err(_) => job(),
    }
}

fn run_solve(position: &str, depth: u32, positions: u64, verbose: bool) -> i32 {
    match position.parse::<Board>() {
        Ok(board) => {
            let mut progress = |p: &SolveProgress| {
                if verbose {
                    eprintln!("{p}");
                }
            };
            let answer = if board.winner().is_some() {
                protocol::view::already_over(&board)
            } else {
                let solution = solve_with(&board, depth, positions, &mut progress);
                protocol::view::solution(&board, &solution)
            };
            // A closed stdout is no reason to panic; the answer is simply not seen.
            let _ = writeln!(std::io::stdout(), "{answer}");
            0
        }
        Err(e) => {
            eprintln!("error: bad --position: {e}");
            2
        }
    }
}

fn run_perft(size: u8, depth: u32, position: Option<String>, divide: bool) -> i32 {
    let board = match position {
        None => Board::new(size as usize),
        Some(text) => match text.parse::<Board>() {
            Ok(b) if b.size() == size as usize => b,
            Ok(b) => {
                eprintln!(
                    "error: the position is {0}x{0}, but size {size} was given",
                    b.size()
                );
                return 2;
            }
            Err(e) => {
                eprintln!("error: bad --position: {e}");
                return 2;
            }
        },
    };
    for d in 1..=depth {
        let start = Instant::now();
        let count = perft::perft_parallel(&board, d);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{d} {count} {secs:.3}s {:.0} nps",
            count as f64 / secs.max(1e-9)
        );
    }
    if divide {
        for (sq, count) in perft::divide(&board, depth) {
            let c = board.coord(sq);
            println!("{}:{} {count}", c.row, c.col);
        }
    }
    0
}

fn run_bench(depth: u32, threads: usize) -> i32 {
    let start = Instant::now();
    let lines = bench::run(depth, threads);
    for (i, line) in lines.iter().enumerate() {
        let size = line.position.split('/').count();
        println!(
            "position {:2} ({size}x{size}): {:>10} nodes {:>8.1} ms",
            i + 1,
            line.nodes,
            line.elapsed.as_secs_f64() * 1e3
        );
    }
    let nodes = bench::signature(&lines);
    let secs = start.elapsed().as_secs_f64();
    println!("depth {depth}, {threads} thread(s): {secs:.3} s");
    println!("{nodes} nodes, {:.0} nps", nodes as f64 / secs.max(1e-9));
    0
}
