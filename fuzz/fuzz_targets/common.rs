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

/// The input as a stream of choices (zeros once it runs out).
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    /// The next byte, or 0 once the input is used up.
    pub fn byte(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
        self.0 = rest;
        first
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n.max(1)
    }

    /// Whether the input is used up.
    pub fn empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A raw line: fewer than `max` bytes of any value but the line feed, as lossy UTF-8.
    pub fn raw_line(&mut self, max: usize) -> String {
        let n = self.below(max);
        let raw: Vec<u8> = (0..n).map(|_| self.byte()).filter(|&c| c != b'\n').collect();
        String::from_utf8_lossy(&raw).into_owned()
    }
}

/// What an engine loop is sent: the lines `line` makes from the bytes until they run out,
/// each followed by what `ending` picks (`""`, `"\r"`, ...) and a line feed. Sent all at
/// once, so that commands arrive while the engine thinks.
pub fn script(
    data: &[u8],
    mut line: impl FnMut(&mut Bytes<'_>) -> String,
    mut ending: impl FnMut(&mut Bytes<'_>) -> &'static str,
) -> String {
    let mut b = Bytes(data);
    let mut input = String::new();
    while !b.empty() {
        input.push_str(&line(&mut b));
        input.push_str(ending(&mut b));
        input.push('\n');
    }
    input
}

/// Every line an engine wrote reads as a reply of its protocol (`R`) and holds no control
/// character.
pub fn check_reply_lines<R: FromStr>(out: Vec<u8>) {
    let out = String::from_utf8(out).expect("UTF-8 replies");
    for reply in out.lines() {
        assert!(reply.parse::<R>().is_ok(), "not a reply: {reply:?}");
        assert!(!reply.chars().any(char::is_control), "{reply:?}");
    }
}
