//! Command-line arguments: the command loop's settings, and the subcommands that do not need
//! the command loop.

use crate::arena::{self, MatchArgs};
use crate::board::{Board, Colour, MAX_SIZE, MIN_SIZE, Rules};
use crate::perft;
use crate::protocol::{
    self, Dialect, MAX_HASH_MB, MAX_LEVEL, MAX_NODES, MAX_SOLVE, MAX_SOLVE_POSITIONS, MAX_THREADS,
    Options,
};
use crate::search::solve::{DEFAULT_POSITION_LIMIT, SolveProgress, solve_until};
use crate::search::{EngineConfig, Limit, bench};
use crate::solver::{self, collection::Settings, dfpn::Limits};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

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
    #[arg(long, value_name = "NOTATION", requires = "display")]
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

/// The `--rules` values of the tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// Squares start white with one spot; the spot count gives the side to move.
    #[default]
    #[value(name = "2014")]
    V2014,
    /// Squares start white and empty (`--`); `--move N` may set the side to move.
    #[value(name = "2013")]
    V2013,
}

impl RulesArg {
    /// The board's rules.
    pub fn rules(self) -> Rules {
        match self {
            RulesArg::V2014 => Rules::V2014,
            RulesArg::V2013 => Rules::V2013,
        }
    }
}

/// The starting position of a tool: the initial board of `size` or `position` read under
/// `rules`, with the side to move set from `move_number` (2013 rules only).
pub fn tool_position(
    size: Option<u8>,
    position: Option<&str>,
    rules: Rules,
    move_number: Option<u64>,
) -> Result<Board, String> {
    let mut board = match (position, size) {
        (None, Some(size)) => Board::with_rules(size as usize, rules),
        (None, None) => return Err("no position given".to_string()),
        (Some(text), size) => {
            let board =
                Board::parse_with_rules(text, rules).map_err(|e| format!("bad --position: {e}"))?;
            if let Some(size) = size.filter(|&s| s as usize != board.size()) {
                return Err(format!(
                    "the position is {0}x{0}, but size {size} was given",
                    board.size()
                ));
            }
            board
        }
    };
    match move_number {
        None => {}
        Some(_) if rules == Rules::V2014 => {
            return Err(
                "--move is for --rules 2013: under the 2014 rules the spots give the side to move"
                    .to_string(),
            );
        }
        Some(0) => return Err("--move 0: moves are numbered from 1".to_string()),
        Some(n) => board.set_to_move(if n % 2 == 1 {
            Colour::Red
        } else {
            Colour::Blue
        }),
    }
    Ok(board)
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
        /// The rules: 2014, or 2013 (squares start empty, white squares are `--`).
        #[arg(long, value_enum, default_value = "2014")]
        rules: RulesArg,
        /// 2013 rules: the number of the next move (odd: Red to move, even: Blue).
        #[arg(long = "move", value_name = "N")]
        move_number: Option<u64>,
    },
    /// Who wins: without `--depth`, the game's value with perfect play (`Red wins: R C, ..`
    /// with every winning first move, or `Blue wins`), then the proof's size, the time and
    /// the memory. With `--depth K`, whether the side to move forces a win within K of its
    /// own moves: `Red wins in k: R C, R C` (every first move winning soonest) or
    /// `no forced win for Red within K`. With `--file`, every line of a file.
    Solve(SolveArgs),
    /// Check a proof written by `solve --proof FILE` with the rules alone, no search.
    VerifyProof {
        /// The proof file.
        file: PathBuf,
    },
    /// Generate puzzles from seeded random play: positions where the side to move wins in
    /// exactly K moves with a single winning first move, one `NOTATION K` line each (the
    /// format `solve --file` reads).
    Puzzles {
        /// Board size (2 to 10).
        #[arg(long, value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
        size: u8,
        /// Own moves to the win (1 to 8).
        #[arg(long, value_name = "K",
              value_parser = clap::value_parser!(u32).range(1..=MAX_SOLVE as i64))]
        moves: u32,
        /// Puzzles wanted.
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// Seed of the random play.
        #[arg(long, default_value_t = 1, value_parser = seed)]
        seed: u64,
        /// Positions each candidate may cost before it is skipped (the result is the same
        /// on every machine and thread count).
        #[arg(long, value_name = "N", default_value_t = DEFAULT_POSITION_LIMIT,
              value_parser = clap::value_parser!(u64).range(1..=MAX_SOLVE_POSITIONS))]
        positions: u64,
        /// Worker threads (default: all cores).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
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
        /// The rules: 2014, or 2013 (positions of the same sizes from the empty start).
        #[arg(long, value_enum, default_value = "2014")]
        rules: RulesArg,
    },
    /// Play two engines against each other from seeded random openings, refereed by our own
    /// board; report wins, losses, the Elo difference and optionally an SPRT verdict.
    Match(MatchArgs),
    /// Jump Snatch, the specification's second game: its command loop, or `solve`.
    Snatch(crate::snatch::SnatchArgs),
    /// A web server with a page to play Jump61 and Jump Snatch in a browser.
    Serve(ServeArgs),
}

/// The `serve` subcommand's arguments.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = crate::web::DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on: 127.0.0.1 (this machine only) by default; 0.0.0.0 lets
    /// other machines in.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the default browser (with xdg-open or open).
    #[arg(long)]
    pub open: bool,
    /// Searches at once across all games (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub search_threads: Option<u16>,
}

