//! `serve`: the web server with the page that plays Jump61 and Jump Snatch in a browser.

use crate::web::{DEFAULT_PORT, Limits, ServeOptions};
use clap::Args;
use std::path::PathBuf;

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
    /// The longest the analysis board thinks about one position, in seconds (default 30).
    #[arg(long, value_parser = analysis_time)]
    pub analysis_time: Option<f64>,
    /// The most positions one analysis's prover may search (default 100000000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub analysis_positions: Option<u64>,
    /// The prover table of one analysis, in MiB, 8 or more (default 512); a full table
    /// collects its garbage. At most one analysis runs on each search thread.
    #[arg(long, value_parser = clap::value_parser!(u64).range(8..=1_048_576))]
    pub analysis_memory: Option<u64>,
    /// The database file that keeps the games (default: games.sqlite in the user's data
    /// directory, $XDG_DATA_HOME/jump61 or ~/.local/share/jump61); `:memory:` keeps them
    /// only while the server runs.
    #[arg(long, value_name = "FILE", conflicts_with = "no_db")]
    pub db: Option<PathBuf>,
    /// Keep no games: a throwaway server.
    #[arg(long)]
    pub no_db: bool,
    /// Days a finished game stays in the database before it is forgotten (default 365).
    #[arg(long, value_name = "DAYS", value_parser = clap::value_parser!(u32).range(1..=36_500))]
    pub keep_days: Option<u32>,
}

/// Where `serve` keeps its games unless told otherwise: `games.sqlite` in the user's data
/// directory (`None` when neither $XDG_DATA_HOME nor $HOME is set).
pub fn default_db() -> Option<PathBuf> {
    let data = match std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => {
            PathBuf::from(std::env::var_os("HOME").filter(|h| !h.is_empty())?).join(".local/share")
        }
    };
    Some(data.join("jump61").join("games.sqlite"))
}

/// An analysis's time: more than 0 and at most a day.
fn analysis_time(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if t > 0.0 && t <= 86_400.0 => Ok(t),
        _ => Err(format!("'{text}' is not a time in seconds from 0 to 86400")),
    }
}

impl ServeArgs {
    /// Runs the server until Ctrl-C; returns the exit code.
    pub fn run(&self) -> i32 {
        let mut limits = Limits::default();
        if let Some(threads) = self.search_threads {
            limits.search_threads = threads as usize;
        }
        if let Some(time) = self.analysis_time {
            limits.analysis_time = std::time::Duration::from_secs_f64(time);
        }
        if let Some(positions) = self.analysis_positions {
            limits.analysis_positions = positions;
        }
        if let Some(memory) = self.analysis_memory {
            limits.analysis_memory_mb = memory as usize;
        }
        if let Some(days) = self.keep_days {
            limits.keep_finished_days = days;
        }
        let db = if self.no_db {
            None
        } else {
            self.db.clone().or_else(default_db)
        };
        crate::web::run(ServeOptions {
            host: self.host.clone(),
            port: self.port,
            open: self.open,
            limits,
            db,
        })
    }
}
