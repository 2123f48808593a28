//! Hints to the memory system for the prover's table, the only `unsafe` in the program.
//!
//! A proof of the 4x4 start reads about ten table buckets a position, each at a random place
//! in gigabytes of table: nearly every read misses the caches and the TLB. Two hints halve
//! the cost of those misses on Linux x86_64 (and are no-ops elsewhere):
//! - the table asks for 2 MB pages (`madvise(MADV_HUGEPAGE)`: the kernel's transparent huge
//!   pages are enabled for such ranges by default), so a random read walks a page table of
//!   2 MB pages, whose entries stay in the TLB, instead of missing it for nearly every read;
//! - a node prefetches each child's bucket as soon as it knows where it is, so the misses
//!   of one node's children overlap instead of coming one after the other. (Without huge
//!   pages this gained nothing: a prefetch that misses the TLB waits for the page walk.)
//!
//! Measured with `cargo run --release --features examples --example prover_threads` (docs/results/solving.md).

/// Asks the kernel to back `memory` with huge pages where it can. Call it before the memory
/// is first written: pages already faulted in keep their size.
pub fn advise_huge_pages<T>(memory: &[T]) {
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        const PAGE: usize = 4096;
        let begin = memory.as_ptr() as usize;
        let end = begin + std::mem::size_of_val(memory);
        // madvise needs a page-aligned start: only whole pages inside `memory` are advised.
        let (first, last) = (begin.next_multiple_of(PAGE), end & !(PAGE - 1));
        if last > first {
            // SAFETY: `first..last` lies inside the allocation that `memory` borrows, so no
            // other mapping is touched; MADV_HUGEPAGE only changes how the kernel backs
            // these pages later (it never moves, frees or changes their contents), so every
            // reference into `memory` stays valid and sees the same bytes. A failure (an old
            // kernel, huge pages disabled) leaves the memory as it was; the hint is then
            // simply not taken, so its result is ignored.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
    let _ = memory;
}

/// Faults in, on a thread of its own, the pages of `vec`'s spare capacity up to `upto`
/// elements, so that a first write there later does not wait for the kernel. On the
/// project's VM a page of memory the machine has not used lately costs about 1.3 s a
/// gigabyte to fault in (`clear_page_erms`, 94% of the time of a doubling in `perf`; the
/// host backs the page at its first write), and the table's doubling from 2 to 4 GB stopped
/// every search thread for 5.0 to 5.4 s while it did; populated beforehand, in the
/// background while the search goes on, the doubling itself takes 0.3 to 0.8 s
/// (`examples/table_doubling.rs`, docs/results/solving.md).
pub fn populate_spare<T>(vec: &Vec<T>, upto: usize) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let size = std::mem::size_of::<T>();
        let base = vec.as_ptr() as usize;
        let begin = (base + vec.len() * size).next_multiple_of(PAGE);
        let end = (base + upto.min(vec.capacity()) * size) & !(PAGE - 1);
        if end <= begin {
            return;
        }
        // Only addresses cross to the thread, never a reference.
        let _ = std::thread::Builder::new()
            .name("table-prefault".into())
            .spawn(move || {
                // SAFETY: `begin..end` lies, page-aligned, inside `vec`'s allocation, past
                // its length: memory the program owns and no reference reads yet.
                // MADV_POPULATE_WRITE only maps the pages in, "as if writing to each page"
                // but without accessing it: it never changes what the memory holds, so no
                // value the program can see changes. If the vector is freed or moved before
                // this runs, the range is unmapped (madvise fails, and the failure is
                // ignored) or belongs to some later mapping, whose contents it leaves as
                // they are for the same reason. A kernel older than 5.14 refuses the advice
                // (EINVAL), which is ignored likewise.
                unsafe {
                    libc::madvise(
                        begin as *mut libc::c_void,
                        end - begin,
                        libc::MADV_POPULATE_WRITE,
                    );
                }
            });
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (vec, upto);
}

/// Starts loading the cache line of `value` so that a read of it soon does not wait.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing into the program and never faults; its address comes
    // from a reference, so it is a valid address of this process anyway. SSE (which
    // `_mm_prefetch` needs) is part of every x86_64 CPU.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hints change nothing a program can see: the memory keeps its contents, whatever
    /// its alignment or length (smaller than a page, unaligned, empty).
    #[test]
    fn hints_leave_the_memory_as_it_was() {
        for len in [0usize, 1, 100, 4096, 3 << 20] {
            let mut memory: Vec<u64> = Vec::with_capacity(len);
            advise_huge_pages(&memory.spare_capacity_mut()[..len]);
            memory.extend((0..len as u64).map(|i| i * 7));
            advise_huge_pages(&memory[1.min(len)..]);
            for value in memory.iter().step_by(997) {
                prefetch(value);
            }
            assert!(memory.iter().enumerate().all(|(i, &v)| v == i as u64 * 7));
        }
    }
}
