//! Keeping a game in the store as it is played. After each message or search report, and
//! before the page is told anything, the game's moves are compared with those kept (as
//! squares or as the words already kept: nothing is written out to compare) and only the new
//! ones are written (each atomic, on disk when the call returns): a move the page has seen
//! is kept. The game's task waits for the disk on a blocking thread, so its game thread
//! goes on with its other games meanwhile, and their moves share the store's next sync. A
//! move taken back is forgotten; a new position or a new game starts a new kept game. A
//! failed write (a full disk, a read-only file) is told to the page and the log, and the
//! game goes on in memory, no longer kept.

use super::context::Context;
use super::record::{Keepable, Key, Look, Record, Start, square_key};
use super::seat::secret_hex;
use crate::web::limits::Limits;
use crate::web::protocol::ServerMessage;
use crate::web::store::{End, NewGame, Store, StoreError, StoredGame};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// The server's store, shared by every game.
pub type SharedStore = Arc<dyn Store>;

/// A game's link to the store.
pub struct Keeper {
    store: SharedStore,
    /// The game's id in the registry; each game kept under it is `ID-N`.
    game: String,
    address: String,
    limits: Arc<Limits>,
    kept: Option<Kept>,
    made: u32,
}

/// The game being kept now, as the store holds it.
struct Kept {
    id: String,
    /// Its seat's secret: only the page that has the game is told it.
    secret: [u8; 16],
    kind: &'static str,
    size: u8,
    rules: String,
    /// The start in the game's notation, and the position it was last found to be (so
    /// that the same position is not written out again to compare).
    start: String,
    start_seen: Option<Start>,
    moves: Vec<Key>,
    /// `red` or `blue` once the game is won.
    winner: Option<&'static str>,
    /// A write failed: nothing more is written for it.
    failed: bool,
}

impl Kept {
    /// Whether `look` is this game (its moves aside).
    fn is(&mut self, look: &Look) -> bool {
        if (self.kind, self.size, self.rules.as_str()) != (look.kind, look.size, look.rules) {
            return false;
        }
        if self.start_seen != Some(look.start) {
            if look.start.notation() != self.start {
                return false;
            }
            self.start_seen = Some(look.start);
        }
        true
    }
}

/// What to write after a message, found on the game thread.
pub struct Changes {
    /// A new kept game, made first, and its start as the game holds it.
    new: Option<(Record, Start)>,
    /// The kept moves from this number on were taken back.
    take_back: Option<usize>,
    /// The new moves, numbered from `first`.
    first: usize,
    moves: Vec<(Key, String)>,
    clock_left: Option<[i64; 2]>,
    winner: Option<&'static str>,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Keeper {
    pub fn new(store: SharedStore, game: String, address: String, limits: Arc<Limits>) -> Keeper {
        Keeper {
            store,
            game,
            address,
            limits,
            kept: None,
            made: 0,
        }
    }

    /// A game's link to a Jump61 game kept before (found by its link after a restart), as
    /// its replay will show it, so nothing is written again.
    pub fn resumed(mut self, made: u32, stored: &StoredGame) -> Keeper {
        let game = &stored.game;
        let moves = stored.moves.iter().map(|(mv, _)| square_key(mv, game.size));
        let winner = stored
            .end
            .as_ref()
            .and_then(|end| match end.result.as_str() {
                "red" => Some("red"),
                "blue" => Some("blue"),
                _ => None,
            });
        self.made = made;
        self.kept = Some(Kept {
            id: game.id.clone(),
            secret: game.secret,
            kind: "jump61",
            size: game.size,
            rules: game.rules.clone(),
            start: game.start.clone(),
            start_seen: None,
            moves: moves.collect(),
            winner,
            failed: false,
        });
        self
    }

    /// The kept game's link for its page: its id and its seat's secret (none if not kept).
    pub fn seat(&self) -> Option<ServerMessage> {
        let kept = self.kept.as_ref().filter(|k| !k.failed)?;
        Some(ServerMessage::Seat {
            game: kept.id.clone(),
            seat: secret_hex(&kept.secret),
        })
    }

    /// Writes what changed in the game since the last call, waiting for the disk on a
    /// blocking thread (the game thread runs its other games meanwhile).
    pub async fn keep(&mut self, game: &dyn Keepable, ctx: &mut Context) {
        let Some(changes) = self.changes(game) else {
            return;
        };
        let was_kept = self.seat().is_some();
        let written = self.write_apart(changes).await;
        self.written(written, was_kept, ctx);
    }

    /// [`Keeper::keep`] on this thread, for a caller that cannot wait (the game thread
    /// waits for the disk with it).
    pub fn keep_now(&mut self, game: &dyn Keepable, ctx: &mut Context) {
        let Some(changes) = self.changes(game) else {
            return;
        };
        let was_kept = self.seat().is_some();
        let written = self.write(changes);
        self.written(written, was_kept, ctx);
    }

