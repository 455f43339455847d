//! Hooks for the fuzz targets and the property tests; not part of the API (hidden from
//! the docs, and free to change). Every gridnote crate with two readers of one grammar
//! names its hook `fuzzing::check_readers_agree`.

use crate::position::{read_checked, read_fast};

/// Checks that the fast position reader and the checked one agree on `text`, read as a
/// position record and in the inverted form: both accept it with the same record, or
/// both reject it. For the fuzz target `otn-record` and the tests.
///
/// # Panics
/// When the readers disagree, naming the text.
pub fn check_readers_agree(text: &str) {
    for inverted in [false, true] {
        let fast = read_fast(text.as_bytes(), inverted);
        let checked = read_checked(text, 0, inverted, "the position").ok();
        assert_eq!(fast, checked, "inverted {inverted}: {text:?}");
    }
}
