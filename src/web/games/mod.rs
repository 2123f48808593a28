//! The games a page plays: Jump61 (with its tools: analysis, Edit mode, puzzles) and Jump
//! Snatch, each a task on a game thread; and the finished games it played, looked back at
//! (the Games view's list and replay, and the review).

pub mod analysis;
pub mod anim;
pub mod context;
pub mod friend;
pub mod held;
pub mod jump61;
pub mod keep;
pub mod library;
mod puzzles;
pub mod record;
pub mod review;
pub mod seat;
mod setup;
pub mod snatch;
pub mod snatch_replay;
pub mod task;
pub mod words;
