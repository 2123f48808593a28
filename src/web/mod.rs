//! `jump61 serve`: the game in a browser. One page (embedded in the binary: nothing is read
//! from disk or fetched from elsewhere) and one WebSocket, on axum and tokio.
//!
//! It is another face of the command loop's games, beside `--display`: each page's game is
//! the loop's own `Session` (or Jump Snatch's), driven by the lines the page sends
//! ([`games::jump61`], [`games::snatch`]); the AI's searches of all games share one bounded
//! pool of threads ([`pool`]); the games live on a few game threads
//! ([`transport::host`]), kept by id for a page that comes back ([`transport::registry`]);
//! everything a client can make the server use is bounded by [`limits::Limits`]. The
//! messages are described in [`protocol`].

pub mod games;
pub mod limits;
pub mod pool;
pub mod protocol;
pub mod store;
pub mod transport;

pub use limits::Limits;
pub use transport::Server;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use games::keep::SharedStore;
use pool::SearchPool;
use std::io::{self, Write};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use store::Sqlite;
use tokio::net::TcpListener;
use tokio::signal::unix::{SignalKind, signal};
use tokio::task::JoinHandle;
use transport::host::Host;
use transport::registry::Registry;

/// The port `jump61 serve` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 6161;

const INDEX_HTML: &str = include_str!("static/index.html");
const APP_JS: &str = include_str!("static/app.js");
const SNATCH_JS: &str = include_str!("static/snatch.js");
const STYLE_CSS: &str = include_str!("static/style.css");
const ANALYSIS_JS: &str = include_str!("static/analysis.js");
const EDIT_JS: &str = include_str!("static/edit.js");
const PUZZLES_JS: &str = include_str!("static/puzzles.js");
const FRIEND_JS: &str = include_str!("static/friend.js");
const GAMES_JS: &str = include_str!("static/games.js");
/// The page's icon, a 2x2 board (drawn by `scripts/favicon.py`): browsers ask for it.
const FAVICON: &[u8] = include_bytes!("static/favicon.ico");

/// A server listening; it stops when dropped.
pub struct Running {
    /// The address it listens on (with the port chosen, when asked for port 0).
    pub addr: SocketAddr,
    pub server: Arc<Server>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// Starts a server on `listener` within `limits`, on the current tokio runtime, keeping
/// no games.
pub async fn start(listener: TcpListener, limits: Limits) -> io::Result<Running> {
    start_with_store(listener, limits, None).await
}

/// Starts a server that keeps its games in `store` (`None`: nowhere).
pub async fn start_with_store(
    listener: TcpListener,
    limits: Limits,
    store: Option<SharedStore>,
) -> io::Result<Running> {
    let addr = listener.local_addr()?;
    let limits = Arc::new(limits);
    let server = Arc::new(Server {
        registry: Arc::new(Registry::new(Arc::clone(&limits))),
        pool: Arc::new(SearchPool::new(
            limits.search_threads,
            tokio::runtime::Handle::current(),
        )),
        host: Host::new(limits.game_threads)?,
        store,
        friends: Default::default(),
        limits,
    });
    let app = router(Arc::clone(&server)).into_make_service_with_connect_info::<SocketAddr>();
    let serving = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            crate::output::error_line(format_args!("error: the server stopped: {e}"));
        }
    });
    let sweeping = tokio::spawn(sweep(Arc::clone(&server)));
    Ok(Running {
        addr,
        server,
        tasks: vec![serving, sweeping],
    })
}

/// Forgets games whose page has been gone too long, now and then.
async fn sweep(server: Arc<Server>) {
    let every =
        (server.limits.idle_game / 4).clamp(Duration::from_secs(1), Duration::from_secs(60));
    loop {
        tokio::time::sleep(every).await;
        server.registry.sweep();
        server.friends.sweep();
        if let Some(store) = &server.store {
            let days = i64::from(server.limits.keep_finished_days);
            let before = games::keep::now_ms() - days * 86_400_000;
            // On a blocking thread: the runtime's workers do not wait for the disk.
            let store = Arc::clone(store);
            let forgotten =
                tokio::task::spawn_blocking(move || store.forget_finished_before(before)).await;
            if let Ok(Err(e)) = forgotten {
                crate::output::error_line(format_args!("jump61 serve: {e}"));
            }
        }
    }
}

fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { page(INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/snatch.js",
            get(|| async { page(SNATCH_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(STYLE_CSS, "text/css; charset=utf-8") }),
        )
        .route("/analysis.js", get(|| async { script(ANALYSIS_JS) }))
        .route("/edit.js", get(|| async { script(EDIT_JS) }))
        .route("/puzzles.js", get(|| async { script(PUZZLES_JS) }))
        .route("/friend.js", get(|| async { script(FRIEND_JS) }))
        .route("/games.js", get(|| async { script(GAMES_JS) }))
        .route(
            "/favicon.ico",
            get(|| async { page(FAVICON, "image/x-icon") }),
        )
        .route("/ws", get(websocket))
        .with_state(server)
}

fn script(body: &'static str) -> Response {
    page(body, "text/javascript; charset=utf-8")
}

/// One embedded file.
fn page(body: impl IntoResponse, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// `GET /ws`: a page's WebSocket, if its origin is this server and the limits allow it.
async fn websocket(
    upgrade: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    State(server): State<Arc<Server>>,
) -> Response {
    if !same_origin(&headers) {
        return (
            StatusCode::FORBIDDEN,
            "a page from another site may not play here",
        )
            .into_response();
    }
    let size = server.limits.max_message_bytes;
    upgrade
        .max_message_size(size)
        .max_frame_size(size)
        .on_upgrade(move |mut socket| async move {
            match server.registry.connect(peer.ip()) {
                Ok(connection) => transport::connection::serve(socket, connection, server).await,
                Err(e) => {
                    let error = protocol::ServerMessage::error(e).to_json();
                    let _ = socket.send(Message::Text(error.into())).await;
                    let frame = CloseFrame {
                        code: close_code::AGAIN,
                        reason: "server limits".into(),
                    };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                }
            }
        })
}

/// A browser names the page that opens a WebSocket in `Origin`: only this server's own page
/// may (another site's page must not play, or read, games here). Programs send none.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin = origin.to_str().ok().and_then(|o| o.split_once("://"));
    matches!((origin, host), (Some((_, o)), Some(h)) if o == h)
}

/// `jump61 serve`'s settings.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub host: String,
    pub port: u16,
    pub open: bool,
    pub limits: Limits,
    /// The database file (`:memory:`: in memory only); `None`: games are not kept.
    pub db: Option<PathBuf>,
}

