//! The command loop as a whole.
//!
//! Transcripts: each `tests/transcripts/NAME.in` runs through the session in-process, with
//! the output and the error stream merged into one buffer (so errors appear where they
//! happen), and must print exactly `NAME.out`. A first line `# dialect 2019` selects the 2019
//! dialect, `# dialect 2013` the 2013 one. `BLESS=1 cargo test --release --test transcripts` rewrites every `.out` from the
//! current program; review each change by hand before committing it.
//!
//! AI games are checked by their properties instead (the search is still improving, so its
//! moves are not fixed): every announced move is legal for the side to move, the game ends
//! with exactly one win line, and `dump` agrees with a replay of the announced moves.
//! Finally the real binary runs with piped input and must always exit with status 0.

use jump61::board::{Board, Colour, Coord, Rules, Squares};
use jump61::protocol::{Dialect, Flow, Options, Session, run_loop};
use jump61::search::{EngineConfig, Limit};
use std::cell::RefCell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::Duration;

/// A sink that several writers share, so output and errors interleave as they happen.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Shared {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }

    /// Everything written since the last call.
    fn take(&self) -> String {
        let bytes = std::mem::take(&mut *self.0.borrow_mut());
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Quick, reproducible settings (a node limit, not time; one thread); prompts off in 2014,
/// as when input is not a terminal.
fn options(dialect: Dialect) -> Options {
    Options {
        dialect,
        engine: EngineConfig {
            limit: Limit::Nodes(20_000),
            threads: 1,
            ..EngineConfig::default()
        },
        verbose: false,
        prompts: false,
    }
}

fn dialect_of(input: &str) -> Dialect {
    match input.lines().next().map(str::trim) {
        Some("# dialect 2019") => Dialect::V2019,
        Some("# dialect 2013") => Dialect::V2013,
        _ => Dialect::V2014,
    }
}

/// Runs `input` through a fresh session; output and errors in one string.
fn run(input: &str) -> String {
    let sink = Shared::default();
    let (mut out, mut err) = (sink.clone(), sink.clone());
    run_loop(
        input.as_bytes(),
        &mut out,
        &mut err,
        options(dialect_of(input)),
    );
    sink.text()
}

/// Runs `input` with output and errors kept apart.
fn run_split(input: &str, options: Options) -> (String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    run_loop(input.as_bytes(), &mut out, &mut err, options);
    (
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

fn transcript_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts")
}

fn check_transcript(name: &str) {
    let dir = transcript_dir();
    let input_path = dir.join(format!("{name}.in"));
    let output_path = dir.join(format!("{name}.out"));
    let input = std::fs::read_to_string(&input_path)
        .unwrap_or_else(|e| panic!("{}: {e}", input_path.display()));
    let actual = run(&input);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&output_path, &actual)
            .unwrap_or_else(|e| panic!("{}: {e}", output_path.display()));
        return;
    }
    let expected = std::fs::read_to_string(&output_path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (BLESS=1 writes it; then review it)",
            output_path.display()
        )
    });
    if actual != expected {
        let (a, e): (Vec<&str>, Vec<&str>) = (actual.lines().collect(), expected.lines().collect());
        let at = a
            .iter()
            .zip(&e)
            .position(|(x, y)| x != y)
            .unwrap_or(a.len().min(e.len()));
        panic!(
            "transcript {name}: output differs from {name}.out at line {}\n  \
             expected: {:?}\n  actual:   {:?}\n\
             --- actual output ---\n{actual}",
            at + 1,
            e.get(at),
            a.get(at),
        );
    }
}

macro_rules! transcripts {
    ($($(#[$meta:meta])* $name:ident),* $(,)?) => {
        $(
            #[test]
            $(#[$meta])*
            fn $name() {
                check_transcript(stringify!($name));
            }
        )*
        const TRANSCRIPTS: &[&str] = &[$(stringify!($name)),*];
    };
}

transcripts! {
    basics_2014,
    input_forms_2014,
    extensions_2014,
    errors_2014,
    manual_game_2014,
    forced_ai_2014,
    quit_2014,
    eof_2014,
    basics_2019,
    extensions_2019,
    errors_2019,
    manual_game_2019,
    forced_ai_2019,
    eof_2019,
    solve_wins_2014,
    solve_wins_2019,
    basics_2013,
    extensions_2013,
    errors_2013,
    manual_game_2013,
    move_number_2013,
    forced_ai_2013,
    solve_wins_2013,
    eof_2013,
    undo_2014,
    undo_2019,
    hint_2014,
    hint_2019,
    hint_2013,
}

#[test]
fn every_transcript_file_has_a_test() {
    let mut found: Vec<String> = std::fs::read_dir(transcript_dir())
        .expect("tests/transcripts")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".in").map(str::to_string)
        })
        .collect();
    found.sort();
    let mut listed: Vec<String> = TRANSCRIPTS.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
}

