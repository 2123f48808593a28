#![allow(dead_code)]
//! A deliberately plain reference implementation of the Jump61 rules, used
//! only to cross-check the real engine in the integration tests.
//!
//! It is written to be obviously correct, not fast: squares live in plain
//! vectors, neighbours are recomputed on demand, the win test scans the whole
//! board, and toppling uses a simple FIFO work list.
//!
//! Rules (2014 assignment text, section 2, plus the settled points of the
//! specification):
//! * N x N board, 2 <= N <= 10; every square starts white with one spot.
//! * Neighbours are orthogonal; a square is overfull when it has more spots
//!   than neighbours.
//! * Red moves when (total spots + N) is even, Blue otherwise.
//! * A move by P adds one spot to a square not of the opponent's colour and
//!   colours it P; then overfull squares topple (one spot to each neighbour,
//!   neighbour coloured P) until none is overfull, or until every square is
//!   P's colour (checked after the placement and after every single topple).
//! * A won position (all squares one colour) has no legal moves.
//!
//! Topple order: FIFO work list, starting with the square played; after each
//! topple the toppled square (if still overfull) and then its overfull
//! neighbours, in the order up, down, left, right, are appended. A non-winning
//! move ends in the same board whatever the order (the toppling is abelian),
//! and so do the winner and the total spots, hence `perft`. But the spot layout
//! of a *won* board depends on the order (e.g. Red 1:1 on `2r2r/2b2b` gives
//! `2r3r/1r3r` here, `2r1r/3r3r` with a LIFO list), so compare won boards
//! with another engine by winner and total spots, not by notation.
//!
//! Notation: the rows of `dump` joined by '/', no spaces, each square being
//! the spot count followed by 'r', 'b' or '-' (neutral squares are "1-").
//!
//! The 2013 rules (the 2013 assignment) are covered too: every square starts
//! white with no spots (written "--"), and the side to move is not counted
//! from the spots but comes from the number of the next move, kept here as a
//! plain counter: Red makes the odd-numbered moves. Everything else (legal
//! moves, toppling, the win) is the same code.

pub mod solver;

use std::array;
use std::collections::VecDeque;
use std::iter::Flatten;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainBoard {
    /// Board side length N.
    size: usize,
    /// Colour of each square, row-major: 'r', 'b' or '-' (white).
    colours: Vec<char>,
    /// Number of spots on each square, row-major.
    spots: Vec<u32>,
    /// 2013 rules: the number of the next move (odd: Red). `None` under the
    /// 2014 rules, where the spots say whose turn it is.
    move_number: Option<u64>,
}

impl PlainBoard {
    /// The initial position: all squares white with one spot.
    pub fn new(size: usize) -> PlainBoard {
        assert!((2..=10).contains(&size), "board size {size} not in 2..=10");
        PlainBoard {
            size,
            colours: vec!['-'; size * size],
            spots: vec![1; size * size],
            move_number: None,
        }
    }

    /// The 2013 initial position: all squares white and empty, move 1 next.
    pub fn new_2013(size: usize) -> PlainBoard {
        let mut board = PlainBoard::new(size);
        board.spots = vec![0; size * size];
        board.move_number = Some(1);
        board
    }

    /// Parses a 2013 position: white squares are "--" (no spots). The next
    /// move is `move_number`, or, if `None`, one more than the spots on the
    /// board (as if every move had been played from the empty start).
    pub fn parse_2013(notation: &str, move_number: Option<u64>) -> Result<PlainBoard, String> {
        let text = notation.trim();
        let rows: Vec<&str> = text.split('/').collect();
        let size = rows.len();
        if !(2..=10).contains(&size) {
            return Err(format!("board size {size} not in 2..=10 in {text:?}"));
        }
        let mut board = PlainBoard::new_2013(size);
        for (r, row_text) in rows.iter().enumerate() {
            let chars: Vec<char> = row_text.chars().collect();
            if chars.len() != 2 * size {
                return Err(format!("row {} is {:?}: wrong length", r + 1, row_text));
            }
            for c in 0..size {
                let i = r * size + c;
                let (digit, colour) = (chars[2 * c], chars[2 * c + 1]);
                if digit == '-' && colour == '-' {
                    continue;
                }
                let limit = board.neighbours(i).count() as u32;
                match (digit.to_digit(10), colour) {
                    (Some(n), 'r' | 'b') if (1..=limit).contains(&n) => {
                        board.colours[i] = colour;
                        board.spots[i] = n;
                    }
                    _ => {
                        return Err(format!(
                            "square {}:{} is {digit}{colour}: not a 2013 square",
                            r + 1,
                            c + 1
                        ));
                    }
                }
            }
        }
        board.move_number = Some(move_number.unwrap_or(board.total_spots() as u64 + 1));
        Ok(board)
    }

