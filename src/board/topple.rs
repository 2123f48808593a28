//! Making a move: one spot on a square, then the chain reaction, worked on 64-bit words of
//! sixteen nibbles (on boards up to 5x5, one `u128`), with owners and the hash brought up to
//! date once at the end.

use super::geometry::{SMALL_SQUARES, SPOT_WORDS, geometry};
use super::nibbles::NIBBLE_TOPS;
use super::zobrist::{ADD_SPOT, ADDED_SPOTS, BIT, KEYS};
use super::{Board, Colour, covers};

impl Board {
    /// Plays a move for the side to move: one spot on `sq`, then the chain reaction.
    ///
    /// The move must be legal (`is_legal`); search only offers legal moves and the command
    /// loop checks first. Redistribution stops as soon as the mover owns every square.
    #[inline(always)]
    pub fn play(&mut self, sq: usize) {
        debug_assert!(self.is_legal(sq), "illegal move {sq}");
        let me = self.to_move();
        self.total += 1;
        self.add_spot(sq, me);
        if self.spots(sq) > geometry(self.size).capacity[sq] {
            self.redistribute(sq, me);
        }
    }

    /// [`Board::play`] without keeping the hash: for a search that never reads it (the
    /// prover keys positions by their canonical key), which saves the hash's upkeep, about
    /// a tenth of a proof's time (docs/results/solving.md). The board is as `play` leaves it, and
    /// `hash()` stays right: it computes the hash from scratch from then on.
    #[inline(always)]
    pub fn play_unhashed(&mut self, sq: usize) {
        self.hash = super::UNHASHED;
        self.play(sq);
    }

    /// Adds one spot to `sq` and gives it to `me`, keeping the hash current (if it is kept). `sq` is a
    /// legal move: white or already `me`'s, never the opponent's.
    #[inline(always)]
    fn add_spot(&mut self, sq: usize, me: Colour) {
        let old = self.spots(sq) as usize;
        debug_assert!(old <= geometry(self.size).capacity[sq] as usize);
        self.spots[sq >> 1] += 1 << ((sq & 1) * 4);
        let bit = BIT[sq];
        let taken = self.owner.get(me) & bit == 0;
        *self.owner.get_mut(me) |= bit;
        if self.keeps_hash() {
            // Masked rather than branched on: whether a move takes a white square is as
            // good as random to the branch predictor.
            let owner_key = KEYS.owner[sq][me.index()] & u64::from(taken).wrapping_neg();
            self.hash ^= ADD_SPOT[sq][old % ADDED_SPOTS] ^ owner_key;
        }
    }

    /// The chain reaction after a spot made `start` overfull.
    ///
    /// Squares topple in waves: each wave topples, once each and in ascending order, every
    /// square that was overfull when the wave began, checking for the win after every single
    /// topple. That is one of the orders the rules allow, and it bounds every square by twice
    /// its neighbour count at the end of a wave (at most 12 within one): a square not toppling
    /// gains at most its neighbour count in a wave; one toppling gains no more than it loses.
    /// Termination: if toppling never stopped, every square would topple forever (spots are
    /// conserved), so every square would become the mover's and the win check would stop it.
    ///
    /// The spots are worked on as 64-bit words of nibbles: a topple is one subtraction and
    /// three additions (no nibble ever carries), and the next wave is found for sixteen
    /// squares at a time. Owners and the hash are brought up to date once, at the end, from
    /// what changed: a square that topples ten times is hashed once.
    #[cold]
    fn redistribute(&mut self, start: usize, me: Colour) {
        if usize::from(self.size) * usize::from(self.size) <= SMALL_SQUARES {
            self.redistribute_small(start, me);
        } else {
            self.redistribute_words(start, me);
        }
    }

    /// [`Board::redistribute`] on boards of more than 32 squares, their spot words in an
    /// array: for each board's count of words, its own code (6x6: 3 words, 7x7 and 8x8: 4,
    /// 9x9: 6, 10x10: 7), whose loops and copies run over the words in use and no more.
    fn redistribute_words(&mut self, start: usize, me: Colour) {
        match geometry(self.size).words {
            3 => self.redistribute_n::<3>(start, me),
            4 => self.redistribute_n::<4>(start, me),
            6 => self.redistribute_n::<6>(start, me),
            _ => self.redistribute_n::<SPOT_WORDS>(start, me),
        }
    }

