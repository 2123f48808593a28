//! The Games view's answers from the store: the finished games a page holds the seats of,
//! and one of them whole for its replay. A game is answered only to a page that shows its
//! seat's secret (compared in constant time); an unknown id and a wrong secret get the same
//! answer, so ids cannot be probed for.

use super::anim::squares;
use super::seat::{parse_secret, same_secret};
use crate::board::Board;
use crate::display::save;
use crate::protocol::{Dialect, clip};
use crate::review::replay;
use crate::web::protocol::library::{GameListed, Held, ReplayView};
use crate::web::store::{Store, StoredGame};

/// A finished Jump61 game of the store, read into boards and squares.
pub struct Finished {
    pub kept: StoredGame,
    pub dialect: Dialect,
    pub start: Board,
    /// The moves as squares of the board.
    pub moves: Vec<usize>,
}

/// The finished Jump61 games among `held` whose secrets the page shows, newest first; at
/// most `most` may be asked about at once.
pub fn listed(store: &dyn Store, held: &[Held], most: usize) -> Result<Vec<GameListed>, String> {
    if held.len() > most {
        return Err(format!(
            "at most {most} games a request; this one names {}: nothing was listed",
            held.len()
        ));
    }
    let mut games = Vec::new();
    for game in held {
        // A game gone from the store, or not this page's, is left out: the page's list may
        // be older than the store's.
        if let Ok(found) = finished(store, &game.id, &game.seat) {
            games.push(summary(&found.kept));
        }
    }
    games.sort_by(|a, b| (b.finished_ms, &b.id).cmp(&(a.finished_ms, &a.id)));
    games.dedup_by(|a, b| a.id == b.id);
    Ok(games)
}

/// The kept game `id` if `seat` is its secret and it is a finished Jump61 game whose moves
/// replay; otherwise why not (nothing is changed).
pub fn finished(store: &dyn Store, id: &str, seat: &str) -> Result<Finished, String> {
    let refused = || {
        format!(
            "no finished game {} with that seat: nothing changed",
            clip(id)
        )
    };
    let secret = parse_secret(seat)?;
    let kept = store
        .load(id)
        .map_err(|e| e.to_string())?
        .filter(|k| same_secret(&k.game.secret, &secret))
        .filter(|k| k.end.is_some() && k.game.kind == "jump61")
        .ok_or_else(refused)?;
    read(kept)
}

/// The kept game's start and moves as a board and squares, each move checked legal.
fn read(kept: StoredGame) -> Result<Finished, String> {
    let damaged = |why: String| format!("game {} is damaged in the store: {why}", kept.game.id);
    let dialect: Dialect = kept.game.rules.parse().map_err(damaged)?;
    let start = Board::parse_with_rules(&kept.game.start, dialect.rules())
        .map_err(|e| damaged(e.to_string()))?;
    let n = start.size();
    let moves = kept
        .moves
        .iter()
        .enumerate()
        .map(|(i, (mv, _))| {
            square_of(mv, n).ok_or_else(|| damaged(format!("move {} is {}", i + 1, clip(mv))))
        })
        .collect::<Result<Vec<_>, _>>()?;
    replay(&start, &moves).map_err(|e| damaged(e.to_string()))?;
    Ok(Finished {
        kept,
        dialect,
        start,
        moves,
    })
}

/// The square of a move written `R C` on a board of side `n`.
fn square_of(mv: &str, n: usize) -> Option<usize> {
    let (row, col) = mv.split_once(' ')?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    ((1..=n).contains(&row) && (1..=n).contains(&col)).then(|| (row - 1) * n + col - 1)
}

/// The game's line in the list.
pub fn summary(kept: &StoredGame) -> GameListed {
    let game = &kept.game;
    let end = kept.end.clone().unwrap_or_else(|| crate::web::store::End {
        result: "none".to_string(),
        how: "not finished".to_string(),
        at_ms: game.started_ms,
    });
    GameListed {
        id: game.id.clone(),
        started_ms: game.started_ms,
        finished_ms: end.at_ms,
        size: game.size,
        rules: game.rules.clone(),
        red: game.red.clone(),
        blue: game.blue.clone(),
        result: end.result,
        how: end.how,
        moves: kept.moves.len(),
    }
}

