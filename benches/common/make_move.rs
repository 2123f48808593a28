//! A quiet move's floor beside the real make-move, shared by `benches/board.rs` (criterion's
//! nanoseconds) and `examples/make_move.rs` (callgrind's instructions).
//!
//! The floor is a board of the same 96-byte layout whose move does only what a move that
//! topples nothing cannot skip: the copy, the side to move, the nibble's addition, the owner
//! bit, the spot count, the capacity test and the hash's XORs (one pre-combined spot key, the
//! owner key masked in). It has no rules beyond that: it is built from a real board and only
//! quiet moves are played on it. Its keys are its own, drawn as the board's are; a key's
//! value does not change what a move costs.

use jump61::board::{Board, Colour, MAX_SIZE, MAX_SQUARES, Squares, splitmix64};
use std::hint::black_box;

/// `(ADD, OWNER)`: per square, the XOR of the keys of `n` and `n + 1` spots (`n` below 8),
/// and the owner keys of red and blue.
type Keys = ([[u64; 8]; MAX_SQUARES], [[u64; 2]; MAX_SQUARES]);

const fn keys() -> Keys {
    let (mut add, mut owner) = ([[0; 8]; MAX_SQUARES], [[0; 2]; MAX_SQUARES]);
    let mut state = 0x0066_6C6F_6F72_u64; // "floor"
    let mut sq = 0;
    while sq < MAX_SQUARES {
        let mut n = 0;
        while n < 8 {
            let (s, k) = splitmix64(state);
            state = s;
            add[sq][n] = k;
            n += 1;
        }
        let (s, red) = splitmix64(state);
        let (s, blue) = splitmix64(s);
        state = s;
        owner[sq] = [red, blue];
        sq += 1;
    }
    (add, owner)
}

static KEYS: Keys = keys();

/// `BIT[sq]`: square `sq`'s mask (a table, as the board reads it).
static BIT: [u128; MAX_SQUARES] = {
    let mut table = [0; MAX_SQUARES];
    let mut sq = 0;
    while sq < MAX_SQUARES {
        table[sq] = 1 << sq;
        sq += 1;
    }
    table
};

/// `CAPACITY[size][sq]`: the neighbour count of `sq` on a board of side `size`.
static CAPACITY: [[u8; MAX_SQUARES]; MAX_SIZE + 1] = {
    let mut table = [[0; MAX_SQUARES]; MAX_SIZE + 1];
    let mut size = 2;
    while size <= MAX_SIZE {
        let mut sq = 0;
        while sq < size * size {
            let (row, col) = (sq / size, sq % size);
            table[size][sq] = 4
                - (row == 0) as u8
                - (row == size - 1) as u8
                - (col == 0) as u8
                - (col == size - 1) as u8;
            sq += 1;
        }
        size += 1;
    }
    table
};

/// The floor's board: the real board's fields and size, the owners indexed by colour.
#[derive(Clone, Copy)]
pub struct FloorBoard {
    spots: [u8; MAX_SQUARES / 2],
    owner: [u128; 2],
    hash: u64,
    total: u16,
    size: u8,
    turn: u8,
    /// Not read by a quiet move; here so that the floor copies what the board copies.
    #[allow(dead_code)]
    rules: u8,
}

const _: () = assert!(size_of::<FloorBoard>() == size_of::<Board>());

impl FloorBoard {
    /// The floor's copy of `board` (its own hash, from its own keys).
    pub fn new(board: &Board) -> FloorBoard {
        let mut floor = FloorBoard {
            spots: [0; MAX_SQUARES / 2],
            owner: [board.owned(Colour::Red), board.owned(Colour::Blue)],
            hash: 0,
            total: board.total_spots() as u16,
            size: board.size() as u8,
            // The parity that makes `to_move` agree with the board's.
            turn: (board.total_spots() as u8 ^ (board.to_move() == Colour::Blue) as u8) & 1,
            rules: board.white_spots(),
        };
        for sq in 0..board.squares() {
            floor.spots[sq / 2] |= board.spots(sq) << (4 * (sq % 2));
            floor.hash ^= KEYS.0[sq][board.spots(sq) as usize % 8];
        }
        floor
    }

    /// Plays the quiet move `sq` (legal, below capacity): the floor of a move.
    #[inline(always)]
    pub fn play(&mut self, sq: usize) {
        let me = usize::from((self.total as u8 ^ self.turn) & 1);
        self.total += 1;
        let shift = (sq & 1) * 4;
        let old = self.spots[sq >> 1] >> shift & 0xF;
        self.spots[sq >> 1] += 1 << shift;
        let bit = BIT[sq];
        let taken = self.owner[me] & bit == 0;
        self.owner[me] |= bit;
        let owner_key = KEYS.1[sq][me] & u64::from(taken).wrapping_neg();
        self.hash ^= KEYS.0[sq][usize::from(old & 7)] ^ owner_key;
        if old >= CAPACITY[usize::from(self.size)][sq] {
            not_quiet(sq);
        }
    }
}

