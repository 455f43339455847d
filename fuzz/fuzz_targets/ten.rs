//! TEN: bytes → read → if accepted, write → read → equal, and its TSN part reads as TSN.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_tafl::{Ten, Tsn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    common::round_trip::<Ten>(text);
    if let Ok(ten) = text.parse::<Ten>() {
        // The TSN reader ignores the seventh field.
        assert_eq!(text.parse::<Tsn>().as_ref(), Ok(ten.tsn()), "{text:?}");
    }
});
