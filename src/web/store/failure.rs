//! What a failed SQLite call is, as the page and the server's log are told of it: a full
//! disk and a read-only file by name, anything else with SQLite's own words.

use super::StoreError;
use rusqlite::ErrorCode;

/// A failed write, as the page and the log are told of it.
pub(super) fn store_error(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::DiskFull) => StoreError::Full,
        Some(ErrorCode::ReadOnly) => StoreError::ReadOnly,
        _ => StoreError::Other(e.to_string()),
    }
}
