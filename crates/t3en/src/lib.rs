#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod alphabet;
mod error;
mod fast;
mod grammar;
mod notation;
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

/// Checks that the one-pass fast reader and the grammar agree on `text`: whatever the
/// fast reader accepts (leniently, strictly, and without tracking canonical runs), the
/// grammar accepts with the same position and the same canonical flag. On text the fast
/// reader leaves to the grammar there is nothing to compare: the grammar's answer,
/// error and span included, is the reader's answer. For the fuzz target `t3en-agree`
/// and the property tests; not part of the API.
///
/// # Panics
/// When the readers disagree, naming the text.
#[doc(hidden)]
pub fn __check_readers_agree(text: &str) {
    for strict in [false, true] {
        if let Some(fast) = fast::parse(text, strict) {
            let grammar = grammar::parse(text, strict);
            assert_eq!(grammar.as_ref().ok(), Some(&fast), "strict {strict}: {text:?}");
        }
    }
    if let Some(fast) = fast::parse_lenient(text) {
        let grammar = grammar::parse(text, false).map(|(position, _)| position);
        assert_eq!(grammar.ok(), Some(fast), "lenient, untracked: {text:?}");
    }
}
