//! [`ParseError`]: why a text is not a server game record, with the span of the
//! offending bytes.

use core::fmt;
use core::ops::Range;

use gridnote_board::report::Spanned;

/// Why a text is not a [`ServerGame`](crate::ServerGame). Every variant carries the byte
/// span of the offending text in the whole record (an empty span where something is
/// missing) and names the field (`time_control.main_time_seconds`, `moves` with the
/// move's number, `messages[2].timestamp`) and what was expected.
///
/// ```
/// use gridnote_board::report::Spanned;
/// use gridnote_game_json::{ParseError, ServerGame};
/// let err = r#"{"id":-1}"#.parse::<ServerGame>().unwrap_err();
/// assert_eq!(err.to_string(), "`id`: expected a whole number from 0 to 2^128-1, found `-1`");
/// assert_eq!(err.span(), 6..8);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The record is longer than [`MAX_BYTES`](crate::MAX_BYTES): nothing was read.
    #[error("the record is {len} bytes long; at most {max} are read")]
    TooLong {
        /// The text's length.
        len: usize,
        /// The largest length read.
        max: usize,
    },
    /// Something other than what the grammar allows at this place.
    #[error("{field}: expected {expected}, found {found}")]
    Expected {
        /// The field, as `id`, `moves (move 3)` or `messages[0].content`; `the record`
        /// for the JSON around the fields.
        field: String,
        /// What was expected, in words.
        expected: &'static str,
        /// What was found, quoted (shortened), or `the end of the text`.
        found: String,
        /// The offending bytes.
        span: Range<usize>,
    },
    /// A field the record must have is not there.
    #[error("{field}: missing (the server always writes it)")]
    Missing {
        /// The field.
        field: String,
        /// Where the object holding it ends.
        span: Range<usize>,
    },
    /// A field written twice in one object.
    #[error("{field}: written twice")]
    Duplicate {
        /// The field.
        field: String,
        /// The second key.
        span: Range<usize>,
    },
    /// `dim` is not the size of `start`.
    #[error("`dim`: {dim} is not the size of `start`, a {size}x{size} position")]
    DimMismatch {
        /// `dim` as read.
        dim: usize,
        /// The size of `start`.
        size: usize,
        /// `dim`'s number.
        span: Range<usize>,
    },
}

impl ParseError {
    /// The byte span of the offending text (empty where something is missing; `0..len`
    /// for [`ParseError::TooLong`]).
    ///
    /// ```
    /// let err = "{}".parse::<gridnote_game_json::ServerGame>().unwrap_err();
    /// assert_eq!(err.span(), 1..1);
    /// assert_eq!(err.to_string(), "`id`: missing (the server always writes it)");
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        match self {
            ParseError::TooLong { len, .. } => 0..*len,
            ParseError::Expected { span, .. }
            | ParseError::Missing { span, .. }
            | ParseError::Duplicate { span, .. }
            | ParseError::DimMismatch { span, .. } => span.clone(),
        }
    }
}

impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        ParseError::span(self)
    }
}

/// A field of the record, named in error messages.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Field {
    /// The JSON around the fields.
    Record,
    /// A top-level field.
    Top(&'static str),
    /// A field of an object field: `time_control.main_time_seconds`.
    Sub(&'static str, &'static str),
    /// An item of an array field (`messages[2]`), or a field of one.
    Item(&'static str, usize, Option<&'static str>),
    /// A move of `moves` (from 1).
    Move(usize),
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Field::Record => f.write_str("the record"),
            Field::Top(name) => write!(f, "`{name}`"),
            Field::Sub(outer, inner) => write!(f, "`{outer}.{inner}`"),
            Field::Item(outer, index, None) => write!(f, "`{outer}[{index}]`"),
            Field::Item(outer, index, Some(inner)) => write!(f, "`{outer}[{index}].{inner}`"),
            Field::Move(number) => write!(f, "`moves` (move {number})"),
        }
    }
}

/// `found` text for the bytes at `span` of `text`: quoted and shortened, or the end.
pub(crate) fn found(text: &str, span: &Range<usize>) -> String {
    if span.start >= text.len() {
        return "the end of the text".to_owned();
    }
    let mut start = span.start;
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = span.end.max(start + 1).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    let shown = &text[start..end];
    let mut short: String = shown.chars().take(24).collect();
    if short.len() < shown.len() {
        short.push('…');
    }
    format!("`{short}`")
}

/// The error for `expected` at `span`, naming `field`.
pub(crate) fn expected(
    text: &str,
    field: Field,
    expected: &'static str,
    span: Range<usize>,
) -> ParseError {
    ParseError::Expected { field: field.to_string(), expected, found: found(text, &span), span }
}
