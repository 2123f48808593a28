//! The Games view's answers from the store: the finished games a page holds the seats of
//! (its own games' and its seats in games with a friend), and one of them whole for its
//! replay. A game is answered only to a page that shows its seat's secret (compared in
//! constant time); an unknown id and a wrong secret get the same answer, so ids cannot be
//! probed for.

use super::anim::squares;
use super::held::{Holder, colour_in, friend_holder, friend_seat};
use super::seat::{parse_secret, same_secret};
use super::snatch_replay;
use super::words::result_text;
use crate::board::Board;
use crate::display::save;
use crate::protocol::{Dialect, clip};
use crate::review::replay;
use crate::web::protocol::library::{FriendHeld, GameListed, Held, ReplayView};
use crate::web::store::{End, FriendLink, Store, StoredGame, Summary};

/// A finished Jump61 game of the store, read into boards and squares.
pub struct Finished {
    pub kept: StoredGame,
    pub holder: Holder,
    pub dialect: Dialect,
    pub start: Board,
    /// The moves as squares of the board.
    pub moves: Vec<usize>,
}

/// A finished game of either kind, opened for its replay.
pub enum Opened {
    Jump61(Finished),
    /// A Jump Snatch game: its kept record and every board from the start.
    Snatch(StoredGame, Vec<crate::snatch::board::Board>),
}

/// The finished games among `held` and of the games with a friend in `friends` whose
/// secrets the page shows, newest first; at most `most` may be asked about at once, and at
/// most `most` are answered.
pub fn listed(
    store: &dyn Store,
    held: &[Held],
    friends: &[FriendHeld],
    most: usize,
) -> Result<Vec<GameListed>, String> {
    if held.len() + friends.len() > most {
        return Err(format!(
            "at most {most} games a request; this one names {}: nothing was listed",
            held.len() + friends.len()
        ));
    }
    let mut games = Vec::new();
    for game in held {
        // A game gone from the store, or not this page's, is left out: the page's list may
        // be older than the store's.
        if let Ok(found) = open(store, &game.id, &game.seat) {
            games.push(found.listed());
        }
    }
    for friend in friends {
        games.extend(friend_games(store, friend));
    }
    games.sort_by(|a, b| (b.finished_ms, &b.id).cmp(&(a.finished_ms, &a.id)));
    games.dedup_by(|a, b| a.id == b.id);
    games.truncate(most);
    Ok(games)
}

/// Every finished round of a game with a friend, if the page shows one of its seats.
fn friend_games(store: &dyn Store, friend: &FriendHeld) -> Vec<GameListed> {
    let Ok(secret) = parse_secret(&friend.seat) else {
        return Vec::new();
    };
    let Some((seat, watch)) = friend_seat(store, &friend.invite, &secret) else {
        return Vec::new();
    };
    let rounds = store.friend_finished(&friend.invite).unwrap_or_default();
    rounds
        .iter()
        .filter_map(|game| {
            let (_, round) = super::held::friend_round(&game.id)?;
            let holder = Holder {
                you: Some(colour_in(seat, round)),
                friend: Some(friend.invite.clone()),
                watched: Some((watch.clone(), round)),
            };
            Some(of_summary(game, &holder))
        })
        .collect()
}

/// The kept game `id` if `seat` is its secret (or a seat of the game with a friend it is a
/// round of) and it is finished and replays; otherwise why not (nothing is changed).
pub fn open(store: &dyn Store, id: &str, seat: &str) -> Result<Opened, String> {
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
        .filter(|k| k.end.is_some())
        .ok_or_else(refused)?;
    let holder = if same_secret(&kept.game.secret, &secret) {
        Holder::default()
    } else {
        friend_holder(store, id, &secret).ok_or_else(refused)?
    };
    match kept.game.kind.as_str() {
        "jump61" => read(kept, holder).map(Opened::Jump61),
        "snatch" => {
            let boards = snatch_replay::boards(&kept)?;
            Ok(Opened::Snatch(kept, boards))
        }
        _ => Err(refused()),
    }
}

/// Round `round` of the game with a friend whose watch id is `watch`, if finished: anyone
/// with the watch link may replay it, as anyone may watch the game. It is answered with no
/// seat and no invite (nor the kept id, which starts with the invite).
pub fn watched(store: &dyn Store, watch: &str, round: u32) -> Result<Opened, String> {
    let refused = || {
        format!("no finished round {round} of a game with a friend at that link: nothing changed")
    };
    let friend = store
        .load_friend(FriendLink::Watch(watch))
        .map_err(|e| e.to_string())?
        .ok_or_else(refused)?;
    let kept = store
        .load(&format!("{}r{round}-1", friend.invite))
        .map_err(|e| e.to_string())?
        .filter(|k| k.end.is_some())
        .ok_or_else(refused)?;
    let holder = Holder {
        watched: Some((friend.watch, round)),
        ..Holder::default()
    };
    read(kept, holder).map(Opened::Jump61)
}

/// The kept Jump61 game `id`, for its review; a Jump Snatch game is refused (the review
/// judges Jump61 moves only).
pub fn finished(store: &dyn Store, id: &str, seat: &str) -> Result<Finished, String> {
    match open(store, id, seat)? {
        Opened::Jump61(found) => Ok(found),
        Opened::Snatch(..) => Err(format!(
            "game {} is a Jump Snatch game: the review judges Jump61 games only",
            clip(id)
        )),
    }
}