/// A required line: an AI move or a win, in either dialect.
#[derive(Debug, PartialEq)]
enum Announced {
    Move(Option<Colour>, Coord),
    Win(Colour),
}

fn colour_named(name: &str) -> Option<Colour> {
    match name {
        "Red" => Some(Colour::Red),
        "Blue" => Some(Colour::Blue),
        _ => None,
    }
}

fn coord(row: &str, col: &str) -> Option<Coord> {
    Some(Coord {
        row: row.parse().ok()?,
        col: col.parse().ok()?,
    })
}

/// `line` without the 2019 prompts (`red> `, `blue> `) that the output printed before it.
fn without_prompts(mut line: &str) -> &str {
    while let Some(rest) = line
        .strip_prefix("red> ")
        .or_else(|| line.strip_prefix("blue> "))
    {
        line = rest;
    }
    line
}

/// The required line `line` announces, if it is one.
fn announced(dialect: Dialect, line: &str) -> Option<Announced> {
    let line = without_prompts(line);
    let words: Vec<&str> = line.split(' ').collect();
    match (dialect, &words[..]) {
        (Dialect::V2014 | Dialect::V2013, [who, "wins."]) => {
            Some(Announced::Win(colour_named(who)?))
        }
        (Dialect::V2014 | Dialect::V2013, [who, "moves", r, c]) => Some(Announced::Move(
            Some(colour_named(who)?),
            coord(r, c.strip_suffix('.')?)?,
        )),
        (Dialect::V2019, ["*", who, "wins."]) => Some(Announced::Win(colour_named(who)?)),
        (Dialect::V2019, ["*", r, c]) => {
            Some(Announced::Move(None, coord(r, c.strip_suffix('.')?)?))
        }
        _ => None,
    }
}

/// The rows between the last pair of dump markers in `output`.
fn last_dump(dialect: Dialect, output: &str) -> Vec<String> {
    let marker = if dialect == Dialect::V2014 {
        "===="
    } else {
        "==="
    };
    let lines: Vec<&str> = output.lines().map(without_prompts).collect();
    let end = lines.iter().rposition(|l| *l == marker).expect("a dump");
    let start = lines[..end]
        .iter()
        .rposition(|l| *l == marker)
        .expect("a dump");
    lines[start + 1..end]
        .iter()
        .map(|l| l.strip_prefix("    ").expect("indented row").to_string())
        .collect()
}

/// Replays the announced moves of `output` from `start`, checking each is legal for the side
/// to move and that `ai` (indexed Red, Blue) says is an AI; returns the final board and the
/// win lines seen.
fn replay(dialect: Dialect, start: Board, output: &str, ai: [bool; 2]) -> (Board, Vec<Colour>) {
    let mut board = start;
    let mut wins = Vec::new();
    for line in output.lines() {
        match announced(dialect, line) {
            Some(Announced::Move(who, at)) => {
                assert!(wins.is_empty(), "a move after the win: {line}");
                let mover = board.to_move();
                let is_ai = ai[(mover == Colour::Blue) as usize];
                assert!(is_ai, "{mover} is not an AI but {line:?} was announced");
                if let Some(who) = who {
                    assert_eq!(who, mover, "{line}");
                }
                let sq = board.square_at(at).expect("on the board");
                assert!(board.is_legal(sq), "illegal AI move {line:?} on {board:?}");
                board.play(sq);
            }
            Some(Announced::Win(who)) => wins.push(who),
            None => {}
        }
    }
    (board, wins)
}

fn ai_vs_ai(dialect: Dialect, size: usize) -> String {
    let go = if dialect != Dialect::V2019 {
        "start\n"
    } else {
        ""
    };
    let input = format!("nodes 20000\nthreads 1\nseed 7\nsize {size}\nauto red\n{go}dump\n");
    let (out, err) = run_split(&input, options(dialect));
    assert_eq!(err, "", "no errors in an AI-vs-AI game");
    let start = Board::with_rules(size, dialect.rules());
    let (board, wins) = replay(dialect, start, &out, [true, true]);
    let winner = board.winner().expect("the game ends");
    assert_eq!(wins, [winner], "exactly one win line, for the winner");
    assert_eq!(last_dump(dialect, &out), board.dump_rows());
    out
}

