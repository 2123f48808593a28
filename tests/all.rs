//! Every integration test in one test binary. The release profile links each test binary with
//! full link-time optimisation, some 15 to 60 s apiece on two cores, so one binary instead of
//! thirty cuts most of `cargo test --release`'s build. Run one file's tests with its module's
//! name: `cargo test --release --test all perft::`. `tests/interrupt.rs` stays a binary of its
//! own: a Ctrl-C pressed in its tests sets the process-wide flag every df-pn prover polls,
//! which would stop the provers of the tests running beside it here.

mod checkers;
#[path = "reliability/grammar.rs"]
mod grammar;
mod plain;
mod plain_snatch;
mod web_client;

mod arena;
mod checkpoint;
mod display;
mod docs;
mod duties;
mod fuzz;
mod game_value;
mod jobs;
mod jobs_parallel;
mod keep_wins;
mod layout;
mod perft;
mod plain_selftest;
mod proof_check;
mod proven_ai;
mod puzzles;
mod quiet_exit;
mod review;
mod rules;
mod search;
mod shell;
mod snatch;
mod soak;
mod solve;
mod solve_progress;
mod transcripts;
mod web;
mod web_analysis;
mod web_friend;
mod web_games;
mod web_games_friend;
mod web_load;
mod web_puzzles;
mod web_seat;
mod web_store;
