//! Engine-versus-engine matches (`jump61 match`): two engine command lines play a series of
//! games from seeded random openings, each opening twice with the colours swapped, refereed
//! on our own board. The report gives wins and losses, the Elo difference with its 95%
//! interval, and optionally an SPRT verdict, which also stops the match early.
//!
//! - `engine`: a child process speaking lines, with deadlines, always reaped.
//! - `openings`: the seeded random openings.
//! - `referee`: one game under the 2014 protocol, with its forfeits.
//! - `stats`: Elo and SPRT.
//! - `report`: the running score and the final report.

pub mod engine;
pub mod openings;
pub mod referee;
pub mod report;
pub mod stats;

pub use engine::EngineCommand;

use crate::board::{ByColour, Colour, MAX_SIZE, MIN_SIZE, Rules};
use crate::protocol;
use openings::{Opening, openings_with_rules};
use referee::{Ending, GameRecord, GameSpec, play_game};
use report::{PerEngine, Tally};
use stats::{Sprt, Verdict};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// The most games a match may ask for.
pub const MAX_GAMES: u32 = 1_000_000;
/// The most opening plies.
pub const MAX_OPENING_PLIES: u32 = 200;
/// The largest `--timeout-factor`.
pub const MAX_TIMEOUT_FACTOR: f64 = 1000.0;
/// What the referee adds to every move's time limit, for process and pipe delays.
pub const TIMEOUT_SLACK: Duration = Duration::from_millis(500);

/// Why a match cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    #[error("empty engine command")]
    EmptyCommand,
    #[error("cannot start engine '{command}': {source}")]
    Spawn {
        command: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}")]
    BadArgument(String),
}

/// The arguments of `jump61 match`.
#[derive(clap::Args, Clone, Debug, PartialEq)]
pub struct MatchArgs {
    /// The first engine's command line, split on whitespace (no quoting), such as
    /// "target/release/jump61 --level 3 --threads 1". Any program speaking the 2014 text
    /// protocol will do. Scores and Elo are from this engine's side.
    #[arg(long, value_name = "CMD")]
    pub engine1: String,
    /// The second engine's command line.
    #[arg(long, value_name = "CMD")]
    pub engine2: String,
    /// Games to play, rounded up to an even number: each opening is played twice, with the
    /// colours swapped.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..=MAX_GAMES as i64))]
    pub games: u32,
    /// Board size (2 to 10).
    #[arg(long, value_name = "N", default_value_t = 6,
          value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
    pub size: u8,
    /// Random legal plies from the initial position in each opening (never ending the game).
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u32).range(0..=MAX_OPENING_PLIES as i64))]
    pub opening_plies: u32,
    /// Seed of the openings: the same seed gives the same openings.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Time per move in seconds, sent to both engines as `time SECONDS`.
    #[arg(long, value_name = "SECONDS", default_value = "0.1", value_parser = seconds)]
    pub time: Duration,
    /// An engine forfeits a move that takes longer than time * F + 0.5 s.
    #[arg(long, value_name = "F", default_value_t = 5.0, value_parser = timeout_factor)]
    pub timeout_factor: f64,
    /// Run a sequential probability ratio test of "engine1 is ELO0 stronger" (H0) against
    /// "engine1 is ELO1 stronger" (H1), with 5% error rates, and stop at its verdict.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true)]
    pub sprt: Option<Vec<f64>>,
    /// With --sprt, play every game anyway: the report gives the test over all of them and
    /// after how many games it first reached a verdict.
    #[arg(long)]
    pub play_all: bool,
    /// Games played at once, each with its own two engine processes. Give the engines one
    /// search thread each (our engine: `--threads 1`) so they do not compete for cores.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub concurrency: u16,
    /// Echo every line sent to and received from the engines, and their standard error, on
    /// standard error.
    #[arg(long)]
    pub verbose: bool,
    /// The rules: 2014, or 2013 (openings from the empty start, refereed under the 2013
    /// rules, with `move N` in the setup). Engines must then speak the 2013 dialect: give
    /// ours `--dialect 2013`.
    #[arg(long, value_name = "RULES", default_value = "2014")]
    pub rules: Rules,
}

fn seconds(text: &str) -> Result<Duration, String> {
    protocol::parse_seconds(text).map_err(|e| e.to_string())
}

fn timeout_factor(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(f) if (0.0..=MAX_TIMEOUT_FACTOR).contains(&f) => Ok(f),
        _ => Err(format!(
            "bad factor '{text}': expected a number from 0 to {MAX_TIMEOUT_FACTOR}"
        )),
    }
}

