//! Hooks for the fuzz targets and the property tests; not part of the API (hidden from
//! the docs, and free to change).

use super::position::{read_checked, read_one_pass};

/// Checks that the one-pass position reader and the checked one agree on `text`, read as
/// a position record and in the inverted form: both accept it with the same record, or
/// both reject it. For the fuzz target `otn-record` and the tests.
///
/// # Panics
/// When the readers disagree, naming the text.
pub fn check_readers_agree(text: &str) {
    for inverted in [false, true] {
        let one_pass = read_one_pass(text.as_bytes(), inverted);
        let checked = read_checked(text, 0, inverted, "the position").ok();
        assert_eq!(one_pass, checked, "inverted {inverted}: {text:?}");
    }
}
