//! Keeping a game in the store as it is played. After each message or search report, and
//! before the page is told anything, the game's moves are compared with those kept and the
//! new ones written (each atomic, on disk when the call returns): a move the page has seen
//! is kept. The game's task waits for the disk on a blocking thread, so its game thread
//! goes on with its other games meanwhile, and their moves share the store's next sync. A
//! move taken back is forgotten; a new position or a new game starts a new kept game. A
//! failed write (a full disk, a read-only file) is told to the page and the log, and the
//! game goes on in memory, no longer kept.

use super::context::Context;
use super::record::Record;
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

/// The game being kept now.
struct Kept {
    id: String,
    /// Its seat's secret: only the page that has the game is told it.
    secret: [u8; 16],
    record: Record,
    /// A write failed: nothing more is written for it.
    failed: bool,
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

    /// A game's link to a game kept before (found by its link after a restart): `record` is
    /// the game as replayed from the store, so nothing is written again.
    pub fn resumed(mut self, made: u32, kept: &StoredGame, record: Record) -> Keeper {
        self.made = made;
        self.kept = Some(Kept {
            id: kept.game.id.clone(),
            secret: kept.game.secret,
            record,
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
    pub async fn keep(&mut self, record: Record, ctx: &mut Context) {
        if !self.anything_to_write(&record) {
            return;
        }
        let was_kept = self.seat().is_some();
        let written = self.write_apart(record).await;
        self.written(written, was_kept, ctx);
    }

    /// [`Keeper::keep`] on this thread, for a caller that cannot wait (the game thread
    /// waits for the disk with it).
    pub fn keep_now(&mut self, record: Record, ctx: &mut Context) {
        if !self.anything_to_write(&record) {
            return;
        }
        let was_kept = self.seat().is_some();
        let written = self.write(&record);
        self.written(written, was_kept, ctx);
    }

    /// Whether `record` has anything to write (most reports change no move: they need no
    /// trip to the store); a game other than the one kept stops being kept first.
    fn anything_to_write(&mut self, record: &Record) -> bool {
        // A finished game stays as it ended: moves that differ from its own (a new game from
        // the same start, an undo after the end) are another game.
        let same_game = self.kept.as_ref().is_some_and(|k| {
            (
                k.record.kind,
                k.record.size,
                &k.record.rules,
                &k.record.start,
            ) == (record.kind, record.size, &record.rules, &record.start)
                && (k.record.winner.is_none() || k.record.moves == record.moves)
        });
        if !same_game {
            self.kept = None;
        }
        match &self.kept {
            None => !record.moves.is_empty(),
            Some(kept) if kept.failed => false,
            Some(kept) => {
                kept.record.moves != record.moves
                    || (record.winner.is_some() && kept.record.winner.is_none())
            }
        }
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
            .filter(|k| !k.failed && k.record.winner.is_none())
        else {
            return;
        };
        let end = End {
            result: winner.to_string(),
            how: how.to_string(),
            at_ms: now_ms(),
        };
        match self.store.finish(&kept.id, &end) {
            Ok(()) => kept.record.winner = Some(winner),
            Err(e) => {
                crate::output::error_line(format_args!("jump61 serve: game {}: {e}", self.game));
                ctx.error(e.to_string());
                kept.failed = true;
            }
        }
    }

    /// [`Keeper::write`] on a blocking thread, this keeper moved there and back.
    async fn write_apart(&mut self, record: Record) -> Result<(), StoreError> {
        let stand_in = Keeper::new(
            Arc::clone(&self.store),
            self.game.clone(),
            self.address.clone(),
            Arc::clone(&self.limits),
        );
        let mut keeper = std::mem::replace(self, stand_in);
        let made = keeper.made;
        let done = tokio::task::spawn_blocking(move || {
            let written = keeper.write(&record);
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

    fn write(&mut self, record: &Record) -> Result<(), StoreError> {
        let store = Arc::clone(&self.store);
        if self.kept.is_none() {
            let kept = self.create(&*store, record)?;
            self.kept = Some(kept);
        }
        let Some(kept) = self.kept.as_mut().filter(|k| !k.failed) else {
            return Ok(());
        };
        let common = kept
            .record
            .moves
            .iter()
            .zip(&record.moves)
            .take_while(|(a, b)| a == b)
            .count();
        if common < kept.record.moves.len() {
            store.take_back(&kept.id, common as u32)?;
            kept.record.moves.truncate(common);
        }
        let last = record.moves.len().saturating_sub(1);
        for (ply, mv) in record.moves.iter().enumerate().skip(common) {
            // The clocks now are those after the last move.
            let left = record.clock_left.filter(|_| ply == last);
            store.record_timed_move(&kept.id, ply as u32, mv, now_ms(), left)?;
            kept.record.moves.push(mv.clone());
        }
        if let (Some(winner), None) = (record.winner, kept.record.winner) {
            let end = End {
                result: winner.to_string(),
                how: "won on the board".to_string(),
                at_ms: now_ms(),
            };
            store.finish(&kept.id, &end)?;
            kept.record.winner = Some(winner);
        }
        Ok(())
    }

    /// Keeps a new game, with no moves yet.
    fn create(&mut self, store: &dyn Store, record: &Record) -> Result<Kept, StoreError> {
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
            record: Record {
                moves: Vec::new(),
                winner: None,
                ..record.clone()
            },
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
