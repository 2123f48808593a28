//! The board on the screen (`jump61 --display`): a full-screen terminal board played with
//! the keys and the mouse, drawn with ratatui on crossterm.
//!
//! It is a second face of the command loop's game, not a second game: [`app::App`] turns
//! keys into the loop's commands for the same `Session`, and only the AI's search runs
//! elsewhere (on its own thread, [`ai`]), so that the screen keeps answering meanwhile.

pub mod ai;
pub mod app;
pub mod draw;
pub mod save;

use crate::board::Board;
use crate::protocol::{Command, Options, Session};
use app::App;
use crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use std::io::{self, IsTerminal, Stdout};
use std::path::Path;
use std::time::Duration;

/// How long the screen waits for a key before it looks at the AI and the animation again.
const POLL: Duration = Duration::from_millis(30);

/// Plays on the board screen until the player quits; returns the exit code. `position` is
/// the starting position's notation; `save` receives the game as commands on the way out.
pub fn run(options: Options, position: Option<&str>, save: Option<&Path>) -> i32 {
    if !io::stdout().is_terminal() {
        crate::output::error_line(format_args!(
            "error: --display draws on a terminal, and standard output is not one"
        ));
        return 2;
    }
    let start = match position.map(str::parse::<Board>).transpose() {
        Ok(start) => start,
        Err(e) => {
            crate::output::error_line(format_args!("error: bad --position: {e}"));
            return 2;
        }
    };
    let (mut out, mut err) = (io::sink(), io::sink());
    let wanted = options.engine.hash_mb;
    let mut app = App::new(Session::new(options, &mut out, &mut err));
    // The session keeps its default table when `--hash` is more than the machine gives;
    // its error line goes nowhere here, so the screen's message line says it.
    let kept = app.session.engine_config().hash_mb;
    if kept != wanted {
        app.message = format!("no room for a {wanted} MiB hash table: it stays at {kept} MiB");
    }
    if let Some(board) = start {
        app.command(Command::Position(Some(board)));
    }
    let played = play(&mut app);
    let mut code = 0;
    if let Err(e) = played {
        crate::output::error_line(format_args!("error: the terminal failed: {e}"));
        code = 1;
    }
    if let Some(path) = save
        && let Err(e) = std::fs::write(path, save::commands(&app.session))
    {
        crate::output::error_line(format_args!("error: cannot write {}: {e}", path.display()));
        code = 1;
    }
    code
}

/// Takes over the terminal, runs the screen, and gives the terminal back however it ends.
fn play(app: &mut App) -> io::Result<()> {
    install_panic_hook();
    let mut terminal = enter()?;
    let result = event_loop(&mut terminal, app);
    leave();
    result
}

fn event_loop(terminal: &mut Terminal<CrosstermBackend<Stdout>>, app: &mut App) -> io::Result<()> {
    while !app.quit {
        terminal.draw(|f| draw::frame(f, app))?;
        if event::poll(POLL)? {
            match event::read()? {
                // Releases and repeats are reported by some terminals too: one press, one act.
                Event::Key(key) if key.kind == KeyEventKind::Press => app.key(key),
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    app.click(m.column, m.row)
                }
                _ => {}
            }
        }
        app.tick();
    }
    Ok(())
}

fn enter() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    terminal::enable_raw_mode()?;
    let mut stdout = io::stdout();
    if let Err(e) = execute!(stdout, EnterAlternateScreen, event::EnableMouseCapture) {
        leave();
        return Err(e);
    }
    Terminal::new(CrosstermBackend::new(stdout))
}

/// Gives the terminal back as it was; safe to call twice.
fn leave() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        event::DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
}

/// A panic on the screen's thread gives the terminal back before its message prints, so
/// the message is readable and the shell usable.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().name() == Some("main") {
            leave();
        }
        previous(info);
    }));
}