/// The `solve` subcommand's arguments.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The position: rows of `dump` joined by `/`, e.g. `2r1-1-/1-2b1-/1-1-1-`.
    #[arg(long, value_name = "NOTATION", conflicts_with_all = ["size", "file"])]
    pub position: Option<String>,
    /// The initial position of an N x N board.
    #[arg(long, value_name = "N", conflicts_with = "file",
          value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
    pub size: Option<u8>,
    /// Most moves of the side to move (1 to 8); without it, the game's value.
    #[arg(long, value_name = "K", conflicts_with = "file",
          value_parser = clap::value_parser!(u32).range(1..=MAX_SOLVE as i64))]
    pub depth: Option<u32>,
    /// Solve every line of FILE (`NOTATION [DEPTH]`), in parallel, answers in order.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Time for each question before it gives up (the answer then says what is proven).
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    pub time: Duration,
    /// Positions to examine before giving up, for answers the same on every run.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_SOLVE_POSITIONS))]
    pub positions: Option<u64>,
    /// Memory the game-value table may take, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 4096)]
    pub memory: usize,
    /// Write the proof of the game's value to FILE (check it with `verify-proof`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth", "file"])]
    pub proof: Option<PathBuf>,
    /// Worker threads: for `--file`, questions answered at once (default: all cores); for a
    /// game value, provers that share out the root's moves, each with its own table
    /// (default 1: one prover, whose table serves every move).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Print each number of moves proven without a win on standard error.
    #[arg(long)]
    pub verbose: bool,
    /// The rules: 2014, or 2013 (white squares are `--`).
    #[arg(long, value_enum, default_value = "2014")]
    pub rules: RulesArg,
    /// 2013 rules: the number of the next move (odd: Red to move, even: Blue).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<u64>,
}

impl SolveArgs {
    fn settings(&self) -> Settings {
        Settings {
            time: self.time,
            positions: self.positions.unwrap_or(u64::MAX),
            memory: self.memory << 20,
        }
    }
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
                DialectArg::V2013 => Dialect::V2013,
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
        None if cli.display => crate::display::run(
            cli.options(false),
            cli.position.as_deref(),
            cli.save.as_deref(),
        ),
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
        Some(Tool::Solve(args)) => run_solve(&args),
        Some(Tool::VerifyProof { file }) => solver::run::verify(&file),
        Some(Tool::Puzzles {
            size,
            moves,
            count,
            seed,
            positions,
            threads,
        }) => with_threads(threads, || {
            solver::run::puzzles(size as usize, moves, count, seed, positions)
        }),
        Some(Tool::Bench {
            depth,
            threads,
            rules,
        }) => run_bench(depth, threads as usize, rules.rules()),
        Some(Tool::Match(args)) => arena::run(&args),
        Some(Tool::Snatch(args)) => crate::snatch::run(args),
        Some(Tool::Serve(args)) => {
            let mut limits = crate::web::Limits::default();
            if let Some(threads) = args.search_threads {
                limits.search_threads = threads as usize;
            }
            crate::web::run(crate::web::ServeOptions {
                host: args.host,
                port: args.port,
                open: args.open,
                limits,
            })
        }
        Some(Tool::Perft {
            size,
            depth,
            threads,
            position,
            divide,
            rules,
            move_number,
        }) => match tool_position(Some(size), position.as_deref(), rules.rules(), move_number) {
            Ok(board) => with_threads(threads, || run_perft(&board, depth, divide)),
            Err(e) => {
                eprintln!("error: {e}");
                2
            }
        },
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

fn run_solve(args: &SolveArgs) -> i32 {
    let settings = args.settings();
    if let Some(path) = &args.file {
        return with_threads(args.threads, || solver::run::file(path, &settings));
    }
    if args.position.is_none() && args.size.is_none() {
        eprintln!("error: solve needs --position, --size or --file");
        return 2;
    }
    let board = match tool_position(
        args.size,
        args.position.as_deref(),
        args.rules.rules(),
        args.move_number,
    ) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let Some(depth) = args.depth else {
        let limits = Limits {
            deadline: Some(Instant::now() + settings.time),
            positions: settings.positions,
            memory: settings.memory,
        };
        let threads = args.threads.map_or(1, |t| t as usize);
        return solver::run::value(&board, limits, threads, args.proof.as_deref());
    };
    let mut progress = |p: &SolveProgress| {
        if args.verbose {
            eprintln!("{p}");
        }
    };
    let answer = if board.winner().is_some() {
        protocol::view::already_over(&board)
    } else {
        let deadline = Some(Instant::now() + settings.time);
        let solution = solve_until(&board, depth, settings.positions, deadline, &mut progress);
        protocol::view::solution(&board, &solution)
    };
    // A closed stdout is no reason to panic; the answer is simply not seen.
    let _ = writeln!(std::io::stdout(), "{answer}");
    0
}

fn run_perft(board: &Board, depth: u32, divide: bool) -> i32 {
    let board = *board;
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

fn run_bench(depth: u32, threads: usize, rules: Rules) -> i32 {
    let start = Instant::now();
    let lines = bench::run_with_rules(depth, threads, rules);
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
