//! The rules of Jump61: a `Copy` board of fixed arrays, making a move with its chain
//! reaction, the legal-move mask, the side to move and the winner.

mod geometry;
mod notation;
mod zobrist;

pub use geometry::{MAX_SIZE, MAX_SQUARES, MIN_SIZE, Squares, geometry};
pub use notation::NotationError;

use std::fmt;
use zobrist::{KEYS, SPOT_KEYS};

/// A player, and the colour of the squares it owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Red,
    Blue,
}

impl Colour {
    /// The other player.
    #[inline(always)]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }

    /// "Red" or "Blue", as the required output lines spell it.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Blue => "Blue",
        }
    }

    /// 'r' or 'b', as `dump` and the notation spell it.
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Blue => 'b',
        }
    }

    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per colour, named rather than indexed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColour<T> {
    pub red: T,
    pub blue: T,
}

impl<T> ByColour<T> {
    /// The value for `colour`.
    #[inline(always)]
    pub fn get(&self, colour: Colour) -> &T {
        match colour {
            Colour::Red => &self.red,
            Colour::Blue => &self.blue,
        }
    }

    /// The value for `colour`, mutably.
    #[inline(always)]
    pub fn get_mut(&mut self, colour: Colour) -> &mut T {
        match colour {
            Colour::Red => &mut self.red,
            Colour::Blue => &mut self.blue,
        }
    }
}

/// Whether `mask` holds every square of `all` (`mask` never has bits outside `all`).
///
/// Written as two 64-bit halves on purpose: a 128-bit compare loads the mask into a vector
/// register right after two 64-bit stores wrote it, and that load waits for the stores to
/// retire (a failed store-to-load forward), which cost a quarter of perft's time.
#[inline(always)]
fn covers(mask: u128, all: u128) -> bool {
    let missing = all & !mask;
    (missing as u64 | (missing >> 64) as u64) == 0
}

/// A square's row and column, both counted from 1 as players type them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coord {
    pub row: usize,
    pub col: usize,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.row, self.col)
    }
}

/// A Jump61 position: spots and owners of every square, with its Zobrist hash.
///
/// Squares are numbered densely row-major from 0 (`(row - 1) * size + (col - 1)`). The value
/// is small and `Copy`: search plays a move on a copy and never needs to undo one.
///
/// ```
/// use jump61::board::{Board, Colour};
/// let mut board = Board::new(4);
/// assert_eq!(board.to_move(), Colour::Red);
/// board.play(0);
/// assert_eq!(board.to_notation(), "2r1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1-");
/// assert_eq!(board.to_move(), Colour::Blue);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Spots, one nibble per square (low nibble first). Packing keeps the board at 96 bytes,
    /// small enough that a copy is a few register moves rather than a `memcpy` call whose
    /// stores the next loads would wait on.
    spots: [u8; MAX_SQUARES / 2],
    owner: ByColour<u128>,
    hash: u64,
    total: u16,
    size: u8,
}

