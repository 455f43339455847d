//! [`UnknownName`]: the one error of every lookup by name in gridnote (formats, rules,
//! bit codes, radixes, picture themes).

use core::fmt;
use core::ops::Range;

use crate::report::Spanned;

/// A name that is not one of those a lookup accepts.
///
/// Every lookup by name in gridnote fails with this error: a format (`--to fen`), m,n,k
/// rules (`--rules chess`, and a rules modifier such as `+wrap`), a bit code, a radix, a
/// picture theme. It says what was being named, the name as given, and every name that
/// would have been accepted:
///
/// - [`what`](UnknownName::what): the kind of name, in words, as messages say it
///   (`format`, `rules`, `rules modifier`, `code`, `radix`, `theme`);
/// - [`name`](UnknownName::name): the offending text, as given;
/// - [`expected`](UnknownName::expected): every accepted name in the order messages list
///   them (a pattern such as `+k=N (N > 0)` where a name takes a value). Where a registry
///   lists the names, they come from it (the formats: `Format::NAMES` of gridnote-convert);
/// - [`span`](UnknownName::span): the bytes of the name in the text that was read (all of
///   it for a plain lookup; one `+modifier` of a rules name).
///
/// The message is ``unknown {what} `{name}`: expected {list}``, where the list is `a` for
/// one name, `a or b` for two and `one of a, b, c` for more.
///
/// ```
/// use gridnote_board::report::Spanned;
/// use gridnote_board::{Rules, RulesNameError, UnknownName};
///
/// let err = UnknownName::new("radix", "hex", &["dec", "bin"]);
/// assert_eq!(err.to_string(), "unknown radix `hex`: expected dec or bin");
/// assert_eq!(err.span(), 0..3);
///
/// let Err(RulesNameError::Unknown(err)) = "tic-tac-toe+wrap".parse::<Rules>() else {
///     panic!("an unknown modifier")
/// };
/// assert_eq!((err.what, err.name.as_str(), err.span()), ("rules modifier", "+wrap", 11..16));
/// assert_eq!(err.render("tic-tac-toe+wrap"), "\
/// error: unknown rules modifier `+wrap`: expected one of +misere, +diagonals, +no-diagonals, +k=N (N > 0), +exact
///   | tic-tac-toe+wrap
///   |            ^^^^^
/// ");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[error("unknown {what} `{name}`: expected {}", Expected(.expected))]
#[non_exhaustive]
pub struct UnknownName {
    /// What was being named, in words (`format`, `rules`, `code`, `radix`, …).
    pub what: &'static str,
    /// The name as given.
    pub name: String,
    /// Every name the lookup accepts, in the order messages list them.
    pub expected: &'static [&'static str],
    /// The byte range of the name in the text that was read.
    pub span: Range<usize>,
}

impl UnknownName {
    /// `name`, the whole text read, is not a `what`; `expected` lists the accepted names.
    ///
    /// ```
    /// use gridnote_board::UnknownName;
    /// let err = UnknownName::new("format", "fen", &["t3en", "tsn", "ten"]);
    /// assert_eq!(err.to_string(), "unknown format `fen`: expected one of t3en, tsn, ten");
    /// assert_eq!(err.span, 0..3);
    /// ```
    #[must_use]
    pub fn new(what: &'static str, name: &str, expected: &'static [&'static str]) -> UnknownName {
        UnknownName { what, name: name.to_owned(), expected, span: 0..name.len() }
    }

    /// The same error for a name found `offset` bytes into a longer text (its span moved
    /// by `offset`).
    ///
    /// ```
    /// use gridnote_board::UnknownName;
    /// let err = UnknownName::new("radix", "hex", &["dec", "bin"]).offset(8);
    /// assert_eq!(err.span, 8..11);
    /// ```
    #[must_use]
    pub fn offset(mut self, offset: usize) -> UnknownName {
        self.span = self.span.start + offset..self.span.end + offset;
        self
    }
}

impl Spanned for UnknownName {
    fn span(&self) -> Range<usize> {
        self.span.clone()
    }
}

/// `a`, `a or b`, `one of a, b, c`.
struct Expected(&'static [&'static str]);

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => f.write_str("nothing"),
            [one] => f.write_str(one),
            [a, b] => write!(f, "{a} or {b}"),
            names => {
                f.write_str("one of ")?;
                for (i, name) in names.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(name)?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UnknownName;

    #[test]
    fn lists_read_as_words() {
        let message = |expected| UnknownName::new("x", "y", expected).to_string();
        assert_eq!(message(&[]), "unknown x `y`: expected nothing");
        assert_eq!(message(&["a"]), "unknown x `y`: expected a");
        assert_eq!(message(&["a", "b"]), "unknown x `y`: expected a or b");
        assert_eq!(message(&["a", "b", "c"]), "unknown x `y`: expected one of a, b, c");
    }

    #[test]
    fn offset_moves_the_span() {
        let err = UnknownName::new("x", "", &["a"]).offset(4);
        assert_eq!(err.span, 4..4);
        assert_eq!(err.offset(1).span, 5..5);
    }
}
