//! `split`, `jobs next` and `combine`: a proof too big for one machine, cut into jobs that a
//! batch engine runs (each an ordinary `solve --position P --proof F`) in waves, and put
//! back together.

use super::args::{MAX_MEMORY_MB, RulesArg, tool_board, with_threads};
use crate::board::{MAX_SIZE, MIN_SIZE};
use crate::solver::jobs::{JobSettings, MAX_PLIES};
use clap::{Args, Subcommand};
use std::path::PathBuf;

mod run;

/// The `split` subcommand's arguments.
#[derive(Args, Debug)]
pub struct SplitArgs {
    /// The position to split: rows of `dump` joined by `/`.
    #[arg(
        long,
        value_name = "NOTATION",
        conflicts_with = "size",
        allow_hyphen_values = true
    )]
    pub position: Option<String>,
    /// The initial position of an N x N board.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
    pub size: Option<u8>,
    /// Moves below the position where the jobs are (one job per position up to symmetry).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=MAX_PLIES as i64))]
    pub plies: u32,
    /// The folder to write `split.txt` and `jobs.txt` into (and where the jobs write).
    #[arg(long, value_name = "DIR")]
    pub dir: PathBuf,
    /// The rules: 2014, or 2013 (white squares are `--`).
    #[arg(long, value_enum, default_value = "2014")]
    pub rules: RulesArg,
    /// 2013 rules: the number of the next move (odd: Red to move, even: Blue).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<u64>,
    /// Each job's `solve --time`, in seconds (1 to 86,400, as `solve` takes).
    #[arg(long, value_name = "SECONDS", default_value_t = 3600,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub job_time: u64,
    /// Each job's `solve --memory`, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 2048,
          value_parser = clap::value_parser!(u64).range(1..=MAX_MEMORY_MB))]
    pub job_memory: u64,
    /// Each job's `solve --threads`.
    #[arg(long, value_name = "T", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub job_threads: u16,
    /// The command that runs jump61 where the jobs run.
    #[arg(long, value_name = "COMMAND", default_value = "jump61")]
    pub program: String,
}

impl SplitArgs {
    /// Runs `split`; returns the exit code.
    pub fn run(&self) -> i32 {
        let root = match tool_board(
            self.size,
            self.position.as_deref(),
            self.rules.rules(),
            self.move_number,
        ) {
            Ok(board) => board,
            Err(status) => return status,
        };
        let settings = JobSettings {
            program: self.program.clone(),
            time_seconds: self.job_time,
            memory_mb: self.job_memory as usize,
            threads: self.job_threads as usize,
        };
        run::split(&root, self.plies, &self.dir, &settings)
    }
}

/// The `combine` subcommand's arguments.
#[derive(Args, Debug)]
pub struct CombineArgs {
    /// The folder `split` wrote (with the jobs' `proofs` and `answers`).
    #[arg(long, value_name = "DIR")]
    pub dir: PathBuf,
    /// Write the proof of the whole to FILE once the root is decided.
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    /// Job proofs checked at once (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

impl CombineArgs {
    /// Runs `combine`; returns the exit code.
    pub fn run(&self) -> i32 {
        with_threads(self.threads, || {
            run::combine(&self.dir, self.proof.as_deref())
        })
    }
}

/// The `jobs` subcommand's arguments: what to do with a split's jobs.
#[derive(Args, Debug)]
pub struct JobsArgs {
    #[command(subcommand)]
    pub command: JobsCommand,
}

/// What `jobs` does.
#[derive(Subcommand, Debug)]
pub enum JobsCommand {
    /// Print the commands of the jobs worth running next (a wave), one a line as
    /// `jobs.txt` has them; nothing once the root's value is known.
    Next {
        /// The folder `split` wrote (with the jobs' outputs so far).
        #[arg(long, value_name = "DIR")]
        dir: PathBuf,
        /// Every job still worth running, in one wave, instead of the AI's guesses (for a
        /// cluster with a core for each job: no wave is lost to a wrong guess).
        #[arg(long)]
        all: bool,
    },
}

impl JobsArgs {
    /// Runs `jobs`; returns the exit code.
    pub fn run(&self) -> i32 {
        match &self.command {
            JobsCommand::Next { dir, all } => run::next(dir, *all),
        }
    }
}
