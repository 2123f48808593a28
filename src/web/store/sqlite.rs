//! The store in one SQLite file (the library compiled in: nothing to install). The file
//! is this program's own: its header carries [`APPLICATION_ID`] and the schema's version
//! (`user_version`, moved on by `rusqlite_migration`). A file that is not a whole SQLite
//! database, not this program's, or of a newer schema is refused before anything opens it
//! for writing, so it is never written over.
//!
//! Durability: WAL mode with `synchronous=FULL`: the write-ahead log is synced to the disk
//! before a write returns, so a move the page was told of survives `kill -9` (which
//! `NORMAL` would also give: the log is then in the operating system's cache) and a power
//! cut (which only `FULL` gives). One thread writes (`store::writer`): the writes that
//! arrive while a sync is under way share the next transaction and its one sync (group
//! commit), each in a savepoint of its own, each caller answered once it is on the disk.
//! Reads go through a second connection (WAL lets it read while the writer writes); an
//! in-memory database has one connection for both.

use super::failure::store_error;
use super::room::room_for;
use super::writer::{Writer, lock};
use super::{End, FriendLink, KeptFriend, NewGame, Store, StoreError, StoredGame, Summary};
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use rusqlite_migration::{M, Migrations};
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

/// "J61G" in the file's header: how the program knows its own database.
pub const APPLICATION_ID: i32 = 0x4A36_3147;

/// The schema, one migration a version (the games' `review` column is left empty: a review
/// is kept in `reviews`, made by the second migration). The third keeps the games with a
/// friend (their links and the hashes of their seats' secrets) and each move's clocks, so a
/// restart finds such a game and its time left.
const MIGRATIONS: &[M<'static>] = &[
    M::up(
        "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        secret BLOB NOT NULL,
        kind TEXT NOT NULL,
        size INTEGER NOT NULL,
        rules TEXT NOT NULL,
        start TEXT NOT NULL,
        red TEXT NOT NULL,
        blue TEXT NOT NULL,
        address TEXT NOT NULL,
        clock TEXT,
        started_ms INTEGER NOT NULL,
        result TEXT,
        how TEXT,
        finished_ms INTEGER,
        review TEXT
    );
    CREATE INDEX games_by_address ON games(address);
    CREATE INDEX games_finished ON games(finished_ms) WHERE finished_ms IS NOT NULL;
    CREATE TABLE moves (
        game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        move TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;",
    ),
    // A finished game's review, as the page is sent it: computed once, read back after.
    M::up(
        "CREATE TABLE reviews (
        game TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        review TEXT NOT NULL,
        made_ms INTEGER NOT NULL
    ) WITHOUT ROWID;",
    ),
    // The games with a friend, and each move's clocks (time left after it, in ms).
    M::up(
        "CREATE TABLE friends (
        invite TEXT PRIMARY KEY,
        watch TEXT NOT NULL UNIQUE,
        size INTEGER NOT NULL,
        rules TEXT NOT NULL,
        minutes REAL NOT NULL,
        increment REAL NOT NULL,
        creator BLOB NOT NULL,
        guest BLOB,
        round INTEGER NOT NULL,
        address TEXT NOT NULL,
        made_ms INTEGER NOT NULL
    );
    CREATE INDEX friends_by_address ON friends(address);
    ALTER TABLE moves ADD COLUMN red_ms INTEGER;
    ALTER TABLE moves ADD COLUMN blue_ms INTEGER;",
    ),
];

/// The schema version this program writes.
pub fn schema_version() -> usize {
    MIGRATIONS.len()
}

/// Why a database file was refused at start; the file is left as it was.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum Refused {
    #[error("{0} is not an SQLite database")]
    NotSqlite(String),
    #[error("{0} is truncated: {1} bytes, its header says {2}")]
    Truncated(String, u64, u64),
    #[error("{0} is damaged: {1}")]
    Damaged(String, String),
    #[error("{0} is another program's SQLite database (application id {1:#x}), not jump61's")]
    NotOurs(String, i32),
    #[error("{0} has schema version {1}, newer than this jump61's ({2}): use a newer jump61")]
    Newer(String, i64, usize),
    #[error("cannot open {0}: {1}")]
    Cannot(String, String),
}

