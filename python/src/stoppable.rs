//! Long work (a search, a proof, perft, a batch of playouts) run without the GIL on a
//! thread of its own, while the calling thread waits for it and looks for Ctrl-C: other
//! Python threads run meanwhile, and a KeyboardInterrupt sets the work's stop flag, waits
//! for it to wind down, and is raised.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::Duration;

/// How often the waiting thread takes the GIL back to look for a signal.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on its own thread without the GIL and returns what it returns. A signal
/// handler that raises (Ctrl-C's KeyboardInterrupt) sets `stop`, which `work` must poll;
/// once `work` has returned, the exception is raised.
pub fn run<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        let worker = scope.spawn(move || {
            // The receiver only goes away when the waiting thread has gone too.
            let _ = sender.send(work());
        });
        let mut receiver = receiver;
        let outcome = loop {
            // The receiver goes to the GIL-free side and back: it cannot be shared.
            let (received, back) = py.detach(move || {
                let received = receiver.recv_timeout(SIGNAL_POLL);
                (received, receiver)
            });
            receiver = back;
            match received {
                Ok(value) => break Ok(value),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    break Err(PyRuntimeError::new_err("the engine's worker thread failed"));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(signal) = py.check_signals() {
                stop.store(true, Relaxed);
                // The work's answer is dropped: the caller asked it to stop.
                let _ = py.detach(move || receiver.recv());
                break Err(signal);
            }
        };
        // A panic in `work` has already shown as `Disconnected`.
        let _ = py.detach(move || worker.join());
        outcome
    })
}
