//! The board screen (`--display`): frames drawn on ratatui's test backend, and whole games
//! driven by keys through the same session as the command loop.

use jump61::board::{Board, Colour};
use jump61::display::app::App;
use jump61::display::{draw, save};
use jump61::protocol::{Command, Dialect, Options, Session, run_loop};
use jump61::search::{EngineConfig, Limit};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Quick, reproducible AI settings.
fn options(dialect: Dialect) -> Options {
    Options {
        dialect,
        engine: EngineConfig {
            limit: Limit::MoveTime(Duration::from_millis(20)),
            hash_mb: 1,
            threads: 1,
            ..EngineConfig::default()
        },
        ..Options::default()
    }
}

fn new_app<'a>(out: &'a mut Vec<u8>, err: &'a mut Vec<u8>, dialect: Dialect) -> App<'a> {
    App::new(Session::new(options(dialect), out, err))
}

/// A screen of `w` by `h` as drawn now.
fn frame(app: &App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| draw::frame(f, app)).unwrap();
    terminal.backend().buffer().clone()
}

fn lines(buf: &Buffer) -> Vec<String> {
    let area = buf.area;
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

fn text(buf: &Buffer) -> String {
    lines(buf).join("\n")
}

fn keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        app.press(c);
    }
}

/// Moves the cursor to row `r`, column `c` by keys, from wherever it is.
fn go(app: &mut App, r: usize, c: usize) {
    keys(app, &"k".repeat(10));
    keys(app, &"h".repeat(10));
    keys(app, &"j".repeat(r - 1));
    keys(app, &"l".repeat(c - 1));
}

/// Two people on a 2x2 board.
fn two_people(app: &mut App) {
    keys(app, "2----");
    assert!(!app.session.is_ai(Colour::Blue));
    assert_eq!(app.session.board().size(), 2);
}

#[test]
fn known_position_shows_owners_spots_cursor_and_status() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    keys(&mut app, "2");
    app.command(Command::Position(Some(
        "2r1-1-/1-3b1-/1-1-1r".parse().unwrap(),
    )));
    keys(&mut app, "jl");
    let buf = frame(&app, 80, 24);
    let all = text(&buf);
    assert!(all.contains("2r"), "{all}");
    assert!(all.contains("[3b ]"), "the cursor is on 2 2:\n{all}");
    assert!(all.contains("1r"), "{all}");
    let status = &lines(&buf)[21];
    assert!(
        status.starts_with("Blue to move | Red person | Blue person | move 1 | spots 12"),
        "{status}"
    );
    // Owners' colours: find each token's cell and look at its background.
    let bg = |token: &str| {
        let (y, line) = lines(&buf)
            .into_iter()
            .enumerate()
            .find(|(_, l)| l.contains(token))
            .unwrap();
        let x = line[..line.find(token).unwrap()].chars().count() as u16;
        buf[(x, y as u16)].bg
    };
    assert_eq!(bg("2r"), Color::Red);
    assert_eq!(bg("3b"), Color::Blue);
    assert_eq!(bg("1-"), Color::Gray);
}

#[test]
fn last_move_and_its_turned_squares_appear_step_by_step() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    two_people(&mut app);
    // Red 1 1, Blue 2 2, Red 1 1: the corner explodes into 1 2 and 2 1.
    keys(&mut app, " jl kh ");
    let wave = app.wave.as_ref().expect("a wave");
    assert_eq!(wave.steps.len(), 1);
    assert_eq!(wave.shown, 0, "the animation starts with nothing turned");
    let before = text(&frame(&app, 80, 24));
    assert!(
        before.contains("[1r*]"),
        "the last move, under the cursor:\n{before}"
    );
    assert_eq!(
        before.matches("1- ").count(),
        2,
        "not reached yet:\n{before}"
    );
    app.wave.as_mut().unwrap().shown = 1;
    let after = text(&frame(&app, 80, 24));
    assert_eq!(after.matches("2r+").count(), 2, "turned over:\n{after}");
    assert!(after.contains("2b "), "{after}");
}

#[test]
fn animation_key_shows_the_whole_reaction_at_once() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    two_people(&mut app);
    keys(&mut app, "a jl kh ");
    assert!(!app.animate);
    assert!(app.wave.as_ref().unwrap().done());
    assert_eq!(text(&frame(&app, 80, 24)).matches("2r+").count(), 2);
}