impl Board {
    /// The initial position: every square white with one spot.
    ///
    /// # Panics
    /// If `size` is outside `MIN_SIZE..=MAX_SIZE`; callers parse sizes first.
    pub fn new(size: usize) -> Board {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size), "board size {size}");
        let n = size * size;
        let mut board = Board {
            spots: [0; MAX_SQUARES / 2],
            owner: ByColour::default(),
            hash: 0,
            total: n as u16,
            size: size as u8,
        };
        for sq in 0..n {
            board.put_spots(sq, 1);
        }
        board.hash = board.compute_hash();
        board
    }

    /// Writes the spot nibble of `sq` (hash untouched).
    #[inline(always)]
    fn put_spots(&mut self, sq: usize, spots: u8) {
        let shift = (sq & 1) * 4;
        let byte = &mut self.spots[sq >> 1];
        *byte = *byte & !(0xF << shift) | spots << shift;
    }

    /// Side length.
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Number of squares.
    #[inline(always)]
    pub fn squares(&self) -> usize {
        self.size() * self.size()
    }

    /// The Zobrist hash, kept up to date by every change.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Total spots on the board.
    #[inline(always)]
    pub fn total_spots(&self) -> u32 {
        self.total as u32
    }

    /// Spots on square `sq`.
    #[inline(always)]
    pub fn spots(&self, sq: usize) -> u8 {
        self.spots[sq >> 1] >> ((sq & 1) * 4) & 0xF
    }

    /// Mask of the squares `colour` owns.
    #[inline(always)]
    pub fn owned(&self, colour: Colour) -> u128 {
        *self.owner.get(colour)
    }

    /// The owner of square `sq`, or `None` for a white square.
    #[inline(always)]
    pub fn owner(&self, sq: usize) -> Option<Colour> {
        let bit = 1u128 << sq;
        if self.owner.red & bit != 0 {
            Some(Colour::Red)
        } else if self.owner.blue & bit != 0 {
            Some(Colour::Blue)
        } else {
            None
        }
    }

    /// The side to move: Red when total spots plus the board size is even (2014 text, §3).
    #[inline(always)]
    pub fn to_move(&self) -> Colour {
        if (self.total + self.size as u16).is_multiple_of(2) {
            Colour::Red
        } else {
            Colour::Blue
        }
    }

    /// The player owning every square, if any.
    #[inline(always)]
    pub fn winner(&self) -> Option<Colour> {
        let all = geometry(self.size).all;
        if covers(self.owner.red, all) {
            Some(Colour::Red)
        } else if covers(self.owner.blue, all) {
            Some(Colour::Blue)
        } else {
            None
        }
    }

    /// Mask of the legal moves: every square the opponent does not own, none once won.
    #[inline(always)]
    pub fn legal_moves(&self) -> u128 {
        if self.winner().is_some() {
            return 0;
        }
        geometry(self.size).all & !self.owned(self.to_move().opponent())
    }

    /// Whether `sq` is a legal move now.
    pub fn is_legal(&self, sq: usize) -> bool {
        sq < MAX_SQUARES && self.legal_moves() >> sq & 1 == 1
    }

    /// The square at a 1-based coordinate, if it is on the board.
    pub fn square_at(&self, coord: Coord) -> Option<usize> {
        let n = self.size();
        ((1..=n).contains(&coord.row) && (1..=n).contains(&coord.col))
            .then(|| (coord.row - 1) * n + coord.col - 1)
    }

    /// The 1-based coordinate of square `sq`.
    pub fn coord(&self, sq: usize) -> Coord {
        Coord {
            row: sq / self.size() + 1,
            col: sq % self.size() + 1,
        }
    }

    /// Plays a move for the side to move: one spot on `sq`, then the chain reaction.
    ///
    /// The move must be legal (`is_legal`); search only offers legal moves and the command
    /// loop checks first. Redistribution stops as soon as the mover owns every square.
    #[inline]
    pub fn play(&mut self, sq: usize) {
        debug_assert!(self.is_legal(sq), "illegal move {sq}");
        let me = self.to_move();
        self.total += 1;
        self.add_spot(sq, me);
        if self.spots(sq) > geometry(self.size).capacity[sq] {
            self.redistribute(sq, me);
        }
    }

    /// Adds one spot to `sq` and gives it to `me`, keeping the hash current.
    #[inline(always)]
    fn add_spot(&mut self, sq: usize, me: Colour) {
        let old = self.spots(sq) as usize;
        debug_assert!(old + 1 < SPOT_KEYS);
        // The nibble stays below 16 (see `redistribute`), so the add never carries.
        self.spots[sq >> 1] += 1 << ((sq & 1) * 4);
        self.hash ^= KEYS.spots[sq][old] ^ KEYS.spots[sq][old + 1];
        self.take(sq, me);
    }

    /// Gives `sq` to `me`, keeping the hash current.
    #[inline(always)]
    fn take(&mut self, sq: usize, me: Colour) {
        let bit = 1u128 << sq;
        if self.owner.get(me) & bit != 0 {
            return;
        }
        let them = me.opponent();
        if self.owner.get(them) & bit != 0 {
            *self.owner.get_mut(them) &= !bit;
            self.hash ^= KEYS.owner[sq][them.index()];
        }
        *self.owner.get_mut(me) |= bit;
        self.hash ^= KEYS.owner[sq][me.index()];
    }

    /// The chain reaction after a spot made `start` overfull.
    ///
    /// Squares topple in waves: each wave topples, once each, every square that was overfull
    /// when the wave began, checking for the win after every single topple. That is one of the
    /// orders the rules allow, and it bounds every square by twice its neighbour count: a square
    /// not toppling gains at most its neighbour count in a wave; one toppling gains no more
    /// than it loses. Termination: if toppling never stopped, every square would topple
    /// forever (spots are conserved), so every square would become the mover's and the win
    /// check would stop it.
    #[cold]
    fn redistribute(&mut self, start: usize, me: Colour) {
        let g = geometry(self.size);
        let mut wave = 1u128 << start;
        while wave != 0 {
            let mut touched = 0u128;
            for sq in Squares(wave) {
                let cap = g.capacity[sq] as usize;
                let old = self.spots(sq) as usize;
                self.put_spots(sq, (old - cap) as u8);
                self.hash ^= KEYS.spots[sq][old] ^ KEYS.spots[sq][old - cap];
                for &n in &g.neighbours[sq][..cap] {
                    self.add_spot(n as usize, me);
                }
                if covers(*self.owner.get(me), g.all) {
                    return;
                }
                touched |= g.neighbour_mask[sq] | 1u128 << sq;
            }
            wave = 0;
            for sq in Squares(touched) {
                if self.spots(sq) > g.capacity[sq] {
                    wave |= 1u128 << sq;
                }
            }
        }
    }

    /// Sets a square's contents, as the `set` command does: `spots == 0` makes it white with
    /// one spot; otherwise `owner` takes it with `spots` spots. The caller checks that
    /// `spots` is at most the square's neighbour count and that a coloured square has an owner.
    pub fn set_square(&mut self, sq: usize, spots: u8, owner: Option<Colour>) {
        let (spots, owner) = if spots == 0 {
            (1, None)
        } else {
            (spots, owner)
        };
        debug_assert!(spots <= geometry(self.size).capacity[sq] && owner.is_some() || spots == 1);
        self.total = self.total - self.spots(sq) as u16 + spots as u16;
        self.put_spots(sq, spots);
        let bit = 1u128 << sq;
        self.owner.red &= !bit;
        self.owner.blue &= !bit;
        if let Some(c) = owner {
            *self.owner.get_mut(c) |= bit;
        }
        self.hash = self.compute_hash();
    }

    /// The hash computed from scratch; equals `hash()` at all times.
    pub fn compute_hash(&self) -> u64 {
        let mut h = KEYS.size[self.size()];
        for sq in 0..self.squares() {
            h ^= KEYS.spots[sq][self.spots(sq) as usize];
            if let Some(c) = self.owner(sq) {
                h ^= KEYS.owner[sq][c.index()];
            }
        }
        h
    }

    /// The rows exactly as the `dump` command prints them (without the `====` markers):
    /// `1-` for a white square, `3r` for a red square with three spots.
    pub fn dump_rows(&self) -> Vec<String> {
        (0..self.size())
            .map(|r| {
                let cells: Vec<String> = (0..self.size())
                    .map(|c| self.cell_token(r * self.size() + c))
                    .collect();
                cells.join(" ")
            })
            .collect()
    }

    /// A square as two characters: spots, then `r`, `b` or `-`.
    pub fn cell_token(&self, sq: usize) -> String {
        let letter = self.owner(sq).map_or('-', Colour::letter);
        format!("{}{}", self.spots(sq), letter)
    }
}