    /// What the game has to write (most reports change no move: they need no trip to the
    /// store); a game other than the one kept stops being kept first.
    fn changes(&mut self, game: &dyn Keepable) -> Option<Changes> {
        let look = game.look();
        let (mut shared, len) = match &self.kept {
            Some(kept) => game.compare(&kept.moves),
            None => (0, game.compare(&[]).1),
        };
        // A finished game stays as it ended: moves that differ from its own (a new game from
        // the same start, an undo after the end) are another game.
        let same_game = self.kept.as_mut().is_some_and(|k| {
            let same_moves = shared == k.moves.len() && len == shared;
            k.is(&look) && (k.winner.is_none() || same_moves)
        });
        if !same_game {
            // Another game: every move of it is new, whatever the squares it shares.
            self.kept = None;
            shared = 0;
        }
        let (new, take_back) = match &self.kept {
            None if len == 0 => return None,
            None => (Some((game.record(), look.start)), None),
            Some(kept) if kept.failed => return None,
            Some(kept) => {
                let won = look.winner.is_some() && kept.winner.is_none();
                if shared == kept.moves.len() && len == shared && !won {
                    return None;
                }
                (None, (shared < kept.moves.len()).then_some(shared))
            }
        };
        Some(Changes {
            new,
            take_back,
            first: shared,
            moves: game.moves_from(shared),
            clock_left: look.clock_left,
            winner: look.winner,
        })
    }

    /// Tells a failed write to the page and the log, and a new seat to the page.
    fn written(&mut self, written: Result<(), StoreError>, was_kept: bool, ctx: &mut Context) {
        if let Err(e) = written {
            crate::output::error_line(format_args!("jump61 serve: game {}: {e}", self.game));
            ctx.error(e.to_string());
            if let Some(kept) = &mut self.kept {
                kept.failed = true;
            }
        }
        if !was_kept && let Some(seat) = self.seat() {
            ctx.send(seat);
        }
    }

    /// The game has ended other than on the board (resigned, on time, claimed): kept so.
    pub fn end(&mut self, winner: &'static str, how: &str, ctx: &mut Context) {
        let Some(kept) = self
            .kept
            .as_mut()
            .filter(|k| !k.failed && k.winner.is_none())
        else {
            return;
        };
        let end = End {
            result: winner.to_string(),
            how: how.to_string(),
            at_ms: now_ms(),
        };
        match self.store.finish(&kept.id, &end) {
            Ok(()) => kept.winner = Some(winner),
            Err(e) => {
                crate::output::error_line(format_args!("jump61 serve: game {}: {e}", self.game));
                ctx.error(e.to_string());
                kept.failed = true;
            }
        }
    }

    /// [`Keeper::write`] on a blocking thread, this keeper moved there and back.
    async fn write_apart(&mut self, changes: Changes) -> Result<(), StoreError> {
        let stand_in = Keeper::new(
            Arc::clone(&self.store),
            self.game.clone(),
            self.address.clone(),
            Arc::clone(&self.limits),
        );
        let mut keeper = std::mem::replace(self, stand_in);
        let made = keeper.made;
        let done = tokio::task::spawn_blocking(move || {
            let written = keeper.write(changes);
            (keeper, written)
        })
        .await;
        match done {
            Ok((keeper, written)) => {
                *self = keeper;
                written
            }
            // Not kept from here on: the next write starts a new kept game.
            Err(e) => {
                self.made = made;
                Err(StoreError::Other(format!("the write stopped: {e}")))
            }
        }
    }

    fn write(&mut self, changes: Changes) -> Result<(), StoreError> {
        let store = Arc::clone(&self.store);
        if let Some((record, start)) = &changes.new {
            let kept = self.create(&*store, record, *start)?;
            self.kept = Some(kept);
        }
        let Some(kept) = self.kept.as_mut().filter(|k| !k.failed) else {
            return Ok(());
        };
        if let Some(ply) = changes.take_back {
            store.take_back(&kept.id, ply as u32)?;
            kept.moves.truncate(ply);
        }
        let last = changes.moves.len().saturating_sub(1);
        for (n, (key, mv)) in changes.moves.into_iter().enumerate() {
            // The clocks now are those after the last move.
            let left = changes.clock_left.filter(|_| n == last);
            let ply = (changes.first + n) as u32;
            store.record_timed_move(&kept.id, ply, &mv, now_ms(), left)?;
            kept.moves.push(key);
        }
        if let (Some(winner), None) = (changes.winner, kept.winner) {
            let end = End {
                result: winner.to_string(),
                how: "won on the board".to_string(),
                at_ms: now_ms(),
            };
            store.finish(&kept.id, &end)?;
            kept.winner = Some(winner);
        }
        Ok(())
    }