/// [`FloorBoard`] with each owner mask as two 64-bit words: the same 96 bytes, but the owner
/// bit is set in one word, not in both halves of a `u128`. Not the board's layout: it
/// measures what that layout would save a quiet move.
#[derive(Clone, Copy)]
pub struct WordFloorBoard {
    spots: [u8; MAX_SQUARES / 2],
    owner: [[u64; 2]; 2],
    hash: u64,
    total: u16,
    size: u8,
    turn: u8,
    /// Not read by a quiet move; here so that the floor copies what the board copies.
    #[allow(dead_code)]
    rules: u8,
}

const _: () = assert!(size_of::<WordFloorBoard>() == size_of::<Board>());

impl WordFloorBoard {
    /// The floor's copy of `board`, its owners split into words.
    pub fn new(board: &Board) -> WordFloorBoard {
        let f = FloorBoard::new(board);
        let words = |mask: u128| [mask as u64, (mask >> 64) as u64];
        WordFloorBoard {
            spots: f.spots,
            owner: [words(f.owner[0]), words(f.owner[1])],
            hash: f.hash,
            total: f.total,
            size: f.size,
            turn: f.turn,
            rules: f.rules,
        }
    }

    /// [`FloorBoard::play`], the owner bit set in its word.
    #[inline(always)]
    pub fn play(&mut self, sq: usize) {
        let me = usize::from((self.total as u8 ^ self.turn) & 1);
        self.total += 1;
        let shift = (sq & 1) * 4;
        let old = self.spots[sq >> 1] >> shift & 0xF;
        self.spots[sq >> 1] += 1 << shift;
        let (word, bit) = (&mut self.owner[me][(sq >> 6) & 1], 1u64 << (sq & 63));
        let taken = *word & bit == 0;
        *word |= bit;
        let owner_key = KEYS.1[sq][me] & u64::from(taken).wrapping_neg();
        self.hash ^= KEYS.0[sq][usize::from(old & 7)] ^ owner_key;
        if old >= CAPACITY[usize::from(self.size)][sq] {
            not_quiet(sq);
        }
    }
}

/// A toppling move has no floor here.
#[cold]
#[inline(never)]
fn not_quiet(sq: usize) -> ! {
    panic!("the floor plays quiet moves only; {sq} topples")
}

// Each pass below plays every move of `moves` once on a copy of the board, as a search does:
// the child goes to `black_box` as a search hands it to the next ply by reference, so the
// whole copy is made and every field the move writes is stored. The passes differ only in
// the move.

/// The copy alone (and the loop over the moves): the part every pass shares.
#[inline(never)]
pub fn copy_only(board: &Board, moves: u128) {
    for _ in Squares(moves) {
        let child = *black_box(board);
        black_box(&child);
    }
}

/// The floor's quiet moves.
#[inline(never)]
pub fn floor(board: &FloorBoard, moves: u128) {
    for sq in Squares(moves) {
        let mut child = *black_box(board);
        child.play(sq);
        black_box(&child);
    }
}

/// The floor's quiet moves with the owners in words.
#[inline(never)]
pub fn floor_words(board: &WordFloorBoard, moves: u128) {
    for sq in Squares(moves) {
        let mut child = *black_box(board);
        child.play(sq);
        black_box(&child);
    }
}

/// The board's own moves, with the hash kept (the search's `play`).
#[inline(never)]
pub fn play(board: &Board, moves: u128) {
    for sq in Squares(moves) {
        let mut child = *black_box(board);
        child.play(sq);
        black_box(&child);
    }
}

/// The board's moves without the hash (the prover's `play_unhashed`): the hash's share.
#[inline(never)]
pub fn play_unhashed(board: &Board, moves: u128) {
    for sq in Squares(moves) {
        let mut child = *black_box(board);
        child.play_unhashed(sq);
        black_box(&child);
    }
}

/// The board's moves and what a search asks of the child first: whether the mover has won
/// (`negamax`'s first test) and the child's legal moves (its move list).
#[inline(never)]
pub fn play_and_mask(board: &Board, moves: u128) {
    for sq in Squares(moves) {
        let mut child = *black_box(board);
        child.play(sq);
        let child = black_box(&child);
        black_box((child.winner(), child.legal_moves()));
    }
}
