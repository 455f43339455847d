//! Every registered format on its own, through the registry: the first byte picks the
//! format (`Format::ALL`, so a new format is fuzzed here with no target of its own), the
//! rest is the text. No input panics; a rejected text's error span lies inside it; an
//! accepted one is written in the same format (its canonical text), which reads back and
//! writes the same text again.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_board::report::Spanned;
use gridnote_convert::{Format, Options, convert};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let format = Format::ALL[usize::from(pick) % Format::ALL.len()];
    let options = Options::default();
    let canonical = match convert(text, Some(format), format, &options) {
        Ok(converted) => converted.output,
        Err(err) => {
            common::check_error(text, err.span(), &err.to_string());
            return;
        }
    };
    let again = convert(&canonical, Some(format), format, &options).unwrap_or_else(|err| {
        panic!("{format} {text:?} -> {canonical:?}, which does not read back: {err}")
    });
    assert_eq!(again.output, canonical, "{format} {text:?}: not canonical");
});
