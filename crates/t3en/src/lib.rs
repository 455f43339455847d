#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod alphabet;
mod error;
#[doc(hidden)]
pub mod fuzzing;
mod grammar;
mod notation;
mod one_pass;
#[cfg(feature = "serde")]
mod serde_impl;
mod t3en;
mod write;

pub use error::{ModelError, ParseError};
pub use t3en::{ParseOptions, Parsed, T3en};

/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its functions take and return.
pub use gridnote_board as board;
pub use gridnote_board::report::Spanned;
pub use gridnote_board::{Board, Cell, Player, Position};
