//! What the proving examples share: their `[--rules R] SIZE MOVES COUNT [...]` arguments,
//! and positions of seeded random play (the same positions on every machine, so that a
//! figure in the docs can be measured again).

use jump61::board::{Board, Rules, Squares};

/// The numbers `SIZE MOVES COUNT` and the optional ones after them (after `--rules R`, if
/// given); exits with status 2 and `usage` if there are fewer than three, or SIZE is not a
/// board the prover takes.
pub fn size_moves_count(usage: &str) -> (usize, usize, usize, Vec<u64>) {
    let given: Vec<String> = std::env::args().skip(1).collect();
    let numbers = if given.first().is_some_and(|a| a == "--rules") {
        &given[given.len().min(2)..]
    } else {
        &given[..]
    };
    let args: Vec<u64> = numbers.iter().map_while(|a| a.parse().ok()).collect();
    let [size, moves, count, rest @ ..] = args.as_slice() else {
        eprintln!("usage: {usage}");
        std::process::exit(2);
    };
    if !(2..=5).contains(size) {
        eprintln!("error: game values are proven on boards 2x2 to 5x5");
        std::process::exit(2);
    }
    (
        *size as usize,
        *moves as usize,
        *count as usize,
        rest.to_vec(),
    )
}

/// The rules of `--rules R` when it comes first (2014 without it); exits with status 2 and
/// `usage` if R is not a year of the rules.
pub fn rules(usage: &str) -> Rules {
    let given: Vec<String> = std::env::args().skip(1).take(2).collect();
    match given.as_slice() {
        [flag, year] if flag == "--rules" => year.parse().unwrap_or_else(|e| {
            eprintln!("error: {e}\nusage: {usage}");
            std::process::exit(2);
        }),
        _ => Rules::V2014,
    }
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
