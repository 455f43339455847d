#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod alphabet;
mod check;
mod error;
#[doc(hidden)]
pub mod fuzzing;
mod grammar;
mod model;
mod notation;
mod one_pass;
#[cfg(feature = "serde")]
mod serde_impl;
mod write;

pub use check::SemanticProblem;
pub use error::{Field, ModelError, ParseError};
pub use model::{Extension, Ten, Tsn};

/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its functions take and return.
pub use gridnote_board as board;
pub use gridnote_board::report::Spanned;
pub use gridnote_board::{Board, Cell, Glyphs, Piece, Player, Role};
