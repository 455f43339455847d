//! Checks shared by the fuzz targets.
#![allow(dead_code)] // each target uses some of these

use core::fmt::Display;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::report::{Spanned, render};

/// A rejected input: the error's span lies inside the input on character boundaries (or
/// is the empty span at its end), and rendering it under the input does not panic.
pub fn check_error(text: &str, span: Range<usize>, message: &str) {
    assert!(span.start <= span.end && span.end <= text.len(), "span {span:?} outside {text:?}");
    assert!(text.get(span.clone()).is_some(), "span {span:?} splits a character of {text:?}");
    assert!(!message.is_empty());
    let _ = render(text, span, message);
}

/// bytes → read → if accepted, write → read → equal (and the writing is canonical: it
/// writes itself back).
pub fn round_trip<T>(text: &str)
where
    T: FromStr + Display + PartialEq + core::fmt::Debug,
    T::Err: Spanned + Display + core::fmt::Debug,
{
    match text.parse::<T>() {
        Ok(value) => {
            let written = value.to_string();
            let again: T = written
                .parse()
                .unwrap_or_else(|err| panic!("{written:?} (written from {text:?}) fails: {err}"));
            assert_eq!(again, value, "{text:?} -> {written:?}");
            assert_eq!(again.to_string(), written, "not canonical: {written:?}");
        }
        Err(err) => check_error(text, err.span(), &err.to_string()),
    }
}