#[test]
fn help_overlay_lists_every_key_and_any_key_closes_it() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    keys(&mut app, "?");
    let shown = text(&frame(&app, 80, 24));
    assert!(shown.contains("Keys (any key closes)"));
    for (key, what) in draw::KEYS {
        assert!(
            shown.contains(key) && shown.contains(what),
            "{key}: {what}\n{shown}"
        );
    }
    keys(&mut app, "u");
    assert!(!app.help);
    assert!(
        app.session.moves().is_empty(),
        "the closing key does nothing else"
    );
    assert!(!text(&frame(&app, 80, 24)).contains("Keys (any key"));
}

#[test]
fn game_end_is_announced_and_the_moves_stay_to_review() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    two_people(&mut app);
    keys(&mut app, " jl kh jl ");
    assert_eq!(app.session.board().winner(), Some(Colour::Blue));
    // While the winning chain reaction is still being drawn, the win is not yet announced.
    assert!(!app.wave_done());
    assert!(draw::status_line(&app).starts_with("Blue moves | "));
    assert!(!app.message.contains("wins!"), "{}", app.message);
    app.settle();
    let buf = frame(&app, 80, 24);
    let all = lines(&buf);
    assert!(all[21].starts_with("Blue wins | "), "{}", all[21]);
    assert!(all[23].starts_with("Blue wins! u undoes"), "{}", all[23]);
    let moves = text(&buf);
    for line in ["1 r 1 1", "2 b 2 2", "3 r 1 1", "4 b 2 2", "Moves (4)"] {
        assert!(moves.contains(line), "{line}\n{moves}");
    }
    keys(&mut app, " ");
    assert!(app.message.contains("the game is over"), "{}", app.message);
}

#[test]
fn ten_by_ten_is_readable_at_80_by_24() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    keys(&mut app, "2++++");
    go(&mut app, 10, 10);
    keys(&mut app, " ");
    let buf = frame(&app, 80, 24);
    let all = lines(&buf);
    assert!(
        all[0].contains(" 1 ") && all[0].contains("10"),
        "{}",
        all[0]
    );
    for row in 1..=10 {
        let label = format!("{row:>2}");
        assert!(all.iter().any(|l| l.starts_with(&label)), "row {row}");
    }
    // Every row of squares shows all ten squares.
    let square_rows = all.iter().filter(|l| l.matches(['-', 'r']).count() >= 10);
    assert_eq!(square_rows.count(), 10, "{}", all.join("\n"));
    assert!(text(&buf).contains("[2r*]"), "the move at 10 10");
    assert!(all[21].starts_with("Blue to move"), "{}", all[21]);
    assert!(all[0].contains("Moves (1)"));
}

#[test]
fn an_illegal_square_is_refused_with_a_message() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    two_people(&mut app);
    keys(&mut app, " ");
    keys(&mut app, " ");
    assert!(app.message.contains("illegal move 1 1"), "{}", app.message);
    assert_eq!(app.session.moves().len(), 1);
    assert!(text(&frame(&app, 80, 24)).contains("illegal move 1 1"));
}

#[test]
fn a_click_plays_the_square_under_it() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    two_people(&mut app);
    frame(&app, 80, 24);
    let area = app.board_area.get().unwrap();
    app.click(area.x + area.cell_w + 1, area.y + area.cell_h);
    let sq = app.session.moves()[0];
    assert_eq!(app.session.board().coord(sq).to_string(), "2 2");
}

#[test]
fn person_against_person_to_a_win_with_undo_and_redo_in_both_dialects() {
    for dialect in [Dialect::V2014, Dialect::V2019] {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut app = new_app(&mut out, &mut err, dialect);
        two_people(&mut app);
        keys(&mut app, " jl kh jl ");
        assert_eq!(app.session.board().winner(), Some(Colour::Blue));
        keys(&mut app, "uu");
        assert_eq!(app.session.moves().len(), 2);
        assert_eq!(app.session.board().winner(), None);
        keys(&mut app, "r");
        assert_eq!(app.session.moves().len(), 3);
        keys(&mut app, "r");
        assert_eq!(app.session.board().winner(), Some(Colour::Blue));
        keys(&mut app, "r");
        assert!(app.message.contains("nothing to redo"), "{}", app.message);
    }
}