/// A match ready to play: the arguments checked and the openings drawn.
#[derive(Clone, Debug)]
struct Plan {
    engines: PerEngine<EngineCommand>,
    games: usize,
    size: usize,
    openings: Vec<Opening>,
    move_time: Duration,
    move_limit: Duration,
    sprt: Option<Sprt>,
    /// Whether the SPRT verdict ends the match (not with `--play-all`).
    stop_at_verdict: bool,
    concurrency: usize,
    verbose: bool,
}

/// One game of the plan: game `index` (from 0) plays opening `index / 2`, with engine1 Red
/// in the first game of the pair and Blue in the second.
struct Pairing {
    number: usize,
    opening: usize,
    engine1: Colour,
}

impl Pairing {
    fn of(index: usize) -> Pairing {
        Pairing {
            number: index + 1,
            opening: index / 2,
            engine1: if index.is_multiple_of(2) {
                Colour::Red
            } else {
                Colour::Blue
            },
        }
    }

    /// `engine1` or `engine2`, whichever plays `colour`.
    fn name(&self, colour: Colour) -> &'static str {
        if colour == self.engine1 {
            "engine1"
        } else {
            "engine2"
        }
    }
}

impl Plan {
    fn new(args: &MatchArgs) -> Result<Plan, ArenaError> {
        Plan::check_counts(args)?;
        let move_limit = Plan::move_limit(args)?;
        let sprt = Plan::sprt(args)?;
        let size = args.size as usize;
        let games = (args.games + args.games % 2) as usize;
        Ok(Plan {
            engines: PerEngine {
                engine1: args.engine1.parse()?,
                engine2: args.engine2.parse()?,
            },
            games,
            size,
            openings: openings_with_rules(
                size,
                args.opening_plies as usize,
                games / 2,
                args.seed,
                args.rules,
            ),
            move_time: args.time,
            move_limit,
            sprt,
            stop_at_verdict: !args.play_all,
            concurrency: (args.concurrency as usize).min(games),
            verbose: args.verbose,
        })
    }

    /// Refuses a size, count or time out of range. Clap keeps them in range on the command
    /// line; these checks are for `MatchArgs` built in code and handed to [`play`], which
    /// would otherwise reach the board, the openings or the workers unchecked.
    fn check_counts(args: &MatchArgs) -> Result<(), ArenaError> {
        let bad = |text: String| Err(ArenaError::BadArgument(text));
        let size = args.size as usize;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return bad(format!(
                "bad size {size}: expected {MIN_SIZE} to {MAX_SIZE}"
            ));
        }
        if !(1..=MAX_GAMES).contains(&args.games) {
            return bad(format!(
                "bad game count {}: expected 1 to {MAX_GAMES}",
                args.games
            ));
        }
        if args.opening_plies > MAX_OPENING_PLIES {
            return bad(format!("at most {MAX_OPENING_PLIES} opening plies"));
        }
        if args.concurrency == 0 {
            return bad("the concurrency must be at least 1".to_string());
        }
        if args.time.is_zero() {
            return bad("the time per move must be more than 0".to_string());
        }
        Ok(())
    }

    /// The longest a move may take before its engine forfeits: the time per move times the
    /// timeout factor, plus [`TIMEOUT_SLACK`]. An error if the factor is out of range or the
    /// product does not fit a `Duration`.
    fn move_limit(args: &MatchArgs) -> Result<Duration, ArenaError> {
        let factor = args.timeout_factor;
        (0.0..=MAX_TIMEOUT_FACTOR)
            .contains(&factor)
            .then(|| Duration::try_from_secs_f64(args.time.as_secs_f64() * factor).ok())
            .flatten()
            .and_then(|t| t.checked_add(TIMEOUT_SLACK))
            .ok_or_else(|| ArenaError::BadArgument(format!("bad timeout factor {factor}")))
    }

    /// The SPRT of `--sprt ELO0 ELO1`, if asked for.
    fn sprt(args: &MatchArgs) -> Result<Option<Sprt>, ArenaError> {
        match args.sprt.as_deref() {
            None => Ok(None),
            Some(&[elo0, elo1]) => Sprt::new(elo0, elo1)
                .map(Some)
                .map_err(|e| ArenaError::BadArgument(format!("--sprt: {e}"))),
            Some(_) => Err(ArenaError::BadArgument(
                "--sprt takes two numbers: ELO0 ELO1".to_string(),
            )),
        }
    }

    /// Plays game `index` of the plan.
    fn play(&self, index: usize, stop: &AtomicBool) -> Result<Option<GameRecord>, ArenaError> {
        let pairing = Pairing::of(index);
        let command = |colour: Colour| {
            if colour == pairing.engine1 {
                &self.engines.engine1
            } else {
                &self.engines.engine2
            }
        };
        let label = |colour: Colour| {
            let name = pairing.name(colour);
            format!("[game {} {colour} {name}]", pairing.number)
        };
        let spec = GameSpec {
            engines: ByColour {
                red: command(Colour::Red),
                blue: command(Colour::Blue),
            },
            opening: &self.openings[pairing.opening].board,
            move_time: self.move_time,
            move_limit: self.move_limit,
            trace: self.verbose.then(|| ByColour {
                red: label(Colour::Red),
                blue: label(Colour::Blue),
            }),
        };
        play_game(&spec, stop)
    }

    /// The progress line of a finished game.
    fn progress(&self, index: usize, record: &GameRecord, tally: &Tally) -> String {
        let pairing = Pairing::of(index);
        let winner = pairing.name(record.winner);
        let how = match &record.ending {
            Ending::Covered => format!(
                "{} covered the board after {} plies",
                record.winner, record.plies
            ),
            Ending::Forfeit { kind, detail } => {
                let loser = pairing.name(record.winner.opponent());
                format!("{loser} forfeits: {kind}: {detail}")
            }
        };
        format!(
            "game {}/{} [opening {}: {}; Red {}]: {winner} wins ({how}); score {}",
            pairing.number,
            self.games,
            pairing.opening + 1,
            self.openings[pairing.opening],
            pairing.name(Colour::Red),
            tally.score()
        )
    }
}

