//! Fixed facts about each board size: which squares exist, their neighbours and how many
//! spots each holds before it is overfull. Built at compile time, one table per size.

/// The largest board side the rules allow.
pub const MAX_SIZE: usize = 10;
/// The smallest board side the rules allow.
pub const MIN_SIZE: usize = 2;
/// Squares on the largest board; every per-square array has this length.
pub const MAX_SQUARES: usize = MAX_SIZE * MAX_SIZE;
/// 64-bit words that hold the spots of the largest board, a 4-bit nibble per square.
pub const SPOT_WORDS: usize = MAX_SQUARES.div_ceil(16);

/// The most squares of a board whose spots fit one `u128`, a nibble a square.
pub const SMALL_SQUARES: usize = 32;

/// What toppling one square adds to the spot words: one spot in the nibble of each
/// neighbour. The neighbours lie within `2 * size + 1` consecutive squares, so within three
/// consecutive words starting at `word`.
#[derive(Clone, Copy, Debug)]
pub struct Topple {
    pub word: u8,
    pub add: [u64; 3],
}

/// The shape of one board size. Squares are numbered row-major from 0, densely
/// (`row * size + col`), so the squares of a board are the low `size * size` bits of a `u128`.
#[derive(Debug)]
pub struct Geometry {
    /// Side length.
    pub size: u8,
    /// Mask of every square on the board.
    pub all: u128,
    /// Number of neighbours of each square: the most spots it holds without being overfull.
    pub capacity: [u8; MAX_SQUARES],
    /// Neighbours of each square; only the first `capacity[sq]` entries are meaningful.
    pub neighbours: [[u8; 4]; MAX_SQUARES],
    /// Neighbours of each square as a mask.
    pub neighbour_mask: [u128; MAX_SQUARES],
    /// Sum of the capacities: the most spots a board can hold with no square overfull.
    pub stable_capacity: u16,
    /// Spot words in use (`squares / 16`, rounded up).
    pub words: usize,
    /// Per square, the spots its topple gives its neighbours, as word addends.
    pub topple: [Topple; MAX_SQUARES],
    /// Per spot word, `7 - capacity` in the nibble of each square (0 off the board): adding
    /// it to the word sets a nibble's top bit exactly when its square is overfull, given at
    /// most 8 spots; `8 - capacity` does the same for squares at or over capacity.
    pub overfull_bias: [u64; SPOT_WORDS],
    /// On boards of at most `SMALL_SQUARES` squares (5x5 and smaller), whose spots fit one
    /// `u128`: per square, what its topple adds to that number (a spot to each neighbour,
    /// less its capacity from itself, modulo 2^128). Zero on larger boards.
    pub small_topple: [u128; SMALL_SQUARES],
    /// The four corner squares (two neighbours each).
    pub corners: u128,
    /// The squares on an edge but not in a corner (three neighbours each).
    pub edges: u128,
    /// Squares not in the first column / not in the last column, for shifting masks sideways.
    not_first_col: u128,
    not_last_col: u128,
}

