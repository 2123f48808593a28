//! `solve`, `verify-proof` and `puzzles`: the exact solvers' questions, their proofs, and the
//! puzzles made from them.

use super::args::{MAX_MEMORY_MB, RulesArg, seconds, seed, tool_board, with_threads};
use crate::board::{Board, MAX_SIZE, MIN_SIZE};
use crate::protocol::{MAX_SOLVE, MAX_SOLVE_POSITIONS};
use crate::search::solve::{DEFAULT_POSITION_LIMIT, SolveProgress, solve_until};
use crate::solver::{self, collection::Settings, dfpn::Limits, puzzles::build::Plan};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub(crate) mod run;

/// `solve`'s time limit for a game's value when `--time` is not given.
const GAME_VALUE_TIME: Duration = Duration::from_secs(600);

/// `solve`'s time limit for each `--depth` or `--file` question when `--time` is not given.
const QUESTION_TIME: Duration = Duration::from_secs(10);

/// The `solve` subcommand's arguments.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The position: rows of `dump` joined by `/`, e.g. `2r1-1-/1-2b1-/1-1-1-`.
    #[arg(long, value_name = "NOTATION", conflicts_with_all = ["size", "file"],
          allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The initial position of an N x N board.
    #[arg(long, value_name = "N", conflicts_with = "file",
          value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
    pub size: Option<u8>,
    /// Most moves of the side to move (1 to 8); without it, the game's value.
    #[arg(long, value_name = "K", conflicts_with = "file",
          value_parser = clap::value_parser!(u32).range(1..=MAX_SOLVE as i64))]
    pub depth: Option<u32>,
    /// Solve every line of FILE (`NOTATION [DEPTH] [# COMMENT]`), in parallel, answers in
    /// order; lines are read under `--rules` until a `# rules 2013` or `# rules 2014` line.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Time before it gives up (the answer then says what is proven): default 600 s for a
    /// game's value, 10 s for each `--depth` or `--file` question.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time: Option<Duration>,
    /// Positions to examine before giving up, for answers the same on every run.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_SOLVE_POSITIONS))]
    pub positions: Option<u64>,
    /// Memory the game-value table may take, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 4096,
          value_parser = clap::value_parser!(u64).range(1..=MAX_MEMORY_MB))]
    pub memory: u64,
    /// Write the proof of the game's value to FILE (check it with `verify-proof`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth", "file"])]
    pub proof: Option<PathBuf>,
    /// Worker threads: for `--file`, questions answered at once; for a game value, df-pn
    /// threads sharing one table (default: all cores, or 1 with `--positions`, whose counts
    /// are then the same on every run).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Keep the game value's proven positions in FILE: saved every 5 minutes and on
    /// Ctrl-C or SIGTERM, and loaded by the same command run again, which goes on from them.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth", "file"])]
    pub checkpoint: Option<PathBuf>,
    /// Also write what is printed to FILE, whole, once the search ends by itself (not when
    /// interrupted: the checkpoint keeps that); when FILE already holds a whole answer (and
    /// --proof's file its proof), exit at once. A split's jobs use it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth", "file"])]
    pub answer: Option<PathBuf>,
    /// With a win, name only the winning first move the proof plays, instead of proving
    /// every first move won or lost: the value and its proof, for less search (a split's
    /// jobs use it).
    #[arg(long, conflicts_with_all = ["depth", "file"])]
    pub one_win: bool,
    /// Print each number of moves proven without a win on standard error.
    #[arg(long)]
    pub verbose: bool,
    /// The rules: 2014, or 2013 (white squares are `--`).
    #[arg(long, value_enum, default_value = "2014")]
    pub rules: RulesArg,
    /// 2013 rules: the number of the next move (odd: Red to move, even: Blue).
    #[arg(long = "move", value_name = "N", conflicts_with = "file")]
    pub move_number: Option<u64>,
}

