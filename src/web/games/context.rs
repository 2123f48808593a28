//! What a game's handlers share: the limits, the search pool, the channel its searches
//! report on, the messages waiting to go to its page, and the sinks its session writes to.

use crate::search::{Engine, Progress};
use crate::snatch::Move as SnatchMove;
use crate::snatch::ai::Reason;
use crate::snatch::solve::Timeout;
use crate::web::limits::Limits;
use crate::web::pool::SearchPool;
use crate::web::protocol::{Evaluation, ProvenValue, ServerMessage, WinsIn};
use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::mpsc;

/// What a search found, or how far it has got.
pub enum Found {
    /// A Jump61 search finished a depth.
    Progress(Progress),
    /// A Jump61 search ended with this move, handing its engine back.
    Jump61(Option<usize>, Box<Engine>),
    /// A Jump Snatch search ended.
    Snatch(Option<(SnatchMove, Reason)>),
    /// The puzzle's fewest moves (`None` inside: it cannot be done).
    Fewest(Result<Option<Vec<SnatchMove>>, Timeout>),
    /// The two-player answer as printed (`None`: no answer in time).
    Value(Option<String>),
    /// An analysis found something, or ended.
    Analysis(Update),
    /// A puzzle's move judged.
    Verdict(Result<crate::solver::puzzles::Verdict, String>),
    /// A page's collection of puzzles, proven (or why not), with its name.
    Collection(
        String,
        Result<Arc<Vec<crate::solver::puzzles::Puzzle>>, String>,
    ),
    /// The search never ran (stopped first) or failed.
    Lost,
}

/// What an analysis tells its game as it goes.
pub enum Update {
    Eval(Evaluation),
    WinsIn(WinsIn),
    /// The prover's work so far, and the first moves its table settles (with `every`).
    Work {
        positions: u64,
        seconds: f64,
        settled: Vec<(usize, bool)>,
    },
    /// A first move settled while the winning ones are listed: the square, whether it wins.
    Move(usize, bool),
    /// The value, and every first move as the table leaves it.
    Value(ProvenValue, Vec<(usize, Option<bool>)>, u64, f64),
    /// The board is larger than the prover takes.
    TooBig,
    /// The analysis is over.
    Done,
}

/// What a search tells its game with, for a search that hands it on to hooks of its own.
pub type Teller = Arc<dyn Fn(Found) + Send + Sync>;

/// A search's report, with the number of the search it is about.
pub struct Report {
    pub search: u64,
    pub found: Found,
}

/// A search under way: its number and its stop flag.
pub struct Running {
    pub id: u64,
    pub stop: Arc<AtomicBool>,
}

impl Running {
    /// Asks the search to end now (it reports soon after).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// A game's surroundings.
pub struct Context {
    pub limits: Arc<Limits>,
    pub pool: Arc<SearchPool>,
    reports: mpsc::UnboundedSender<Report>,
    next_search: u64,
    /// Whether a page has the game: searches start only for a page.
    pub attached: bool,
    sent: Vec<ServerMessage>,
}

impl Context {
    pub fn new(
        limits: Arc<Limits>,
        pool: Arc<SearchPool>,
        reports: mpsc::UnboundedSender<Report>,
    ) -> Context {
        Context {
            limits,
            pool,
            reports,
            next_search: 0,
            attached: false,
            sent: Vec::new(),
        }
    }

    pub fn send(&mut self, message: ServerMessage) {
        self.sent.push(message);
    }

    pub fn error(&mut self, text: impl Into<String>) {
        self.send(ServerMessage::error(text));
    }

    pub fn out(&mut self, line: impl Into<String>) {
        self.send(ServerMessage::Out {
            lines: vec![line.into()],
        });
    }

    /// The messages waiting to go, oldest first.
    pub fn take_sent(&mut self) -> Vec<ServerMessage> {
        std::mem::take(&mut self.sent)
    }

    /// Runs `job` in the search pool; what it finds comes back as a `Report` (`Lost` if it
    /// never ran). `job` gets a sender for progress reports; `stop` (fresh for each search)
    /// keeps a job that waits from starting, and the job's search should watch it too.
    pub fn search(
        &mut self,
        stop: Arc<AtomicBool>,
        job: impl FnOnce(&dyn Fn(Found)) -> Found + Send + 'static,
    ) -> Running {
        self.next_search += 1;
        let id = self.next_search;
        let (progress, done) = (self.reports.clone(), self.reports.clone());
        self.pool.spawn(
            Arc::clone(&stop),
            move || {
                job(&|found| {
                    let _ = progress.send(Report { search: id, found });
                })
            },
            move |found| {
                let found = found.unwrap_or(Found::Lost);
                let _ = done.send(Report { search: id, found });
            },
        );
        Running { id, stop }
    }
}

impl Context {
    /// [`Context::search`] for a job that keeps what it tells with (a prover's hooks do).
    pub fn search_told(
        &mut self,
        stop: Arc<AtomicBool>,
        job: impl FnOnce(Teller) -> Found + Send + 'static,
    ) -> Running {
        self.next_search += 1;
        let id = self.next_search;
        let (progress, done) = (self.reports.clone(), self.reports.clone());
        let tell: Teller = Arc::new(move |found| {
            let _ = progress.send(Report { search: id, found });
        });
        self.pool.spawn(
            Arc::clone(&stop),
            move || job(tell),
            move |found| {
                let found = found.unwrap_or(Found::Lost);
                let _ = done.send(Report { search: id, found });
            },
        );
        Running { id, stop }
    }
}

/// A sink a session writes to and its game reads back, line by line.
#[derive(Clone, Default)]
pub struct Capture(Rc<RefCell<Vec<u8>>>);

impl Capture {
    /// The lines written since the last call.
    pub fn take_lines(&self) -> Vec<String> {
        let bytes = std::mem::take(&mut *self.0.borrow_mut());
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_string)
            .collect()
    }
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Sends what a session printed: its output as `out`, its `error: ...` lines as `error`.
pub fn flush_captured(out: &Capture, err: &Capture, ctx: &mut Context) {
    let lines = out.take_lines();
    if !lines.is_empty() {
        ctx.send(ServerMessage::Out { lines });
    }
    for line in err.take_lines() {
        let text = line.strip_prefix("error: ").unwrap_or(&line);
        ctx.error(text);
    }
}