/// The game whole: every board from the start, its moves, and its `save` script.
pub fn replay_view(found: &Finished) -> ReplayView {
    // `read` replayed these moves already: every one is legal.
    let boards = replay(&found.start, &found.moves).unwrap_or_default();
    ReplayView {
        game: summary(&found.kept),
        moves: found.kept.moves.iter().map(|(mv, _)| mv.clone()).collect(),
        boards: boards.iter().map(squares).collect(),
        script: save::script(found.dialect, &found.start, &found.moves),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::store::{End, NewGame, Sqlite};

    fn keep(store: &mut Sqlite, id: &str, moves: &[&str], finished: bool) -> String {
        let secret = [id.len() as u8; 16];
        let game = NewGame {
            id: id.to_string(),
            secret,
            kind: "jump61".to_string(),
            size: 3,
            rules: "2014".to_string(),
            start: "1-1-1-/1-1-1-/1-1-1-".to_string(),
            red: "person".to_string(),
            blue: "ai level 5 1 s a move".to_string(),
            address: "127.0.0.1".to_string(),
            clock: None,
            started_ms: 1000,
        };
        store.create(&game, 10, 10).unwrap();
        for (ply, mv) in moves.iter().enumerate() {
            store.record_move(id, ply as u32, mv, 2000).unwrap();
        }
        if finished {
            let end = End {
                result: "red".to_string(),
                how: "won on the board".to_string(),
                at_ms: 3000 + moves.len() as i64,
            };
            store.finish(id, &end).unwrap();
        }
        crate::web::games::seat::secret_hex(&secret)
    }

    #[test]
    fn only_finished_games_whose_secret_the_page_shows_are_listed() {
        let mut store = Sqlite::in_memory().unwrap();
        let a = keep(&mut store, "a-1", &["1 1", "3 3"], true);
        let b = keep(&mut store, "bb-1", &["2 2"], false);
        let held = |id: &str, seat: &str| Held {
            id: id.to_string(),
            seat: seat.to_string(),
        };
        let list = listed(
            &store,
            &[held("a-1", &a), held("bb-1", &b), held("a-1", &b)],
            10,
        )
        .unwrap();
        assert_eq!(list.len(), 1, "{list:?}");
        assert_eq!((list[0].id.as_str(), list[0].moves), ("a-1", 2));
        assert!(listed(&store, &[held("a-1", &a), held("a-1", &a)], 1).is_err());
        let wrong = finished(&store, "a-1", &b).err().unwrap();
        let unknown = finished(&store, "zz-1", &b).err().unwrap();
        assert_eq!(wrong.replace("a-1", "zz-1"), unknown);
        assert!(finished(&store, "bb-1", &b).is_err(), "not finished");
    }

    #[test]
    fn a_replay_has_every_board_and_the_save_script() {
        let mut store = Sqlite::in_memory().unwrap();
        let a = keep(&mut store, "a-1", &["2 2", "1 1"], true);
        let view = replay_view(&finished(&store, "a-1", &a).unwrap());
        assert_eq!(view.boards.len(), 3);
        assert_eq!(view.boards[1][4], (2, "r"));
        assert!(
            view.script
                .ends_with("position 1-1-1-/1-1-1-/1-1-1-\nstart\n2 2\n1 1\n")
        );
    }

    #[test]
    fn a_kept_move_that_is_not_a_square_is_damage() {
        assert_eq!(square_of("2 3", 3), Some(5));
        assert_eq!(square_of("4 1", 3), None);
        assert_eq!(square_of("0 1", 3), None);
        assert_eq!(square_of("x", 3), None);
        let mut store = Sqlite::in_memory().unwrap();
        let a = keep(&mut store, "a-1", &["2 2", "2 2"], true);
        let e = finished(&store, "a-1", &a).err().unwrap();
        assert!(e.contains("damaged"), "{e}");
    }
}
