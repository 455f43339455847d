//! The position: the board as six bit planes, the side to move, the berserker, the
//! Zobrist hash and the game's line (the hashes seen so far, for repetition); legal moves,
//! make and unmake, captures, shieldwalls and the outcome, each as OpenTafl's engine
//! decides them (docs/tafl-rules.md lists where that differs from OpenTafl's own
//! specification).
//!
//! The modules follow the rules: [`moves`] (where a piece may go), [`capture`] (custodial,
//! jump and Linnaean captures), [`make`] (playing and taking back a move, berserk
//! continuations), [`shieldwall`], [`ending`] (how a game ends), [`repetition`] (the line
//! of the game; perft is the crate's `perft` module); [`piece`], [`bits`] and [`tables`] are the representation.

mod bits;
mod capture;
mod ending;
mod make;
mod moves;
mod piece;
mod repetition;
mod shieldwall;
mod state;
mod tables;

pub use ending::{Outcome, Reason};
pub use make::Undo;
pub use state::Position;
pub(crate) use state::count_kinds;
