//! An engine as a child process: lines to its standard input, lines from its standard output
//! through a reader thread and a channel (so every wait has a deadline), and an end that
//! always reaps the process: `quit`, a second's grace, then a kill.

use super::ArenaError;
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

/// How long an engine may take to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_secs(1);

/// How often a quitting engine is checked for having exited.
const EXIT_POLL: Duration = Duration::from_millis(5);

/// A command line that starts an engine: a program and its arguments, split on whitespace
/// (no quoting).
///
/// ```
/// use jump61::arena::EngineCommand;
/// let command: EngineCommand = " target/release/jump61  --level 3 ".parse().unwrap();
/// assert_eq!(command.to_string(), "target/release/jump61 --level 3");
/// assert!("   ".parse::<EngineCommand>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl FromStr for EngineCommand {
    type Err = ArenaError;

    fn from_str(text: &str) -> Result<EngineCommand, ArenaError> {
        let mut words = text.split_whitespace().map(str::to_string);
        let program = words.next().ok_or(ArenaError::EmptyCommand)?;
        Ok(EngineCommand {
            program,
            args: words.collect(),
        })
    }
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.program)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        Ok(())
    }
}

/// What waiting for an engine's next output line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// A line, without its line ending.
    Line(String),
    /// The output ended: the engine exited or closed it.
    Eof,
    /// The deadline passed first.
    Timeout,
}

/// What the reader thread passes on.
enum Event {
    Line(String),
    Eof,
}

/// A running engine process.
///
/// Dropping it ends the process as [`Engine::reap`] does, so no path leaves a zombie.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    ended: bool,
    reaped: bool,
    /// The prefix of echoed traffic on standard error (`--verbose`), if echoing.
    trace: Option<String>,
}

impl Engine {
    /// Starts `command` with piped standard input and output. Its standard error is
    /// discarded, or shared with ours when `trace` is given; `trace` also echoes every line
    /// sent and received on standard error, after that prefix.
    pub fn spawn(command: &EngineCommand, trace: Option<String>) -> Result<Engine, ArenaError> {
        let spawn_error = |source| ArenaError::Spawn {
            command: command.to_string(),
            source,
        };
        // Its own process group: a Ctrl-C at the terminal reaches the match runner, which
        // ends the games itself, and not the engines in the middle of a move.
        let mut child = Command::new(&command.program)
            .process_group(0)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if trace.is_some() {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .map_err(spawn_error)?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (sender, events) = mpsc::channel();
        // Built before the reader thread, so that if the thread cannot start, dropping the
        // engine still reaps the process.
        let engine = Engine {
            child,
            stdin,
            events,
            ended: false,
            reaped: false,
            trace,
        };
        if let Some(stdout) = stdout {
            let trace = engine.trace.clone();
            thread::Builder::new()
                .name("engine-reader".to_string())
                .spawn(move || read_lines(stdout, sender, trace))
                .map_err(spawn_error)?;
        }
        Ok(engine)
    }

    /// Writes `line` and a newline to the engine's standard input. Fails once the engine
    /// has closed it (it exited) or after [`Engine::request_quit`].
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        if let Some(prefix) = &self.trace {
            crate::output::error_line(format_args!("{prefix} > {line}"));
        }
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::from(io::ErrorKind::BrokenPipe))?;
        stdin.write_all(format!("{line}\n").as_bytes())?;
        stdin.flush()
    }

    /// The next line of output, waiting until `deadline` at most.
    pub fn next_line(&mut self, deadline: Instant) -> Received {
        if self.ended {
            return Received::Eof;
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.events.recv_timeout(wait) {
            Ok(Event::Line(line)) => Received::Line(line),
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                Received::Eof
            }
            Err(RecvTimeoutError::Timeout) => Received::Timeout,
        }
    }

    /// Discards the output lines received so far; returns whether the output is still open.
    pub fn discard_pending(&mut self) -> bool {
        while !self.ended {
            match self.events.try_recv() {
                Ok(Event::Line(_)) => {}
                Ok(Event::Eof) | Err(TryRecvError::Disconnected) => self.ended = true,
                Err(TryRecvError::Empty) => break,
            }
        }
        !self.ended
    }

    /// Sends `quit` (if the input is still open) and closes the engine's input, which the
    /// 2014 protocol also reads as `quit`.
    pub fn request_quit(&mut self) {
        if self.stdin.is_some() {
            // An engine that has already exited cannot be told anything; that is fine.
            let _ = self.send("quit");
        }
        self.stdin = None;
    }

    /// Ends the process: asks it to quit, waits for it until `deadline`, then kills it, and
    /// always collects its exit status so that it does not linger as a zombie.
    pub fn reap(&mut self, deadline: Instant) {
        if self.reaped {
            return;
        }
        self.request_quit();
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => break,
                Ok(None) if Instant::now() < deadline => thread::sleep(EXIT_POLL),
                _ => {
                    // Killing fails only if the process has exited meanwhile; `wait` then
                    // collects it all the same.
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    break;
                }
            }
        }
        self.reaped = true;
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.reap(Instant::now() + QUIT_GRACE);
    }
}

/// Ends several engines at once: all are told to quit first, so they share one grace period.
pub fn shut_down(engines: &mut [&mut Engine]) {
    for engine in engines.iter_mut() {
        engine.request_quit();
    }
    let deadline = Instant::now() + QUIT_GRACE;
    for engine in engines.iter_mut() {
        engine.reap(deadline);
    }
}

/// The reader thread: passes on each line of `stdout` until it ends or nobody listens.
fn read_lines(stdout: ChildStdout, sender: Sender<Event>, trace: Option<String>) {
    let mut reader = BufReader::new(stdout);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match reader.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let text = String::from_utf8_lossy(&bytes);
                let line = text.trim_end_matches(['\n', '\r']).to_string();
                if let Some(prefix) = &trace {
                    crate::output::error_line(format_args!("{prefix} < {line}"));
                }
                if sender.send(Event::Line(line)).is_err() {
                    return;
                }
            }
        }
    }
    if let Some(prefix) = &trace {
        crate::output::error_line(format_args!("{prefix} < (end of output)"));
    }
    // The engine may be gone already; then nobody needs to hear of the end.
    let _ = sender.send(Event::Eof);
}