/// How a match went.
#[derive(Debug)]
pub struct MatchOutcome {
    /// The games played and counted.
    pub tally: Tally,
    /// The games planned (the even number of games asked for).
    pub planned: usize,
    /// The SPRT asked for, if any.
    pub sprt: Option<Sprt>,
    /// The SPRT verdict that stopped the match, if one did.
    pub verdict: Option<Verdict>,
    /// Under `--play-all`, the first verdict the SPRT reached and after how many games.
    pub first_verdict: Option<(Verdict, u32)>,
    /// Games under way when the match stopped, not counted.
    pub discarded: usize,
    /// The error that stopped the match, such as an engine that could not be started.
    pub error: Option<ArenaError>,
    /// Ctrl-C (or SIGTERM) stopped the match.
    pub interrupted: bool,
}

impl MatchOutcome {
    /// The final report: the tally's (see [`Tally::report`]), and whether the match stopped
    /// early.
    pub fn report(&self) -> String {
        let mut out = self.tally.report(self.sprt.as_ref());
        let played = self.tally.games();
        if self.verdict.is_some() {
            out += &format!(
                "stopped at the SPRT verdict after {played} of {} games\n",
                self.planned
            );
        }
        if let Some((verdict, games)) = self.first_verdict {
            out +=
                &format!("the SPRT first accepted {verdict:?} after {games} games; play went on\n");
        }
        if self.interrupted {
            out += &format!(
                "interrupted (Ctrl-C) after {played} of {} games\n",
                self.planned
            );
        }
        if self.discarded > 0 {
            out += &format!(
                "{} games under way when the match stopped were not counted\n",
                self.discarded
            );
        }
        out
    }
}

/// What a worker sends back: the game's index and how it went.
type Played = (usize, Result<Option<GameRecord>, ArenaError>);

/// Plays the match: `concurrency` workers take the games in order; this thread counts the
/// results as they come, prints progress, and raises the stop flag at an SPRT verdict or an
/// error. Games finishing after the flag are not counted, so the verdict stands as reached.
fn play_match(plan: &Plan, interrupted: &AtomicBool) -> MatchOutcome {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, results) = mpsc::channel::<Played>();
    let mut outcome = MatchOutcome::starting(plan);
    std::thread::scope(|scope| {
        for _ in 0..plan.concurrency {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || play_games(plan, next, stop, sender));
        }
        // Only the workers' senders are left: the results end when the last worker does.
        drop(sender);
        while let Some(played) = outcome.next_result(&results, interrupted, &stop) {
            outcome.count(plan, &stop, played);
        }
    });
    outcome
}

