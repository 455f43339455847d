//! [`StackText`]: a writer's text gathered on the stack, handed on whole as one `&str`
//! (to a formatter, or to serde through [`serialize_text`]).

use core::fmt;

use super::base::Sink;

/// A writer's text gathered on the stack, up to `N` bytes, to be handed on whole as one
/// `&str` ([`StackText::as_str`]): what `Serialize` implementations give
/// `serialize_str` (see [`serialize_text`]) and what `Display` gives the formatter in one
/// call, with no temporary `String`.
///
/// Text beyond `N` bytes is not kept: [`StackText::as_str`] is then `None`, and the caller
/// writes the text another way (through [`FmtSink`](crate::sink::FmtSink), or serde's `collect_str`).
/// [`StackText::len`] counts every byte appended, kept or not.
///
/// The bytes are 16-byte aligned and those past the text are ASCII, so `as_str` checks
/// the text as UTF-8 (the only safe way to a `&str`) in whole aligned words, once:
/// `core::str::from_utf8` of padded, aligned bytes costs less than of the bare text.
///
/// ```
/// use gridnote_text::sink::{Sink, StackText};
/// let mut text = StackText::<16>::new();
/// text.push_str("2_o/_x_/");
/// text.push_ascii(b'3');
/// assert_eq!(text.as_str(), Some("2_o/_x_/3"));
/// text.push_str("_/3_ x and more");
/// assert_eq!((text.as_str(), text.len()), (None, 24));
/// ```
#[derive(Clone)]
#[repr(C, align(16))]
pub struct StackText<const N: usize> {
    /// The text, then bytes that are all ASCII (zeros, or a caller's ASCII padding).
    bytes: [u8; N],
    /// Bytes appended; more than `N` when some were not kept.
    len: usize,
}

impl<const N: usize> StackText<N> {
    /// An empty text.
    ///
    /// ```
    /// let text = gridnote_text::sink::StackText::<64>::new();
    /// assert_eq!(text.as_str(), Some(""));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn new() -> StackText<N> {
        StackText { bytes: [0; N], len: 0 }
    }

    /// The first `len` of `bytes` as the text, for a writer that fills a whole array
    /// itself (say, with word operations): every byte is taken as ASCII (its low seven
    /// bits, as [`Sink::push_ascii`] does), and a `len` over `N` keeps none.
    ///
    /// ```
    /// use gridnote_text::sink::StackText;
    /// let text = StackText::from_ascii(*b"120120000-------", 9);
    /// assert_eq!(text.as_str(), Some("120120000"));
    /// assert_eq!(StackText::from_ascii([b'x'; 4], 5).as_str(), None);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn from_ascii(mut bytes: [u8; N], len: usize) -> StackText<N> {
        for byte in &mut bytes {
            *byte &= 0x7F;
        }
        StackText { bytes, len }
    }

    /// How many bytes were appended, including any beyond `N` that were not kept.
    ///
    /// ```
    /// use gridnote_text::sink::{Sink, StackText};
    /// let mut text = StackText::<4>::new();
    /// text.push_str("three");
    /// assert_eq!(text.len(), 5);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was appended.
    ///
    /// ```
    /// assert!(gridnote_text::sink::StackText::<4>::new().is_empty());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The text, or `None` when more than `N` bytes were appended (or bytes given by
    /// [`Sink::push_ascii_bytes`], taken unchecked, are not UTF-8).
    ///
    /// ```
    /// use gridnote_text::sink::{Sink, StackText};
    /// let mut text = StackText::<3>::new();
    /// text.push_str("abc");
    /// assert_eq!(text.as_str(), Some("abc"));
    /// text.push('d');
    /// assert_eq!(text.as_str(), None);
    /// let mut bad = StackText::<8>::new();
    /// bad.push_ascii_bytes(b"ab\xFF");
    /// assert_eq!(bad.as_str(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        let kept = self.bytes.get(..self.len)?;
        // The text and the ASCII bytes after it up to a multiple of 16 (or `N`): UTF-8 as
        // a whole, checked in aligned words. The text ends at a character's end, so `len`
        // is a boundary of it.
        let padded = self.len.next_multiple_of(16).min(N);
        match core::str::from_utf8(self.bytes.get(..padded).unwrap_or(kept)) {
            Ok(text) => text.get(..self.len),
            // Never taken (the bytes after the text are ASCII); the text alone otherwise.
            Err(_) => core::str::from_utf8(kept).ok(),
        }
    }
}

impl<const N: usize> Default for StackText<N> {
    /// [`StackText::new`].
    ///
    /// ```
    /// assert!(gridnote_text::sink::StackText::<8>::default().is_empty());
    /// ```
    fn default() -> StackText<N> {
        StackText::new()
    }
}

