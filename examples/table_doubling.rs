//! What the table's doubling costs the search threads, with and without its memory faulted in
//! beforehand: `cargo run --release --features examples --example table_doubling -- [MB]` doubles an empty 4x4
//! table from 1 MB up to MB megabytes (default 4096) twice, first cold, then each time after
//! [`Table::prepare_to_double`] has had a moment to fault in the next size's memory in the
//! background, and prints how long each doubling stopped the caller. The figures of
//! docs/results/solving.md ("The table's growth"), and the benchmark behind the `unsafe` of
//! `memory_hints::populate_spare`.

use jump61::solver::table::Table;
use std::time::{Duration, Instant};

fn main() {
    let mb: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4096);
    for prepared in order() {
        let Ok(mut table) = Table::growable(4, 1 << 20, mb << 20) else {
            eprintln!("error: cannot set aside {mb} MB");
            std::process::exit(2);
        };
        let mut total = Duration::ZERO;
        while table.memory() < mb << 20 {
            if prepared {
                table.prepare_to_double();
                // The search goes on meanwhile; here, a pause long enough for the kernel
                // (about 1.3 s a gigabyte on the project's VM).
                std::thread::sleep(Duration::from_millis(2 * (table.memory() >> 20) as u64));
            }
            let start = Instant::now();
            if !table.double() {
                break;
            }
            let took = start.elapsed();
            total += took;
            println!(
                "{} to {:5} MB: {:.3} s",
                if prepared { "prepared" } else { "cold    " },
                table.memory() >> 20,
                took.as_secs_f64()
            );
        }
        println!(
            "all doublings, {}: {:.3} s",
            if prepared { "prepared" } else { "cold" },
            total.as_secs_f64()
        );
    }
}

/// Cold first, unless `JUMP61_PREPARED_FIRST` is set: the order shows whether the kernel's
/// cost depends on memory a run before it already used.
fn order() -> [bool; 2] {
    if std::env::var_os("JUMP61_PREPARED_FIRST").is_some() {
        [true, false]
    } else {
        [false, true]
    }
}