#[test]
fn ai_against_ai_plays_legal_moves_to_one_win_2014() {
    for size in 2..=4 {
        ai_vs_ai(Dialect::V2014, size);
    }
}

#[test]
fn ai_against_ai_plays_legal_moves_to_one_win_2019() {
    for size in 2..=4 {
        ai_vs_ai(Dialect::V2019, size);
    }
}

#[test]
fn ai_against_ai_plays_legal_moves_to_one_win_2013() {
    for size in 2..=4 {
        ai_vs_ai(Dialect::V2013, size);
    }
}

/// `move N` in the 2013 dialect: the AI then moves for the side N names, whatever the spots.
#[test]
fn the_2013_move_number_decides_who_the_ai_plays_for() {
    let input = "time 0.05\nthreads 1\nsize 3\nset 2 2 1 r\nmove 3\nauto red\nmanual blue\n\
                 start\nposition\n";
    let (out, err) = run_split(input, options(Dialect::V2013));
    assert_eq!(err, "");
    let mut start = Board::parse_with_rules("------/--1r--/------", Rules::V2013).unwrap();
    start.set_to_move(Colour::Red);
    let (board, wins) = replay(Dialect::V2013, start, &out, [true, false]);
    assert!(wins.is_empty());
    assert_eq!(board.total_spots(), 2);
    assert_eq!(board.to_move(), Colour::Blue);
    assert_eq!(out.lines().last(), Some(board.to_notation().as_str()));
}

#[test]
fn one_thread_and_a_seed_give_the_same_game_twice() {
    for dialect in [Dialect::V2014, Dialect::V2019, Dialect::V2013] {
        assert_eq!(ai_vs_ai(dialect, 3), ai_vs_ai(dialect, 3));
    }
}

/// A person (always the first legal square) against the AI, one line at a time, in both
/// dialects and with either colour for the person.
#[test]
fn a_person_against_the_ai_to_the_end() {
    for dialect in [Dialect::V2014, Dialect::V2019, Dialect::V2013] {
        for person in [Colour::Red, Colour::Blue] {
            let sink = Shared::default();
            let (mut out, mut err) = (sink.clone(), sink.clone());
            let mut session = Session::new(options(dialect), &mut out, &mut err);
            let ai_colour = person.opponent();
            let mut script = vec![
                "size 3".to_string(),
                format!("manual {}", person.name().to_lowercase()),
                format!("auto {}", ai_colour.name().to_lowercase()),
            ];
            if dialect != Dialect::V2019 {
                script.push("start".into());
            }
            for line in &script {
                assert_eq!(session.handle_line(line), Flow::Continue);
            }
            let mut board = Board::with_rules(3, dialect.rules());
            let mut ai = [false, false];
            ai[(ai_colour == Colour::Blue) as usize] = true;
            let mut wins = Vec::new();
            for _ in 0..200 {
                let said = sink.take();
                assert!(!said.contains("error:"), "{said}");
                let (next, new_wins) = replay(dialect, board, &said, ai);
                board = next;
                wins.extend(new_wins);
                assert_eq!(&board, session.board());
                if board.winner().is_some() {
                    break;
                }
                assert_eq!(board.to_move(), person);
                let sq = Squares(board.legal_moves()).next().expect("a legal move");
                let at = board.coord(sq);
                assert_eq!(session.handle_line(&at.to_string()), Flow::Continue);
                board.play(sq);
                if let Some(w) = board.winner() {
                    let said = sink.take();
                    assert!(
                        said.lines()
                            .any(|l| announced(dialect, l) == Some(Announced::Win(w)))
                    );
                    wins.push(w);
                    break;
                }
            }
            let winner = board.winner().expect("the game ends");
            assert_eq!(wins, [winner], "{dialect} {person}");
            assert!(!session.in_play() || dialect == Dialect::V2019);
        }
    }
}