impl<const N: usize> fmt::Debug for StackText<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StackText").field("text", &self.as_str()).field("len", &self.len).finish()
    }
}

/// Bytes beyond `N` are counted and dropped.
///
/// ```
/// use gridnote_text::sink::{Sink, StackText};
/// let mut text = StackText::<8>::new();
/// text.push('é');
/// text.push_ascii(b'!');
/// assert_eq!(text.as_str(), Some("é!"));
/// ```
impl<const N: usize> Sink for StackText<N> {
    #[inline(always)]
    fn push(&mut self, c: char) {
        if c.is_ascii() {
            self.push_ascii(c as u8);
        } else {
            self.push_str(c.encode_utf8(&mut [0; 4]));
        }
    }

    #[inline(always)]
    fn push_str(&mut self, s: &str) {
        let end = self.len.saturating_add(s.len());
        if let Some(room) = self.bytes.get_mut(self.len..end) {
            room.copy_from_slice(s.as_bytes());
        }
        self.len = end;
    }

    #[inline(always)]
    fn push_ascii(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte & 0x7F;
        }
        self.len += 1;
    }

    /// The bytes as they are, unchecked: [`StackText::as_str`] checks the whole text as
    /// UTF-8 once (a text that is not gives `None`, as one that overflows does).
    #[inline(always)]
    fn push_ascii_bytes(&mut self, bytes: &[u8]) {
        let end = self.len.saturating_add(bytes.len());
        if let Some(room) = self.bytes.get_mut(self.len..end) {
            room.copy_from_slice(bytes);
        }
        self.len = end;
    }
}

/// Serializes the text `write` appends as one string: gathered in a [`StackText`] of `N`
/// bytes and given to `serialize_str` when `bound` (the most bytes the text can take) is
/// at most `N` and the text fits; otherwise `collect_str(value)`, so a long text goes
/// through `value`'s `Display` in pieces, still with no temporary `String`.
///
/// ```
/// use core::fmt;
/// use gridnote_text::sink::{Sink, StackText, serialize_text};
///
/// struct Word(&'static str);
/// impl Word {
///     fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
///         out.push_str(self.0);
///     }
/// }
/// impl fmt::Display for Word {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         f.write_str(self.0)
///     }
/// }
/// impl serde::Serialize for Word {
///     fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
///         serialize_text::<S, 8>(serializer, self, self.0.len(), |text| self.append_to(text))
///     }
/// }
/// assert_eq!(serde_json::to_string(&Word("short"))?, r#""short""#);
/// assert_eq!(serde_json::to_string(&Word("longer than eight"))?, r#""longer than eight""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
///
/// # Errors
/// The serializer's.
#[cfg(feature = "serde")]
#[inline]
pub fn serialize_text<S: serde::Serializer, const N: usize>(
    serializer: S,
    value: &(impl fmt::Display + ?Sized),
    bound: usize,
    write: impl FnOnce(&mut StackText<N>),
) -> Result<S::Ok, S::Error> {
    if bound <= N {
        let mut text = StackText::<N>::new();
        write(&mut text);
        if let Some(text) = text.as_str() {
            return serializer.serialize_str(text);
        }
    }
    serializer.collect_str(value)
}

#[cfg(test)]
mod tests {
    use super::StackText;
    use crate::sink::base::Sink;

    /// `text` pushed into a `StackText<N>` in pieces of `step` characters (one character
    /// through `push_ascii` or `push`), the `str` it gives, and the length it counts.
    fn stacked<const N: usize>(text: &str, step: usize) -> (Option<String>, usize) {
        let mut stack = StackText::<N>::new();
        let chars: Vec<char> = text.chars().collect();
        for piece in chars.chunks(step) {
            match piece {
                [c] if c.is_ascii() => stack.push_ascii(*c as u8),
                [c] => stack.push(*c),
                _ => stack.push_str(&piece.iter().collect::<String>()),
            }
        }
        (stack.as_str().map(str::to_owned), stack.len())
    }

    #[test]
    fn stack_text_keeps_up_to_n_bytes_and_counts_the_rest() {
        for step in [1, 2, 5, 16, 100] {
            assert_eq!(stacked::<16>("", step), (Some(String::new()), 0));
            let exact = "0123456789abcdef";
            assert_eq!(stacked::<16>(exact, step), (Some(exact.to_owned()), 16), "{step}");
            assert_eq!(stacked::<16>("0123456789abcdefg", step), (None, 17), "{step}");
            assert_eq!(stacked::<16>(&"x".repeat(100), step), (None, 100), "{step}");
            // Lengths around every multiple of 16, the width the text is checked in.
            for len in [1, 15, 16, 17, 31, 32, 33, 47, 48] {
                let text: String = (0..len).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
                assert_eq!(stacked::<48>(&text, step), (Some(text.clone()), len), "{len}");
                assert_eq!(stacked::<20>(&text, step).0, (len <= 20).then_some(text), "{len}");
            }
            // Multi-byte characters: whole or not at all.
            let wide = "é€😀x";
            assert_eq!(stacked::<10>(wide, step), (Some(wide.to_owned()), 10), "{step}");
            assert_eq!(stacked::<9>(wide, step).0, None, "{step}");
            assert_eq!(stacked::<8>("aé€😀", step), (None, 10), "{step}");
        }
        let mut seven = StackText::<16>::new();
        seven.push_ascii(b'a' | 0x80);
        assert_eq!(seven.as_str(), Some("a"));
    }

