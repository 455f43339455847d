//! TSN: bytes → read → if accepted, write → read → equal; the semantic check never panics.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_tafl::Tsn;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    common::round_trip::<Tsn>(text);
    if let Ok(tsn) = text.parse::<Tsn>() {
        let _ = tsn.problems();
    }
});
