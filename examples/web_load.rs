//! The web server under load, with its database and without, side by side, then killed:
//! `cargo run --release --features examples --example web_load -- [--games 100] [--moves 60] [--ms 10]
//! [--rounds 3] [--kills 10] [--seed 61]`.
//!
//! Starts `jump61 serve` (the release binary beside this example) on loopback as a process of
//! its own, once with `--db FILE` and once with `--no-db`, and plays the same load against
//! each: `--games` pages at once over WebSockets, each a game of seeded legal moves (at most
//! `--moves`), first with the page playing both sides (nothing waits for a search: the
//! server's own work, and the store's, is all there is), then against the AI at `--ms`
//! milliseconds a move, `--rounds` times each, turn about (the machine may be shared). For
//! each run it prints the moves a second and the server's peak memory (`VmHWM` from /proc),
//! then the medians. Then it kills the server with `kill -9` at `--kills` seeded moments of the load,
//! restarting it on the same file each time, and checks the file after each kill and at the
//! end: whole (`PRAGMA integrity_check`), every acknowledged move of every game kept, every
//! game's moves legal. Exits 1 if a check fails.

#[path = "../tests/web_client/mod.rs"]
mod web_client;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::ffi::OsStr;
use std::path::Path;
use std::time::Duration;
use web_client::load::{self, GameLog, Load, Opponent, Outcome};
use web_client::{serve_program, stop_process};

struct Options {
    games: usize,
    moves: usize,
    ms: u64,
    kills: u32,
    rounds: u32,
    seed: u64,
}

