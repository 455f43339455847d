//! Hooks for the fuzz targets and the property tests; not part of the API (hidden from
//! the docs, and free to change). Every gridnote crate with two readers of one grammar
//! names its hook `fuzzing::check_readers_agree`.

use crate::{grammar, one_pass};

/// Checks that the one-pass fast reader and the grammar agree on `text`: whatever the
/// fast reader accepts (leniently, strictly, and without tracking canonical runs), the
/// grammar accepts with the same position and the same canonical flag. On text the fast
/// reader leaves to the grammar there is nothing to compare: the grammar's answer,
/// error and span included, is the reader's answer. For the fuzz target `t3en-agree`
/// and the property tests.
///
/// # Panics
/// When the readers disagree, naming the text.
pub fn check_readers_agree(text: &str) {
    for strict in [false, true] {
        if let Some(fast) = one_pass::parse(text, strict) {
            let grammar = grammar::parse(text, strict);
            assert_eq!(grammar.as_ref().ok(), Some(&fast), "strict {strict}: {text:?}");
        }
    }
    if let Some(fast) = one_pass::parse_lenient(text) {
        let grammar = grammar::parse(text, false).map(|(position, _)| position);
        assert_eq!(grammar.ok(), Some(fast), "lenient, untracked: {text:?}");
    }
}