/// With `ponder on`, the AI thinks while the person is to move and stops at the next line;
/// the game goes on as without it.
#[test]
fn pondering_runs_between_lines_and_stops_at_the_next() {
    let sink = Shared::default();
    let (mut out, mut err) = (sink.clone(), sink.clone());
    let mut session = Session::new(options(Dialect::V2014), &mut out, &mut err);
    for line in ["size 5", "ponder on", "start"] {
        assert_eq!(session.handle_line(line), Flow::Continue);
    }
    let mut pondered = 0;
    while session.board().winner().is_none() {
        assert_eq!(session.board().to_move(), Colour::Red);
        std::thread::sleep(Duration::from_millis(5));
        pondered += session.is_pondering() as usize;
        let board = *session.board();
        let sq = Squares(board.legal_moves()).next().expect("a legal move");
        assert_eq!(
            session.handle_line(&board.coord(sq).to_string()),
            Flow::Continue
        );
        let said = sink.take();
        assert!(!said.contains("error:"), "{said}");
        assert!(said.contains("Blue moves") || session.board().winner().is_some());
    }
    assert!(pondered > 0, "never pondered");
    assert!(!session.is_pondering(), "pondering after the game");
    session.handle_line("ponder off");
    assert!(!session.is_pondering());
}

#[test]
fn search_progress_goes_only_to_the_error_stream() {
    let input = "nodes 20000\nthreads 1\nsize 3\nverbose\nauto red\nstart\n";
    let (out, err) = run_split(input, options(Dialect::V2014));
    assert!(!out.lines().any(|l| l.starts_with("info")), "{out}");
    assert!(err.lines().all(|l| l.starts_with("info ")), "{err}");
    let (_, quiet) = run_split(&input.replace("verbose\n", ""), options(Dialect::V2014));
    assert_eq!(quiet, "");
    let (_, loud) = run_split(
        &input.replace("verbose\n", ""),
        Options {
            verbose: true,
            ..options(Dialect::V2014)
        },
    );
    assert!(loud.lines().all(|l| l.starts_with("info ")), "{loud}");
}

#[test]
fn solve_progress_goes_only_to_the_error_stream() {
    let input = "size 4\nverbose\nsolve 3\n";
    let (out, err) = run_split(input, options(Dialect::V2014));
    assert!(out.ends_with("no forced win for Red within 3\n"), "{out}");
    let depths: Vec<&str> = err
        .lines()
        .map(|l| l.split(" positions").next().unwrap())
        .collect();
    assert_eq!(
        depths,
        (1..=3)
            .map(|k| format!("info solve no win within {k}"))
            .collect::<Vec<_>>()
    );
    let (_, quiet) = run_split(&input.replace("verbose\n", ""), options(Dialect::V2014));
    assert_eq!(quiet, "");
}

/// `solve` with no depth (the game's value) shows its proof's progress line about once a
/// second with `verbose`, on the error stream only; the answer is the same either way, and
/// on two threads.
#[test]
fn a_game_value_shows_its_progress_only_on_the_error_stream_when_verbose() {
    // A 4x4 position eight moves in: about three million positions, three seconds.
    let input = "position 1r3r1-1-/2r1-2b1-/2b2b1-2r/2b1-1-1-\nverbose\nsolve\n";
    let (out, err) = run_split(input, options(Dialect::V2014));
    let lines: Vec<&str> = err.lines().collect();
    assert!(!lines.is_empty(), "{out}");
    for line in &lines {
        // `info solve 524288 positions, 1.29 M/s; first moves: 12 unknown; table 34 MB`
        let rest = line.strip_prefix("info solve ").expect(line);
        let (positions, rest) = rest.split_once(" positions, ").expect(line);
        assert!(positions.parse::<u64>().expect(line) > 0, "{line}");
        assert!(
            rest.contains(" M/s; first moves: ") && rest.ends_with(" MB"),
            "{line}"
        );
    }
    let (quiet_out, quiet) = run_split(&input.replace("verbose\n", ""), options(Dialect::V2014));
    assert_eq!(quiet, "");
    let answer = |text: &str| {
        text.lines()
            .find(|l| l.contains(" wins"))
            .map(str::to_owned)
    };
    assert_eq!(answer(&out).as_deref(), Some("Red wins: 4 4"), "{out}");
    assert_eq!(answer(&out), answer(&quiet_out));
    // On the search's threads, one table: the same value.
    let (two_out, _) = run_split(&format!("threads 2\n{input}"), options(Dialect::V2014));
    assert_eq!(answer(&two_out), answer(&out), "{two_out}");
}