fn main() {
    let options = arguments();
    let program = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("jump61")))
        .filter(|p| p.exists())
        .unwrap_or_else(|| fail("no jump61 beside this example: cargo build --release first"));
    let dir = std::env::temp_dir().join(format!("jump61-web-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| fail(&format!("{}: {e}", dir.display())));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap_or_else(|e| fail(&format!("no runtime: {e}")));
    let ok = runtime.block_on(measure(&program, &dir, &options));
    let _ = std::fs::remove_dir_all(&dir);
    std::process::exit(i32::from(!ok));
}

/// The side-by-side runs, then the kills; whether every check held.
async fn measure(program: &Path, dir: &Path, options: &Options) -> bool {
    let opponents = [Opponent::Itself, Opponent::Ai { ms: options.ms }];
    let mut ok = true;
    for (i, opponent) in opponents.into_iter().enumerate() {
        let load = Load {
            games: options.games,
            moves: options.moves,
            seed: options.seed,
            opponent,
            addresses: 4,
        };
        println!(
            "load: {} games at once, at most {} moves each, {}",
            load.games,
            load.moves,
            match opponent {
                Opponent::Itself => "each page playing both sides".to_string(),
                Opponent::Ai { ms } => format!("each page against the AI at {ms} ms a move"),
            }
        );
        println!("  run server    games cut  moves  seconds  moves/s  peak RSS (KiB)");
        // [with the database, without]: each run's moves a second.
        let mut rates = [Vec::new(), Vec::new()];
        for round in 0..options.rounds {
            // Turn about, so neither side always runs first (the machine is shared).
            let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
            for side in order {
                let file = dir.join(format!("side-by-side-{i}-{round}.sqlite"));
                let db = (side == 0).then_some(file.as_path());
                let (outcome, peak) = one_run(program, db, load).await;
                print_run(round, db.is_some(), &outcome, peak);
                rates[side].push(outcome.per_second());
                if let Some(file) = db {
                    ok &= report("      its file", load::check_kept(file, &outcome.games, 0));
                }
            }
        }
        let [with, without] = rates.map(median);
        println!(
            "  medians: {with:.0} moves/s with the database, {without:.0} without: the store \
             costs {:.1}% of the moves a second",
            100.0 * (1.0 - with / without)
        );
    }
    ok & kills(program, &dir.join("killed.sqlite"), options).await
}

fn print_run(round: u32, db: bool, outcome: &Outcome, peak: Option<u64>) {
    let name = if db { "--db" } else { "--no-db" };
    let cut = outcome.games.iter().filter(|g| g.cut).count();
    println!(
        "  {:>3} {name:<8} {:>5} {cut:>4} {:>6} {:>8.2} {:>8.0} {:>15}",
        round + 1,
        outcome.games.len(),
        outcome.moves(),
        outcome.wall.as_secs_f64(),
        outcome.per_second(),
        peak.map_or("?".to_string(), |k| k.to_string())
    );
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// One load against a fresh server: what it did and the server's peak memory.
async fn one_run(program: &Path, db: Option<&Path>, load: Load) -> (Outcome, Option<u64>) {
    let (mut server, addr) = serve(program, db);
    let outcome = load::run(addr, load).await;
    let peak = load::peak_rss_kib(server.id());
    stop_process(&mut server, false);
    (outcome, peak)
}

fn serve(program: &Path, db: Option<&Path>) -> (web_client::ServerProcess, std::net::SocketAddr) {
    let args: Vec<&OsStr> = match db {
        Some(file) => vec!["--db".as_ref(), file.as_os_str()],
        None => vec!["--no-db".as_ref()],
    };
    serve_program(program, 0, &args, &["--search-threads", "2"])
}

/// `kill -9` at seeded moments of the load, restarting on the same file each time; the
/// file checked after each kill and, for every game of every run, at the end.
async fn kills(program: &Path, file: &Path, options: &Options) -> bool {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    let mut all: Vec<GameLog> = Vec::new();
    let mut ok = true;
    for kill in 0..options.kills {
        let (mut server, addr) = serve(program, Some(file));
        let load = Load {
            games: options.games,
            moves: 1000,
            seed: options.seed + 1 + u64::from(kill),
            opponent: Opponent::Itself,
            addresses: 4,
        };
        let playing = tokio::spawn(load::run(addr, load));
        let after = Duration::from_millis(rng.random_range(200..2000));
        tokio::time::sleep(after).await;
        stop_process(&mut server, false);
        let outcome = playing.await.expect("the load ends");
        let cut = outcome.games.iter().filter(|g| g.cut).count();
        let checked = load::check_kept(file, &outcome.games, 1);
        println!(
            "kill -9 {} after {} ms: {} moves acknowledged, {cut} of {} games cut short",
            kill + 1,
            after.as_millis(),
            outcome.moves(),
            outcome.games.len()
        );
        ok &= report("  the file after it", checked);
        all.extend(outcome.games);
    }
    ok & report(
        "after every kill, every game of every run",
        load::check_kept(file, &all, 1),
    )
}

fn report(what: &str, checked: Result<usize, String>) -> bool {
    match checked {
        Ok(games) => {
            println!("{what}: whole, {games} games with every acknowledged move, all legal");
            true
        }
        Err(e) => {
            eprintln!("FAILURE {what}: {e}");
            false
        }
    }
}

fn arguments() -> Options {
    let mut options = Options {
        games: 100,
        moves: 60,
        ms: 10,
        kills: 10,
        rounds: 3,
        seed: 61,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        let number = || {
            value
                .parse::<u64>()
                .unwrap_or_else(|_| fail(&format!("{} takes a whole number", pair[0])))
        };
        match pair[0].as_str() {
            "--games" => options.games = number().clamp(1, 1000) as usize,
            "--moves" => options.moves = number().max(1) as usize,
            "--ms" => options.ms = number().clamp(1, 60_000),
            "--kills" => options.kills = number().min(100) as u32,
            "--rounds" => options.rounds = number().clamp(1, 20) as u32,
            "--seed" => options.seed = number(),
            other => fail(&format!(
                "unknown argument {other}: --games N --moves N --ms N --rounds N --kills N --seed S"
            )),
        }
    }
    options
}

fn fail(why: &str) -> ! {
    eprintln!("web_load: {why}");
    std::process::exit(2)
}