    /// [`Board::redistribute_words`] on a board of `N` spot words.
    fn redistribute_n<const N: usize>(&mut self, start: usize, me: Colour) {
        let g = geometry(self.size);
        debug_assert_eq!(g.words, N);
        let before = self.leading_spot_words::<N>();
        let mut words = before;
        let mine = self.owned(me);
        let mut captured = 0u128;
        // The wave: the top bit of the nibble of each square to topple.
        let mut wave = [0u64; SPOT_WORDS];
        wave[start / 16] = 8 << (4 * (start % 16));
        'chain: loop {
            for i in 0..N {
                let mut flags = wave[i];
                while flags != 0 {
                    let sq = 16 * i + flags.trailing_zeros() as usize / 4;
                    flags &= flags - 1;
                    let t = &g.topple[sq];
                    words[i] -= (g.capacity[sq] as u64) << (4 * (sq % 16));
                    let w = t.word as usize;
                    words[w] += t.add[0];
                    words[w + 1] += t.add[1];
                    words[w + 2] += t.add[2];
                    captured |= g.neighbour_mask[sq];
                    if covers(mine | captured, g.all) {
                        break 'chain;
                    }
                }
            }
            let mut any = 0;
            for i in 0..N {
                wave[i] = words[i].wrapping_add(g.overfull_bias[i]) & NIBBLE_TOPS;
                any |= wave[i];
            }
            if any == 0 {
                break;
            }
        }
        self.set_spot_words::<N>(&before, &words);
        self.take_all(captured, me);
    }

    /// [`Board::redistribute`] on boards of at most 32 squares (5x5 and smaller): the spots
    /// are one `u128` held in registers, and a topple is one addition of the square's
    /// `small_topple`. On words in memory, indexed by the square, the additions waited on
    /// one another's stores: redistribution was 38% of a 5x5 proof's time (perf). The same
    /// waves in the same order, so the same board.
    fn redistribute_small(&mut self, start: usize, me: Colour) {
        const TOPS: u128 = (NIBBLE_TOPS as u128) << 64 | NIBBLE_TOPS as u128;
        let g = geometry(self.size);
        let before = self.spot_words();
        let mut spots = u128::from(before[0]) | u128::from(before[1]) << 64;
        let mine = self.owned(me);
        let mut captured = 0u128;
        let bias = u128::from(g.overfull_bias[0]) | u128::from(g.overfull_bias[1]) << 64;
        let mut wave = 8u128 << (4 * start);
        'chain: loop {
            while wave != 0 {
                let sq = wave.trailing_zeros() as usize / 4;
                wave &= wave - 1;
                spots = spots.wrapping_add(g.small_topple[sq]);
                captured |= g.neighbour_mask[sq];
                if covers(mine | captured, g.all) {
                    break 'chain;
                }
            }
            // No nibble carries: see `overfull_bias`.
            wave = spots.wrapping_add(bias) & TOPS;
            if wave == 0 {
                break;
            }
        }
        let mut after = before;
        (after[0], after[1]) = (spots as u64, (spots >> 64) as u64);
        self.set_spot_words::<2>(&before, &after);
        self.take_all(captured, me);
    }

    /// The spots as nibble words (`SPOT_WORDS` of them, the unused nibbles zero).
    #[inline(always)]
    pub(super) fn spot_words(&self) -> [u64; SPOT_WORDS] {
        self.leading_spot_words::<SPOT_WORDS>()
    }

    /// The first `N` nibble words of the spots, the other words zero: a board of `N` words
    /// reads no more.
    #[inline(always)]
    fn leading_spot_words<const N: usize>(&self) -> [u64; SPOT_WORDS] {
        let n = (8 * N).min(self.spots.len());
        let mut bytes = [0u8; SPOT_WORDS * 8];
        bytes[..n].copy_from_slice(&self.spots[..n]);
        std::array::from_fn(|i| {
            if i < N {
                u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap())
            } else {
                0
            }
        })
    }

    /// Stores the first `N` nibble words of `after` (the others are the board's unused
    /// nibbles), hashing every square whose spots differ from `before` (if the hash is kept).
    fn set_spot_words<const N: usize>(
        &mut self,
        before: &[u64; SPOT_WORDS],
        after: &[u64; SPOT_WORDS],
    ) {
        if self.keeps_hash() {
            for i in 0..N {
                let mut diff = before[i] ^ after[i];
                while diff != 0 {
                    let shift = diff.trailing_zeros() & !3;
                    diff &= !(0xF << shift);
                    let sq = 16 * i + shift as usize / 4;
                    let (old, new) = (before[i] >> shift & 0xF, after[i] >> shift & 0xF);
                    self.hash ^= KEYS.spots[sq][old as usize] ^ KEYS.spots[sq][new as usize];
                }
            }
        }
        let mut bytes = [0u8; SPOT_WORDS * 8];
        for (i, w) in after.iter().enumerate().take(N) {
            bytes[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
        }
        let n = (8 * N).min(self.spots.len());
        self.spots[..n].copy_from_slice(&bytes[..n]);
    }

    /// Gives every square of `squares` to `me`, keeping the hash current (if it is kept).
    fn take_all(&mut self, squares: u128, me: Colour) {
        let them = me.opponent();
        if self.keeps_hash() {
            self.hash ^= owner_keys(squares & !self.owned(me), me)
                ^ owner_keys(squares & self.owned(them), them);
        }
        *self.owner.get_mut(me) |= squares;
        *self.owner.get_mut(them) &= !squares;
    }
}

