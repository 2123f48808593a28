//! `games`: the finished games a server kept, one line each.

use crate::calendar::utc_date;
use crate::web::games::words::result_text;
use crate::web::store::{Sqlite, Store, Summary};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// The `games` subcommand's arguments.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// The database `jump61 serve` kept its games in (default: the one it uses by default).
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
}

impl GamesArgs {
    /// Lists the finished games; returns the exit code (2: the database was refused).
    pub fn run(&self) -> i32 {
        let Some(path) = self.db.clone().or_else(super::serve::default_db) else {
            crate::output::error_line(format_args!("error: no data directory: give --db FILE"));
            return 2;
        };
        if !path.exists() {
            crate::output::error_line(format_args!("error: {} does not exist", path.display()));
            return 2;
        }
        let store = match Sqlite::open(&path) {
            Ok(store) => store,
            Err(e) => {
                crate::output::error_line(format_args!("error: {e}"));
                return 2;
            }
        };
        let games = match store.finished() {
            Ok(games) => games,
            Err(e) => {
                crate::output::error_line(format_args!("error: {e}"));
                return 1;
            }
        };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "date        size  rules   red / blue  result  moves  game"
        );
        for game in &games {
            let _ = writeln!(out, "{}", line(game));
        }
        let _ = writeln!(out, "{} finished games", games.len());
        0
    }
}

/// One game's line: date, size, rules, players, result, length, id.
fn line(game: &Summary) -> String {
    format!(
        "{}  {}x{}  {:<6}  {} / {}  {}  {}  {}",
        utc_date(game.started_ms),
        game.size,
        game.size,
        game.rules,
        game.red,
        game.blue,
        result_text(&game.kind, &game.end.result, &game.end.how),
        game.moves,
        game.id
    )
}
