#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod alphabet;
mod check;
mod error;
mod fast;
mod grammar;
mod model;
mod notation;
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

/// Checks that the one-pass fast reader and the grammar agree on `text` for TSN and for
/// TEN: whatever the fast reader accepts, the grammar accepts with the same value. On text
/// the fast reader leaves to the grammar, the grammar's answer (error and span included)
/// is the reader's answer. For the fuzz target `tafl-agree` and the property tests; not
/// part of the API.
///
/// # Panics
/// When the readers disagree, naming the text.
#[doc(hidden)]
pub fn __check_readers_agree(text: &str) {
    if let Some(fast) = fast::read_tsn(text) {
        assert_eq!(grammar::read_tsn(text).ok(), Some(fast), "TSN: {text:?}");
    }
    if let Some(fast) = fast::read_ten(text) {
        assert_eq!(grammar::read_ten(text).ok(), Some(fast), "TEN: {text:?}");
    }
}
