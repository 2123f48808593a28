//! Ctrl-C and SIGTERM, for every face and engine: a ground-floor module that names nothing
//! above it.
//!
//! Ctrl-C at the command loop, for a person at a terminal: it stops the work of the line
//! being carried out (the AI's search, whose move is then not played; `solve`, which says
//! what it proved so far) and the game goes on. At the prompt it first says how to leave,
//! and a second Ctrl-C in a row leaves, as the program did before.
//!
//! [`catch_ctrl_c`] catches the signal on a thread of its own, which calls
//! [`Interrupt::press`]; the sessions (Jump61's and Jump Snatch's) and the game only read
//! the flags set here, so tests press it by hand.
//!
//! Long one-shot work (`jump61 solve`, `jump61 match`) takes Ctrl-C and SIGTERM as a flag
//! to stop at ([`stop_on_signals`]), so that it can say what it did before it ends.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

/// What Ctrl-C did, for the caller to act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// The line's work was told to stop.
    Stopped,
    /// At the prompt, the first time: say how to leave.
    Hint,
    /// At the prompt, again: leave.
    Leave,
}

/// The line `help` adds at a terminal, where Ctrl-C is caught (see [`Interrupt`]).
pub const CTRL_C_HELP: &str =
    "Ctrl-C stops the AI's search or a solve (the game goes on); quit or Ctrl-D leaves.";

/// Set on Ctrl-C or SIGTERM during `jump61 solve` (see [`stop_on_signals`]) or by Ctrl-C at a
/// command loop; every df-pn prover of the process polls it.
static INTERRUPTED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);

/// The flag that stops every prover of the process (see [`stop_on_signals`]).
pub fn interrupted() -> Arc<AtomicBool> {
    Arc::clone(&INTERRUPTED)
}

/// Whether the process's provers were told to stop (polled often: no `Arc` is cloned).
pub fn is_interrupted() -> bool {
    INTERRUPTED.load(Relaxed)
}

/// The hint shown for a Ctrl-C at the prompt.
pub const HINT: &str =
    "(Ctrl-C stops a search or solve; to leave, type quit or press Ctrl-C again)";

/// Ctrl-C's state, shared by the thread that catches the signal and the loop.
#[derive(Clone)]
pub struct Interrupt(Arc<Inner>);

struct Inner {
    /// Set by Ctrl-C while a line is carried out, cleared when the next one starts.
    pressed: AtomicBool,
    /// A line is being carried out (not waiting at the prompt).
    working: AtomicBool,
    /// The last Ctrl-C came at the prompt, and no line has come since.
    hinted: AtomicBool,
    /// The stop flag of the search running now, if any (the engine sets it itself when
    /// it ends, so each search gets a fresh one).
    search: Mutex<Option<Arc<AtomicBool>>>,
    /// The flag every df-pn prover of the process polls ([`interrupted`]).
    solver: Arc<AtomicBool>,
}

impl Default for Interrupt {
    fn default() -> Interrupt {
        Interrupt::new()
    }
}

impl Interrupt {
    /// Ctrl-C's state for the loop; a press also stops every df-pn prover of the process.
    pub fn new() -> Interrupt {
        Interrupt::with_solver_flag(interrupted())
    }

    fn with_solver_flag(solver: Arc<AtomicBool>) -> Interrupt {
        Interrupt(Arc::new(Inner {
            pressed: AtomicBool::new(false),
            working: AtomicBool::new(false),
            hinted: AtomicBool::new(false),
            search: Mutex::new(None),
            solver,
        }))
    }

    /// Ctrl-C: stops the line's work, or at the prompt hints (then leaves).
    pub fn press(&self) -> Pressed {
        let inner = &self.0;
        if !inner.working.load(Relaxed) {
            return if inner.hinted.swap(true, Relaxed) {
                Pressed::Leave
            } else {
                Pressed::Hint
            };
        }
        // Under the lock, so that a search starting now sees the press (`search_flag`).
        let search = inner.search.lock().unwrap_or_else(PoisonError::into_inner);
        inner.pressed.store(true, Relaxed);
        if let Some(flag) = search.as_ref() {
            flag.store(true, Relaxed);
        }
        inner.solver.store(true, Relaxed);
        Pressed::Stopped
    }

    /// A line has come: its work runs, with no Ctrl-C pressed yet, until the returned
    /// guard is dropped (then the loop waits at the prompt).
    pub fn line(&self) -> LineWork {
        self.begin_line();
        LineWork(self.clone())
    }

