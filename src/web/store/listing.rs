//! Listing queries of the Games view that the writers never need: every finished game, and
//! the finished games of one game with a friend (its rounds and their rematches), found by
//! the invite id their ids start with.

use super::failure::store_error;
use super::{End, StoreError, Summary};
use rusqlite::{Connection, Params, Row};

/// The columns a [`Summary`] is read from, in [`summary`]'s order.
const SUMMARY_COLUMNS: &str = "id, kind, size, rules, red, blue, started_ms, result, how, \
     finished_ms, (SELECT count(*) FROM moves WHERE game = games.id)";

/// A finished game's summary from a row of [`SUMMARY_COLUMNS`].
fn summary(r: &Row<'_>) -> rusqlite::Result<Summary> {
    Ok(Summary {
        id: r.get(0)?,
        kind: r.get(1)?,
        size: r.get(2)?,
        rules: r.get(3)?,
        red: r.get(4)?,
        blue: r.get(5)?,
        started_ms: r.get(6)?,
        end: End {
            result: r.get(7)?,
            how: r.get(8)?,
            at_ms: r.get(9)?,
        },
        moves: r.get(10)?,
    })
}

/// The summaries of the finished games that `filter` (what follows `WHERE`, with `params`)
/// picks, oldest first.
fn finished_where(
    conn: &Connection,
    filter: &str,
    params: impl Params,
) -> Result<Vec<Summary>, StoreError> {
    let sql = format!(
        "SELECT {SUMMARY_COLUMNS} FROM games WHERE {filter} AND finished_ms IS NOT NULL \
         ORDER BY finished_ms, id"
    );
    let mut statement = conn.prepare(&sql).map_err(store_error)?;
    statement
        .query_map(params, summary)
        .and_then(|rows| rows.collect())
        .map_err(store_error)
}

/// Every finished game, oldest first.
pub(super) fn finished(conn: &Connection) -> Result<Vec<Summary>, StoreError> {
    finished_where(conn, "1", [])
}

/// The finished games of the game with a friend at `invite`, oldest first: round `R`'s games
/// are `INVITErR-N`, so they are the ids from `INVITEr` up to (not including) `INVITEs`.
pub(super) fn friend_finished(conn: &Connection, invite: &str) -> Result<Vec<Summary>, StoreError> {
    finished_where(conn, "id >= ?1 || 'r' AND id < ?1 || 's'", [invite])
}