/// Red (keys) plays the first legal square; Blue is the AI at a tiny time.
fn play_against_the_ai(app: &mut App) {
    for _ in 0..200 {
        app.settle();
        let board = *app.session.board();
        if board.winner().is_some() {
            return;
        }
        let sq = board.legal_moves().trailing_zeros() as usize;
        let c = board.coord(sq);
        go(app, c.row, c.col);
        keys(app, " ");
    }
    panic!("no winner in 200 moves");
}

#[test]
fn person_against_the_ai_to_a_win_with_undo_taking_back_its_reply() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    keys(&mut app, "---");
    go(&mut app, 2, 2);
    keys(&mut app, " ");
    app.settle();
    assert_eq!(
        app.session.moves().len(),
        2,
        "Red's move and the AI's reply"
    );
    assert!(
        draw::ai_line(&app).starts_with("AI: depth"),
        "{}",
        draw::ai_line(&app)
    );
    keys(&mut app, "u");
    assert!(
        app.session.moves().is_empty(),
        "undo takes back the reply too"
    );
    keys(&mut app, "r");
    assert_eq!(app.session.moves().len(), 2, "redo plays both again");
    keys(&mut app, "-");
    play_against_the_ai(&mut app);
    assert!(app.session.board().winner().is_some());
    assert!(app.message.contains("wins!"), "{}", app.message);
}

#[test]
fn hint_marks_the_engines_move_for_the_person() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    keys(&mut app, "--t");
    app.settle();
    let hint = app.hint.expect("a hint");
    assert!(app.session.board().is_legal(hint));
    assert!(app.message.starts_with("hint: "), "{}", app.message);
    assert!(text(&frame(&app, 80, 24)).contains('?'));
    assert!(app.session.moves().is_empty(), "a hint plays nothing");
}

#[test]
fn move_now_and_quit_end_a_long_search_at_once() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    app.command(Command::Time(Duration::from_secs(600)));
    keys(&mut app, "-- ");
    let started = Instant::now();
    while app.thinker.is_none() && started.elapsed() < Duration::from_secs(5) {
        app.tick();
    }
    assert!(app.thinker.is_some(), "the AI thinks on its own thread");
    std::thread::sleep(Duration::from_millis(100));
    app.tick();
    assert!(draw::ai_line(&app).starts_with("thinking"));
    keys(&mut app, "m");
    app.settle();
    assert_eq!(app.session.moves().len(), 2);
    assert!(started.elapsed() < Duration::from_secs(30));
    keys(&mut app, " ");
    keys(&mut app, "q");
    assert!(app.quit);
}

#[test]
fn settings_keys_change_the_sessions_ai() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut app = new_app(&mut out, &mut err, Dialect::V2014);
    keys(&mut app, "L");
    assert_eq!(app.session.engine_config().level, 1);
    keys(&mut app, ">");
    assert_eq!(
        app.session.engine_config().limit,
        Limit::MoveTime(Duration::from_millis(40))
    );
    keys(&mut app, "x");
    assert!(app.session.is_ai(Colour::Red) && !app.session.is_ai(Colour::Blue));
    let status = draw::status_line(&app);
    assert!(status.contains("Red AI L1 0.04s | Blue person"), "{status}");
}

#[test]
fn a_saved_game_replays_in_the_command_loop() {
    for dialect in [Dialect::V2014, Dialect::V2019] {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut app = new_app(&mut out, &mut err, dialect);
        let start: Board = "2r1-1-/1-1-1-/1-1-1b".parse().unwrap();
        app.command(Command::Position(Some(start)));
        play_against_the_ai(&mut app);
        let script = save::commands(&app.session) + "position\n";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        run_loop(script.as_bytes(), &mut out, &mut err, options(dialect));
        let printed = String::from_utf8(out).unwrap();
        // The 2019 dialect prompts before every line; the position ends the last one.
        let notation = app.session.board().to_notation();
        let line = printed.lines().rfind(|l| l.contains('/')).unwrap();
        assert_eq!(
            line.rsplit("> ").next(),
            Some(notation.as_str()),
            "{script}"
        );
        assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    }
}

#[test]
fn display_without_a_terminal_exits_2() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_jump61"))
        .arg("--display")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("--display") && err.contains("not"), "{err}");
}