impl SolveArgs {
    fn settings(&self) -> Settings {
        // A game's value is asked for once and may need minutes (the 4x4 start takes 30 to 50
        // s on two cores); a question of a collection or of a few moves is one of many.
        let game_value = self.depth.is_none() && self.file.is_none();
        let default = if game_value {
            GAME_VALUE_TIME
        } else {
            QUESTION_TIME
        };
        Settings {
            time: self.time.unwrap_or(default),
            positions: self.positions.unwrap_or(u64::MAX),
            memory: (self.memory as usize) << 20,
        }
    }

    /// Runs `solve`; returns the exit code.
    pub fn run(&self) -> i32 {
        let settings = self.settings();
        if let Some(path) = &self.file {
            let rules = self.rules.rules();
            return with_threads(self.threads, || run::file(path, rules, &settings));
        }
        if self.position.is_none() && self.size.is_none() {
            crate::output::error_line(format_args!(
                "error: solve needs --position, --size or --file"
            ));
            return 2;
        }
        let board = match tool_board(
            self.size,
            self.position.as_deref(),
            self.rules.rules(),
            self.move_number,
        ) {
            Ok(board) => board,
            Err(status) => return status,
        };
        match self.depth {
            None => self.game_value(&board, &settings),
            Some(depth) => self.within_depth(&board, depth, &settings),
        }
    }

    /// `solve` without `--depth`: the game's value by the df-pn prover, with its proof and
    /// checkpoint files if asked for; returns the exit code.
    fn game_value(&self, board: &Board, settings: &Settings) -> i32 {
        // A proof is of a game's position: the checker refuses one no game reaches.
        if let (Some(_), Err(e)) = (&self.proof, solver::proof::arise::could_arise(board)) {
            crate::output::error_line(format_args!("error: {e}"));
            return 2;
        }
        let limits = Limits {
            deadline: Some(Instant::now() + settings.time),
            positions: settings.positions,
            memory: settings.memory,
        };
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let default = if self.positions.is_some() { 1 } else { cores };
        let threads = self.threads.map_or(default, |t| t as usize);
        let files = run::Files {
            proof: self.proof.as_deref(),
            checkpoint: self.checkpoint.as_deref(),
            answer: self.answer.as_deref(),
        };
        let first_moves = match self.one_win {
            true => solver::FirstMoves::One,
            false => solver::FirstMoves::Every,
        };
        run::value(board, limits, (threads, first_moves), files)
    }

    /// `solve --depth K`: whether the side to move wins within `depth` of its moves, printed
    /// on standard output; returns the exit code, 0.
    fn within_depth(&self, board: &Board, depth: u32, settings: &Settings) -> i32 {
        let mut progress = |p: &SolveProgress| {
            if self.verbose {
                crate::output::error_line(format_args!("{p}"));
            }
        };
        let answer = if board.winner().is_some() {
            crate::search::solve::already_over(board)
        } else {
            let deadline = Some(Instant::now() + settings.time);
            let solution = solve_until(board, depth, settings.positions, deadline, &mut progress);
            crate::search::solve::answer(board, &solution)
        };
        // A closed stdout is no reason to panic; the answer is simply not seen.
        let _ = writeln!(std::io::stdout(), "{answer}");
        0
    }
}

/// The least memory `verify-proof --memory` takes, in MiB.
const MIN_CHECK_MEMORY_MB: u64 = 64;

/// The `verify-proof` subcommand's arguments.
#[derive(Args, Debug)]
pub struct VerifyProofArgs {
    /// The proof file.
    pub file: PathBuf,
    /// Check within MB MiB of memory, keeping on disk what does not fit (a proof of any
    /// size); without it the whole proof is held in memory (faster when it fits).
    #[arg(long, value_name = "MB",
          value_parser = clap::value_parser!(u64).range(MIN_CHECK_MEMORY_MB..=MAX_MEMORY_MB))]
    pub memory: Option<u64>,
    /// With --memory, the directory in which the check keeps its files (default: the
    /// proof's); they are removed when it ends.
    #[arg(long, value_name = "DIR", requires = "memory")]
    pub temp_dir: Option<PathBuf>,
}

