//! A move's chain reaction as people watch it: the board after each wave of toppling squares.
//!
//! `play` works on packed words and keeps only the end, and must stay as fast as it is
//! (perft and bench depend on it); this replays the same reaction square by square on plain
//! arrays, in `play`'s own order: every square overfull when a wave begins topples once, in
//! ascending order, and the chain stops the moment the mover owns every square. Being plain,
//! it is also what `play` is checked against (`topple.rs`'s tests).

use super::geometry::geometry;
use super::{Board, Colour};

/// A board between topples: every square's spots and owner (`None`: white), row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub spots: Vec<u8>,
    pub owners: Vec<Option<Colour>>,
}

impl Frame {
    /// The board as it stands.
    pub fn of(board: &Board) -> Frame {
        Frame {
            spots: (0..board.squares()).map(|s| board.spots(s)).collect(),
            owners: (0..board.squares()).map(|s| board.owner(s)).collect(),
        }
    }
}

impl Board {
    /// The legal move `sq` played one wave at a time: the board with the move's spot added,
    /// then the board after each wave. The last frame is the board `play` leaves.
    pub fn waves(&self, sq: usize) -> Vec<Frame> {
        let g = geometry(self.size);
        let me = Some(self.to_move());
        let mut now = Frame::of(self);
        now.spots[sq] += 1;
        now.owners[sq] = me;
        let mut frames = vec![now.clone()];
        let overfull = |f: &Frame| -> Vec<usize> {
            (0..f.spots.len())
                .filter(|&s| f.spots[s] > g.capacity[s])
                .collect()
        };
        let mut wave = overfull(&now);
        while !wave.is_empty() {
            for &s in &wave {
                let capacity = g.capacity[s];
                now.spots[s] -= capacity;
                for &n in &g.neighbours[s][..capacity as usize] {
                    now.spots[n as usize] += 1;
                    now.owners[n as usize] = me;
                }
                if now.owners.iter().all(|&o| o == me) {
                    frames.push(now);
                    return frames;
                }
            }
            frames.push(now.clone());
            wave = overfull(&now);
        }
        frames
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quiet_move_is_one_frame() {
        let frames = Board::new(3).waves(4);
        assert_eq!(frames.len(), 1);
        assert_eq!(frames[0].spots[4], 2);
        assert_eq!(frames[0].owners[4], Some(Colour::Red));
        assert_eq!((frames[0].spots[0], frames[0].owners[0]), (1, None));
    }

    #[test]
    fn a_corner_topples_in_waves() {
        // Red's corner holds 2 spots (its capacity); one more topples it onto both neighbours.
        let mut board = Board::new(3);
        board.set_square(0, 2, Some(Colour::Red));
        board.set_square(1, 3, Some(Colour::Red));
        board.set_to_move(Colour::Red);
        let frames = board.waves(0);
        let spots = |f: usize| frames[f].spots.clone();
        assert_eq!(spots(0)[..5], [3, 3, 1, 1, 1]);
        // Wave 1: the corner gives one spot to 1 (now 4, over its 3) and one to 3.
        assert_eq!(spots(1)[..5], [1, 4, 1, 2, 1]);
        // Wave 2: square 1 topples onto 0, 2 and 4.
        assert_eq!(spots(2)[..5], [2, 1, 2, 2, 2]);
        assert_eq!(frames.len(), 3);
        assert!(
            frames[2].owners[..5]
                .iter()
                .all(|&o| o == Some(Colour::Red))
        );
    }
}
