//! What every protocol's parser and printer share: words with their byte spans, and text
//! quoted back to a person with its control characters escaped.

use core::fmt;
use core::ops::Range;

/// `text` with every control character (NUL, tabs, line breaks, escape, …) written as
/// Rust escapes it (`\u{0}`, `\t`, `\n`, `\u{1b}`), so that text echoed from an input
/// (an unknown command, a bad token) cannot break a reply line or a terminal. Other
/// characters are written as they are.
///
/// ```
/// use gridnote_protocol::text::Escaped;
/// assert_eq!(Escaped("da\0nce\t!").to_string(), "da\\u{0}nce\\t!");
/// assert_eq!(Escaped("é b2").to_string(), "é b2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(char::is_control) {
            f.write_str(&rest[..at])?;
            let ch = rest[at..].chars().next().unwrap_or_default();
            for escaped in ch.escape_default() {
                fmt::Write::write_char(f, escaped)?;
            }
            rest = &rest[at + ch.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// One word of a line: its text and its byte range in the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Word<'a> {
    pub(crate) text: &'a str,
    pub(crate) span: Range<usize>,
}

/// The words of a line, separated by ASCII white space (spaces, tabs, a `\r` left at
/// the end), each with its span.
#[derive(Clone, Debug)]
pub(crate) struct Words<'a> {
    line: &'a str,
    at: usize,
}

impl<'a> Words<'a> {
    pub(crate) fn new(line: &'a str) -> Words<'a> {
        Words { line, at: 0 }
    }

    /// The rest of the line after the words read so far, without the white space around
    /// it, and its span (empty, at the line's end, when nothing is left).
    pub(crate) fn rest(&self) -> Word<'a> {
        let tail = &self.line[self.at..];
        let start = self.at + (tail.len() - tail.trim_start_matches(is_space).len());
        let text = self.line[start..].trim_end_matches(is_space);
        Word { text, span: start..start + text.len() }
    }

    /// The empty span at the end of the line, where something missing was expected.
    pub(crate) fn end(&self) -> Range<usize> {
        let len = self.line.trim_end_matches(is_space).len();
        len..len
    }
}

impl<'a> Iterator for Words<'a> {
    type Item = Word<'a>;

    fn next(&mut self) -> Option<Word<'a>> {
        let tail = &self.line[self.at..];
        let start = self.at + (tail.len() - tail.trim_start_matches(is_space).len());
        if start == self.line.len() {
            self.at = start;
            return None;
        }
        let len = self.line[start..].find(is_space).unwrap_or(self.line.len() - start);
        self.at = start + len;
        Some(Word { text: &self.line[start..start + len], span: start..start + len })
    }
}

/// The white space between words: ASCII white space, as the protocols' hosts write it.
fn is_space(c: char) -> bool {
    c.is_ascii_whitespace()
}

/// A non-negative decimal number of at most 20 digits that fits in a `u64` (no sign, no
/// other character), as the protocols write their numbers.
pub(crate) fn number(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 20 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Whether `span` lies inside `line` on character boundaries (the property tests' check
/// of every error).
#[cfg(test)]
pub(crate) fn inside(line: &str, span: &Range<usize>) -> bool {
    span.start <= span.end
        && span.end <= line.len()
        && line.is_char_boundary(span.start)
        && line.is_char_boundary(span.end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_carry_their_spans_and_the_rest_of_the_line() {
        let mut words = Words::new("  move \t3_/3_/3_ x  \r");
        assert_eq!(words.next(), Some(Word { text: "move", span: 2..6 }));
        assert_eq!(words.rest(), Word { text: "3_/3_/3_ x", span: 8..18 });
        assert_eq!(words.next(), Some(Word { text: "3_/3_/3_", span: 8..16 }));
        assert_eq!(words.next(), Some(Word { text: "x", span: 17..18 }));
        assert_eq!(words.next(), None);
        assert_eq!(words.rest(), Word { text: "", span: 21..21 });
        assert_eq!(words.end(), 18..18);
        assert_eq!(Words::new("").next(), None);
    }

    #[test]
    fn numbers_are_plain_decimal_within_u64() {
        assert_eq!(number("0"), Some(0));
        assert_eq!(number("18446744073709551615"), Some(u64::MAX));
        assert_eq!(number("18446744073709551616"), None);
        assert_eq!(number("+1"), None);
        assert_eq!(number(""), None);
        assert_eq!(number("1.5"), None);
    }

    #[test]
    fn every_control_character_is_escaped() {
        assert_eq!(Escaped("\u{7f}a\r\n").to_string(), "\\u{7f}a\\r\\n");
        assert_eq!(Escaped("").to_string(), "");
    }
}
