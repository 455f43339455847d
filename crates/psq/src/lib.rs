#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod moves;
mod record;
mod replay;

pub use error::PsqError;
/// The m,n,k model the records replay into (rules, positions, cell names), re-exported so
/// that a program needs no other dependency.
pub use gridnote_board as board;
pub use moves::MoveList;
pub use record::{Psq, PsqMove, Seat};
pub use replay::{End, Replay, ReplayError};

/// Whether `text` is meant as a Piskvork record (it starts with `Piskvorky`, after a
/// byte-order mark if any) rather than a plain move list: what a program taking either
/// reads it as.
///
/// ```
/// assert!(gridnote_psq::is_psq("Piskvorky 20x20, 11:11, 0\n"));
/// assert!(!gridnote_psq::is_psq("h8i9j10"));
/// ```
#[must_use]
pub fn is_psq(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').starts_with("Piskvorky")
}