impl VerifyProofArgs {
    /// Runs `verify-proof`; returns the exit code.
    pub fn run(&self) -> i32 {
        let within = self.memory.map(|mb| run::Within {
            memory: (mb as usize) << 20,
            temp_dir: self.temp_dir.clone(),
        });
        run::verify(&self.file, within)
    }
}

/// The `puzzles` subcommand's arguments.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// Board size (2 to 10); with `--collection`, only this size.
    #[arg(long, value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
    pub size: Option<u8>,
    /// Own moves to the win (1 to 8); with `--collection`, only this many.
    #[arg(long, value_name = "K",
          value_parser = clap::value_parser!(u32).range(1..=MAX_SOLVE as i64))]
    pub moves: Option<u32>,
    /// Puzzles wanted (default 10); with `--collection`, in each rule set, size and number
    /// of moves (default 6).
    #[arg(long)]
    pub count: Option<usize>,
    /// Seed of the random play.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    pub seed: u64,
    /// Positions each candidate may cost before it is skipped (the result is the same
    /// on every machine and thread count; default 5,000,000, with `--collection`
    /// 1,000,000).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=MAX_SOLVE_POSITIONS))]
    pub positions: Option<u64>,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// The rules of the positions; with `--collection`, only these (default: both).
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// Build a whole collection, as the one the program ships: sizes 3 to 8, wins in 1 to
    /// 5, both rule sets, at most two winning first moves, every answer recorded, the
    /// easiest first (`--size`, `--moves`, `--rules` and `--count` narrow it).
    #[arg(long)]
    pub collection: bool,
}

impl PuzzlesArgs {
    /// Runs `puzzles`; returns the exit code.
    pub fn run(&self) -> i32 {
        if self.collection {
            let plan = self.plan();
            return with_threads(self.threads, || run::collection(&plan));
        }
        let (Some(size), Some(moves)) = (self.size, self.moves) else {
            crate::output::error_line(format_args!(
                "error: puzzles needs --size and --moves, or --collection"
            ));
            return 2;
        };
        let rules = self.rules.unwrap_or_default().rules();
        with_threads(self.threads, || {
            run::puzzles(
                (rules, size as usize, moves),
                self.count.unwrap_or(10),
                self.seed,
                self.positions.unwrap_or(DEFAULT_POSITION_LIMIT),
            )
        })
    }

    /// The collection's plan: the shipped one, narrowed as the options say.
    fn plan(&self) -> Plan {
        let mut plan = Plan::shipped(self.seed);
        if let Some(size) = self.size {
            plan.sizes = vec![size as usize];
        }
        if let Some(moves) = self.moves {
            plan.moves = vec![moves];
        }
        if let Some(rules) = self.rules {
            plan.rules = vec![rules.rules()];
        }
        plan.per_cell = self.count.unwrap_or(plan.per_cell);
        plan.positions = self.positions.unwrap_or(plan.positions);
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        solve: SolveArgs,
    }

    fn time_of(args: &[&str]) -> Duration {
        let line = Line::try_parse_from([&["solve"], args].concat()).unwrap();
        line.solve.settings().time
    }

    /// `jump61 solve --size 4` is the command a person types for the 4x4 start, which needs
    /// 30 to 50 s: a game's value gets minutes, a question of a collection seconds.
    #[test]
    fn a_game_value_gets_minutes_and_a_question_seconds_unless_told() {
        assert_eq!(time_of(&["--size", "4"]), Duration::from_secs(600));
        assert_eq!(
            time_of(&["--position", "1-1-/1-1-"]),
            Duration::from_secs(600)
        );
        assert_eq!(
            time_of(&["--size", "4", "--depth", "2"]),
            Duration::from_secs(10)
        );
        assert_eq!(time_of(&["--file", "f.txt"]), Duration::from_secs(10));
        assert_eq!(
            time_of(&["--size", "4", "--time", "5"]),
            Duration::from_secs(5)
        );
    }
}
