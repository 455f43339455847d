//! The tuple format: bytes → read → if accepted, write → read → equal.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_tuple::Tuple;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    common::round_trip::<Tuple>(text);
});