    fn begin_line(&self) {
        let inner = &self.0;
        let mut search = inner.search.lock().unwrap_or_else(PoisonError::into_inner);
        *search = None;
        inner.pressed.store(false, Relaxed);
        inner.hinted.store(false, Relaxed);
        inner.solver.store(false, Relaxed);
        inner.working.store(true, Relaxed);
    }

    /// The line is done: the loop waits at the prompt (and a ponder the line started
    /// proves on, no longer stopped by the line's Ctrl-C).
    fn end_line(&self) {
        self.0.working.store(false, Relaxed);
        self.0.solver.store(false, Relaxed);
        *self.0.search.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }

    /// Whether Ctrl-C stopped the current line's work.
    pub fn pressed(&self) -> bool {
        self.0.pressed.load(Relaxed)
    }

    /// A fresh stop flag for a search starting now (already set if Ctrl-C came first).
    pub fn search_flag(&self) -> Arc<AtomicBool> {
        let mut search = self.0.search.lock().unwrap_or_else(PoisonError::into_inner);
        let flag = Arc::new(AtomicBool::new(self.pressed()));
        *search = Some(Arc::clone(&flag));
        flag
    }
}

/// The work of one line, from [`Interrupt::line`] until dropped.
pub struct LineWork(Interrupt);

impl Drop for LineWork {
    fn drop(&mut self) {
        self.0.end_line();
    }
}

/// Makes Ctrl-C and SIGTERM set `flag` (the work polls it and stops cleanly); a second one
/// ends the process at once, with status 130.
pub fn stop_on_signals(flag: &Arc<AtomicBool>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    for signal in [SIGINT, SIGTERM] {
        // Registered first, so it runs before the flag is set: it ends only a second signal.
        signal_hook::flag::register_conditional_shutdown(signal, 130, Arc::clone(flag))?;
        signal_hook::flag::register(signal, Arc::clone(flag))?;
    }
    Ok(())
}

/// Catches Ctrl-C (SIGINT) on a thread of its own, which presses the returned
/// [`Interrupt`]: the loop's work stops; at the prompt the first press says how to leave and
/// the second leaves (status 130, as the signal's default would). `None` if the signal
/// cannot be caught. For a person at a terminal only: a script's Ctrl-C ends the program.
pub fn catch_ctrl_c() -> Option<Interrupt> {
    let mut signals = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT]).ok()?;
    let interrupt = Interrupt::new();
    let pressed = interrupt.clone();
    std::thread::spawn(move || {
        for _ in signals.forever() {
            match pressed.press() {
                Pressed::Stopped => {}
                // The terminal shows ^C after the prompt: the hint goes on a line of its own.
                Pressed::Hint => crate::output::error_line(format_args!("\n{HINT}")),
                Pressed::Leave => {
                    crate::output::error_line("");
                    std::process::exit(130);
                }
            }
        }
    });
    Some(interrupt)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Not the process's prover flag: other unit tests prove at the same time.
    fn private() -> Interrupt {
        Interrupt::with_solver_flag(Arc::default())
    }

    #[test]
    fn at_the_prompt_the_first_press_hints_and_the_second_leaves() {
        let i = private();
        assert_eq!(i.press(), Pressed::Hint);
        assert_eq!(i.press(), Pressed::Leave);
        // A line in between starts the count again.
        drop(i.line());
        assert_eq!(i.press(), Pressed::Hint);
        assert!(!i.pressed(), "a press at the prompt stops nothing");
    }

    #[test]
    fn a_press_during_a_line_stops_its_search_and_the_next_line_forgets_it() {
        let i = private();
        let line = i.line();
        let flag = i.search_flag();
        assert!(!flag.load(Relaxed));
        assert_eq!(i.press(), Pressed::Stopped);
        assert!(flag.load(Relaxed) && i.pressed());
        assert!(i.0.solver.load(Relaxed), "the provers are told too");
        assert!(
            i.search_flag().load(Relaxed),
            "a search started after the press stops at once"
        );
        drop(line);
        assert!(
            !i.0.solver.load(Relaxed),
            "a ponder proves on at the prompt"
        );
        let _next = i.line();
        assert!(!i.pressed() && !i.search_flag().load(Relaxed));
        assert!(!i.0.solver.load(Relaxed));
    }
}