/// The kept game's start and moves as a board and squares, each move checked legal.
fn read(kept: StoredGame, holder: Holder) -> Result<Finished, String> {
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
        holder,
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
pub fn summary(kept: &StoredGame, holder: &Holder) -> GameListed {
    let game = &kept.game;
    let end = kept.end.clone().unwrap_or_else(|| End {
        result: "none".to_string(),
        how: "not finished".to_string(),
        at_ms: game.started_ms,
    });
    of_summary(
        &Summary {
            id: game.id.clone(),
            kind: game.kind.clone(),
            size: game.size,
            rules: game.rules.clone(),
            red: game.red.clone(),
            blue: game.blue.clone(),
            started_ms: game.started_ms,
            end,
            moves: kept.moves.len() as u32,
        },
        holder,
    )
}

/// A finished game's line in the list, as the store summed it up.
fn of_summary(game: &Summary, holder: &Holder) -> GameListed {
    let (watch, round) = holder.watched.clone().unzip();
    // A watcher holds no seat: it is told the round by its watch link, not by the kept id
    // (which starts with the invite).
    let id = match (&holder.friend, &holder.watched) {
        (None, Some((watch, round))) => format!("{watch}r{round}"),
        _ => game.id.clone(),
    };
    GameListed {
        id,
        kind: game.kind.clone(),
        started_ms: game.started_ms,
        finished_ms: game.end.at_ms,
        size: game.size,
        rules: game.rules.clone(),
        red: game.red.clone(),
        blue: game.blue.clone(),
        result: game.end.result.clone(),
        how: game.end.how.clone(),
        outcome: result_text(&game.kind, &game.end.result, &game.end.how),
        moves: game.moves as usize,
        you: holder.you,
        friend: holder.friend.clone(),
        watch,
        round,
    }
}

impl Opened {
    /// Its line in the list.
    pub fn listed(&self) -> GameListed {
        match self {
            Opened::Jump61(found) => summary(&found.kept, &found.holder),
            Opened::Snatch(kept, _) => summary(kept, &Holder::default()),
        }
    }

    /// The game whole: every board from the start, its moves, and the script that replays
    /// it in the command loop.
    pub fn replay_view(&self) -> ReplayView {
        match self {
            Opened::Jump61(found) => replay_view(found),
            Opened::Snatch(kept, boards) => ReplayView {
                game: self.listed(),
                moves: kept.moves.iter().map(|(mv, _)| mv.clone()).collect(),
                boards: boards.iter().map(snatch_replay::squares).collect(),
                script: snatch_replay::script(kept),
            },
        }
    }
}

/// The Jump61 game whole: every board from the start, its moves, and its `save` script.
pub fn replay_view(found: &Finished) -> ReplayView {
    // `read` replayed these moves already: every one is legal.
    let boards = replay(&found.start, &found.moves).unwrap_or_default();
    ReplayView {
        game: summary(&found.kept, &found.holder),
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
            &[],
            10,
        )
        .unwrap();
        assert_eq!(list.len(), 1, "{list:?}");
        assert_eq!((list[0].id.as_str(), list[0].moves), ("a-1", 2));
        assert!(listed(&store, &[held("a-1", &a), held("a-1", &a)], &[], 1).is_err());
        let wrong = finished(&store, "a-1", &b).err().unwrap();
        let unknown = finished(&store, "zz-1", &b).err().unwrap();
        assert_eq!(wrong.replace("a-1", "zz-1"), unknown);
        assert!(finished(&store, "bb-1", &b).is_err(), "not finished");
    }

    #[test]
    fn a_friends_rounds_are_listed_for_a_seat_of_it_only() {
        use crate::web::games::seat::{seat_hash, secret_hex};
        use crate::web::store::KeptFriend;
        let invite = "0123456789abcdef0123456789abcdef";
        let mut store = Sqlite::in_memory().unwrap();
        let (creator, guest, stranger) = ([40u8; 16], [41u8; 16], [42u8; 16]);
        let friend = KeptFriend {
            invite: invite.to_string(),
            watch: "f".repeat(32),
            size: 3,
            rules: "2014".to_string(),
            minutes: 0.0,
            increment: 0.0,
            creator: seat_hash(&creator),
            guest: Some(seat_hash(&guest)),
            round: 2,
            address: "127.0.0.1".to_string(),
            made_ms: 0,
        };
        store.create_friend(&friend, 10, 10).unwrap();
        for round in [1, 2] {
            keep(&mut store, &format!("{invite}r{round}-1"), &["1 1"], true);
        }
        keep(&mut store, "other-1", &["1 1"], true);
        let ask = |secret: &[u8; 16], invite: &str| {
            let seat = FriendHeld {
                invite: invite.to_string(),
                seat: secret_hex(secret),
            };
            let list = listed(&store, &[], &[seat], 10).unwrap();
            list.iter()
                .map(|g| (g.id.clone(), g.you))
                .collect::<Vec<_>>()
        };
        let round = |r: u32| format!("{invite}r{r}-1");
        assert_eq!(
            ask(&creator, invite),
            [(round(2), Some("blue")), (round(1), Some("red"))]
        );
        assert_eq!(
            ask(&guest, invite),
            [(round(2), Some("red")), (round(1), Some("blue"))]
        );
        assert_eq!(ask(&stranger, invite), []);
        assert_eq!(
            ask(&creator, &"f".repeat(32)),
            [],
            "the watch id is no invite"
        );
        let seat = secret_hex(&guest);
        assert!(open(&store, &round(1), &seat).is_ok());
        assert!(
            open(&store, "other-1", &seat).is_err(),
            "a seat opens its own game only"
        );
        assert!(open(&store, &round(1), &secret_hex(&stranger)).is_err());
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