/// Hashing a board feeds only its Zobrist key: equal boards have equal keys, and `Eq`
/// still compares whole boards, so maps keyed by boards are exact.
impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_notation())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(notation: &str) -> Board {
        notation.parse().expect("valid notation")
    }

    #[test]
    fn the_board_stays_small_enough_to_copy_in_registers() {
        assert!(std::mem::size_of::<Board>() <= 96);
    }

    #[test]
    fn red_moves_first_on_every_size() {
        for size in MIN_SIZE..=MAX_SIZE {
            let b = Board::new(size);
            assert_eq!(b.to_move(), Colour::Red);
            assert_eq!(b.legal_moves().count_ones() as usize, size * size);
            assert_eq!(b.winner(), None);
        }
    }

    #[test]
    fn a_quiet_move_takes_the_square_and_passes_the_turn() {
        let mut b = Board::new(3);
        b.play(4);
        assert_eq!(b.to_notation(), "1-1-1-/1-2r1-/1-1-1-");
        assert_eq!(b.to_move(), Colour::Blue);
        assert_eq!(b.legal_moves().count_ones(), 8);
        assert!(!b.is_legal(4));
    }

    #[test]
    fn a_corner_explodes_into_its_neighbours() {
        let mut b = board("2r1-1-/1-2b1-/1-1-1-");
        assert_eq!(b.to_move(), Colour::Red);
        b.play(0);
        assert_eq!(b.to_notation(), "1r2r1-/2r2b1-/1-1-1-");
        assert_eq!(b.hash(), b.compute_hash());
    }

    #[test]
    fn a_chain_reaction_recolours_the_opponent() {
        // Red adds to 1:1 (3 spots > 2): 1:2 gets 4 > 3 and explodes into 1:1, 1:3 and 2:2.
        let mut b = board("2r3b1-/1-1-1-/1-1-2b");
        assert_eq!(b.to_move(), Colour::Red);
        b.play(0);
        assert_eq!(b.to_notation(), "2r1r2r/2r2r1-/1-1-2b");
        assert_eq!(b.winner(), None);
        assert_eq!(b.hash(), b.compute_hash());
    }

    #[test]
    fn taking_the_last_square_wins_and_leaves_no_moves() {
        let mut b = board("2r2r/1r1-");
        assert_eq!(b.to_move(), Colour::Red);
        b.play(3);
        assert_eq!(b.winner(), Some(Colour::Red));
        assert_eq!(b.legal_moves(), 0);
    }

    #[test]
    fn an_endless_cascade_stops_at_the_win() {
        // 2x2 with every corner at capacity: any move cascades until one colour covers all.
        let mut b = board("2r2b/2b2b");
        let mover = b.to_move();
        let sq = Squares(b.legal_moves()).next().unwrap();
        b.play(sq);
        assert_eq!(b.winner(), Some(mover));
        assert_eq!(b.total_spots(), 9);
        assert_eq!(b.hash(), b.compute_hash());
    }

    #[test]
    fn set_square_clears_to_white_and_updates_the_turn() {
        let mut b = Board::new(4);
        b.set_square(5, 2, Some(Colour::Blue));
        assert_eq!(b.owner(5), Some(Colour::Blue));
        assert_eq!(b.to_move(), Colour::Blue);
        b.set_square(5, 0, Some(Colour::Blue));
        assert_eq!(b.owner(5), None);
        assert_eq!(b, Board::new(4));
    }

    #[test]
    fn coords_round_trip() {
        let b = Board::new(7);
        for sq in 0..49 {
            assert_eq!(b.square_at(b.coord(sq)), Some(sq));
        }
        assert_eq!(b.square_at(Coord { row: 8, col: 1 }), None);
        assert_eq!(b.square_at(Coord { row: 0, col: 1 }), None);
    }
}