/// Games kept in SQLite.
pub struct Sqlite {
    /// Dropped first: its thread writes what it holds before the connections close.
    writer: Writer,
    reader: Arc<Mutex<Connection>>,
}

impl Sqlite {
    /// A database that lives in memory only (`--db :memory:`).
    pub fn in_memory() -> Result<Sqlite, Refused> {
        let conn = Connection::open_in_memory()
            .map_err(|e| Refused::Cannot(":memory:".into(), e.to_string()))?;
        let conn = Arc::new(Mutex::new(Sqlite::ready(conn, ":memory:")?));
        Sqlite::with(Arc::clone(&conn), conn, ":memory:")
    }

    /// The database at `path`, made if there is none; refused (and left alone) if it is
    /// not this program's, damaged, or of a newer schema.
    pub fn open(path: &Path) -> Result<Sqlite, Refused> {
        let name = path.display().to_string();
        if check_header(path, &name)? {
            check_contents(path, &name)?;
        }
        let cannot = |e: rusqlite::Error| Refused::Cannot(name.clone(), e.to_string());
        let conn = Sqlite::ready(Connection::open(path).map_err(cannot)?, &name)?;
        let reader = Connection::open(path).map_err(cannot)?;
        reader
            .pragma_update(None, "query_only", true)
            .and_then(|()| reader.busy_timeout(std::time::Duration::from_secs(5)))
            .map_err(cannot)?;
        let conn = Arc::new(Mutex::new(conn));
        Sqlite::with(conn, Arc::new(Mutex::new(reader)), &name)
    }

    /// The store that writes with `writer`'s thread and reads with `reader`.
    fn with(
        writer: Arc<Mutex<Connection>>,
        reader: Arc<Mutex<Connection>>,
        name: &str,
    ) -> Result<Sqlite, Refused> {
        let writer =
            Writer::start(writer).map_err(|e| Refused::Cannot(name.into(), e.to_string()))?;
        Ok(Sqlite { writer, reader })
    }

    /// The reading connection.
    fn read(&self) -> MutexGuard<'_, Connection> {
        lock(&self.reader)
    }

    /// Sets the connection up and brings the schema to this program's version.
    fn ready(mut conn: Connection, name: &str) -> Result<Connection, Refused> {
        let cannot = |e: &dyn std::fmt::Display| Refused::Cannot(name.to_string(), e.to_string());
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| cannot(&e))?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(|e| cannot(&e))?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(|e| cannot(&e))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(|e| cannot(&e))?;
        let id: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(|e| cannot(&e))?;
        let migrations = Migrations::from_slice(MIGRATIONS);
        let current: usize = migrations
            .current_version(&conn)
            .map_err(|e| cannot(&e))?
            .into();
        if current < MIGRATIONS.len() || id != APPLICATION_ID {
            migrations.to_latest(&mut conn).map_err(|e| cannot(&e))?;
            conn.pragma_update(None, "application_id", APPLICATION_ID)
                .map_err(|e| cannot(&e))?;
        }
        Ok(conn)
    }

    /// Refuses every write from now on, as a read-only file would (for tests: a file's
    /// permissions do not stop root).
    #[doc(hidden)]
    pub fn refuse_writes(&self) {
        let _ = self
            .writer
            .connection()
            .pragma_update(None, "query_only", true);
    }

    /// `synchronous=NORMAL` instead of `FULL` (for the measurement of what `FULL` costs).
    #[doc(hidden)]
    pub fn sync_normal(&self) {
        let _ = self
            .writer
            .connection()
            .pragma_update(None, "synchronous", "NORMAL");
    }

    /// How many write transactions have committed (fewer than the writes when they were
    /// grouped).
    #[doc(hidden)]
    pub fn transactions(&self) -> u64 {
        self.writer.commits()
    }

    /// Caps the file at `pages` pages, as a full disk would (for tests).
    #[doc(hidden)]
    pub fn cap_pages(&self, pages: u32) {
        let _ = self
            .writer
            .connection()
            .pragma_update(None, "max_page_count", pages);
    }
}

