//! Both checkers on one proof text: the one that holds the proof in memory, and the one
//! within a memory limit, given so little memory that everything it keeps goes to disk and
//! back, and enough that nothing does. They must agree on every proof: the same positions
//! for one that holds, the same error for a file refused, a failure for a proof that fails
//! (each may name another position where it fails). The runs' directory must be gone
//! afterwards.

use jump61::solver::proof::{self, Bounded, CheckError, Verified};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Memory small enough that a proof of a few hundred lines spills, and large enough that
/// none of the tests' proofs does.
const TINY: usize = 4 << 10;
const AMPLE: usize = 64 << 20;

/// [`proof::verify`]'s answer, after checking that the checker within a memory limit gives
/// the same.
pub fn verify(text: &str) -> Result<Verified, CheckError> {
    let in_memory = proof::verify(text);
    for memory in [TINY, AMPLE] {
        let (bounded, disk) = verify_within(text, memory);
        match (&in_memory, &bounded) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{memory} bytes"),
            (Err(CheckError::Fails { .. }), Err(CheckError::Fails { .. })) => {}
            (Err(a), Err(b)) => assert_eq!(a, b, "{memory} bytes"),
            (a, b) => panic!("in memory {a:?}, within {memory} bytes {b:?}"),
        }
        if memory == AMPLE {
            assert_eq!(disk, 0, "nothing spills from {memory} bytes");
        }
    }
    in_memory
}

/// The check of `text` within `memory` bytes, and the most disk it took; its runs'
/// directory is checked to be gone.
pub fn verify_within(text: &str, memory: usize) -> (Result<Verified, CheckError>, u64) {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("jump61-checkers-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stop = AtomicBool::new(false);
    let bounded = Bounded {
        memory,
        spill_in: &dir,
        stop: &stop,
    };
    let bytes = text.as_bytes().to_vec();
    let open = move || -> std::io::Result<Box<dyn std::io::Read + Send>> {
        Ok(Box::new(std::io::Cursor::new(bytes.clone())))
    };
    let checked = proof::verify_bounded(&open, &bounded, &mut |_, _, _| {});
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "{} left behind", left.len());
    std::fs::remove_dir(&dir).unwrap();
    match checked {
        Ok(b) => (Ok(b.verified), b.disk),
        Err(e) => (Err(e), 0),
    }
}
