//! Drawing the board screen from the session's state: the board, the list of moves, the
//! status lines, and the `?` overlay.

use super::app::{App, BoardArea, player_name, seconds};
use crate::board::Colour;
use crate::search::{Limit, Progress};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};

/// The narrowest the list of moves gets (" 123 R 10 10" inside a border).
const PANEL_MIN: u16 = 16;
/// Rows below the board: the status line, the AI's line, the message.
const STATUS_ROWS: u16 = 3;
/// Columns left of the board for the row numbers.
const LABEL_W: u16 = 3;

/// The keys, as the `?` overlay lists them.
pub const KEYS: &[(&str, &str)] = &[
    ("arrows, h j k l", "move the cursor"),
    ("Enter, Space", "play the square under the cursor"),
    ("mouse click", "play the square clicked"),
    ("u / r", "undo / redo (the AI's reply too)"),
    ("t", "hint: the engine's move for you"),
    ("m or .", "make the AI move now"),
    ("n", "new game"),
    ("+ / -", "bigger / smaller board (new game)"),
    ("1 / 2", "Red / Blue: person or AI"),
    ("x", "swap sides"),
    ("L", "AI level (1 to 5, in turn)"),
    ("< / >", "AI time a move: half / double"),
    ("a", "chain reaction animation on / off"),
    ("?", "this help (any key closes it)"),
    ("q, Esc, Ctrl-C", "quit"),
];

/// Draws the whole screen.
pub fn frame(f: &mut Frame, app: &App) {
    let [main, status] =
        Layout::vertical([Constraint::Min(0), Constraint::Length(STATUS_ROWS)]).areas(f.area());
    let n = app.session.board().size() as u16;
    let cell_w = ((main.width.saturating_sub(PANEL_MIN + LABEL_W)) / n).clamp(3, 11);
    let board_w = LABEL_W + cell_w * n;
    let [board, panel] =
        Layout::horizontal([Constraint::Length(board_w), Constraint::Min(0)]).areas(main);
    draw_board(f.buffer_mut(), board, cell_w, app);
    draw_moves(f, panel, app);
    draw_status(f, status, app);
    if app.help {
        draw_help(f, f.area());
    }
}

/// The board with its row and column numbers; records where it went, for clicks.
fn draw_board(buf: &mut Buffer, area: Rect, cell_w: u16, app: &App) {
    let board = app.session.board();
    let n = board.size() as u16;
    let cell_h = (area.height.saturating_sub(1) / n).clamp(1, 5);
    let origin = BoardArea {
        x: area.x + LABEL_W,
        y: area.y + 1,
        cell_w,
        cell_h,
    };
    app.board_area.set(Some(origin));
    let label = Style::default().fg(Color::DarkGray);
    let (w, h) = inner(origin);
    for i in 0..n {
        let x = origin.x + i * cell_w + w.saturating_sub(5) / 2 + 1;
        put(buf, area, x, area.y, &format!("{:<2}", i + 1), label);
        let y = origin.y + i * cell_h + (h - 1) / 2;
        put(buf, area, area.x, y, &format!("{:>2}", i + 1), label);
    }
    for sq in 0..board.squares() {
        draw_square(buf, area, origin, sq, app);
    }
}

/// One square: its owner's colour, its spots (pips too when tall enough), and its marks.
fn draw_square(buf: &mut Buffer, area: Rect, at: BoardArea, sq: usize, app: &App) {
    let board = app.session.board();
    let n = board.size();
    // A square the chain reaction has not reached yet is drawn as it was.
    let shown = match &app.wave {
        Some(w) if w.pending() & (1 << sq) != 0 => &w.before,
        _ => board,
    };
    let (spots, owner) = (shown.spots(sq), shown.owner(sq));
    let (w, h) = inner(at);
    let x = at.x + (sq % n) as u16 * at.cell_w;
    let y = at.y + (sq / n) as u16 * at.cell_h;
    let style = owner_style(owner);
    for dy in 0..h {
        put(buf, area, x, y + dy, &" ".repeat(w as usize), style);
    }
    let cursor = sq == app.cursor;
    let text = format!(
        "{}{}{}{}{}",
        if cursor { '[' } else { ' ' },
        spots,
        owner.map_or('-', Colour::letter),
        mark(app, sq),
        if cursor { ']' } else { ' ' },
    );
    let mid = y + (h - 1) / 2;
    let text_style = if cursor {
        style.add_modifier(Modifier::BOLD)
    } else {
        style
    };
    put(
        buf,
        area,
        x + w.saturating_sub(5) / 2,
        mid,
        &text,
        text_style,
    );
    if h >= 3 {
        let pips = "●".repeat(spots as usize);
        let px = x + w.saturating_sub(spots as u16) / 2;
        put(buf, area, px, mid - 1, &pips, style);
    }
}

/// A square's coloured part: a column and a row of space separate squares when there is
/// room, so that neighbours of one colour stay apart.
fn inner(at: BoardArea) -> (u16, u16) {
    let (gap_x, gap_y) = (u16::from(at.cell_w >= 6), u16::from(at.cell_h >= 2));
    (at.cell_w - gap_x, at.cell_h - gap_y)
}

