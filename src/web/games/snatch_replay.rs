//! A finished Jump Snatch game of the store, read back for the Games view: every board from
//! its start, each kept move checked legal, and the script `jump61 snatch < FILE` replays
//! it with. Jump Snatch has no review (the review judges Jump61 moves).

use crate::protocol::clip;
use crate::snatch::board::Board;
use crate::snatch::moves::parse_move;
use crate::web::protocol::Square;
use crate::web::store::StoredGame;

/// The start, then the board after each kept move; or why the kept game is damaged.
pub fn boards(kept: &StoredGame) -> Result<Vec<Board>, String> {
    let damaged = |why: String| format!("game {} is damaged in the store: {why}", kept.game.id);
    let mut board: Board = kept
        .game
        .start
        .parse()
        .map_err(|e| damaged(format!("its start: {e}")))?;
    let mut all = vec![board];
    for (i, (mv, _)) in kept.moves.iter().enumerate() {
        let played = parse_move(&board, mv)
            .map_err(|e| damaged(format!("move {} {}: {e}", i + 1, clip(mv))))?;
        board.set_bits(played.result);
        all.push(board);
    }
    Ok(all)
}

/// A board as the replay draws it, row-major: `[1, "x"]` a piece, `[0, "."]` an empty
/// square.
pub fn squares(board: &Board) -> Vec<Square> {
    let n = board.size();
    (0..n * n)
        .map(|i| match board.has(i / n, i % n) {
            true => (1, "x"),
            false => (0, "."),
        })
        .collect()
}

/// The game as `jump61 snatch < FILE` replays it, as the page's `save` writes it: both
/// sides people (so nothing plays in between), its start, then its moves.
pub fn script(kept: &StoredGame) -> String {
    let mut text = String::from("# A Jump Snatch game; replay it with: jump61 snatch < FILE\n");
    text.push_str("first person\nsecond person\n");
    text.push_str(&format!("position {}\n", kept.game.start));
    for (mv, _) in &kept.moves {
        text.push_str(mv);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::store::NewGame;

    fn kept(moves: &[&str]) -> StoredGame {
        StoredGame {
            game: NewGame {
                id: "s-1".to_string(),
                secret: [1; 16],
                kind: "snatch".to_string(),
                size: 3,
                rules: "snatch".to_string(),
                start: "xx./.../.xx".to_string(),
                red: "person".to_string(),
                blue: "person".to_string(),
                address: "127.0.0.1".to_string(),
                clock: None,
                started_ms: 0,
            },
            moves: moves.iter().map(|m| (m.to_string(), 0)).collect(),
            end: None,
        }
    }

    #[test]
    fn the_puzzles_line_replays_to_one_piece() {
        let game = kept(&["3:3x3:1", "1:1x1:3", "3:1-2:2", "1:3x3:1"]);
        let all = boards(&game).unwrap();
        assert_eq!(all.len(), 5);
        assert_eq!(all[4].pieces(), 1);
        assert_eq!(squares(&all[4])[6], (1, "x"), "the last piece on 3:1");
        assert!(script(&game).contains("\nposition xx./.../.xx\n3:3x3:1\n"));
    }

    #[test]
    fn an_illegal_kept_move_is_damage() {
        let e = boards(&kept(&["3:1-2:2"])).unwrap_err();
        assert!(e.contains("damaged") && e.contains("move 1"), "{e}");
    }
}