#[test]
fn prompts_follow_the_dialect() {
    let input = "size 2\nmanual blue\nstart\n1 1\n";
    let (out, _) = run_split(
        input,
        Options {
            prompts: true,
            ..options(Dialect::V2014)
        },
    );
    assert!(out.starts_with("> > > red> "), "{out:?}");
    assert!(out.ends_with("blue> \n"), "{out:?}");
    let (out, _) = run_split(input, options(Dialect::V2014));
    assert!(
        !out.contains("> "),
        "no prompts when input is not a terminal: {out:?}"
    );
    let (out, _) = run_split("size 2\nmanual blue\n1 1\n", options(Dialect::V2019));
    assert_eq!(out, "red> red> red> blue> ");
}

#[test]
fn windows_line_ends_and_odd_bytes_are_handled() {
    let (out, err) = run_split("size 2\r\ndump\r\n\u{0}\u{7f}\r\n", options(Dialect::V2014));
    assert_eq!(out, "====\n    1- 1-\n    1- 1-\n====\n");
    assert!(err.starts_with("error: unknown command"), "{err:?}");
}

#[test]
fn a_closed_output_stops_the_loop_quietly() {
    struct Closed;
    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
    }
    let mut err = Vec::new();
    let endless = "dump\n".repeat(1000);
    run_loop(
        endless.as_bytes(),
        &mut Closed,
        &mut err,
        options(Dialect::V2014),
    );
    run_loop(
        endless.as_bytes(),
        &mut Closed,
        &mut err,
        options(Dialect::V2019),
    );
    assert!(err.is_empty());
}

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_jump61"))
}