    #[test]
    fn stack_text_from_ascii_takes_seven_bits_and_the_length() {
        let mut bytes = [b'-'; 16];
        bytes[..3].copy_from_slice(b"x\xE9z");
        assert_eq!(StackText::from_ascii(bytes, 3).as_str(), Some("xiz"));
        assert_eq!(StackText::from_ascii(bytes, 0).as_str(), Some(""));
        assert_eq!(StackText::from_ascii(bytes, 16).as_str(), Some("xiz-------------"));
        assert_eq!(StackText::from_ascii(bytes, 17).as_str(), None);
        // Appending after a filled array goes on from `len`.
        let mut text = StackText::from_ascii(*b"ab______", 2);
        text.push_str("cd");
        assert_eq!((text.as_str(), text.len()), (Some("abcd"), 4));
    }

    /// `push_ascii_bytes` (what `write_ascii` and `AsciiWriter` hand on) appends the bytes
    /// as they are into a `StackText`, up to `N` and past it as an overflow, and `as_str`
    /// refuses bytes that are not UTF-8; other sinks write ASCII as before.
    #[test]
    fn ascii_bytes_go_into_a_stack_text_as_they_are() {
        for (pieces, expected) in [
            (&[&b"3_/"[..], b"3_/", b"3_ x"][..], Some("3_/3_/3_ x")),
            (&[&b""[..]], Some("")),
            (&[&b"0123456789abcdef"[..]], Some("0123456789abcdef")),
            (&[&b"0123456789"[..], b"abcdefg"], None),
            (&[&b"ab"[..], b"\xE9"], None),
        ] {
            let mut text = StackText::<16>::new();
            pieces.iter().for_each(|piece| crate::sink::ascii::write_ascii(&mut text, piece));
            assert_eq!(text.as_str(), expected, "{pieces:?}");
            assert_eq!(text.len(), pieces.iter().map(|p| p.len()).sum::<usize>());
        }
        let mut string = String::new();
        string.push_ascii_bytes(b"ab\xE9");
        let mut bytes = Vec::new();
        bytes.push_ascii_bytes(b"ab\xE9");
        assert_eq!((string.as_str(), bytes.as_slice()), ("abi", &b"abi"[..]));
    }

    /// A `StackText` whose bytes after the text are not ASCII (only `from_ascii` and
    /// appends make one, so this is built by hand) still gives its text.
    #[test]
    fn stack_text_checks_the_text_alone_when_the_padding_is_not_utf8() {
        let mut text = StackText::<16>::new();
        text.bytes[4] = 0xE9;
        text.push_str("abc");
        assert_eq!(text.as_str(), Some("abc"));
    }

    #[cfg(feature = "serde")]
    mod serde_text {
        use core::fmt;

        use super::super::serialize_text;
        use crate::sink::base::Sink;

        /// Serialized through a `StackText<8>` with the given bound; `Display` marks the
        /// fallback so that the tests see which path ran.
        struct Text(&'static str, usize);

        impl fmt::Display for Text {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("display:")?;
                f.write_str(self.0)
            }
        }

        impl serde::Serialize for Text {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                serialize_text::<S, 8>(s, self, self.1, |out| out.push_str(self.0))
            }
        }

        fn json(text: &'static str, bound: usize) -> String {
            serde_json::to_string(&Text(text, bound)).unwrap()
        }

        #[test]
        fn short_texts_go_whole_and_long_ones_through_display() {
            assert_eq!(json("", 0), r#""""#);
            assert_eq!(json("12345678", 8), r#""12345678""#);
            assert_eq!(json("a\"b\\", 8), r#""a\"b\\""#);
            // Over the buffer, by the bound or by the text: `Display`, in pieces.
            assert_eq!(json("12345678", 9), r#""display:12345678""#);
            assert_eq!(json("123456789", 8), r#""display:123456789""#);
        }

        #[test]
        fn the_serializer_error_is_returned() {
            let mut full = [0u8; 3];
            let err = serde_json::to_writer(&mut full[..], &Text("abcdef", 8)).unwrap_err();
            assert!(err.is_io(), "{err}");
            assert_eq!(&full, b"\"ab");
        }
    }
}
