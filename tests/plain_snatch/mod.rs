//! A deliberately plain Jump Snatch: a grid of booleans, moves found by trying every piece,
//! direction and chain, distances from every pair, solvers with no cleverness. It shares no
//! code with `jump61::snatch`, so agreement between the two is evidence, not an echo.

#![allow(dead_code)]

use std::collections::{HashMap, HashSet, VecDeque};

const DIRS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// A board as rows of squares, `true` for a piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Plain {
    pub rows: Vec<Vec<bool>>,
}

/// A move as the plain rules see it: the squares visited (row, col from 0), and the board
/// it leaves.
#[derive(Clone, Debug)]
pub struct PlainMove {
    pub jump: bool,
    pub path: Vec<(usize, usize)>,
    pub after: Plain,
}

impl Plain {
    pub fn parse(text: &str) -> Plain {
        Plain {
            rows: text
                .split('/')
                .map(|r| r.chars().map(|c| c == 'x').collect())
                .collect(),
        }
    }

    pub fn notation(&self) -> String {
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|r| r.iter().map(|&p| if p { 'x' } else { '.' }).collect())
            .collect();
        rows.join("/")
    }

    fn n(&self) -> i32 {
        self.rows.len() as i32
    }

    fn piece(&self, r: i32, c: i32) -> bool {
        r >= 0 && c >= 0 && r < self.n() && c < self.n() && self.rows[r as usize][c as usize]
    }

    fn empty(&self, r: i32, c: i32) -> bool {
        r >= 0 && c >= 0 && r < self.n() && c < self.n() && !self.rows[r as usize][c as usize]
    }

    pub fn count(&self) -> usize {
        self.rows.iter().flatten().filter(|&&p| p).count()
    }

    fn pieces(&self) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for r in 0..self.n() {
            for c in 0..self.n() {
                if self.piece(r, c) {
                    v.push((r, c));
                }
            }
        }
        v
    }

    /// The least king distance between two pieces, by looking at every pair.
    pub fn min_distance(&self) -> Option<i32> {
        let p = self.pieces();
        let mut best = None;
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                let d = (p[i].0 - p[j].0).abs().max((p[i].1 - p[j].1).abs());
                best = Some(best.map_or(d, |b: i32| b.min(d)));
            }
        }
        best
    }

    /// Every jump chain, every prefix included, from every piece.
    pub fn jump_moves(&self) -> Vec<PlainMove> {
        let mut out = Vec::new();
        for (r, c) in self.pieces() {
            self.extend(vec![(r as usize, c as usize)], &mut out);
        }
        out
    }

    fn extend(&self, path: Vec<(usize, usize)>, out: &mut Vec<PlainMove>) {
        let (r, c) = *path.last().unwrap();
        let (r, c) = (r as i32, c as i32);
        for (dr, dc) in DIRS {
            if self.piece(r + dr, c + dc) && self.empty(r + 2 * dr, c + 2 * dc) {
                let mut after = self.clone();
                after.rows[r as usize][c as usize] = false;
                after.rows[(r + dr) as usize][(c + dc) as usize] = false;
                after.rows[(r + 2 * dr) as usize][(c + 2 * dc) as usize] = true;
                let mut longer = path.clone();
                longer.push(((r + 2 * dr) as usize, (c + 2 * dc) as usize));
                out.push(PlainMove {
                    jump: true,
                    path: longer.clone(),
                    after: after.clone(),
                });
                after.extend(longer, out);
            }
        }
    }

    /// The legal moves, following the rules' text: jump if you can; else slide to make a
    /// jump possible if any slide does; else slide to reduce the least distance.
    pub fn moves(&self) -> Vec<PlainMove> {
        let jumps = self.jump_moves();
        if !jumps.is_empty() {
            return jumps;
        }
        let mut slides = Vec::new();
        for (r, c) in self.pieces() {
            for (dr, dc) in DIRS {
                if self.empty(r + dr, c + dc) {
                    let mut after = self.clone();
                    after.rows[r as usize][c as usize] = false;
                    after.rows[(r + dr) as usize][(c + dc) as usize] = true;
                    let path = vec![
                        (r as usize, c as usize),
                        ((r + dr) as usize, (c + dc) as usize),
                    ];
                    slides.push(PlainMove {
                        jump: false,
                        path,
                        after,
                    });
                }
            }
        }
        let making: Vec<PlainMove> = slides
            .iter()
            .filter(|m| !m.after.jump_moves().is_empty())
            .cloned()
            .collect();
        if !making.is_empty() {
            return making;
        }
        let before = self.min_distance();
        slides
            .into_iter()
            .filter(|m| matches!((m.after.min_distance(), before), (Some(a), Some(b)) if a < b))
            .collect()
    }

    /// The distinct boards the legal moves leave.
    pub fn results(&self) -> HashSet<Plain> {
        self.moves().into_iter().map(|m| m.after).collect()
    }
}

/// The fewest moves leaving one piece, breadth first over boards.
pub fn plain_fewest(start: &Plain) -> Option<usize> {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(start.clone());
    queue.push_back((start.clone(), 0));
    while let Some((b, d)) = queue.pop_front() {
        if b.count() == 1 {
            return Some(d);
        }
        for next in b.results() {
            if seen.insert(next.clone()) {
                queue.push_back((next, d + 1));
            }
        }
    }
    None
}

/// Who jumped last, from the side to move: 0 nobody, 1 the mover, 2 the other side.
pub fn plain_wins(b: &Plain, last: u8, memo: &mut HashMap<(Plain, u8), bool>) -> bool {
    if let Some(&w) = memo.get(&(b.clone(), last)) {
        return w;
    }
    let moves = b.moves();
    let win = if moves.is_empty() {
        last == 1
    } else {
        moves.iter().any(|m| {
            let next_last = if m.jump { 2 } else { [0, 2, 1][last as usize] };
            !plain_wins(&m.after, next_last, memo)
        })
    };
    memo.insert((b.clone(), last), win);
    win
}
