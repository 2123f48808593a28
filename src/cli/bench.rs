//! `bench`: fixed positions searched to a fixed depth; on one thread the node total is the
//! search's signature.

use super::args::RulesArg;
use crate::board::Rules;
use crate::output;
use crate::search::bench;
use clap::Args;
use std::time::Instant;

/// The `bench` subcommand's arguments.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Depth of every search (1 to 12).
    #[arg(long, default_value_t = bench::DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=12))]
    pub depth: u32,
    /// Search threads (default 1, so the node count is the signature).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// The rules: 2014, or 2013 (positions of the same sizes from the empty start).
    #[arg(long, value_enum, default_value = "2014")]
    pub rules: RulesArg,
}

impl BenchArgs {
    /// Runs `bench`; returns the exit code.
    pub fn run(&self) -> i32 {
        run_bench(self.depth, self.threads as usize, self.rules.rules())
    }
}

fn run_bench(depth: u32, threads: usize, rules: Rules) -> i32 {
    let start = Instant::now();
    let lines = bench::run_with_rules(depth, threads, rules);
    for (i, line) in lines.iter().enumerate() {
        let size = line.position.split('/').count();
        output::line(format_args!(
            "position {:2} ({size}x{size}): {:>10} nodes {:>8.1} ms",
            i + 1,
            line.nodes,
            line.elapsed.as_secs_f64() * 1e3
        ));
    }
    let nodes = bench::signature(&lines);
    let secs = start.elapsed().as_secs_f64();
    output::line(format_args!(
        "depth {depth}, {threads} thread(s): {secs:.3} s"
    ));
    output::line(format_args!(
        "{nodes} nodes, {:.0} nps",
        nodes as f64 / secs.max(1e-9)
    ));
    0
}
