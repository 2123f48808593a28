//! Whether a table may take one more row: the per-address and overall limits on the games
//! and the games with a friend, counted inside the transaction that then writes the row (so
//! two writers cannot both take the last place).

use super::StoreError;
use super::failure::store_error;

/// Whether `table` has room for one more row of `address`: fewer than `limits.0` of its
/// rows and `limits.1` in all. Read inside the transaction that then writes the row.
pub(super) fn room_for(
    conn: &rusqlite::Connection,
    table: &str,
    address: &str,
    (per_address, in_all): (usize, usize),
    what: &str,
) -> Result<(), StoreError> {
    let count = |sql: &str, p: &[&dyn rusqlite::ToSql]| -> Result<usize, StoreError> {
        conn.query_row(sql, p, |r| r.get::<_, i64>(0))
            .map(|n| n as usize)
            .map_err(store_error)
    };
    let here = format!("SELECT count(*) FROM {table} WHERE address = ?1");
    if count(&here, &[&address])? >= per_address {
        return Err(StoreError::TooMany(format!(
            "{per_address} {what} kept for {address}"
        )));
    }
    if count(&format!("SELECT count(*) FROM {table}"), &[])? >= in_all {
        return Err(StoreError::TooMany(format!("{in_all} {what} kept in all")));
    }
    Ok(())
}