    /// Parses the one-line notation, e.g. `2r1-1-/1-2b1-/1-1-1-`.
    pub fn parse(notation: &str) -> Result<PlainBoard, String> {
        let text = notation.trim();
        let rows: Vec<&str> = text.split('/').collect();
        let size = rows.len();
        if !(2..=10).contains(&size) {
            return Err(format!("board size {size} not in 2..=10 in {text:?}"));
        }
        let mut board = PlainBoard::new(size);
        for (r, row_text) in rows.iter().enumerate() {
            let chars: Vec<char> = row_text.chars().collect();
            if chars.len() != 2 * size {
                return Err(format!(
                    "row {} is {:?}: expected {} squares of two characters each",
                    r + 1,
                    row_text,
                    size
                ));
            }
            for c in 0..size {
                let digit = chars[2 * c];
                let colour = chars[2 * c + 1];
                let token: String = [digit, colour].iter().collect();
                let spots = match digit.to_digit(10) {
                    Some(d) => d,
                    None => {
                        return Err(format!(
                            "square {}:{} is {:?}: spot count is not a digit",
                            r + 1,
                            c + 1,
                            token
                        ));
                    }
                };
                let limit = board.neighbours(r * size + c).count() as u32;
                match colour {
                    '-' => {
                        if spots != 1 {
                            return Err(format!(
                                "square {}:{} is {:?}: a neutral square must be \"1-\"",
                                r + 1,
                                c + 1,
                                token
                            ));
                        }
                    }
                    'r' | 'b' => {
                        if spots < 1 || spots > limit {
                            return Err(format!(
                                "square {}:{} is {:?}: spots must be 1..={}",
                                r + 1,
                                c + 1,
                                token,
                                limit
                            ));
                        }
                    }
                    _ => {
                        return Err(format!(
                            "square {}:{} is {:?}: colour must be 'r', 'b' or '-'",
                            r + 1,
                            c + 1,
                            token
                        ));
                    }
                }
                let i = r * size + c;
                board.colours[i] = colour;
                board.spots[i] = spots;
            }
        }
        Ok(board)
    }

