//! The `jump61` program: the command loop by default, and engine tools as subcommands.

use clap::Parser;
use jump61::cli::{Cli, run};

fn main() {
    let code = run(Cli::parse());
    std::process::exit(code);
}
