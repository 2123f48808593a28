//! The running score of a match, from engine1's side, and its final report.

use super::referee::{Ending, Forfeit, GameRecord};
use super::stats::{Sprt, elo_estimate};
use crate::board::Colour;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One value for each engine of a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PerEngine<T> {
    pub engine1: T,
    pub engine2: T,
}

/// The results so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games engine1 won.
    pub wins: u32,
    /// Games engine1 lost (engine2 won).
    pub losses: u32,
    /// Games Red won, whichever engine played it.
    pub red_wins: u32,
    /// The games each engine lost by forfeit, by reason.
    pub forfeits: PerEngine<BTreeMap<Forfeit, u32>>,
}

impl Tally {
    /// Finished games.
    pub fn games(&self) -> u32 {
        self.wins + self.losses
    }

    /// Counts a game in which engine1 played `engine1_colour`.
    pub fn add(&mut self, engine1_colour: Colour, record: &GameRecord) {
        let engine1_won = record.winner == engine1_colour;
        if engine1_won {
            self.wins += 1;
        } else {
            self.losses += 1;
        }
        if record.winner == Colour::Red {
            self.red_wins += 1;
        }
        if let Ending::Forfeit { kind, .. } = record.ending {
            let loser = if engine1_won {
                &mut self.forfeits.engine2
            } else {
                &mut self.forfeits.engine1
            };
            *loser.entry(kind).or_default() += 1;
        }
    }

    /// engine1's score: `3-1 (75.0%)`.
    pub fn score(&self) -> String {
        format!(
            "{}-{} ({})",
            self.wins,
            self.losses,
            percent(self.wins, self.games())
        )
    }

    /// The final report, one line each: the score and Elo difference, the wins by colour,
    /// the forfeits, and the SPRT's state if one was asked for.
    ///
    /// ```
    /// use jump61::arena::report::Tally;
    /// let tally = Tally { wins: 58, losses: 42, red_wins: 50, ..Tally::default() };
    /// assert_eq!(
    ///     tally.report(None).lines().next().unwrap(),
    ///     "engine1 vs engine2: 100 games, engine1 58 wins, 42 losses (58.0%); Elo +56.1 ± 70.0 (95%)"
    /// );
    /// ```
    pub fn report(&self, sprt: Option<&Sprt>) -> String {
        let (wins, losses, games) = (self.wins, self.losses, self.games());
        let mut out = format!(
            "engine1 vs engine2: {games} games, engine1 {wins} wins, {losses} losses ({})",
            percent(wins, games)
        );
        if let Some(estimate) = elo_estimate(wins, losses) {
            let _ = write!(out, "; {estimate}");
            if estimate.clamped {
                out.push_str(match (wins, losses) {
                    (_, 0) => " (clamped: engine1 won every game, counted as half a game less)",
                    (0, _) => " (clamped: engine1 lost every game, counted as half a game more)",
                    _ => " (clamped: an end of the interval passed 0% or 100%)",
                });
            }
        }
        out.push('\n');
        let blue_wins = games - self.red_wins;
        let _ = writeln!(
            out,
            "by colour: Red won {} ({}), Blue won {blue_wins}",
            self.red_wins,
            percent(self.red_wins, games)
        );
        let forfeits = |counts: &BTreeMap<Forfeit, u32>| {
            let total: u32 = counts.values().sum();
            if total == 0 {
                return "0".to_string();
            }
            let reasons: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
            format!("{total} ({})", reasons.join(", "))
        };
        let _ = writeln!(
            out,
            "forfeits: engine1 {}, engine2 {}",
            forfeits(&self.forfeits.engine1),
            forfeits(&self.forfeits.engine2)
        );
        if let Some(sprt) = sprt {
            let _ = writeln!(out, "{}", sprt.summary(wins, losses));
        }
        out
    }
}

/// `part` of `whole` as a percentage with one decimal, `-` of nothing.
fn percent(part: u32, whole: u32) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * f64::from(part) / f64::from(whole))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(winner: Colour, forfeit: Option<Forfeit>) -> GameRecord {
        GameRecord {
            winner,
            ending: match forfeit {
                None => Ending::Covered,
                Some(kind) => Ending::Forfeit {
                    kind,
                    detail: String::new(),
                },
            },
            plies: 10,
        }
    }

    #[test]
    fn counts_from_engine1s_side() {
        let mut tally = Tally::default();
        tally.add(Colour::Red, &record(Colour::Red, None));
        tally.add(Colour::Blue, &record(Colour::Red, Some(Forfeit::Timeout)));
        tally.add(Colour::Red, &record(Colour::Blue, Some(Forfeit::Illegal)));
        tally.add(Colour::Blue, &record(Colour::Blue, Some(Forfeit::Timeout)));
        tally.add(Colour::Red, &record(Colour::Red, Some(Forfeit::Timeout)));
        assert_eq!((tally.wins, tally.losses, tally.red_wins), (3, 2, 3));
        assert_eq!(tally.score(), "3-2 (60.0%)");
        let engine1: Vec<_> = tally.forfeits.engine1.clone().into_iter().collect();
        let engine2: Vec<_> = tally.forfeits.engine2.clone().into_iter().collect();
        assert_eq!(engine1, [(Forfeit::Illegal, 1), (Forfeit::Timeout, 1)]);
        assert_eq!(engine2, [(Forfeit::Timeout, 2)]);
        let report = tally.report(Some(&Sprt::new(0.0, 20.0).unwrap()));
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with(
            "engine1 vs engine2: 5 games, engine1 3 wins, 2 losses (60.0%); Elo +70.4 ± "
        ));
        assert_eq!(lines[1], "by colour: Red won 3 (60.0%), Blue won 2");
        assert_eq!(
            lines[2],
            "forfeits: engine1 2 (illegal move 1, timeout 1), engine2 2 (timeout 2)"
        );
        assert!(lines[3].starts_with("SPRT [0, 20]: LLR "));
    }

    #[test]
    fn empty_and_one_sided_reports() {
        let report = Tally::default().report(None);
        assert!(report.starts_with("engine1 vs engine2: 0 games, engine1 0 wins, 0 losses (-)\n"));
        assert!(report.contains("forfeits: engine1 0, engine2 0"));
        let sweep = Tally {
            wins: 4,
            ..Tally::default()
        };
        assert!(
            sweep
                .report(None)
                .lines()
                .next()
                .unwrap()
                .ends_with("(95%) (clamped: engine1 won every game, counted as half a game less)")
        );
    }
}