    /// The one-line notation; spot counts are printed in decimal (counts above
    /// 9 can only occur in won boards).
    pub fn notation(&self) -> String {
        let mut rows = Vec::new();
        for r in 0..self.size {
            let mut row = String::new();
            for c in 0..self.size {
                let i = r * self.size + c;
                if self.colours[i] == '-' && self.spots[i] == 0 {
                    row.push_str("--");
                    continue;
                }
                row.push_str(&self.spots[i].to_string());
                row.push(self.colours[i]);
            }
            rows.push(row);
        }
        rows.join("/")
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// What the position is, for a table of positions: every square's colour and spots,
    /// and the side to move (under the 2013 rules the squares alone do not give it).
    pub fn key(&self) -> (Vec<char>, Vec<u32>, char) {
        (self.colours.clone(), self.spots.clone(), self.to_move())
    }

    pub fn total_spots(&self) -> u32 {
        self.spots.iter().sum()
    }

    /// 'r' when (total spots + N) is even, 'b' otherwise; under the 2013
    /// rules 'r' when the number of the next move is odd.
    pub fn to_move(&self) -> char {
        if let Some(n) = self.move_number {
            return if n % 2 == 1 { 'r' } else { 'b' };
        }
        if (self.total_spots() as usize + self.size).is_multiple_of(2) {
            'r'
        } else {
            'b'
        }
    }

    /// 'r' or 'b' if every square has that colour.
    pub fn winner(&self) -> Option<char> {
        ['r', 'b'].into_iter().find(|&p| self.all_colour(p))
    }

    /// Colour character ('r', 'b', '-') and spot count of square row:col
    /// (1-based).
    pub fn square(&self, row: usize, col: usize) -> (char, u32) {
        let i = self.index(row, col);
        (self.colours[i], self.spots[i])
    }

    /// Legal moves (1-based row, col) in row-major order; none when won.
    pub fn legal_moves(&self) -> Vec<(usize, usize)> {
        let mut moves = Vec::new();
        if self.winner().is_some() {
            return moves;
        }
        // (is_legal's test, with the side to move found once rather than a square at a time)
        let opponent = if self.to_move() == 'r' { 'b' } else { 'r' };
        for row in 1..=self.size {
            for col in 1..=self.size {
                if self.colours[self.index(row, col)] != opponent {
                    moves.push((row, col));
                }
            }
        }
        moves
    }

    /// Plays a move for the side to move; panics if it is illegal.
    pub fn play(&mut self, row: usize, col: usize) {
        assert!(
            self.is_legal(row, col),
            "illegal move {row} {col} in {}",
            self.notation()
        );
        let player = self.to_move();
        if let Some(n) = self.move_number.as_mut() {
            *n += 1;
        }
        let start = self.index(row, col);
        self.spots[start] += 1;
        self.colours[start] = player;
        if self.all_colour(player) {
            return;
        }
        // Invariant: every overfull square is somewhere in the work list
        // (possibly more than once; entries that are no longer overfull when
        // taken out are skipped).
        let mut work = VecDeque::new();
        work.push_back(start);
        while let Some(i) = work.pop_front() {
            if !self.is_overfull(i) {
                continue;
            }
            self.spots[i] -= self.neighbours(i).count() as u32;
            for k in self.neighbours(i) {
                self.spots[k] += 1;
                self.colours[k] = player;
            }
            if self.all_colour(player) {
                return;
            }
            if self.is_overfull(i) {
                work.push_back(i);
            }
            for k in self.neighbours(i) {
                if self.is_overfull(k) {
                    work.push_back(k);
                }
            }
        }
        for i in 0..self.spots.len() {
            assert!(!self.is_overfull(i), "plain: overfull square left behind");
        }
    }

    /// Number of move sequences of exactly `depth` plies. Depth 0 gives 1; a
    /// won position has no moves and so gives 0 for any depth >= 1.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        // The last ply is counted, not played: each legal move ends one sequence whatever it
        // does to the board (bulk counting, as chess perft programs do). The moves before it
        // are all played, so every count still rests on this file's own rules.
        if depth == 1 {
            return self.legal_moves().len() as u64;
        }
        let mut count = 0;
        for (row, col) in self.legal_moves() {
            let mut child = self.clone();
            child.play(row, col);
            count += child.perft(depth - 1);
        }
        count
    }

    // ----- helpers -----

    /// Row-major index of 1-based row:col; panics when off the board.
    fn index(&self, row: usize, col: usize) -> usize {
        assert!(
            (1..=self.size).contains(&row) && (1..=self.size).contains(&col),
            "square {row}:{col} is off the {0}x{0} board",
            self.size
        );
        (row - 1) * self.size + (col - 1)
    }

    /// Indices of the orthogonal neighbours of square `i`. (An array of the four
    /// directions, those off the board `None`: no allocation, since the solver's reference
    /// searches play millions of moves with it.)
    fn neighbours(&self, i: usize) -> Flatten<array::IntoIter<Option<usize>, 4>> {
        let n = self.size;
        let (r, c) = (i / n, i % n);
        [
            (r > 0).then(|| i - n),
            (r + 1 < n).then(|| i + n),
            (c > 0).then(|| i - 1),
            (c + 1 < n).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    }

    fn is_overfull(&self, i: usize) -> bool {
        self.spots[i] > self.neighbours(i).count() as u32
    }

    fn all_colour(&self, p: char) -> bool {
        self.colours.iter().all(|&c| c == p)
    }

    /// True if the side to move may add a spot at 1-based row:col.
    fn is_legal(&self, row: usize, col: usize) -> bool {
        if row < 1 || row > self.size || col < 1 || col > self.size {
            return false;
        }
        if self.winner().is_some() {
            return false;
        }
        let opponent = if self.to_move() == 'r' { 'b' } else { 'r' };
        self.colours[self.index(row, col)] != opponent
    }
}
