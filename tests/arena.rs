//! Engine matches as a whole: forfeits by small fake engines (shell scripts), a real match
//! between two builds of this program, an SPRT that stops a match, and no process left over.
//!
//! The tests run one at a time (they share a lock) so that the check for leftover child
//! processes sees only its own test's.

#![cfg(unix)]

use clap::Parser;
use jump61::arena::referee::{Ending, Forfeit, GameSpec, play_game};
use jump61::arena::stats::Verdict;
use jump61::arena::{self, ArenaError, EngineCommand, MatchArgs, MatchOutcome};
use jump61::board::{Board, ByColour, Colour};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

static SERIAL: Mutex<()> = Mutex::new(());

/// `jump61 match` as the command line would give it.
#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: MatchArgs,
}

fn match_args(words: &[&str]) -> MatchArgs {
    let argv = std::iter::once("match").chain(words.iter().copied());
    Cli::try_parse_from(argv)
        .expect("test arguments parse")
        .args
}

/// This program at a given strength, one search thread.
fn jump61(level: u8) -> String {
    format!(
        "{} --level {level} --threads 1",
        env!("CARGO_BIN_EXE_jump61")
    )
}

/// Writes a shell script to the test's temporary directory; returns the command running it.
fn script(name: &str, text: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("arena-fakes");
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join(format!("{name}.sh"));
    std::fs::write(&path, text).expect("fake engine script");
    let command = format!("sh {}", path.display());
    assert_eq!(
        command.split_whitespace().count(),
        2,
        "no spaces in {command}"
    );
    command
}

/// A fake engine: a shell script that follows the setup (`auto red` or `auto blue`) and, on
/// its turn (at `start` as Red from the initial position, and after each move typed to it),
/// runs `turn`, which may use `$me` and `$other` ("Red", "Blue").
fn fake(name: &str, turn: &str) -> String {
    let text = format!(
        r#"turn() {{ {turn}; }}
me=; other=
while read -r a b rest; do
  case "$a" in
    auto) case "$b" in red) me=Red; other=Blue;; blue) me=Blue; other=Red;; esac;;
    start) [ "$me" = Red ] && turn;;
    quit) exit 0;;
    [0-9]*) turn;;
  esac
done
"#
    );
    script(name, &text)
}

/// The direct children of this process that run one of `commands` (Linux only; elsewhere none
/// are seen). Other tests of this binary start programs of their own meanwhile, so a child
/// counts only when its command line is one of the match's engines.
fn children_running(commands: &[&str]) -> Vec<String> {
    let me = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| {
            let dir = e.ok()?.path();
            let stat = std::fs::read_to_string(dir.join("stat")).ok()?;
            let argv = std::fs::read(dir.join("cmdline")).ok()?;
            Some((stat, String::from_utf8_lossy(&argv).replace('\0', " ")))
        })
        .filter(|(stat, argv)| {
            // pid (comm) state ppid ...: the command name may hold spaces, so split after it.
            let after = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
            after.split_whitespace().nth(1) == Some(me.as_str())
                && commands.contains(&argv.trim_end())
        })
        .map(|(stat, _)| stat)
        .collect()
}

/// Plays a match with `engine1` against our level-1 engine on a 4x4 board from the initial
/// position (so Red moves first in every game), checking that no process is left over.
fn versus_ours(engine1: &str, extra: &[&str]) -> MatchOutcome {
    let ours = jump61(1);
    let mut words = vec![
        "--engine1",
        engine1,
        "--engine2",
        &ours,
        "--size",
        "4",
        "--opening-plies",
        "0",
        "--time",
        "0.05",
        "--timeout-factor",
        "1",
    ];
    words.extend_from_slice(extra);
    let outcome = arena::play(&match_args(&words)).expect("the match starts");
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    let engines = [engine1, ours.as_str()];
    assert_eq!(
        children_running(&engines),
        Vec::<String>::new(),
        "processes left over"
    );
    outcome
}

/// engine1 loses both games of a pair (once as Red, once as Blue) by the forfeit `kind`.
fn forfeits_both_games(engine1: &str, kind: Forfeit) {
    let outcome = versus_ours(engine1, &["--games", "2"]);
    let tally = &outcome.tally;
    assert_eq!((tally.wins, tally.losses), (0, 2), "{}", outcome.report());
    let counts: Vec<_> = tally.forfeits.engine1.clone().into_iter().collect();
    assert_eq!(counts, [(kind, 2)], "{}", outcome.report());
    assert!(tally.forfeits.engine2.is_empty());
}

