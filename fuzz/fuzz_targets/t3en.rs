//! T3EN: bytes → read (lenient and strict) → if accepted, write → read → equal.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_board::report::Spanned;
use gridnote_t3en::{ParseOptions, T3en};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    common::round_trip::<T3en>(text);
    match T3en::parse_with(text, ParseOptions::strict()) {
        // Strict reading accepts exactly the canonical texts.
        Ok(parsed) => {
            assert!(parsed.canonical);
            assert_eq!(parsed.t3en.to_string(), text);
        }
        Err(err) => {
            common::check_error(text, err.span(), &err.to_string());
            if let Ok(lenient) = T3en::parse_with(text, ParseOptions::default()) {
                assert!(!lenient.canonical, "strict rejects {text:?} that reads canonically");
            }
        }
    }
});