/// Opens the database `serve` keeps its games in; the reason it was refused, if it was.
pub fn open_store(db: Option<&std::path::Path>) -> Result<Option<SharedStore>, store::Refused> {
    let Some(path) = db else {
        return Ok(None);
    };
    let sqlite = if path.as_os_str() == ":memory:" {
        Sqlite::in_memory()?
    } else {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // A missing folder is made; one that cannot be is reported when the file opens.
            let _ = std::fs::create_dir_all(dir);
        }
        Sqlite::open(path)?
    };
    let store: SharedStore = Arc::new(sqlite);
    Ok(Some(store))
}

/// Runs `jump61 serve` until Ctrl-C; returns the exit code (2: the database was refused).
pub fn run(options: ServeOptions) -> i32 {
    let store = match open_store(options.db.as_deref()) {
        Ok(store) => store,
        Err(e) => {
            crate::output::error_line(format_args!(
                "error: {e}; the file is left as it is (--db FILE picks another, --no-db keeps \
                 no games)"
            ));
            return 2;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            crate::output::error_line(format_args!(
                "error: cannot start the server's runtime: {e}"
            ));
            return 1;
        }
    };
    runtime.block_on(async move {
        // Ctrl-C's handler is in place before the address is announced, so that a SIGINT
        // sent right after it (by a script, or a test under load) stops the server cleanly:
        // `tokio::signal::ctrl_c()` installs its handler only when first polled, and until
        // then SIGINT's default action kills the process.
        let mut interrupt = match signal(SignalKind::interrupt()) {
            Ok(interrupt) => interrupt,
            Err(e) => {
                crate::output::error_line(format_args!("error: cannot handle Ctrl-C: {e}"));
                return 1;
            }
        };
        let address = (options.host.as_str(), options.port);
        let listener = match TcpListener::bind(address).await {
            Ok(listener) => listener,
            Err(e) => {
                crate::output::error_line(format_args!(
                    "error: cannot listen on {}:{}: {e}",
                    options.host, options.port
                ));
                return 1;
            }
        };
        let running = match start_with_store(listener, options.limits, store).await {
            Ok(running) => running,
            Err(e) => {
                crate::output::error_line(format_args!("error: cannot start the server: {e}"));
                return 1;
            }
        };
        announce(&running, options.open);
        say(&match &options.db {
            Some(path) => format!("jump61 serve: games are kept in {}", path.display()),
            None => "jump61 serve: games are not kept (--no-db)".to_string(),
        });
        interrupt.recv().await;
        say("jump61 serve: stopped");
        0
    })
}

/// Says where the page is, and opens it when asked.
fn announce(running: &Running, open: bool) {
    let addr = running.addr;
    let url = if addr.ip().is_unspecified() {
        say(&format!(
            "jump61 serve: listening on every address of this machine (port {}): other \
             machines can reach it",
            addr.port()
        ));
        format!("http://127.0.0.1:{}/", addr.port())
    } else {
        format!("http://{addr}/")
    };
    say(&format!(
        "jump61 serve: open {url} in a browser (Ctrl-C stops the server)"
    ));
    for line in running.server.limits.describe() {
        say(&format!("  {line}"));
    }
    if open {
        match open_browser(&url) {
            Some(opener) => say(&format!("jump61 serve: asked {opener} to open the page")),
            None => say(
                "jump61 serve: no browser opener here (xdg-open or open); open the address \
                 yourself",
            ),
        }
    }
}

/// Prints one line; a closed standard output (`serve | head`) is no reason to stop.
fn say(line: &str) {
    let _ = writeln!(io::stdout(), "{line}");
}

/// Asks the desktop to open `url`; the opener's name if one could be started.
fn open_browser(url: &str) -> Option<&'static str> {
    ["xdg-open", "open"].into_iter().find(|opener| {
        let child = std::process::Command::new(opener)
            .arg(url)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        match child {
            Ok(mut child) => {
                // Reaped on its own thread, so it leaves no zombie behind.
                std::thread::spawn(move || child.wait());
                true
            }
            Err(_) => false,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&'static str>, host: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static(host));
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_static(o));
        }
        h
    }

    #[test]
    fn only_this_servers_own_page_may_open_a_websocket() {
        assert!(same_origin(&headers(None, "127.0.0.1:6161")));
        assert!(same_origin(&headers(
            Some("http://127.0.0.1:6161"),
            "127.0.0.1:6161"
        )));
        assert!(same_origin(&headers(
            Some("http://localhost:6161"),
            "localhost:6161"
        )));
        assert!(!same_origin(&headers(
            Some("http://evil.example"),
            "127.0.0.1:6161"
        )));
        assert!(!same_origin(&headers(
            Some("http://127.0.0.1:6162"),
            "127.0.0.1:6161"
        )));
        assert!(!same_origin(&headers(Some("null"), "127.0.0.1:6161")));
    }
}