#[test]
fn an_illegal_move_forfeits() {
    let _serial = SERIAL.lock();
    forfeits_both_games(
        &fake("off-board", r#"echo "$me moves 9 9.""#),
        Forfeit::Illegal,
    );
}

#[test]
fn a_move_for_the_wrong_colour_forfeits() {
    let _serial = SERIAL.lock();
    let engine = fake("wrong-colour", r#"echo "$other moves 1 1.""#);
    forfeits_both_games(&engine, Forfeit::WrongColour);
}

#[test]
fn an_unreadable_move_forfeits() {
    let _serial = SERIAL.lock();
    let engine = fake("unreadable", r#"echo "$me moves to the corner.""#);
    forfeits_both_games(&engine, Forfeit::Unreadable);
}

#[test]
fn a_crash_forfeits() {
    let _serial = SERIAL.lock();
    forfeits_both_games(&fake("crash", "exit 3"), Forfeit::Crash);
}

#[test]
fn a_timeout_forfeits_and_a_stubborn_engine_is_killed() {
    let _serial = SERIAL.lock();
    // Never moves, and ignores `quit` and the end of its input: it must be killed.
    let stubborn = script(
        "stubborn",
        "trap '' TERM INT\nwhile :; do read -r line || sleep 0.05; done\n",
    );
    let start = Instant::now();
    forfeits_both_games(&stubborn, Forfeit::Timeout);
    // Per game: 0.55 s to time out, then at most a second's grace before the kill.
    assert!(
        start.elapsed() < Duration::from_secs(6),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn the_referee_reports_how_a_game_ended() {
    let _serial = SERIAL.lock();
    let off_board: EngineCommand = fake("off-board", r#"echo "$me moves 9 9.""#)
        .parse()
        .expect("command");
    let ours: EngineCommand = jump61(1).parse().expect("command");
    let board = Board::new(3);
    let spec = GameSpec {
        engines: ByColour {
            red: &ours,
            blue: &off_board,
        },
        opening: &board,
        move_time: Duration::from_millis(50),
        move_limit: Duration::from_secs(2),
        trace: None,
    };
    let record = play_game(&spec, &AtomicBool::new(false))
        .expect("engines start")
        .expect("not stopped");
    assert_eq!(record.winner, Colour::Red);
    assert_eq!(record.plies, 1);
    assert_eq!(
        record.ending,
        Ending::Forfeit {
            kind: Forfeit::Illegal,
            detail: "9:9 is off the 3x3 board".to_string()
        }
    );
    // A raised stop flag ends the game before its first move.
    assert_eq!(play_game(&spec, &AtomicBool::new(true)).ok(), Some(None));
    assert_eq!(
        children_running(&[&fake("off-board", r#"echo "$me moves 9 9.""#), &jump61(1)]),
        Vec::<String>::new()
    );
}

#[test]
fn an_engine_that_cannot_start_is_a_bad_argument() {
    let _serial = SERIAL.lock();
    let args = match_args(&[
        "--engine1",
        "/nonexistent/jump61-engine --level 1",
        "--engine2",
        &jump61(1),
        "--games",
        "2",
    ]);
    let outcome = arena::play(&args).expect("the arguments are fine");
    assert!(
        matches!(&outcome.error, Some(ArenaError::Spawn { command, .. }) if command.starts_with("/nonexistent/")),
        "{:?}",
        outcome.error
    );
    assert_eq!(outcome.tally.games(), 0);
    assert_eq!(arena::run(&args), 2);
    assert_eq!(children_running(&[&jump61(1)]), Vec::<String>::new());
}

#[test]
fn an_sprt_verdict_stops_the_match() {
    let _serial = SERIAL.lock();
    // engine1 loses every game; against [0, 20] the LLR falls by 0.0592 a loss and passes
    // ln(0.05 / 0.95) = -2.944 at the 50th.
    let engine = fake("off-board", r#"echo "$me moves 9 9.""#);
    let outcome = versus_ours(
        &engine,
        &["--games", "400", "--sprt", "0", "20", "--concurrency", "3"],
    );
    assert_eq!(outcome.verdict, Some(Verdict::H0));
    assert_eq!((outcome.tally.wins, outcome.tally.losses), (0, 50));
    let report = outcome.report();
    assert!(report.contains("SPRT [0, 20]: LLR -2.96 (bounds -2.94, 2.94): H0 accepted"));
    assert!(report.contains("stopped at the SPRT verdict after 50 of 400 games"));
}

#[test]
fn with_play_all_the_match_goes_on_past_the_verdict() {
    let _serial = SERIAL.lock();
    let engine = fake("off-board", r#"echo "$me moves 9 9.""#);
    let outcome = versus_ours(
        &engine,
        &["--games", "60", "--sprt", "0", "20", "--play-all"],
    );
    assert_eq!(outcome.verdict, None);
    assert_eq!(outcome.first_verdict, Some((Verdict::H0, 50)));
    assert_eq!((outcome.tally.wins, outcome.tally.losses), (0, 60));
    let report = outcome.report();
    assert!(report.contains("SPRT [0, 20]: LLR -3.55 (bounds -2.94, 2.94): H0 accepted"));
    assert!(report.contains("the SPRT first accepted H0 after 50 games; play went on"));
    assert!(!report.contains("stopped"));
}

#[test]
fn a_real_match_between_two_levels() {
    let _serial = SERIAL.lock();
    let (strong, weak) = (jump61(3), jump61(1));
    let args = match_args(&[
        "--engine1",
        &strong,
        "--engine2",
        &weak,
        "--games",
        "3",
        "--size",
        "4",
        "--time",
        "0.05",
        "--seed",
        "5",
        "--concurrency",
        "2",
    ]);
    let outcome = arena::play(&args).expect("the match starts");
    assert!(outcome.error.is_none(), "{:?}", outcome.error);
    let tally = &outcome.tally;
    assert_eq!(tally.games(), 4, "3 games round up to 4");
    assert!(tally.forfeits.engine1.is_empty(), "{}", outcome.report());
    assert!(tally.forfeits.engine2.is_empty(), "{}", outcome.report());
    assert!(
        outcome
            .report()
            .starts_with("engine1 vs engine2: 4 games, engine1 ")
    );
    assert_eq!(children_running(&[&strong, &weak]), Vec::<String>::new());
}
