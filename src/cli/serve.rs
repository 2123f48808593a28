//! `serve`: the web server with the page that plays Jump61 and Jump Snatch in a browser.

use crate::web::{DEFAULT_PORT, Limits, ServeOptions};
use clap::Args;

/// The `serve` subcommand's arguments.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on: 127.0.0.1 (this machine only) by default; 0.0.0.0 lets
    /// other machines in.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the default browser (with xdg-open, or open).
    #[arg(long)]
    pub open: bool,
    /// AI searches at once across all games (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub search_threads: Option<u16>,
}

impl ServeArgs {
    /// Runs the server until Ctrl-C; returns the exit code.
    pub fn run(&self) -> i32 {
        let mut limits = Limits::default();
        if let Some(threads) = self.search_threads {
            limits.search_threads = threads as usize;
        }
        crate::web::run(ServeOptions {
            host: self.host.clone(),
            port: self.port,
            open: self.open,
            limits,
        })
    }
}