/// Checks the 100-byte header of an SQLite file without opening it: false if there is
/// no file yet (or an empty one, which SQLite takes as a new database).
fn check_header(path: &Path, name: &str) -> Result<bool, Refused> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(Refused::Cannot(name.to_string(), e.to_string())),
    };
    let size = bytes.len() as u64;
    if size == 0 {
        return Ok(false);
    }
    if !bytes.starts_with(b"SQLite format 3\0") {
        return Err(Refused::NotSqlite(name.to_string()));
    }
    if size < 100 {
        return Err(Refused::Truncated(name.to_string(), size, 100));
    }
    let be32 =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let page_size = match u16::from_be_bytes([bytes[16], bytes[17]]) {
        1 => 65_536,
        n => u64::from(n),
    };
    if !page_size.is_power_of_two() || page_size < 512 {
        return Err(Refused::Damaged(
            name.to_string(),
            format!("page size {page_size}"),
        ));
    }
    // The page count is valid when the change counter equals "version valid for".
    let pages = u64::from(be32(28));
    let expected = if be32(24) == be32(92) && pages > 0 {
        pages * page_size
    } else {
        page_size
    };
    if size < expected || !size.is_multiple_of(page_size) {
        return Err(Refused::Truncated(
            name.to_string(),
            size,
            expected.max(page_size),
        ));
    }
    Ok(true)
}

/// Opens an existing file read-only and checks that it is whole, this program's, and of a
/// schema this program knows.
fn check_contents(path: &Path, name: &str) -> Result<(), Refused> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let damaged = |e: rusqlite::Error| Refused::Damaged(name.to_string(), e.to_string());
    let conn = Connection::open_with_flags(path, flags).map_err(damaged)?;
    let check: String = conn
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(damaged)?;
    if check != "ok" {
        return Err(Refused::Damaged(name.to_string(), check));
    }
    let id: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .map_err(damaged)?;
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(damaged)?;
    let tables: i64 = conn
        .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
        .map_err(damaged)?;
    if id != APPLICATION_ID && (id != 0 || version != 0 || tables != 0) {
        return Err(Refused::NotOurs(name.to_string(), id));
    }
    if version > MIGRATIONS.len() as i64 {
        return Err(Refused::Newer(name.to_string(), version, MIGRATIONS.len()));
    }
    Ok(())
}

impl Store for Sqlite {
    fn create(&self, game: &NewGame, per_address: usize, in_all: usize) -> Result<(), StoreError> {
        let game = game.clone();
        self.writer.write(move |conn| {
            room_for(conn, "games", &game.address, (per_address, in_all), "games")?;
            insert_game(conn, &game)
        })
    }

