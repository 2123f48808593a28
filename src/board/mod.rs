//! The rules of Jump61: a `Copy` board of fixed arrays, the legal-move mask, the side to move
//! and the winner; making a move with its chain reaction is `topple.rs`.

mod geometry;
mod nibbles;
mod notation;
mod replies;
mod topple;
mod waves;
mod zobrist;

pub use geometry::{Geometry, MAX_SIZE, MAX_SQUARES, MIN_SIZE, Squares, geometry};
pub use notation::NotationError;
pub use waves::Frame;
pub use zobrist::splitmix64;

use nibbles::{NIBBLE_TOPS, ONES, gather_nibbles, nibble_fill, scatter_nibbles};
use std::fmt;
use zobrist::KEYS;

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

/// Which text's rules a board follows. They differ only in the start and in whose turn it is:
/// capacity, legal moves, toppling and the win are the same.
///
/// The discriminant is the number of spots on a white square: one in 2014, none in 2013.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Rules {
    /// The 2013 text: squares start white and empty; the move number says whose turn it is.
    V2013 = 0,
    /// The 2014 text: squares start white with one spot; the spot count says whose turn it is.
    #[default]
    V2014 = 1,
}

impl std::str::FromStr for Rules {
    type Err = String;

    fn from_str(text: &str) -> Result<Rules, String> {
        match text.trim() {
            "2013" => Ok(Rules::V2013),
            "2014" => Ok(Rules::V2014),
            other => Err(format!("unknown rules '{other}': use 2013 or 2014")),
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rules::V2013 => "2013",
            Rules::V2014 => "2014",
        })
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
/// retire (a failed store-to-load forward), which cost a quarter of perft's time. The mask
/// is split before the `!` too: `all & !mask` on a `u128` was compiled as one 16-byte load
/// and a vector XOR, the same stall on every child's `winner` and `legal_moves` (36 moves
/// with both, `cargo bench --bench board -- play_and_mask`: 0.87 to 0.95 us before, 0.39 to
/// 0.41 us after).
#[inline(always)]
fn covers(mask: u128, all: u128) -> bool {
    let (low, high) = (mask as u64, (mask >> 64) as u64);
    ((all as u64 & !low) | ((all >> 64) as u64 & !high)) == 0
}

/// `all & !mask`, worked as two 64-bit halves for the reason `covers` is.
#[inline(always)]
fn without(all: u128, mask: u128) -> u128 {
    let low = all as u64 & !(mask as u64);
    let high = (all >> 64) as u64 & !((mask >> 64) as u64);
    u128::from(high) << 64 | u128::from(low)
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

/// A Jump61 position: spots and owners of every square, the side to move, and its Zobrist
/// hash. Under the 2014 rules the side to move follows from the spots; under the 2013 rules
/// it may be set apart from them (`move N`), and the hash then carries a side key.
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
#[derive(Clone, Copy)]
pub struct Board {
    /// Spots, one nibble per square (low nibble first). Packing keeps the board at 96 bytes,
    /// small enough that a copy is a few register moves rather than a `memcpy` call whose
    /// stores the next loads would wait on.
    spots: [u8; MAX_SQUARES / 2],
    owner: ByColour<u128>,
    /// The Zobrist hash, or [`UNHASHED`] once a move was played without keeping it.
    hash: u64,
    total: u16,
    size: u8,
    /// Red moves when `total + turn` is even: `size % 2` on a 2014 board, so that Red moves
    /// first; any parity on a 2013 board. Adding it costs `to_move` nothing over adding the
    /// size, and it fills padding: the board stays 96 bytes.
    turn: u8,
    rules: Rules,
}

impl Board {
    /// The initial position: every square white with one spot.
    ///
    /// # Panics
    /// If `size` is outside `MIN_SIZE..=MAX_SIZE`; callers parse sizes first.
    pub fn new(size: usize) -> Board {
        Board::with_rules(size, Rules::V2014)
    }

    /// The initial position under `rules`: every square white, with one spot (2014) or none
    /// (2013); Red to move.
    ///
    /// ```
    /// use jump61::board::{Board, Colour, Rules};
    /// let mut board = Board::with_rules(3, Rules::V2013);
    /// assert_eq!(board.to_notation(), "------/------/------");
    /// board.play(4);
    /// assert_eq!(board.to_notation(), "------/--1r--/------");
    /// assert_eq!(board.to_move(), Colour::Blue);
    /// ```
    ///
    /// # Panics
    /// If `size` is outside `MIN_SIZE..=MAX_SIZE`; callers parse sizes first.
    pub fn with_rules(size: usize, rules: Rules) -> Board {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size), "board size {size}");
        let n = size * size;
        let white = rules as u8;
        let mut board = Board {
            spots: [0; MAX_SQUARES / 2],
            owner: ByColour::default(),
            hash: 0,
            total: n as u16 * white as u16,
            size: size as u8,
            turn: (size as u8 * white) & 1,
            rules,
        };
        for sq in 0..n {
            board.put_spots(sq, white);
        }
        board.hash = board.compute_hash();
        board
    }

