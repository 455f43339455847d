//! T3EN's two readers on the same bytes: whatever the one-pass fast reader accepts
//! (lenient or strict), the grammar accepts with the same position and canonical flag.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    gridnote_t3en::fuzzing::check_readers_agree(text);
});
