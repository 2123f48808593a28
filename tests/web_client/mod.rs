//! A WebSocket client for the web server's tests: a server on loopback (port 0), pages that
//! send the protocol's messages and wait for its answers.

#![allow(dead_code)]

pub mod load;

use futures_util::{SinkExt, StreamExt};
use jump61::web::{Limits, Running, start};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// How long a test waits for any one answer before it fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A server on 127.0.0.1 and a free port, within `limits`.
pub async fn server(limits: Limits) -> Running {
    let listener = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    start(listener, limits).await.expect("server starts")
}

/// Limits for tests: quick, with room for many games from one address.
pub fn test_limits() -> Limits {
    Limits {
        search_threads: 2,
        game_threads: 2,
        max_games_per_address: 1000,
        max_connections_per_address: 1000,
        max_games: 1000,
        max_connections: 1000,
        ..Limits::default()
    }
}

/// One page's connection.
pub struct Page {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every message received, in order.
    pub seen: Vec<Value>,
}

impl Page {
    pub async fn open(addr: SocketAddr) -> Page {
        let (ws, _) = connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("WebSocket opens");
        Page {
            ws,
            seen: Vec::new(),
        }
    }

    /// Opens a page from the loopback address `local` (127.0.0.2, ...: another machine, to
    /// the server's per-address limits); `None` if the server does not answer.
    pub async fn try_open_from(addr: SocketAddr, local: std::net::IpAddr) -> Option<Page> {
        let socket = tokio::net::TcpSocket::new_v4().ok()?;
        socket.bind(SocketAddr::new(local, 0)).ok()?;
        let stream = socket.connect(addr).await.ok()?;
        let url = format!("ws://{addr}/ws");
        let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
            .await
            .ok()?;
        Some(Page {
            ws,
            seen: Vec::new(),
        })
    }

    /// Sends a message; false if the connection is gone.
    pub async fn try_send(&mut self, message: Value) -> bool {
        let text = message.to_string();
        self.ws.send(Message::Text(text.into())).await.is_ok()
    }

    /// Waits for a message for which `wanted` holds; `None` once the connection is gone.
    pub async fn next_that(&mut self, wanted: impl Fn(&Value) -> bool) -> Option<Value> {
        loop {
            let m = self.next().await?;
            if wanted(&m) {
                return Some(m);
            }
        }
    }

    /// Opens a page and joins a new game of `kind`; returns it with the game's id.
    pub async fn join_new(addr: SocketAddr, kind: &str) -> (Page, String) {
        let mut page = Page::open(addr).await;
        page.send(json!({"t":"join","game":null,"kind":kind})).await;
        let joined = page.until("joined").await;
        page.until("state").await;
        let id = joined["game"].as_str().expect("an id").to_string();
        (page, id)
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(&message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("send");
    }

    pub async fn send_binary(&mut self, bytes: &[u8]) {
        self.ws
            .send(Message::Binary(bytes.to_vec().into()))
            .await
            .expect("send");
    }

    /// Sends one command-loop line.
    pub async fn line(&mut self, text: &str) {
        self.send(json!({"t":"line","text":text})).await;
    }

    /// The next message, `None` once the server has closed the connection.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let Ok(frame) = tokio::time::timeout(PATIENCE, self.ws.next()).await else {
                let tail = &self.seen[self.seen.len().saturating_sub(4)..];
                let types: Vec<_> = self.seen.iter().map(|m| m["t"].to_string()).collect();
                panic!("no answer in {PATIENCE:?}; seen {types:?}; the last messages: {tail:?}");
            };
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(&text).expect("JSON from the server");
                    self.seen.push(value.clone());
                    return Some(value);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Waits for the next message of type `t`, skipping others.
    pub async fn until(&mut self, t: &str) -> Value {
        loop {
            let m = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed while waiting for {t}"));
            if m["t"] == t {
                return m;
            }
        }
    }