    /// The rules this board follows.
    #[inline(always)]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Spots on every white square: 1 under the 2014 rules, 0 under the 2013 rules.
    #[inline(always)]
    pub fn white_spots(&self) -> u8 {
        self.rules as u8
    }

    /// Makes `colour` the side to move, as the 2013 `move N` does, keeping the spots.
    ///
    /// On a 2014 board this may give a turn the spots disagree with; only 2013 play uses it.
    pub fn set_to_move(&mut self, colour: Colour) {
        if self.to_move() != colour {
            self.turn ^= 1;
            if self.keeps_hash() {
                self.hash ^= KEYS.side;
            }
        }
    }

    /// The smallest number of the next move (2013 `move N`) that gives this side to move:
    /// one more than the spots when they agree, as after a game from the empty start.
    pub fn next_move_number(&self) -> u64 {
        let total = self.total as u64;
        let red = self.to_move() == Colour::Red;
        if total.is_multiple_of(2) == red {
            total + 1
        } else {
            total + 2
        }
    }

    /// Whether the side to move differs from the 2014 rule (Red when spots plus size is
    /// even): the hash then holds the side key.
    #[inline(always)]
    fn turn_flipped(&self) -> bool {
        self.turn != self.size & 1
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

    /// The Zobrist hash, kept up to date by every change, or computed from scratch on a
    /// board played without it ([`Board::play_unhashed`]).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        if self.keeps_hash() {
            self.hash
        } else {
            self.compute_hash()
        }
    }

    /// Whether the hash field is kept current. A board whose true hash happens to be
    /// [`UNHASHED`] is taken for one not kept, which costs it a rehash, never a wrong hash.
    #[inline(always)]
    fn keeps_hash(&self) -> bool {
        self.hash != UNHASHED
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

    /// The spots of squares 0 to 15 as one word, a nibble a square (square 0 lowest): the
    /// whole of a 4x4 board, for keys that permute squares with word operations.
    #[inline(always)]
    pub fn first_spot_word(&self) -> u64 {
        u64::from_le_bytes(
            self.spots[..8]
                .try_into()
                .expect("a board holds 16 squares"),
        )
    }

    /// The spots of squares `16 i` to `16 i + 15` as one word, a nibble a square (the
    /// lowest square lowest): for keys that read a board a word at a time.
    #[inline(always)]
    pub fn spot_word(&self, i: usize) -> u64 {
        self.spot_words()[i]
    }

    /// Bit `i` of `bits` as the low bit of nibble `i` of a word (the layout of
    /// [`Board::first_spot_word`]).
    #[inline(always)]
    pub fn nibble_mask(bits: u16) -> u64 {
        scatter_nibbles(bits)
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

    /// The side to move: Red when total spots plus the board size is even (2014 text, §3);
    /// under the 2013 rules, as the move number or the start left it.
    #[inline(always)]
    pub fn to_move(&self) -> Colour {
        if (self.total + self.turn as u16).is_multiple_of(2) {
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
    ///
    /// When the opponent owns every square the mask is empty by itself, so only the mover's
    /// win (a set-up position) needs a check: one `covers` rather than `winner`'s two, which
    /// took a fifth of perft's instructions (docs/results/benchmarks.md).
    #[inline(always)]
    pub fn legal_moves(&self) -> u128 {
        let all = geometry(self.size).all;
        let me = self.to_move();
        if covers(self.owned(me), all) {
            return 0;
        }
        without(all, self.owned(me.opponent()))
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

    /// Squares holding as many spots as they have neighbours: one more spot explodes them.
    pub fn critical(&self) -> u128 {
        // In a position at rest no square is overfull, so "at or over capacity" is "at".
        let [critical] = self.within_of_capacity([1]);
        critical
    }

    /// Squares critical or one spot short of it: at most two more spots explode them.
    pub fn near_or_critical(&self) -> u128 {
        let [near] = self.within_of_capacity([2]);
        near
    }

    /// `critical` and `near_or_critical` at once, from one pass over the spot words: the
    /// evaluation wants both.
    #[inline(always)]
    pub fn critical_and_near(&self) -> (u128, u128) {
        let [critical, near] = self.within_of_capacity([1, 2]);
        (critical, near)
    }

    /// For each `short` (1 or 2), the squares at most `short - 1` spots below capacity, or
    /// over it. Adding `7 - capacity + short` to a nibble of at most capacity spots stays
    /// below 16. Each mask is put together as two 64-bit halves: a 128-bit shift by a
    /// variable amount is a branch-free select of two shifts.
    #[inline(always)]
    fn within_of_capacity<const K: usize>(&self, shorts: [u64; K]) -> [u128; K] {
        let g = geometry(self.size);
        let words = self.spot_words();
        let mut halves = [[0u64; 2]; K];
        for (i, (word, bias)) in words.iter().zip(&g.overfull_bias).enumerate().take(g.words) {
            for (half, short) in halves.iter_mut().zip(shorts) {
                let tops = word.wrapping_add(bias + short * ONES) & NIBBLE_TOPS;
                half[i / 4] |= u64::from(gather_nibbles(tops >> 3)) << (16 * (i % 4));
            }
        }
        halves.map(|[low, high]| (u128::from(high) << 64 | u128::from(low)) & g.all)
    }

    /// The total of the spots on the squares of `mask`.
    pub fn spots_in(&self, mask: u128) -> u32 {
        let g = geometry(self.size);
        let words = self.spot_words();
        let mut total = 0;
        for (i, &word) in words.iter().enumerate().take(g.words) {
            let picked = word & nibble_fill((mask >> (16 * i)) as u16);
            let bytes = (picked & 0x0F0F_0F0F_0F0F_0F0F) + (picked >> 4 & 0x0F0F_0F0F_0F0F_0F0F);
            // Sixteen squares of at most eight spots: the byte sum stays below 256.
            total += bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56;
        }
        total as u32
    }

    /// Sets a square's contents, as the `set` command does: `spots == 0` makes it white (with
    /// one spot under the 2014 rules, none under the 2013 rules); otherwise `owner` takes it
    /// with `spots` spots. The caller checks that `spots` is at most the square's neighbour
    /// count (the notation reader allows more on a won board, where a winning chain may stop
    /// with squares overfull) and that a coloured square has an owner. The side to move
    /// follows the spot count's parity as a move would; 2013 play sets it back with
    /// `set_to_move`.
    pub fn set_square(&mut self, sq: usize, spots: u8, owner: Option<Colour>) {
        let (spots, owner) = if spots == 0 {
            (self.white_spots(), None)
        } else {
            (spots, owner)
        };
        // A square's spots take four bits.
        debug_assert!(spots <= 15 && (owner.is_some() || spots == self.white_spots()));
        // The hash follows the square's change, as `compute_hash` would find it: a proof
        // checker reading millions of positions spent a third of its time rehashing whole
        // boards here.
        let (old_spots, old_owner) = (self.spots(sq), self.owner(sq));
        if self.keeps_hash() {
            self.hash ^= KEYS.spots[sq][old_spots as usize] ^ KEYS.spots[sq][spots as usize];
            for c in [old_owner, owner].into_iter().flatten() {
                self.hash ^= KEYS.owner[sq][c.index()];
            }
        }
        self.total = self.total - old_spots as u16 + spots as u16;
        self.put_spots(sq, spots);
        let bit = 1u128 << sq;
        self.owner.red &= !bit;
        self.owner.blue &= !bit;
        if let Some(c) = owner {
            *self.owner.get_mut(c) |= bit;
        }
        debug_assert_eq!(self.hash(), self.compute_hash());
    }

    /// The hash computed from scratch; equals `hash()` at all times.
    pub fn compute_hash(&self) -> u64 {
        let mut h = KEYS.size[self.size()];
        if self.turn_flipped() {
            h ^= KEYS.side;
        }
        for sq in 0..self.squares() {
            h ^= KEYS.spots[sq][self.spots(sq) as usize];
            if let Some(c) = self.owner(sq) {
                h ^= KEYS.owner[sq][c.index()];
            }
        }
        h
    }

    /// The rows exactly as the `dump` command prints them (without the `====` markers):
    /// `1-` for a white square (`--` for an empty one, 2013), `3r` for a red square with three
    /// spots.
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

    /// A square as two characters: spots, then `r`, `b` or `-`; `--` for an empty white
    /// square (2013 rules).
    pub fn cell_token(&self, sq: usize) -> String {
        match self.owner(sq) {
            None if self.spots(sq) == 0 => "--".to_string(),
            owner => format!("{}{}", self.spots(sq), owner.map_or('-', Colour::letter)),
        }
    }
}

/// The hash field held when a board's hash is not kept ([`Board::play_unhashed`]).
const UNHASHED: u64 = 0;

/// Boards are equal when their squares, side to move and rules are: the hash follows from
/// those, or is not kept.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.spots == other.spots
            && self.owner == other.owner
            && (self.total, self.size, self.turn, self.rules)
                == (other.total, other.size, other.turn, other.rules)
    }
}

impl Eq for Board {}

/// Hashing a board feeds only its Zobrist key: equal boards have equal keys, and `Eq`
/// still compares whole boards, so maps keyed by boards are exact.
impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash());
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
    fn critical_squares_and_spot_sums_match_square_by_square() {
        for notation in [
            "2r3b1-/3r4b2r/1-3b2b",
            "2r3r2r3r3r3r3r3r3r2r/3r4r4r4r4r4r4r4r4r3r/3r4r4r4r4r4r4r4r4r3r/\
             3r4r4r4r4r4r4r4r4r3r/3r4r4r4r4r4r4r4r4r3r/3r4r4r4r4r4r4r4r4r3r/\
             3r4r4r4r4r4r4r4r4r3r/3r4r4r4r4r4r4r4r4r3r/3r4r4r4r4r4r4r4r4r3r/\
             2r3r3r3r3r3r3r3r3r2b",
            "1-1-/1-1-",
        ] {
            let b = board(notation);
            let g = geometry(b.size);
            let slow = (0..b.squares())
                .filter(|&sq| b.spots(sq) == g.capacity[sq])
                .fold(0u128, |m, sq| m | 1 << sq);
            assert_eq!(b.critical(), slow, "{notation}");
            let slow = (0..b.squares())
                .filter(|&sq| b.spots(sq) + 1 >= g.capacity[sq])
                .fold(0u128, |m, sq| m | 1 << sq);
            assert_eq!(b.near_or_critical(), slow, "{notation}");
            assert_eq!(
                b.critical_and_near(),
                (b.critical(), b.near_or_critical()),
                "{notation}"
            );
            for mask in [
                g.all,
                b.owned(Colour::Red),
                b.owned(Colour::Blue),
                0x5555_5555 & g.all,
            ] {
                let slow: u32 = Squares(mask).map(|sq| b.spots(sq) as u32).sum();
                assert_eq!(b.spots_in(mask), slow, "{notation}");
            }
        }
    }

    /// A board played without its hash equals its twin played with it, has its hash (from
    /// scratch), and stays right under every later change, hashed or not.
    #[test]
    fn a_board_played_unhashed_still_has_the_right_hash() {
        let mut state = 0x61_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for size in MIN_SIZE..=MAX_SIZE {
            for rules in [Rules::V2013, Rules::V2014] {
                let (mut kept, mut unkept) = (
                    Board::with_rules(size, rules),
                    Board::with_rules(size, rules),
                );
                let mut seen = std::collections::HashSet::new();
                for ply in 0..6 * size * size {
                    if kept.winner().is_some() {
                        break;
                    }
                    let moves: Vec<usize> = Squares(kept.legal_moves()).collect();
                    let sq = moves[next(moves.len())];
                    kept.play(sq);
                    match ply % 7 {
                        0 => unkept.play(sq),
                        5 if rules == Rules::V2013 => {
                            unkept.play_unhashed(sq);
                            let other = kept.to_move().opponent();
                            kept.set_to_move(other);
                            unkept.set_to_move(other);
                        }
                        6 => {
                            unkept.play_unhashed(sq);
                            let (sq, spots) = (next(size * size), kept.spots(sq).min(2));
                            let owner = kept.owner(sq).or(Some(Colour::Red));
                            kept.set_square(sq, spots, owner);
                            unkept.set_square(sq, spots, owner);
                        }
                        _ => unkept.play_unhashed(sq),
                    }
                    assert!(kept == unkept, "{size} {rules:?} ply {ply}");
                    assert_eq!(unkept.hash(), kept.hash(), "{size} {rules:?} ply {ply}");
                    assert_eq!(
                        kept.hash(),
                        kept.compute_hash(),
                        "{size} {rules:?} ply {ply}"
                    );
                    seen.insert(kept);
                    assert!(seen.contains(&unkept), "{size} {rules:?} ply {ply}");
                }
            }
        }
    }

    #[test]
    fn the_2013_start_is_empty_and_red_moves_first_on_every_size() {
        for size in MIN_SIZE..=MAX_SIZE {
            let b = Board::with_rules(size, Rules::V2013);
            assert_eq!(b.total_spots(), 0);
            assert_eq!(b.to_move(), Colour::Red);
            assert_eq!(b.legal_moves().count_ones() as usize, size * size);
            assert_eq!(b.critical(), 0);
            assert_eq!(b.hash(), b.compute_hash());
            assert_ne!(b.hash(), Board::new(size).hash());
        }
    }

    #[test]
    fn the_2013_corner_fills_from_empty_and_explodes_on_its_third_spot() {
        let mut b = Board::with_rules(2, Rules::V2013);
        for (sq, to_move) in [(0, Colour::Blue), (3, Colour::Red), (0, Colour::Blue)] {
            b.play(sq);
            assert_eq!(b.to_move(), to_move);
        }
        assert_eq!(b.to_notation(), "2r--/--1b");
        b.play(3);
        b.play(0);
        // 1:1 topples into 1:2 and 2:1, which Red takes; Blue keeps 2:2.
        assert_eq!(b.to_notation(), "1r1r/1r2b");
        assert_eq!(b.owner(0), Some(Colour::Red));
        assert_eq!(b.to_move(), Colour::Blue);
        assert_eq!(b.hash(), b.compute_hash());
    }

    #[test]
    fn the_side_to_move_can_be_set_apart_from_the_spots_and_is_hashed() {
        let mut b = Board::with_rules(3, Rules::V2013);
        b.play(4);
        let blue = b;
        b.set_to_move(Colour::Red);
        assert_eq!(b.to_move(), Colour::Red);
        assert_ne!(b.hash(), blue.hash());
        assert_eq!(b.hash(), b.compute_hash());
        assert_ne!(b, blue);
        b.play(0);
        assert_eq!(b.to_move(), Colour::Blue);
        assert_eq!(b.owned(Colour::Red), 1 | 1 << 4);
        b.set_to_move(Colour::Blue);
        assert_eq!(b.hash(), b.compute_hash());
        // Setting a square keeps the turn parity: the side follows the spot count from there.
        b.set_square(8, 2, Some(Colour::Blue));
        assert_eq!(b.to_move(), Colour::Blue);
        b.set_square(8, 1, Some(Colour::Blue));
        assert_eq!(b.to_move(), Colour::Red);
        b.set_square(8, 0, None);
        assert_eq!(b.to_notation(), "1r----/--1r--/------");
        assert_eq!(b.hash(), b.compute_hash());
    }

    #[test]
    fn a_2013_board_with_no_white_square_plays_as_the_2014_board() {
        let text = "2r3b1r/1b2b2r/1r3b2b";
        let old = Board::parse_with_rules(text, Rules::V2013).unwrap();
        let mut new: Board = text.parse().unwrap();
        new.set_to_move(old.to_move());
        assert_eq!(old.hash(), new.hash());
        for sq in Squares(old.legal_moves()) {
            let (mut a, mut b) = (old, new);
            a.play(sq);
            b.play(sq);
            assert_eq!(a.to_notation(), b.to_notation());
            assert_eq!(a.hash(), b.hash());
        }
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
