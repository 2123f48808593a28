//! What the proving examples share: their `[--rules R] SIZE MOVES COUNT [...]` arguments,
//! and positions of seeded random play (the same positions on every machine, so that a
//! figure in the docs can be measured again).

use jump61::board::{Board, Rules, Squares};

/// The arguments `[--rules R] SIZE MOVES COUNT [...]`: the rules (2014 without `--rules`),
/// the three numbers and the optional ones after them; exits with status 2 and `usage` if R
/// is not a year of the rules, there are fewer than three numbers, or SIZE is not a board
/// the prover takes.
pub fn rules_size_moves_count(usage: &str) -> (Rules, usize, usize, usize, Vec<u64>) {
    let fail = |why: String| -> ! {
        eprintln!("{why}usage: {usage}");
        std::process::exit(2);
    };
    let given: Vec<String> = std::env::args().skip(1).collect();
    let (rules, numbers) = match given.as_slice() {
        [flag, year, rest @ ..] if flag == "--rules" => (
            year.parse()
                .unwrap_or_else(|e| fail(format!("error: {e}\n"))),
            rest,
        ),
        all => (Rules::V2014, all),
    };
    let args: Vec<u64> = numbers.iter().map_while(|a| a.parse().ok()).collect();
    let [size, moves, count, rest @ ..] = args.as_slice() else {
        fail(String::new())
    };
    if !(2..=5).contains(size) {
        eprintln!("error: game values are proven on boards 2x2 to 5x5");
        std::process::exit(2);
    }
    let n = |x: &u64| *x as usize;
    (rules, n(size), n(moves), n(count), rest.to_vec())
}

/// Random play from a seed: xorshift64, the same moves on every machine.
pub struct RandomPlay {
    seed: u64,
    rules: Rules,
}

impl RandomPlay {
    pub fn with_rules(seed: u64, rules: Rules) -> RandomPlay {
        RandomPlay { seed, rules }
    }

    fn below(&mut self, n: usize) -> usize {
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        (self.seed % n as u64) as usize
    }

    /// The position after `moves` random moves from the start of a `size` x `size` board;
    /// `None` if the game ended on the way.
    pub fn position(&mut self, size: usize, moves: usize) -> Option<Board> {
        let mut board = Board::with_rules(size, self.rules);
        for _ in 0..moves {
            if board.winner().is_some() {
                break;
            }
            let legal: Vec<usize> = Squares(board.legal_moves()).collect();
            board.play(legal[self.below(legal.len())]);
        }
        board.winner().is_none().then_some(board)
    }
}
