//! A finished game's review for the page: the review of `jump61 review` ([`crate::review`],
//! in its words), of a game the store keeps, within the server's analysis limits. It is made
//! once, on a thread of the search pool, and kept in the store; a second request reads it
//! back.

use super::library::Finished;
use super::words::colour_name;
use crate::review::{Mark, Review, ReviewLimits, review, words};
use crate::web::limits::Limits;
use crate::web::protocol::library::{MoveMark, ReviewView};
use crate::web::store::Store;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What each position of a review may use: `jump61 review`'s defaults, within the analysis
/// limits of the server (its positions, its prover table and its time for one position).
pub fn limits(server: &Limits) -> ReviewLimits {
    let usual = ReviewLimits::default();
    ReviewLimits {
        positions: usual.positions.min(server.analysis_positions),
        memory: usual.memory.min(server.analysis_memory_mb << 20),
        time: Some(server.analysis_time),
        eval_nodes: usual.eval_nodes,
    }
}

/// The limits in words: `2000000 positions, 20000 nodes, 30 s a position`.
fn limits_text(limits: &ReviewLimits) -> String {
    let time = limits
        .time
        .map_or(String::new(), |t| format!(", {} s", t.as_secs_f64()));
    format!(
        "{} positions, {} nodes{time} a position",
        limits.positions, limits.eval_nodes
    )
}

/// The review kept for game `id`, read back (`stored` true); `None` if it has none, or the
/// one kept cannot be read (it is then made again).
pub fn stored(store: &dyn Store, id: &str) -> Result<Option<ReviewView>, String> {
    let Some(text) = store.review(id).map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    Ok(serde_json::from_str::<ReviewView>(&text)
        .ok()
        .map(|view| ReviewView {
            stored: true,
            ..view
        }))
}

/// The answer sent at once while a review is made.
pub fn running(id: &str, limits: &ReviewLimits) -> ReviewView {
    ReviewView {
        id: id.to_string(),
        running: true,
        stored: false,
        limits: limits_text(limits),
        moves: Vec::new(),
        red_chances: Vec::new(),
        judged: false,
        result: String::new(),
    }
}

/// Reviews the game and keeps the review in `store` (run on a pool thread). `None` when
/// `stop` ended it first: a review cut short is neither sent nor kept.
pub fn make(
    found: &Finished,
    limits: &ReviewLimits,
    stop: Arc<AtomicBool>,
    store: &dyn Store,
) -> Option<Result<ReviewView, String>> {
    let done = review(&found.start, &found.moves, limits, Arc::clone(&stop));
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let id = &found.kept.game.id;
    let view = match done {
        Ok(done) => view_of(id, &done, limits),
        Err(e) => return Some(Err(format!("game {id} cannot be reviewed: {e}"))),
    };
    let text = serde_json::to_string(&view).unwrap_or_default();
    let kept = store.keep_review(id, &text, super::keep::now_ms());
    if let Err(e) = kept {
        // The review is sent all the same; it is made again next time.
        crate::output::error_line(format_args!("jump61 serve: game {id}'s review: {e}"));
    }
    Some(Ok(view))
}

/// The review as the page shows it, in `jump61 review`'s words.
pub fn view_of(id: &str, done: &Review, limits: &ReviewLimits) -> ReviewView {
    let moves = done
        .moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let board = &done.positions[i].board;
            let squares = |list: &[usize]| -> Vec<[usize; 2]> {
                list.iter()
                    .map(|&sq| {
                        let c = board.coord(sq);
                        [c.row, c.col]
                    })
                    .collect()
            };
            let (winning, unsettled) = match &mv.mark {
                Mark::ThrewTheWinAway { winning, unsettled } => {
                    (squares(winning), squares(unsettled))
                }
                _ => (Vec::new(), Vec::new()),
            };
            MoveMark {
                mover: colour_name(mv.mover).to_string(),
                text: board.coord(mv.square).to_string(),
                mark: words::mark_text(&mv.mark, board),
                proven: !matches!(mv.mark, Mark::Judged(_)),
                line: words::move_line(i + 1, mv, board),
                before: mv.before,
                after: mv.after,
                winning,
                unsettled,
            }
        })
        .collect();
    ReviewView {
        id: id.to_string(),
        running: false,
        stored: false,
        limits: limits_text(limits),
        moves,
        red_chances: done.positions.iter().map(|p| p.red_chance).collect(),
        judged: done.moves.iter().any(|m| matches!(m.mark, Mark::Judged(_))),
        result: words::lines(done).pop().unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn a_view_says_what_jump_61_review_says() {
        let start: Board = "1-1-1-/1-1-1-/1-1-1-".parse().unwrap();
        let limits = ReviewLimits::default();
        let stop = Arc::new(AtomicBool::new(false));
        let done = review(&start, &[4, 0, 8, 2, 6], &limits, stop).unwrap();
        let view = view_of("g-1", &done, &limits);
        let lines = words::lines(&done);
        assert_eq!(view.moves.len(), 5);
        for (i, mv) in view.moves.iter().enumerate() {
            assert_eq!(mv.line, lines[i]);
            assert!(mv.line.contains(&mv.mark), "{mv:?}");
        }
        assert_eq!(view.result, lines[5]);
        assert_eq!(view.red_chances.len(), 6);
        let back: ReviewView =
            serde_json::from_str(&serde_json::to_string(&view).unwrap()).unwrap();
        assert_eq!(back, view);
    }

    #[test]
    fn a_kept_review_is_read_back_and_goes_with_its_game() {
        use crate::web::store::{End, NewGame, Sqlite};
        let store = Sqlite::in_memory().unwrap();
        let game = NewGame {
            id: "g-1".to_string(),
            secret: [7; 16],
            kind: "jump61".to_string(),
            size: 3,
            rules: "2014".to_string(),
            start: "1-1-1-/1-1-1-/1-1-1-".to_string(),
            red: "person".to_string(),
            blue: "person".to_string(),
            address: "127.0.0.1".to_string(),
            clock: None,
            started_ms: 10,
        };
        store.create(&game, 10, 10).unwrap();
        let end = End {
            result: "red".to_string(),
            how: "won on the board".to_string(),
            at_ms: 20,
        };
        store.finish("g-1", &end).unwrap();
        assert_eq!(stored(&store, "g-1"), Ok(None));
        let limits = ReviewLimits::default();
        let view = running("g-1", &limits);
        let text = serde_json::to_string(&view).unwrap();
        store.keep_review("g-1", &text, 30).unwrap();
        let back = stored(&store, "g-1").unwrap().expect("kept");
        assert_eq!(
            back,
            ReviewView {
                stored: true,
                ..view
            }
        );
        // A review that cannot be read is made again rather than sent.
        store.keep_review("g-1", "not json", 40).unwrap();
        assert_eq!(stored(&store, "g-1"), Ok(None));
        assert_eq!(store.forget_finished_before(25), Ok(1));
        assert_eq!(store.review("g-1"), Ok(None));
    }

    #[test]
    fn the_servers_analysis_limits_bound_a_review() {
        let server = Limits {
            analysis_positions: 1000,
            analysis_memory_mb: 16,
            ..Limits::default()
        };
        let bounded = limits(&server);
        assert_eq!(bounded.positions, 1000);
        assert_eq!(bounded.memory, 16 << 20);
        assert_eq!(bounded.time, Some(server.analysis_time));
        assert_eq!(
            limits_text(&bounded),
            "1000 positions, 20000 nodes, 30 s a position"
        );
    }
}