/// `*` the last move, `+` a square it turned over, `?` the hint.
fn mark(app: &App, sq: usize) -> char {
    if app.hint == Some(sq) {
        '?'
    } else if app.session.last_move().is_some_and(|(_, last)| last == sq) {
        '*'
    } else if app
        .wave
        .as_ref()
        .is_some_and(|w| (w.turned() & !w.pending()) & (1 << sq) != 0)
    {
        '+'
    } else {
        ' '
    }
}

fn owner_style(owner: Option<Colour>) -> Style {
    match owner {
        Some(Colour::Red) => Style::default().bg(Color::Red).fg(Color::White),
        Some(Colour::Blue) => Style::default().bg(Color::Blue).fg(Color::White),
        None => Style::default().bg(Color::Gray).fg(Color::Black),
    }
}

/// Writes `text` at `(x, y)` if that is inside `area`, clipped to it.
fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) {
    if x < area.right() && y < area.bottom() && x >= area.x && y >= area.y {
        let room = (area.right() - x) as usize;
        buf.set_stringn(x, y, text, room, style);
    }
}

/// The moves played, newest at the bottom, in the command loop's `R C` form.
fn draw_moves(f: &mut Frame, area: Rect, app: &App) {
    let moves = app.session.moves();
    let start = app.session.start_board();
    let mut mover = start.to_move();
    let mut lines = Vec::new();
    for (i, &sq) in moves.iter().enumerate() {
        let c = start.coord(sq);
        lines.push(format!(
            "{:>3} {} {} {}",
            i + 1,
            mover.letter(),
            c.row,
            c.col
        ));
        mover = mover.opponent();
    }
    let room = area.height.saturating_sub(2) as usize;
    let first = lines.len().saturating_sub(room);
    let text: Vec<Line> = lines[first..]
        .iter()
        .map(|l| Line::from(l.as_str()))
        .collect();
    let title = format!("Moves ({})", moves.len());
    f.render_widget(
        Paragraph::new(text).block(Block::bordered().title(title)),
        area,
    );
}

/// The status line, the AI's line and the message.
fn draw_status(f: &mut Frame, area: Rect, app: &App) {
    let lines = vec![
        Line::from(status_line(app)),
        Line::from(ai_line(app)),
        Line::styled(app.message.clone(), Style::default().fg(Color::Yellow)),
    ];
    f.render_widget(Paragraph::new(lines), area);
}

/// Whose move, who plays each side, the move number, the spots.
pub fn status_line(app: &App) -> String {
    let s = &app.session;
    let board = s.board();
    let c = s.engine_config();
    let limit = match c.limit {
        Limit::MoveTime(t) => seconds(t),
        other => other.to_string(),
    };
    let ai = format!("AI L{} {limit}", c.level);
    let side = |colour| {
        if s.is_ai(colour) {
            ai.clone()
        } else {
            player_name(false).to_string()
        }
    };
    let turn = match board.winner() {
        Some(w) if app.wave_done() => format!("{w} wins"),
        Some(w) => format!("{w} moves"),
        None => format!("{} to move", board.to_move()),
    };
    format!(
        "{turn} | Red {} | Blue {} | move {} | spots {}",
        side(Colour::Red),
        side(Colour::Blue),
        s.moves().len() + 1,
        board.total_spots()
    )
}

/// The AI's search: live while it thinks, its last result afterwards.
pub fn ai_line(app: &App) -> String {
    let head = match &app.thinker {
        Some(_) => "thinking:",
        None => "AI:",
    };
    match &app.progress {
        Some(p) => format!("{head} {}", progress_text(p)),
        None if app.thinker.is_some() => "thinking...".to_string(),
        None => String::new(),
    }
}

/// `depth 6 wins in 3 nodes 12345 nps 1.2M pv 3 4, 2 2`.
fn progress_text(p: &Progress) -> String {
    let score = if let Some(plies) = p.score.win_plies() {
        format!("wins in {}", plies.div_ceil(2))
    } else if let Some(plies) = p.score.loss_plies() {
        format!("loses in {}", plies / 2)
    } else {
        format!("score {}", p.score.0)
    };
    let nps = p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-6);
    let pv: Vec<String> = p.pv.iter().take(4).map(|c| c.to_string()).collect();
    format!(
        "depth {} {score} nodes {} nps {:.1}M pv {}",
        p.depth,
        p.nodes,
        nps / 1e6,
        pv.join(", ")
    )
}

/// The `?` overlay: every key.
fn draw_help(f: &mut Frame, area: Rect) {
    let w = 60.min(area.width);
    let h = (KEYS.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    let lines: Vec<Line> = KEYS
        .iter()
        .map(|(k, what)| Line::from(format!("{k:>15}  {what}")))
        .collect();
    f.render_widget(Clear, popup);
    let block = Block::bordered().title("Keys (any key closes)");
    f.render_widget(Paragraph::new(lines).block(block), popup);
}
