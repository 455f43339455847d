//! The converter: the first byte picks the source format (or detection), the target, the
//! code kind and the options; the rest is the text. No input panics; every error's span
//! lies inside the input; and where a conversion reports no drop, converting back gives
//! the source's canonical text (the round-trip law of docs/decisions.md).
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_board::report::Spanned;
use gridnote_convert::{Format, NoteKind, Options, convert};
use libfuzzer_sys::fuzz_target;

/// Every registered format.
const FORMATS: &[Format] = Format::ALL;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    // One more choice than formats for the source: detection.
    let n = FORMATS.len();
    let pick = usize::from(pick);
    let from = FORMATS.get(pick % (n + 1)).copied();
    let to = FORMATS[pick / (n + 1) % n];
    let mut options = Options::default();
    let codes = Options::values("code").unwrap_or_default();
    if let Some(code) = codes.get(pick / (n * (n + 1)) % codes.len().max(1)) {
        options.set("code", code).unwrap();
    }
    options.lossless = pick & 0x80 != 0 && pick % 2 == 0;
    let strict = pick & 0x80 != 0 && pick % 2 == 1;
    options.set("strict", if strict { "true" } else { "false" }).unwrap();
    let converted = match convert(text, from, to, &options) {
        Ok(converted) => converted,
        Err(err) => {
            common::check_error(text, err.span(), &err.to_string());
            return;
        }
    };
    if converted.notes.iter().any(|note| note.kind == NoteKind::Dropped) {
        assert!(!options.lossless, "lossless conversion dropped {:?}", converted.notes);
        return;
    }
    let source = from.unwrap_or_else(|| gridnote_convert::detect(text).expect("it converted"));
    let canonical = convert(text, Some(source), source, &options)
        .unwrap_or_else(|err| panic!("{text:?} converts to {to} but not to itself: {err}"));
    let back = convert(&converted.output, Some(to), source, &options).unwrap_or_else(|err| {
        panic!("{text:?} -> {to} {:?} does not convert back to {source}: {err}", converted.output)
    });
    assert_eq!(
        back.output, canonical.output,
        "{source} {text:?} -> {to} {:?} -> {source}",
        converted.output
    );
});