impl Geometry {
    /// Every square next to a square of `mask`: the neighbours of the whole set at once.
    #[inline(always)]
    pub fn spread(&self, mask: u128) -> u128 {
        // A side is below 16: masking says so to the compiler, whose 128-bit shifts by an
        // amount it knows is below 64 need no branch-free select for the larger amounts.
        let n = u32::from(self.size) & 15;
        ((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | ((mask << n) & self.all)
            | (mask >> n)
    }
}

/// The geometry of side `size`, one square at a time.
const fn build(size: usize) -> Geometry {
    let mut g = empty(size);
    let mut sq = 0;
    while sq < size * size {
        add_square(&mut g, sq);
        sq += 1;
    }
    g
}

/// A geometry of side `size` with its whole-board facts (side, mask, words) and no square
/// yet: every per-square table and every sum is zero until [`add_square`] fills it in.
const fn empty(size: usize) -> Geometry {
    Geometry {
        size: size as u8,
        all: if size * size == 128 {
            u128::MAX
        } else {
            (1u128 << (size * size)) - 1
        },
        capacity: [0; MAX_SQUARES],
        neighbours: [[0; 4]; MAX_SQUARES],
        neighbour_mask: [0; MAX_SQUARES],
        stable_capacity: 0,
        words: (size * size).div_ceil(16),
        topple: [Topple {
            word: 0,
            add: [0; 3],
        }; MAX_SQUARES],
        overfull_bias: [0; SPOT_WORDS],
        small_topple: [0; SMALL_SQUARES],
        not_first_col: 0,
        not_last_col: 0,
        corners: 0,
        edges: 0,
    }
}

/// Fills in square `sq` of `g`: its neighbours and capacity, its place among the corners,
/// edges and columns, and its share of the sums and the spot-word tables.
const fn add_square(g: &mut Geometry, sq: usize) {
    let size = g.size as usize;
    let col = sq % size;
    let (neighbours, count, mask) = neighbours_of(size, sq);
    g.neighbours[sq] = neighbours;
    g.neighbour_mask[sq] = mask;
    g.capacity[sq] = count as u8;
    match count {
        2 => g.corners |= 1u128 << sq,
        3 => g.edges |= 1u128 << sq,
        _ => {}
    }
    if col > 0 {
        g.not_first_col |= 1u128 << sq;
    }
    if col + 1 < size {
        g.not_last_col |= 1u128 << sq;
    }
    g.stable_capacity += count as u16;
    g.overfull_bias[sq / 16] |= (7 - count as u64) << (4 * (sq % 16));
    g.topple[sq] = topple(&neighbours, count);
    if size * size <= SMALL_SQUARES {
        let mut delta = 0u128.wrapping_sub((count as u128) << (4 * sq));
        let mut i = 0;
        while i < count {
            delta = delta.wrapping_add(1 << (4 * neighbours[i] as usize));
            i += 1;
        }
        g.small_topple[sq] = delta;
    }
}

/// The neighbours of square `sq` on a board of side `size`, in ascending order (the unused
/// entries 0), with their count and their mask.
const fn neighbours_of(size: usize, sq: usize) -> ([u8; 4], usize, u128) {
    let (row, col) = (sq / size, sq % size);
    let mut neighbours = [0; 4];
    let mut mask = 0;
    let mut count = 0;
    // Order: up, left, right, down; any fixed order works.
    let candidates: [(bool, usize); 4] = [
        (row > 0, sq.wrapping_sub(size)),
        (col > 0, sq.wrapping_sub(1)),
        (col + 1 < size, sq + 1),
        (row + 1 < size, sq + size),
    ];
    let mut i = 0;
    while i < 4 {
        if candidates[i].0 {
            let n = candidates[i].1;
            neighbours[count] = n as u8;
            mask |= 1u128 << n;
            count += 1;
        }
        i += 1;
    }
    (neighbours, count, mask)
}

/// The word addends of toppling a square with these `count` neighbours (in ascending
/// order, as `neighbours_of` lists them). The first word is pulled back so that all three
/// words exist.
const fn topple(neighbours: &[u8; 4], count: usize) -> Topple {
    let lowest = neighbours[0] as usize / 16;
    let word = if lowest > SPOT_WORDS - 3 {
        SPOT_WORDS - 3
    } else {
        lowest
    };
    let mut t = Topple {
        word: word as u8,
        add: [0; 3],
    };
    let mut i = 0;
    while i < count {
        let n = neighbours[i] as usize;
        t.add[n / 16 - word] += 1 << (4 * (n % 16));
        i += 1;
    }
    t
}

static GEOMETRIES: [Geometry; MAX_SIZE - MIN_SIZE + 1] = [
    build(2),
    build(3),
    build(4),
    build(5),
    build(6),
    build(7),
    build(8),
    build(9),
    build(10),
];

/// The geometry of a board of side `size` (which must be in `MIN_SIZE..=MAX_SIZE`).
#[inline(always)]
pub fn geometry(size: u8) -> &'static Geometry {
    &GEOMETRIES[size as usize - MIN_SIZE]
}

/// Iterates over the set bits of a square mask, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub u128);

impl Iterator for Squares {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacities_are_neighbour_counts() {
        for size in MIN_SIZE..=MAX_SIZE {
            let g = geometry(size as u8);
            assert_eq!(g.all.count_ones() as usize, size * size);
            for sq in 0..size * size {
                let (r, c) = (sq / size, sq % size);
                let edges = [r == 0, c == 0, r == size - 1, c == size - 1];
                let expected = 4 - edges.iter().filter(|&&e| e).count();
                assert_eq!(g.capacity[sq] as usize, expected, "size {size} sq {sq}");
                assert_eq!(g.neighbour_mask[sq].count_ones() as usize, expected);
                assert_eq!(g.neighbour_mask[sq] & !g.all, 0);
            }
            assert_eq!(g.stable_capacity as usize, 4 * size * (size - 1));
            let with = |n: u8| (0..size * size).filter(move |&sq| g.capacity[sq] == n);
            assert_eq!(g.corners, with(2).fold(0, |m, sq| m | 1 << sq));
            assert_eq!(g.edges, with(3).fold(0, |m, sq| m | 1 << sq));
            assert_eq!(g.corners.count_ones(), 4);
            assert_eq!(g.edges.count_ones() as usize, 4 * (size - 2));
        }
    }

    #[test]
    fn spread_is_the_union_of_neighbour_masks() {
        for size in MIN_SIZE..=MAX_SIZE {
            let g = geometry(size as u8);
            for sq in 0..size * size {
                assert_eq!(
                    g.spread(1 << sq),
                    g.neighbour_mask[sq],
                    "size {size} sq {sq}"
                );
            }
            let mask = 0x5A5A_A5A5_0F0F_F0F0_1234_5678_9ABC_DEF0 & g.all;
            let union = Squares(mask).fold(0, |m, sq| m | g.neighbour_mask[sq]);
            assert_eq!(g.spread(mask), union);
        }
    }

    #[test]
    fn squares_iterates_set_bits() {
        let v: Vec<usize> = Squares(0b1010_0001 | 1 << 99).collect();
        assert_eq!(v, vec![0, 5, 7, 99]);
    }
}