/// One worker: plays the next game no other worker has taken, until none is left, the match
/// stops, or the counting thread no longer listens.
fn play_games(plan: &Plan, next: &AtomicUsize, stop: &AtomicBool, sender: mpsc::Sender<Played>) {
    while !stop.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= plan.games {
            break;
        }
        if sender.send((index, plan.play(index, stop))).is_err() {
            break;
        }
    }
}

/// The counting side of [`play_match`].
impl MatchOutcome {
    /// An outcome with no game counted yet.
    fn starting(plan: &Plan) -> MatchOutcome {
        MatchOutcome {
            tally: Tally::default(),
            planned: plan.games,
            sprt: plan.sprt,
            verdict: None,
            first_verdict: None,
            discarded: 0,
            error: None,
            interrupted: false,
        }
    }

    /// Waits for the next result, `None` once every worker has finished. It waits in short
    /// steps, not for a game to end, so that Ctrl-C (`interrupted`) stops the match at once;
    /// the outcome is marked interrupted only if Ctrl-C, not a verdict or an error, stopped it.
    fn next_result(
        &mut self,
        results: &mpsc::Receiver<Played>,
        interrupted: &AtomicBool,
        stop: &AtomicBool,
    ) -> Option<Played> {
        loop {
            if interrupted.load(Ordering::Relaxed) && !stop.swap(true, Ordering::Relaxed) {
                self.interrupted = true;
            }
            match results.recv_timeout(Duration::from_millis(100)) {
                Ok(r) => return Some(r),
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Counts a finished game and prints its progress line. Once the match is stopping, the
    /// game is only noted as not counted (keeping the first error): a game ending after a
    /// verdict must not change it.
    fn count(&mut self, plan: &Plan, stop: &AtomicBool, (index, result): Played) {
        if stop.load(Ordering::Relaxed) {
            if let Err(e) = result {
                self.error.get_or_insert(e);
            }
            self.discarded += 1;
            return;
        }
        match result {
            Err(e) => {
                self.error = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
            Ok(None) => self.discarded += 1,
            Ok(Some(record)) => {
                self.tally.add(Pairing::of(index).engine1, &record);
                crate::output::error_line(format_args!(
                    "{}",
                    plan.progress(index, &record, &self.tally)
                ));
                self.judge(plan, stop);
            }
        }
    }

    /// Asks the SPRT, if any, for a verdict on the games counted: one stops the match, or,
    /// with `--play-all`, is noted the first time and play goes on.
    fn judge(&mut self, plan: &Plan, stop: &AtomicBool) {
        let (wins, losses) = (self.tally.wins, self.tally.losses);
        let verdict = plan.sprt.map(|s| s.verdict(wins, losses));
        if let Some(v @ (Verdict::H0 | Verdict::H1)) = verdict {
            if plan.stop_at_verdict {
                self.verdict = Some(v);
                stop.store(true, Ordering::Relaxed);
            } else {
                self.first_verdict.get_or_insert((v, wins + losses));
            }
        }
    }
}

/// Plays the match `args` describes, printing a line on standard error for each finished
/// game (and engine traffic with `--verbose`). Fails before any game on a bad argument; an
/// error during the match (an engine that cannot be started) stops it and is returned in
/// the outcome.
pub fn play(args: &MatchArgs) -> Result<MatchOutcome, ArenaError> {
    play_until(args, &AtomicBool::new(false))
}

/// [`play`] that stops (the games under way not counted) once `interrupted` is set.
pub fn play_until(args: &MatchArgs, interrupted: &AtomicBool) -> Result<MatchOutcome, ArenaError> {
    let plan = Plan::new(args)?;
    crate::output::error_line(format_args!(
        "match: engine1 `{}` vs engine2 `{}`",
        plan.engines.engine1, plan.engines.engine2
    ));
    crate::output::error_line(format_args!(
        "{} games on {n}x{n} from {} openings of {} plies (seed {}); {} s per move, \
         forfeit after {:.2} s",
        plan.games,
        plan.openings.len(),
        args.opening_plies,
        args.seed,
        plan.move_time.as_secs_f64(),
        plan.move_limit.as_secs_f64(),
        n = plan.size,
    ));
    Ok(play_match(&plan, interrupted))
}

/// Runs `jump61 match`: progress on standard error, the report on standard output. Returns
/// the exit code: 0, or 2 for a bad argument such as an engine that cannot be started.
pub fn run(args: &MatchArgs) -> i32 {
    // Unset for good if the signals cannot be caught: the match then dies of them, as before.
    let interrupted = Arc::new(AtomicBool::new(false));
    let _ = crate::interrupt::stop_on_signals(&interrupted);
    let outcome = match play_until(args, &interrupted) {
        Ok(outcome) => outcome,
        Err(e) => {
            crate::output::error_line(format_args!("error: {e}"));
            return 2;
        }
    };
    if outcome.tally.games() > 0 || outcome.error.is_none() {
        crate::output::text(outcome.report());
    }
    match outcome.error {
        Some(e) => {
            crate::output::error_line(format_args!("error: {e}"));
            2
        }
        None if outcome.interrupted => 130,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Parser, Subcommand};

    /// A stand-in for the program's own parser, with top-level options of the same names.
    #[derive(Parser, Debug)]
    struct Cli {
        #[arg(long)]
        time: Option<String>,
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long)]
        verbose: bool,
        #[command(subcommand)]
        tool: Option<Tool>,
    }

    #[derive(Subcommand, Debug)]
    enum Tool {
        Match(MatchArgs),
    }

    fn parse(words: &[&str]) -> Result<MatchArgs, clap::Error> {
        let mut argv = vec!["jump61", "match"];
        argv.extend_from_slice(words);
        match Cli::try_parse_from(argv)?.tool {
            Some(Tool::Match(args)) => Ok(args),
            None => panic!("no subcommand"),
        }
    }

    #[test]
    fn the_parser_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn defaults_and_options() {
        let args = parse(&["--engine1", "a --level 3", "--engine2", "b"]).unwrap();
        assert_eq!(args.engine1, "a --level 3");
        assert_eq!(
            (args.games, args.size, args.opening_plies, args.seed),
            (100, 6, 4, 1)
        );
        assert_eq!(args.time, Duration::from_millis(100));
        assert_eq!((args.timeout_factor, args.sprt.clone()), (5.0, None));
        assert_eq!((args.concurrency, args.verbose), (1, false));
        let args = parse(&[
            "--engine1=a",
            "--engine2=b",
            "--games",
            "7",
            "--size",
            "4",
            "--opening-plies",
            "0",
            "--seed",
            "9",
            "--time",
            "0.05",
            "--timeout-factor",
            "2",
            "--sprt",
            "-5",
            "5",
            "--concurrency",
            "3",
            "--verbose",
        ])
        .unwrap();
        assert_eq!(
            (args.games, args.size, args.opening_plies, args.seed),
            (7, 4, 0, 9)
        );
        assert_eq!(args.time, Duration::from_millis(50));
        assert_eq!(args.sprt, Some(vec![-5.0, 5.0]));
        assert_eq!(
            (args.timeout_factor, args.concurrency, args.verbose),
            (2.0, 3, true)
        );
        let plan = Plan::new(&args).unwrap();
        assert_eq!(
            (plan.games, plan.openings.len(), plan.concurrency),
            (8, 4, 3)
        );
        assert_eq!(plan.move_limit, Duration::from_millis(600));
    }

    #[test]
    fn bad_arguments() {
        let ok = ["--engine1", "a", "--engine2", "b"];
        for extra in [
            &["--games", "0"][..],
            &["--size", "11"],
            &["--time", "0"],
            &["--time", "soon"],
            &["--timeout-factor", "-1"],
            &["--timeout-factor", "nan"],
            &["--sprt", "5"],
            &["--concurrency", "0"],
        ] {
            let mut words = ok.to_vec();
            words.extend_from_slice(extra);
            assert!(parse(&words).is_err(), "{extra:?}");
        }
        for sprt in [["20", "0"], ["nan", "1"], ["0", "inf"]] {
            let mut words = ok.to_vec();
            words.extend_from_slice(&["--sprt", sprt[0], sprt[1]]);
            let args = parse(&words).unwrap();
            assert!(Plan::new(&args).is_err(), "{sprt:?}");
            assert_eq!(run(&args), 2);
        }
        let args = parse(&["--engine1", "  ", "--engine2", "b"]).unwrap();
        assert!(matches!(Plan::new(&args), Err(ArenaError::EmptyCommand)));
    }

    #[test]
    fn pairings_swap_colours_on_each_opening() {
        let colours: Vec<(usize, Colour)> = (0..4)
            .map(Pairing::of)
            .map(|p| (p.opening, p.engine1))
            .collect();
        assert_eq!(
            colours,
            [
                (0, Colour::Red),
                (0, Colour::Blue),
                (1, Colour::Red),
                (1, Colour::Blue)
            ]
        );
        assert_eq!(Pairing::of(1).name(Colour::Red), "engine2");
    }
}