    /// Waits for a message for which `wanted` holds.
    pub async fn until_that(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next().await.expect("closed while waiting");
            if wanted(&m) {
                return m;
            }
        }
    }

    /// Waits for the next `error`, skipping other messages.
    pub async fn error(&mut self) -> String {
        self.until("error").await["text"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Waits until the server closes the connection; the messages before it.
    pub async fn closed(&mut self) -> Vec<Value> {
        let mut before = Vec::new();
        while let Some(m) = self.next().await {
            before.push(m);
        }
        before
    }

    /// Closes as a browser does: sends Close, then waits until the server has answered and
    /// let the connection go (it leaves the game first), so the next page sees it gone.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
        let drained = async { while let Some(Ok(_)) = self.ws.next().await {} };
        tokio::time::timeout(PATIENCE, drained)
            .await
            .expect("the server lets a closed page go");
    }
}

/// A JSON string's text.
pub fn text(value: &Value) -> String {
    value.as_str().expect("a string").to_string()
}

/// Waits for the state with `moves` moves.
pub async fn state_after(page: &mut Page, moves: usize) -> Value {
    page.until_that(|m| {
        m["t"] == "state" && m["moves"].as_array().is_some_and(|a| a.len() == moves)
    })
    .await
}

/// Whether `messages` (a closed page's last ones) hold the error that closes a flood.
pub fn told_too_many_messages(messages: &[Value]) -> bool {
    messages.iter().any(|m| {
        m["t"] == "error"
            && m["text"]
                .as_str()
                .is_some_and(|t| t.starts_with("too many messages"))
    })
}

/// The server's memory now (this process's resident set, from /proc), in KiB.
pub fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// A server process, killed when dropped (a failed test leaves none behind).
pub struct ServerProcess(pub std::process::Child);

impl std::ops::Deref for ServerProcess {
    type Target = std::process::Child;
    fn deref(&self) -> &std::process::Child {
        &self.0
    }
}

impl std::ops::DerefMut for ServerProcess {
    fn deref_mut(&mut self) -> &mut std::process::Child {
        &mut self.0
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// `jump61 serve --db FILE` as a process of its own on `port` (0: a free one), with
/// `extra` arguments; the process and the address it listens on.
pub fn serve_process(
    file: &std::path::Path,
    port: u16,
    extra: &[&str],
) -> (ServerProcess, SocketAddr) {
    let db = ["--db".as_ref(), file.as_os_str()];
    // Set for the tests; an example that shares this module finds the binary itself.
    let Some(program) = option_env!("CARGO_BIN_EXE_jump61") else {
        panic!("serve_process is for the tests: an example calls serve_program");
    };
    serve_program(program.as_ref(), port, &db, extra)
}

/// `program serve` on `port` with `db` (`--db FILE` or `--no-db`) and `extra` arguments.
pub fn serve_program(
    program: &std::path::Path,
    port: u16,
    db: &[&std::ffi::OsStr],
    extra: &[&str],
) -> (ServerProcess, SocketAddr) {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let child = Command::new(program)
        .args(["serve", "--port", &port.to_string()])
        .args(db)
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .expect("jump61 serve starts");
    let mut child = ServerProcess(child);
    let mut lines = BufReader::new(child.stdout.take().expect("its output")).lines();
    let first = lines.next().expect("a first line").expect("a line");
    let addr = first
        .strip_prefix("jump61 serve: open http://")
        .and_then(|rest| rest.split_once('/'))
        .and_then(|(addr, _)| addr.parse().ok())
        .unwrap_or_else(|| panic!("no address in {first}"));
    // The rest of its output is read and dropped, so it never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (child, addr)
}

/// Stops a server process: `kill -9` (nothing tidied) or Ctrl-C's SIGINT (a clean stop,
/// which must exit 0).
pub fn stop_process(child: &mut ServerProcess, clean: bool) {
    if clean {
        // SAFETY: kill(2) on our own child's pid, which has not been reaped yet.
        let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
        assert_eq!(sent, 0, "SIGINT sent");
        let status = child.wait().expect("the server ends");
        assert_eq!(status.code(), Some(0), "a clean stop exits 0");
    } else {
        child.kill().expect("kill -9");
        child.wait().expect("the server ends");
    }
}
