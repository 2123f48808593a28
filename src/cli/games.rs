//! `games`: the finished games a server kept, one line each.

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
        date(game.started_ms),
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

/// `YYYY-MM-DD` (UTC) of a time in milliseconds since the Unix epoch.
fn date(ms: i64) -> String {
    // Days to a civil date (Howard Hinnant's algorithm).
    let days = ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_as_the_calendar_does() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400_000), "2000-02-29");
        assert_eq!(date(1_795_000_000_000), "2026-11-18");
    }
}