    /// Keeps a new game, with no moves yet.
    fn create(
        &mut self,
        store: &dyn Store,
        record: &Record,
        start: Start,
    ) -> Result<Kept, StoreError> {
        self.made += 1;
        let id = format!("{}-{}", self.game, self.made);
        let mut secret = [0u8; 16];
        getrandom::fill(&mut secret).map_err(|e| StoreError::Other(e.to_string()))?;
        let game = NewGame {
            id: id.clone(),
            secret,
            kind: record.kind.to_string(),
            size: record.size,
            rules: record.rules.clone(),
            start: record.start.clone(),
            red: record.red.clone(),
            blue: record.blue.clone(),
            address: self.address.clone(),
            clock: record.clock.clone(),
            started_ms: now_ms(),
        };
        let kept = Kept {
            id,
            secret,
            kind: record.kind,
            size: record.size,
            rules: record.rules.clone(),
            start: record.start.clone(),
            start_seen: Some(start),
            moves: Vec::new(),
            winner: None,
            failed: false,
        };
        let result = store.create(
            &game,
            self.limits.stored_games_per_address,
            self.limits.stored_games,
        );
        match result {
            Ok(()) => Ok(kept),
            Err(e) => {
                self.kept = Some(Kept {
                    failed: true,
                    ..kept
                });
                Err(e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::games::jump61::Jump61;
    use crate::web::games::record::square_words;
    use crate::web::store::Sqlite;

    /// What the keeper would write after the game's last line, written.
    fn keep(keeper: &mut Keeper, game: &Jump61) -> Option<(usize, usize, Option<usize>)> {
        let changes = keeper.changes(game)?;
        let shape = (changes.first, changes.moves.len(), changes.take_back);
        keeper.write(changes).unwrap();
        Some(shape)
    }

    /// The game's moves as the store keeps them.
    fn words(game: &Jump61) -> Vec<String> {
        let start = game.session.start_board();
        let played = game.session.played();
        played.map(|sq| square_words(&start, sq)).collect()
    }

    /// Plays one line as the page's game does: a game that stopped (after `manual`) starts.
    fn play(game: &mut Jump61, line: &str) {
        let session = &mut game.session;
        session.handle_line(line);
        if !session.in_play() && session.board().winner().is_none() {
            session.handle_line("start");
        }
    }

    fn kept(store: &dyn Store, id: &str) -> Vec<String> {
        let stored = store.load(id).unwrap().unwrap();
        stored.moves.into_iter().map(|(mv, _)| mv).collect()
    }

    #[test]
    fn the_store_holds_the_games_moves_move_by_move_through_undos_and_a_reopen() {
        let dir = std::env::temp_dir().join(format!("jump61-keep-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.db");
        let limits = Arc::new(Limits::default());
        let store: SharedStore = Arc::new(Sqlite::open(&path).unwrap());
        let mut keeper = Keeper::new(Arc::clone(&store), "g".into(), "a".into(), limits.clone());
        let mut game = Jump61::new(&limits);
        play(&mut game, "manual blue");
        assert_eq!(keep(&mut keeper, &game), None, "no move: nothing kept");
        let lines = [
            "1 1", "6 6", "1 2", "6 5", "undo", "undo", "2 2", "5 5", "3 3",
        ];
        for line in lines {
            let before = game.session.played().len();
            play(&mut game, line);
            let after = game.session.played().len();
            let shape = keep(&mut keeper, &game);
            // Only the new move is handed over; a move taken back is deleted, nothing else.
            let expected = match after.cmp(&before) {
                std::cmp::Ordering::Greater => Some((before, 1, None)),
                std::cmp::Ordering::Less => Some((after, 0, Some(after))),
                std::cmp::Ordering::Equal => None,
            };
            assert_eq!(shape, expected, "after {line:?}");
            assert_eq!(kept(&*store, "g-1"), words(&game), "after {line:?}");
            assert_eq!(
                keep(&mut keeper, &game),
                None,
                "nothing changed after {line:?}"
            );
        }
        assert_eq!(words(&game), ["1 1", "6 6", "2 2", "5 5", "3 3"]);

        drop((keeper, store));

        // Reopened, the game found again has nothing to write until its next move.
        let store: SharedStore = Arc::new(Sqlite::open(&path).unwrap());
        let stored = store.load("g-1").unwrap().unwrap();
        let keeper = Keeper::new(Arc::clone(&store), "g".into(), "a".into(), limits.clone());
        let mut keeper = keeper.resumed(1, &stored);
        assert_eq!(keep(&mut keeper, &game), None);
        play(&mut game, "undo");
        play(&mut game, "4 4");
        assert_eq!(keep(&mut keeper, &game), Some((4, 1, Some(4))));
        assert_eq!(kept(&*store, "g-1"), words(&game));
        assert_eq!(store.load("g-2").unwrap(), None, "the same game, kept on");

        // A new board is another kept game, whole, though its first square is the same.
        play(&mut game, "size 5");
        play(&mut game, "1 1");
        assert_eq!(keep(&mut keeper, &game), Some((0, 1, None)));
        assert_eq!(kept(&*store, "g-2"), ["1 1"]);
        assert_eq!(kept(&*store, "g-1"), ["1 1", "6 6", "2 2", "5 5", "4 4"]);
        drop((keeper, store));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
