//! TSN's and TEN's two readers on the same bytes: whatever the one-pass fast reader
//! accepts, the grammar accepts with the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    gridnote_tafl::fuzzing::check_readers_agree(text);
});
