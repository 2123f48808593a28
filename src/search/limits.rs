//! What ends a search: the limit a player sets (`Limit`), the limits of one search that it
//! turns into (`Limits`), and the pacing of iterative deepening inside them (`Pacer`).
//!
//! Time limits are soft and hard. The soft limit decides whether to start another depth: only
//! if it is expected to finish in time, judged from how fast the cost of the last depths grew.
//! The hard limit stops a search wherever it is. A node limit works the same way in nodes,
//! and is what makes a one-thread search reproducible.

use std::fmt;
use std::time::Duration;

/// What limits each move of the AI, as the player sets it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// Time per move (`time S`): depths go on while the next is expected to finish in time.
    MoveTime(Duration),
    /// Nodes per move over all threads (`nodes N`): with one thread, the same search on
    /// every run and machine.
    Nodes(u64),
    /// A fixed depth, unlimited in time (`bench`).
    Depth(u32),
    /// A game clock (`clock M I`): each side has `total` for the game and gains `increment`
    /// after each of its moves.
    Clock {
        total: Duration,
        increment: Duration,
    },
}

impl Default for Limit {
    fn default() -> Limit {
        Limit::MoveTime(Duration::from_secs(1))
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::MoveTime(t) => write!(f, "{} s a move", t.as_secs_f64()),
            Limit::Nodes(n) => write!(f, "{n} nodes a move"),
            Limit::Depth(d) => write!(f, "depth {d}"),
            Limit::Clock { total, increment } => write!(
                f,
                "{} min a side + {} s a move",
                total.as_secs_f64() / 60.0,
                increment.as_secs_f64()
            ),
        }
    }
}

/// A time that never comes in practice (a "no limit" that still adds to an `Instant`).
pub const FOREVER: Duration = Duration::from_secs(1 << 30);

/// How far one search may go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub max_depth: u32,
    /// Neither the node limit nor the soft time ends a search before this depth is finished
    /// (the duties need it); only the hard time can.
    pub min_depth: u32,
    /// The search stops once this many nodes are counted (over all threads).
    pub nodes: u64,
    /// No depth is started that is expected to end after this.
    pub soft_time: Duration,
    /// The search stops at this time, finished or not.
    pub hard_time: Duration,
    /// Spend less than the soft time when the best move has stayed the same over the last
    /// depths (a game clock saves that time for later moves; a move's own time would be lost).
    pub stable_stop: bool,
}

impl Limits {
    const UNLIMITED: Limits = Limits {
        max_depth: super::score::MAX_PLY as u32 - 2,
        min_depth: 1,
        nodes: u64::MAX,
        soft_time: FOREVER,
        hard_time: FOREVER,
        stable_stop: false,
    };

    /// A search to exactly `depth` plies (unless a proven result comes first), unlimited in time.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            max_depth: depth,
            ..Limits::UNLIMITED
        }
    }

    /// A search of at most `nodes` nodes, never a depth expected to go past them.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: nodes.max(1),
            ..Limits::UNLIMITED
        }
    }

    /// A search that uses `time`: no depth started that would not finish, a stop at the end.
    pub fn move_time(time: Duration) -> Limits {
        Limits {
            soft_time: time,
            hard_time: time,
            ..Limits::UNLIMITED
        }
    }

    /// Unlimited but for a stop flag (pondering).
    pub fn infinite() -> Limits {
        Limits::UNLIMITED
    }
}

/// Depths in a row with the same best move before the soft time shrinks, and how far.
const STABLE_SCALES: [(u32, f64); 2] = [(4, 0.5), (2, 0.75)];

/// The cost growth assumed before two depths have been measured, and its bounds.
const GROWTH_DEFAULT: f64 = 4.0;
const GROWTH_BOUNDS: (f64, f64) = (1.5, 12.0);

/// Watches the depths of one search and says whether another one fits in the limits.
#[derive(Clone, Debug, Default)]
pub struct Pacer {
    /// (nodes, seconds) at the end of each finished depth, from the start.
    ends: Vec<(u64, f64)>,
    best_move: Option<usize>,
    /// Finished depths in a row that kept the same best move.
    stable: u32,
}

