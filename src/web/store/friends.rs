//! The games with a friend in SQLite: one row a game (its links, setting, the hashes of its
//! seats' secrets and the round it plays), so a restart finds it again by either link.

use super::failure::store_error;
use super::room::room_for;
use super::{FriendLink, KeptFriend, StoreError};
use rusqlite::{Connection, OptionalExtension, Row, params};

/// Keeps a new game with a friend within the limits: `per_address` games of its address,
/// `in_all` in all (counted inside the caller's transaction, which then writes the row).
pub(super) fn create(
    conn: &Connection,
    friend: &KeptFriend,
    per_address: usize,
    in_all: usize,
) -> Result<(), StoreError> {
    let limits = (per_address, in_all);
    room_for(
        conn,
        "friends",
        &friend.address,
        limits,
        "games with a friend",
    )?;
    conn.execute(
        "INSERT INTO friends (invite, watch, size, rules, minutes, increment, creator, guest,
                              round, address, made_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            friend.invite,
            friend.watch,
            friend.size,
            friend.rules,
            friend.minutes,
            friend.increment,
            &friend.creator[..],
            friend.guest.as_ref().map(|g| &g[..]),
            friend.round,
            friend.address,
            friend.made_ms
        ],
    )
    .map(|_| ())
    .map_err(store_error)
}

/// Keeps the guest's seat (the hash of its secret).
pub(super) fn seat_guest(
    conn: &Connection,
    invite: &str,
    guest: &[u8; 32],
) -> Result<(), StoreError> {
    changed_one(conn.execute(
        "UPDATE friends SET guest = ?2 WHERE invite = ?1",
        params![invite, &guest[..]],
    ))
}

/// Keeps the round played now.
pub(super) fn next_round(conn: &Connection, invite: &str, round: u32) -> Result<(), StoreError> {
    changed_one(conn.execute(
        "UPDATE friends SET round = ?2 WHERE invite = ?1",
        params![invite, round],
    ))
}

/// An update of one game's row: no row is an error (the game was forgotten meanwhile).
fn changed_one(changed: rusqlite::Result<usize>) -> Result<(), StoreError> {
    match changed.map_err(store_error)? {
        1 => Ok(()),
        _ => Err(StoreError::Other(
            "the game with a friend is no longer kept".into(),
        )),
    }
}

/// The game with a friend at `link`, if kept.
pub(super) fn load(
    conn: &Connection,
    link: FriendLink<'_>,
) -> Result<Option<KeptFriend>, StoreError> {
    const COLUMNS: &str = "SELECT invite, watch, size, rules, minutes, increment, creator, \
                           guest, round, address, made_ms FROM friends";
    let (sql, key) = match link {
        FriendLink::Invite(invite) => (format!("{COLUMNS} WHERE invite = ?1"), invite),
        FriendLink::Watch(watch) => (format!("{COLUMNS} WHERE watch = ?1"), watch),
    };
    let row = conn
        .query_row(&sql, [key], read)
        .optional()
        .map_err(store_error)?;
    row.transpose()
}

/// One row, or why it is damaged (a seat's hash of the wrong length is never a default).
fn read(r: &Row<'_>) -> rusqlite::Result<Result<KeptFriend, StoreError>> {
    let invite: String = r.get(0)?;
    let hash = |bytes: Vec<u8>| -> Result<[u8; 32], StoreError> {
        bytes.try_into().map_err(|bad: Vec<u8>| {
            StoreError::Other(format!(
                "game with a friend {invite}: a seat's hash is {} bytes, not 32: refused",
                bad.len()
            ))
        })
    };
    let creator = hash(r.get(6)?);
    let guest = r.get::<_, Option<Vec<u8>>>(7)?.map(&hash).transpose();
    let (creator, guest) = match (creator, guest) {
        (Ok(creator), Ok(guest)) => (creator, guest),
        (Err(e), _) | (_, Err(e)) => return Ok(Err(e)),
    };
    Ok(Ok(KeptFriend {
        watch: r.get(1)?,
        size: r.get(2)?,
        rules: r.get(3)?,
        minutes: r.get(4)?,
        increment: r.get(5)?,
        creator,
        guest,
        round: r.get(8)?,
        address: r.get(9)?,
        made_ms: r.get(10)?,
        invite,
    }))
}

/// Forgets the games with a friend made before `before_ms` that have no game kept any
/// more (a round's game is `INVITErR-N`: the ids between `INVITEr` and `INVITEs`).
pub(super) fn forget_before(conn: &Connection, before_ms: i64) -> Result<usize, StoreError> {
    conn.execute(
        "DELETE FROM friends WHERE made_ms < ?1 AND NOT EXISTS (
             SELECT 1 FROM games WHERE games.id >= friends.invite || 'r'
                                   AND games.id < friends.invite || 's')",
        [before_ms],
    )
    .map_err(store_error)
}