    fn record_timed_move(
        &self,
        id: &str,
        ply: u32,
        mv: &str,
        at_ms: i64,
        left: Option<[i64; 2]>,
    ) -> Result<(), StoreError> {
        let [red, blue] = left.map_or([None, None], |l| l.map(Some));
        let (id, mv) = (id.to_string(), mv.to_string());
        self.writer.write(move |conn| {
            // The commonest write: its statement is parsed once.
            conn.prepare_cached(
                "INSERT INTO moves (game, ply, move, at_ms, red_ms, blue_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )
            .and_then(|mut insert| insert.execute(params![id, ply, mv, at_ms, red, blue]))
            .map(|_| ())
            .map_err(store_error)
        })
    }

    fn clock_left(&self, id: &str) -> Result<Option<[i64; 2]>, StoreError> {
        self.read()
            .query_row(
                "SELECT red_ms, blue_ms FROM moves WHERE game = ?1 AND red_ms IS NOT NULL
                 AND blue_ms IS NOT NULL ORDER BY ply DESC LIMIT 1",
                [id],
                |r| Ok([r.get(0)?, r.get(1)?]),
            )
            .optional()
            .map_err(store_error)
    }

    fn finish(&self, id: &str, end: &End) -> Result<(), StoreError> {
        let (id, end) = (id.to_string(), end.clone());
        self.writer.write(move |conn| {
            conn.execute(
                "UPDATE games SET result = ?2, how = ?3, finished_ms = ?4 WHERE id = ?1",
                params![id, end.result, end.how, end.at_ms],
            )
            .map(|_| ())
            .map_err(store_error)
        })
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let conn = self.read();
        let row = conn
            .query_row(
                "SELECT id, secret, kind, size, rules, start, red, blue, address, clock,
                        started_ms, result, how, finished_ms FROM games WHERE id = ?1",
                [id],
                |r| {
                    let secret: Vec<u8> = r.get(1)?;
                    let game = NewGame {
                        id: r.get(0)?,
                        secret: [0; 16],
                        kind: r.get(2)?,
                        size: r.get(3)?,
                        rules: r.get(4)?,
                        start: r.get(5)?,
                        red: r.get(6)?,
                        blue: r.get(7)?,
                        address: r.get(8)?,
                        clock: r.get(9)?,
                        started_ms: r.get(10)?,
                    };
                    let end = match (r.get(11)?, r.get(12)?, r.get(13)?) {
                        (Some(result), Some(how), Some(at_ms)) => Some(End { result, how, at_ms }),
                        _ => None,
                    };
                    Ok((game, secret, end))
                },
            )
            .optional()
            .map_err(store_error)?;
        let Some((mut game, secret, end)) = row else {
            return Ok(None);
        };
        // A secret guards a seat: one of another length is damage, never a default.
        game.secret = secret.try_into().map_err(|bad: Vec<u8>| {
            StoreError::Other(format!(
                "game {id}: its seat secret is {} bytes, not 16: the game is refused",
                bad.len()
            ))
        })?;
        let mut statement = conn
            .prepare("SELECT move, at_ms FROM moves WHERE game = ?1 ORDER BY ply")
            .map_err(store_error)?;
        let moves = statement
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(store_error)?;
        Ok(Some(StoredGame { game, moves, end }))
    }

    fn finished(&self) -> Result<Vec<Summary>, StoreError> {
        super::listing::finished(&self.read())
    }

    fn take_back(&self, id: &str, ply: u32) -> Result<(), StoreError> {
        let id = id.to_string();
        self.writer.write(move |conn| {
            conn.execute(
                "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
                params![id, ply],
            )
            .map(|_| ())
            .map_err(store_error)
        })
    }

    fn review(&self, id: &str) -> Result<Option<String>, StoreError> {
        self.read()
            .query_row("SELECT review FROM reviews WHERE game = ?1", [id], |r| {
                r.get(0)
            })
            .optional()
            .map_err(store_error)
    }

    fn keep_review(&self, id: &str, review: &str, at_ms: i64) -> Result<(), StoreError> {
        let (id, review) = (id.to_string(), review.to_string());
        self.writer.write(move |conn| {
            conn.execute(
                "INSERT OR REPLACE INTO reviews (game, review, made_ms) VALUES (?1, ?2, ?3)",
                params![id, review, at_ms],
            )
            .map(|_| ())
            .map_err(store_error)
        })
    }

    fn forget_finished_before(&self, before_ms: i64) -> Result<usize, StoreError> {
        self.writer.write(move |conn| {
            let games = conn
                .execute("DELETE FROM games WHERE finished_ms < ?1", [before_ms])
                .map_err(store_error)?;
            super::friends::forget_before(conn, before_ms)?;
            Ok(games)
        })
    }

    fn create_friend(
        &self,
        friend: &KeptFriend,
        per_address: usize,
        in_all: usize,
    ) -> Result<(), StoreError> {
        let friend = friend.clone();
        self.writer
            .write(move |conn| super::friends::create(conn, &friend, per_address, in_all))
    }

    fn seat_guest(&self, invite: &str, guest: &[u8; 32]) -> Result<(), StoreError> {
        let (invite, guest) = (invite.to_string(), *guest);
        self.writer
            .write(move |conn| super::friends::seat_guest(conn, &invite, &guest))
    }

    fn next_round(&self, invite: &str, round: u32) -> Result<(), StoreError> {
        let invite = invite.to_string();
        self.writer
            .write(move |conn| super::friends::next_round(conn, &invite, round))
    }

    fn load_friend(&self, link: FriendLink<'_>) -> Result<Option<KeptFriend>, StoreError> {
        super::friends::load(&self.read(), link)
    }

    fn friend_finished(&self, invite: &str) -> Result<Vec<Summary>, StoreError> {
        super::listing::friend_finished(&self.read(), invite)
    }
}

/// Writes a new game's row.
fn insert_game(conn: &Connection, game: &NewGame) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO games (id, secret, kind, size, rules, start, red, blue, address, clock,
                            started_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            game.id,
            &game.secret[..],
            game.kind,
            game.size,
            game.rules,
            game.start,
            game.red,
            game.blue,
            game.address,
            game.clock,
            game.started_ms
        ],
    )
    .map(|_| ())
    .map_err(store_error)
}