impl Pacer {
    /// Records a finished depth: the nodes and time so far, and its best move.
    pub fn finished(&mut self, nodes: u64, elapsed: Duration, best_move: usize) {
        self.ends.push((nodes, elapsed.as_secs_f64()));
        self.stable = if self.best_move == Some(best_move) {
            self.stable + 1
        } else {
            1
        };
        self.best_move = Some(best_move);
    }

    /// How many times more the next depth is expected to cost than the last: the geometric
    /// mean of the last two growths in nodes (depths alternate between cheap and dear, so
    /// one growth alone misleads).
    fn growth(&self) -> f64 {
        let cost = |i: usize| {
            let before = if i == 0 { 0 } else { self.ends[i - 1].0 };
            (self.ends[i].0 - before).max(1) as f64
        };
        let n = self.ends.len();
        let g = match n {
            0 | 1 => GROWTH_DEFAULT,
            2 => cost(1) / cost(0),
            _ => (cost(n - 1) / cost(n - 3)).sqrt(),
        };
        g.clamp(GROWTH_BOUNDS.0, GROWTH_BOUNDS.1)
    }

    /// Whether the next depth is expected to finish inside the node limit and the soft time.
    pub fn next_depth_fits(&self, limits: &Limits) -> bool {
        let Some(&(nodes, secs)) = self.ends.last() else {
            return true;
        };
        let (prev_nodes, prev_secs) = match self.ends.len() {
            1 => (0, 0.0),
            n => self.ends[n - 2],
        };
        let g = self.growth();
        let next_nodes = nodes as f64 + (nodes - prev_nodes) as f64 * g;
        let next_secs = secs + (secs - prev_secs) * g;
        next_nodes <= limits.nodes as f64 && next_secs <= self.soft_secs(limits)
    }

    /// The soft time in seconds, shrunk when the best move has been stable.
    fn soft_secs(&self, limits: &Limits) -> f64 {
        let scale = STABLE_SCALES
            .iter()
            .find(|&&(depths, _)| limits.stable_stop && self.stable >= depths)
            .map_or(1.0, |&(_, s)| s);
        limits.soft_time.as_secs_f64() * scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pacer(ends: &[(u64, f64)], moves: &[usize]) -> Pacer {
        let mut p = Pacer::default();
        for (&(n, s), &m) in ends.iter().zip(moves) {
            p.finished(n, Duration::from_secs_f64(s), m);
        }
        p
    }

    #[test]
    fn a_depth_starts_only_when_expected_to_finish_in_time() {
        // Costs 100, 400, 1600 nodes: growth 4; 0.01 s, 0.04 s, 0.16 s.
        let p = pacer(&[(100, 0.01), (500, 0.05), (2100, 0.21)], &[1, 2, 3]);
        // The next depth would end near 0.21 + 0.16 * 4 = 0.85 s.
        assert!(p.next_depth_fits(&Limits::move_time(Duration::from_secs(1))));
        assert!(!p.next_depth_fits(&Limits::move_time(Duration::from_millis(800))));
        // In nodes: near 2100 + 1600 * 4 = 8500.
        assert!(p.next_depth_fits(&Limits::nodes(9000)));
        assert!(!p.next_depth_fits(&Limits::nodes(8000)));
        assert!(p.next_depth_fits(&Limits::depth(20)));
    }

    #[test]
    fn a_stable_best_move_ends_a_clock_search_sooner() {
        let ends = [(100, 0.01), (500, 0.05), (2100, 0.21), (8500, 0.85)];
        let limits = Limits {
            stable_stop: true,
            ..Limits::move_time(Duration::from_secs(5))
        };
        // Next depth near 0.85 + 0.64 * 4 = 3.4 s: inside 5 s, not inside half of it.
        assert!(pacer(&ends, &[1, 2, 1, 2]).next_depth_fits(&limits));
        assert!(!pacer(&ends, &[7, 7, 7, 7]).next_depth_fits(&limits));
        let own_time = Limits::move_time(Duration::from_secs(5));
        assert!(pacer(&ends, &[7, 7, 7, 7]).next_depth_fits(&own_time));
    }

    #[test]
    fn the_first_depth_always_fits() {
        assert!(Pacer::default().next_depth_fits(&Limits::nodes(1)));
    }
}
