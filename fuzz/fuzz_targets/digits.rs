//! Digit strings: bytes → read → if accepted, write → read → equal; the full check and
//! the tic-tac-toe regex's verdict never panic, and the check agrees with the reader.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_digits::{Digits, check, regex_verdict};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    common::round_trip::<Digits>(text);
    let _ = regex_verdict(text);
    assert_eq!(check(text).is_ok(), text.parse::<Digits>().is_ok(), "{text:?}");
});