/// The XOR of `colour`'s owner keys of the squares of `squares`, read a 64-bit half at a
/// time: a step over a `u64`'s bits is four instructions, over a `u128`'s about ten.
#[inline(always)]
fn owner_keys(squares: u128, colour: Colour) -> u64 {
    let mut keys = 0;
    for (half, first) in [(squares as u64, 0), ((squares >> 64) as u64, 64)] {
        let mut bits = half;
        while bits != 0 {
            keys ^= KEYS.owner[first + bits.trailing_zeros() as usize][colour.index()];
            bits &= bits - 1;
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::super::{MAX_SIZE, MIN_SIZE, Squares};
    use super::*;

    #[test]
    fn word_parallel_chain_reactions_match_the_plain_waves() {
        let mut state = 0x2014_u64;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        let mut wins = 0;
        for size in MIN_SIZE..=MAX_SIZE {
            let g = geometry(size as u8);
            for _ in 0..200 {
                let mut b = Board::new(size);
                for sq in 0..size * size {
                    let spots = g.capacity[sq].saturating_sub(next(2) as u8);
                    let owner = [Colour::Red, Colour::Blue][next(2)];
                    b.set_square(sq, spots, Some(owner));
                }
                let moves: Vec<usize> = Squares(b.legal_moves()).collect();
                let Some(&sq) = moves.get(next(moves.len().max(1))) else {
                    continue;
                };
                // The plain replay, one topple at a time in the same waves and order, won
                // boards (whose layout depends on the order) included.
                let last = b.waves(sq).pop().expect("a frame");
                let mine = Squares(g.all)
                    .filter(|&s| last.owners[s] == Some(b.to_move()))
                    .fold(0u128, |m, s| m | 1 << s);
                let spots = last.spots;
                let me = b.to_move();
                let theirs = b.owned(me.opponent());
                b.play(sq);
                let got: Vec<u8> = (0..size * size).map(|s| b.spots(s)).collect();
                assert_eq!(got, spots, "size {size}");
                assert_eq!(b.owned(me), mine);
                assert_eq!(b.owned(me.opponent()), theirs & !mine);
                assert_eq!(b.hash(), b.compute_hash());
                wins += b.winner().is_some() as usize;
            }
        }
        assert!(wins > 100, "only {wins} wins");
    }
}