/// Runs the binary with `args`, feeding `input`; returns (status code, stdout, stderr).
fn run_binary(args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the jump61 binary runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        // The program may quit before reading everything; a broken pipe is fine.
        let _ = stdin.write_all(&input);
    });
    let output = child
        .wait_with_output()
        .expect("the jump61 binary finishes");
    feeder.join().expect("the feeder thread");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_binary_exits_0_on_garbage() {
    let mut garbage = b"threads 1\ntime 0.05\nsize 99999999999999999999999\nset -1 x\n".to_vec();
    garbage.extend_from_slice(b"\xff\xfe\x00 nonsense\n1 1\nstart\n99 99\n0 0\n:\n1:\nmove\n");
    garbage.extend_from_slice(b"position 9r\nsolve\nseed 1e9\ntime NaN\n\x1b[A\n\t\t\n#\n");
    garbage.extend_from_slice(&[b'7'; 100_000]);
    for dialect in ["2014", "2019"] {
        let (code, _, err) = run_binary(&["--dialect", dialect], &garbage);
        assert_eq!(code, Some(0), "dialect {dialect}: {err}");
        assert!(err.lines().all(|l| l.starts_with("error: ")), "{err}");
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn the_binary_exits_0_after_quit_and_ignores_the_rest() {
    let (code, out, err) = run_binary(&["--threads", "1"], b"size 2\ndump\nquit\ndump\n");
    assert_eq!(code, Some(0));
    assert_eq!(out, "====\n    1- 1-\n    1- 1-\n====\n");
    assert_eq!(err, "");
    let (code, out, _) = run_binary(&["--dialect", "2019"], b"si 2\nd\nq\nd\n");
    assert_eq!(code, Some(0));
    assert_eq!(out, "red> red> ===\n    1- 1-\n    1- 1-\n===\nred> ");
}

#[test]
fn the_binary_plays_a_whole_ai_game_from_flags() {
    let args = [
        "--nodes",
        "20000",
        "--threads",
        "1",
        "--seed",
        "3",
        "--level",
        "5",
    ];
    let (code, out, err) = run_binary(&args, b"size 3\nauto red\nstart\ndump\n");
    assert_eq!(code, Some(0));
    assert_eq!(err, "");
    let (board, wins) = replay(Dialect::V2014, Board::new(3), &out, [true, true]);
    assert_eq!(wins, [board.winner().expect("the game ends")]);
}

#[test]
fn the_binary_survives_a_closed_stdout() {
    let mut child = binary()
        .args(["--dialect", "2019", "--threads", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the jump61 binary runs");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("piped stdin");
    let _ = stdin.write_all("help\ndump\n".repeat(1000).as_bytes());
    drop(stdin);
    let output = child
        .wait_with_output()
        .expect("the jump61 binary finishes");
    assert_eq!(output.status.code(), Some(0));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn bad_flags_exit_2_and_good_ones_work() {
    for args in [
        &["--dialect", "2020"][..],
        &["--time", "0"],
        &["--threads", "0"],
        &["--level", "9"],
        &["--hash", "0"],
        &["--seed", "x"],
    ] {
        let (code, _, err) = run_binary(args, b"quit\n");
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains("error"), "{args:?}: {err}");
    }
    let (code, out, _) = run_binary(
        &["--seed", "-5", "--hash", "8", "--verbose"],
        b"size 2\ndump\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.starts_with("===="));
}

/// `--hash` the machine cannot give (here a 2 GB address space for 4 GB) is refused as the
/// `hash` command refuses it: the default table stays, the error says so, the loop runs.
#[test]
fn a_hash_table_that_cannot_be_had_leaves_the_default_and_the_loop_runs() {
    let script = format!(
        "ulimit -v 2000000 && printf 'size 2\\ndump\\n' | '{}' --hash 4096",
        env!("CARGO_BIN_EXE_jump61")
    );
    let output = Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("bash");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "====\n    1- 1-\n    1- 1-\n====\n"
    );
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.starts_with("error: cannot allocate a hash table of 4096 MiB")
            && err.ends_with("; it stays at 16 MiB\n"),
        "{err}"
    );
}

#[test]
fn solve_subcommand_answers_and_rejects() {
    let (code, out, err) = run_binary(&["solve", "--position", "1-1-/1-1-", "--depth", "3"], b"");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (Some(0), "no forced win for Red within 3\n", "")
    );
    let (code, out, _) = run_binary(&["solve", "--position", "2r1r/1r1r", "--depth", "1"], b"");
    assert_eq!(code, Some(0));
    assert_eq!(out, "the game is already over: Red owns every square\n");
    let (code, _, err) = run_binary(&["solve", "--position", "3r1-/1-1-", "--depth", "2"], b"");
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: bad --position: row 1, column 1: 3 spots, but this square holds at most 2\n"
    );
    for depth in ["0", "9", "x"] {
        let (code, _, _) = run_binary(&["solve", "--position", "1-1-/1-1-", "--depth", depth], b"");
        assert_eq!(code, Some(2), "depth {depth}");
    }
    let (code, _, _) = run_binary(&["solve", "--depth", "2"], b"");
    assert_eq!(code, Some(2));
    // A table of no memory, and split's jobs that `solve` would refuse, are refused at once.
    let dir = std::env::temp_dir().join(format!("jump61-split-refused-{}", std::process::id()));
    let dir = dir.to_str().unwrap();
    let split_with = |flag| {
        vec![
            "split", "--size", "3", "--plies", "1", "--dir", dir, flag, "0",
        ]
    };
    for args in [
        vec!["solve", "--size", "3", "--memory", "0"],
        vec!["solve", "--size", "3", "--memory", "99999999"],
        split_with("--job-time"),
        split_with("--job-memory"),
    ] {
        let (code, out, err) = run_binary(&args, b"");
        assert_eq!((code, out.as_str()), (Some(2), ""), "{args:?}");
        assert!(err.contains("is not in 1..="), "{args:?}: {err}");
    }
    assert!(!std::path::Path::new(dir).exists(), "split wrote {dir}");
}

#[test]
fn solve_subcommand_finds_wins() {
    let (code, out, _) = run_binary(
        &[
            "solve",
            "--position",
            "2r3r2r/3r1-3r/2r3b2b",
            "--depth",
            "2",
        ],
        b"",
    );
    assert_eq!(code, Some(0));
    assert_eq!(out, "Red wins in 1: 1 1, 1 2, 1 3, 2 1, 2 3, 3 1\n");
}

#[test]
fn solve_subcommand_gives_up_at_its_limit_and_reports_progress() {
    let start6 = ["1-1-1-1-1-1-"; 6].join("/");
    let args = ["solve", "--position", &start6, "--depth", "8"];
    let (code, out, err) = run_binary(
        &[&args[..], &["--positions", "1000", "--verbose"]].concat(),
        b"",
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "no forced win for Red within 2; gave up on 3 after 1000 positions\n"
    );
    let firsts: Vec<&str> = err
        .lines()
        .map(|l| l.split(" positions").next().unwrap())
        .collect();
    assert_eq!(
        firsts,
        ["info solve no win within 1", "info solve no win within 2"]
    );
    for bad in ["0", "-5", "lots", "10000000001"] {
        let (code, out, err) = run_binary(&[&args[..], &["--positions", bad]].concat(), b"");
        assert_eq!((code, out.as_str()), (Some(2), ""), "--positions {bad}");
        assert!(err.contains(&format!("'{bad}'")), "{err}");
    }
}

#[test]
fn the_binary_speaks_2013_and_its_tools_take_the_rules() {
    let (code, out, err) = run_binary(
        &["--dialect", "2013", "--time", "0.05", "--threads", "1"],
        b"size 2\ndump\nmove 2\nset 1 1 1 r\nposition\nquit\n",
    );
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(out, "===\n    -- --\n    -- --\n===\n1r--/----\n");
    let counts = |args: &[&str]| {
        let (code, out, err) = run_binary(args, b"");
        assert_eq!(code, Some(0), "{err}");
        out.lines()
            .map(|l| l.split(' ').nth(1).unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    let perft = ["perft", "2", "8", "--threads", "1", "--rules", "2013"];
    assert_eq!(
        counts(&perft),
        ["4", "12", "36", "84", "204", "340", "556", "628"]
    );
    // 1:1 is Red's; with Red to move (move 3) Red has 4 moves, with Blue (move 2) Blue has 3.
    let position = [
        "perft",
        "2",
        "1",
        "--rules",
        "2013",
        "--position",
        "1r--/----",
    ];
    assert_eq!(counts(&position), ["3"]);
    assert_eq!(counts(&[&position[..], &["--move", "3"]].concat()), ["4"]);
    let (code, _, err) = run_binary(&["perft", "2", "1", "--move", "3"], b"");
    assert_eq!(code, Some(2));
    assert!(err.contains("--move is for --rules 2013"), "{err}");
    let (code, out, _) = run_binary(
        &[
            "solve",
            "--rules",
            "2013",
            "--position",
            "2r2r/1r--",
            "--depth",
            "1",
        ],
        b"",
    );
    assert_eq!(code, Some(0));
    assert_eq!(out, "no forced win for Blue within 1\n");
    let (code, out, _) = run_binary(
        &[
            "solve",
            "--rules",
            "2013",
            "--position",
            "2r2r/1r--",
            "--depth",
            "1",
            "--move",
            "7",
        ],
        b"",
    );
    assert_eq!(code, Some(0));
    assert_eq!(out, "Red wins in 1: 1 1, 1 2, 2 2\n");
}

#[test]
fn perft_still_works() {
    let (code, out, _) = run_binary(&["perft", "3", "2", "--threads", "1"], b"");
    assert_eq!(code, Some(0));
    let counts: Vec<(String, String)> = out
        .lines()
        .map(|l| {
            let mut w = l.split(' ');
            (w.next().unwrap_or("").into(), w.next().unwrap_or("").into())
        })
        .collect();
    assert_eq!(
        counts,
        [("1".into(), "9".into()), ("2".into(), "72".into())]
    );
}

/// Lines made of command words, numbers, colours and junk.
fn random_line() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let word = prop_oneof![
        Just("start".to_string()),
        Just("clear".to_string()),
        Just("auto".to_string()),
        Just("manual".to_string()),
        Just("size".to_string()),
        Just("set".to_string()),
        Just("dump".to_string()),
        Just("position".to_string()),
        Just("s".to_string()),
        Just("red".to_string()),
        Just("Blue".to_string()),
        Just("r".to_string()),
        (0u64..12).prop_map(|n| n.to_string()),
        "[-0-9a-z:#/]{0,6}",
        "\\PC{0,4}",
    ];
    proptest::collection::vec(word, 0..6).prop_map(|words| words.join(" "))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// No line panics the session; required lines never reach the error stream, and every
    /// error line is marked as one.
    #[test]
    fn random_lines_never_panic(
        lines in proptest::collection::vec(random_line(), 0..40),
        dialect in proptest::sample::select(vec![Dialect::V2014, Dialect::V2019, Dialect::V2013]),
    ) {
        let mut input = String::from("level 1\ntime 0.001\n");
        // `solve` (or its 2019 prefixes) could ask for minutes of exact search: leave it out.
        let cheap = lines
            .iter()
            .filter(|l| !l.trim_start().to_ascii_lowercase().starts_with("so"));
        for line in cheap {
            input.push_str(line);
            input.push('\n');
        }
        let (_, err) = run_split(&input, options(dialect));
        for line in err.lines() {
            proptest::prop_assert!(line.starts_with("error: "), "{:?}", line);
        }
    }
}

/// `solve` with no depth proves who wins from here; on the 3x3 start (2014 rules) that is
/// Blue, as `solve --size 3` and the plain search in `tests/game_value.rs` say.
#[test]
fn bare_solve_proves_the_game_value_in_the_loop() {
    for (header, size_line) in [("", "size 3"), ("# dialect 2019\n", "si 3")] {
        let text = run(&format!("{header}{size_line}\nsolve\n"));
        let lines: Vec<&str> = text.lines().filter(|l| !l.ends_with("> ")).collect();
        let answer = lines.iter().find(|l| l.contains("wins")).copied();
        assert!(
            answer.is_some_and(|l| l.trim_start_matches(|c| c != 'B').starts_with("Blue wins")),
            "{text}"
        );
        assert!(text.contains("proof "), "{text}");
    }
    // On a board too big for the game-value table it says so and changes nothing.
    let text = run("solve\ndump\n");
    assert!(
        !text.contains("Blue wins") && !text.contains("Red wins"),
        "{text}"
    );
    assert!(text.contains("===="), "{text}");
}

/// Piped input is read as it always was: the binary's output and errors are byte for byte
/// those of the plain loop the transcripts pin (no line editor, no escapes, the same
/// prompts), and no history file is written.
#[test]
fn piped_input_gives_the_plain_loops_bytes_and_keeps_no_history() {
    let data = std::env::temp_dir().join(format!("jump61-piped-{}", std::process::id()));
    std::fs::create_dir_all(&data).unwrap();
    for name in TRANSCRIPTS {
        let input = std::fs::read_to_string(transcript_dir().join(format!("{name}.in"))).unwrap();
        let dialect = dialect_of(&input);
        let (out, err) = run_split(&input, options(dialect));
        let mut child = binary()
            .args(["--dialect", &dialect.to_string(), "--nodes", "20000"])
            .args(["--threads", "1"])
            .env("XDG_DATA_HOME", &data)
            .env("HOME", &data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the jump61 binary runs");
        let mut stdin = child.stdin.take().expect("piped stdin");
        let feeder = std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let output = child.wait_with_output().expect("the binary finishes");
        feeder.join().unwrap();
        assert_eq!(output.status.code(), Some(0), "{name}");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            out,
            "{name}: output"
        );
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            err,
            "{name}: errors"
        );
    }
    let written: Vec<_> = std::fs::read_dir(&data).unwrap().collect();
    assert!(written.is_empty(), "{written:?}");
    std::fs::remove_dir_all(&data).unwrap();
}

/// A person (the first legal square) against the AI on 4x4, asking for a hint before each
/// move or not; the session's output, hint lines left out.
fn game_with_hints(dialect: Dialect, level: u8, hints: bool) -> String {
    let sink = Shared::default();
    let (mut out, mut err) = (sink.clone(), sink.clone());
    let mut session = Session::new(options(dialect), &mut out, &mut err);
    let mut script = vec![
        "size 4".to_string(),
        "seed 11".to_string(),
        "nodes 3000".to_string(),
        format!("level {level}"),
    ];
    if dialect != Dialect::V2019 {
        script.push("start".into());
    }
    for line in &script {
        assert_eq!(session.handle_line(line), Flow::Continue);
    }
    let mut hints_given = 0;
    for _ in 0..100 {
        let board = *session.board();
        if board.winner().is_some() {
            break;
        }
        if hints {
            session.handle_line("hint");
            hints_given += 1;
        }
        let sq = Squares(board.legal_moves()).next().expect("a legal move");
        session.handle_line(&board.coord(sq).to_string());
    }
    let text = sink.text();
    assert!(!text.contains("error:"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.contains("hint: ")).count(),
        hints_given
    );
    text.lines()
        .filter(|l| !l.contains("hint: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `hint` changes nothing a later move could notice (the AI's table, its random choices,
/// the game's history): with one thread, a seed and a node limit, the game with a hint
/// before every person's move has the same AI moves as the game without.
#[test]
fn a_hint_changes_no_later_ai_move() {
    for dialect in [Dialect::V2014, Dialect::V2019] {
        for level in [1, 5] {
            let plain = game_with_hints(dialect, level, false);
            assert!(plain.contains(" wins."), "{plain}");
            assert_eq!(
                game_with_hints(dialect, level, true),
                plain,
                "{dialect} level {level}"
            );
        }
    }
}
