//! Hooks for the fuzz targets and the property tests; not part of the API (hidden from
//! the docs, and free to change). Every gridnote crate with two readers of one grammar
//! names its hook `fuzzing::check_readers_agree`.

use crate::{grammar, one_pass};

/// Checks that the one-pass reader and the grammar agree on `text` for TSN and for
/// TEN: whatever the one-pass reader accepts, the grammar accepts with the same value. On text
/// the one-pass reader leaves to the grammar, the grammar's answer (error and span included)
/// is the reader's answer. For the fuzz target `tafl-agree` and the property tests.
///
/// # Panics
/// When the readers disagree, naming the text.
pub fn check_readers_agree(text: &str) {
    if let Some(fast) = one_pass::read_tsn(text) {
        assert_eq!(grammar::read_tsn(text).ok(), Some(fast), "TSN: {text:?}");
    }
    if let Some(fast) = one_pass::read_ten(text) {
        assert_eq!(grammar::read_ten(text).ok(), Some(fast), "TEN: {text:?}");
    }
}
