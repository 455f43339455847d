//! The text of a code: decimal, `0b…` binary or `0x…` hex on input; decimal or binary
//! padded to the code's bit width on output.
//!
//! ```abnf
//! code    = decimal / binary / hex
//! decimal = "0" / (%x31-39 *DIGIT)       ; the project's number rule: fits u32
//! binary  = "0b" 1*("0" / "1")           ; leading zeros allowed, fits u32
//! hex     = "0x" 1*HEXDIG                ; either case of digits, leading zeros allowed
//! ```

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use gridnote_board::report::Spanned;
use gridnote_board::{Board, UnknownName};
use gridnote_text::number::{NumberError, parse_decimal};

use crate::{CodeKind, ModelError, decode, encode};

/// A code's text that is not a number.
///
/// ```
/// use gridnote_bits::{parse_code, ParseError};
/// let err = parse_code("0b102").unwrap_err();
/// assert_eq!(err, ParseError::NotDigit { span: 4..5, radix: 2 });
/// assert_eq!(err.to_string(), "expected a binary digit (0 or 1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// No text at all.
    #[error("expected a code: a decimal number, 0b and binary digits, or 0x and hex digits")]
    Empty,
    /// A `+` or `-` sign.
    #[error("codes are unsigned: no sign allowed")]
    Sign {
        /// The sign.
        span: Range<usize>,
    },
    /// A decimal number of two or more digits starting with `0`.
    #[error("a decimal code has no leading zero")]
    LeadingZero {
        /// The first `0`.
        span: Range<usize>,
    },
    /// `0` and a letter other than `b` or `x`.
    #[error("unknown prefix: expected 0b (binary), 0x (hex) or a decimal number")]
    UnknownPrefix {
        /// The two characters of the prefix.
        span: Range<usize>,
    },
    /// `0B` or `0X`.
    #[error("the prefix is lowercase: write {expected}")]
    UppercasePrefix {
        /// The prefix.
        span: Range<usize>,
        /// `0b` or `0x`.
        expected: &'static str,
    },
    /// A prefix and no digits after it.
    #[error("expected {} after the prefix", Digits(*.radix, true))]
    NoDigits {
        /// Empty, at the end of the text.
        span: Range<usize>,
        /// 2 or 16.
        radix: u32,
    },
    /// A character that is not a digit of the number's radix.
    #[error("expected {}", Digits(*.radix, false))]
    NotDigit {
        /// The character.
        span: Range<usize>,
        /// 10, 2 or 16.
        radix: u32,
    },
    /// A number larger than `u32::MAX`.
    #[error("code is too large (the limit is 4294967295)")]
    TooLarge {
        /// The whole number.
        span: Range<usize>,
    },
}

/// "a binary digit (0 or 1)" or "binary digits".
struct Digits(u32, bool);

impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, allowed) = match self.0 {
            2 => ("binary", "0 or 1"),
            16 => ("hex", "0-9, a-f or A-F"),
            _ => ("decimal", "0-9"),
        };
        if self.1 {
            write!(f, "{name} digits ({allowed})")
        } else {
            write!(f, "a {name} digit ({allowed})")
        }
    }
}

/// The byte range of the offending text (empty at the end when something is missing).
///
/// ```
/// use gridnote_bits::{parse_code, Spanned};
/// assert_eq!(parse_code("0x").unwrap_err().span(), 2..2);
/// assert_eq!(parse_code("").unwrap_err().span(), 0..0);
/// ```
impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Empty => 0..0,
            ParseError::Sign { span }
            | ParseError::LeadingZero { span }
            | ParseError::UnknownPrefix { span }
            | ParseError::UppercasePrefix { span, .. }
            | ParseError::NoDigits { span, .. }
            | ParseError::NotDigit { span, .. }
            | ParseError::TooLarge { span } => span.clone(),
        }
    }
}

/// The span of the character starting at byte `at` of `text`.
fn char_span(text: &str, at: usize) -> Range<usize> {
    at..at + text[at..].chars().next().map_or(0, char::len_utf8)
}

/// Reads a code: decimal under the project's number rule (no sign, no leading zero, fits
/// `u32`), `0b` and binary digits, or `0x` and hex digits (either case). Binary and hex
/// may have leading zeros (the binary output is padded). Nothing else is allowed, not
/// even surrounding spaces. Whether the number is in a code's range is
/// [`decode`]'s business.
///
/// # Errors
/// A [`ParseError`] with the span of the offending text.
///
/// ```
/// use gridnote_bits::parse_code;
/// assert_eq!(parse_code("523"), Ok(523));
/// assert_eq!(parse_code("0b0001000001011"), Ok(523));
/// assert_eq!(parse_code("0x20B"), Ok(523));
/// assert_eq!(parse_code("0x20b"), Ok(523));
/// assert!(parse_code("0523").is_err());
/// assert!(parse_code("0X20B").is_err());
/// ```
pub fn parse_code(text: &str) -> Result<u32, ParseError> {
    let bytes = text.as_bytes();
    match bytes {
        [] => Err(ParseError::Empty),
        [b'0', b'b', ..] => prefixed(text, 2),
        [b'0', b'x', ..] => prefixed(text, 16),
        [b'0', b'B', ..] => Err(ParseError::UppercasePrefix { span: 0..2, expected: "0b" }),
        [b'0', b'X', ..] => Err(ParseError::UppercasePrefix { span: 0..2, expected: "0x" }),
        [b'0', letter, ..] if letter.is_ascii_alphabetic() => {
            Err(ParseError::UnknownPrefix { span: 0..2 })
        }
        _ => decimal(text),
    }
}

/// decimal = "0" / (%x31-39 *DIGIT), by the shared number rule.
fn decimal(text: &str) -> Result<u32, ParseError> {
    parse_decimal(text).map_err(|err| match err {
        NumberError::Sign => ParseError::Sign { span: 0..1 },
        NumberError::NotDigit { offset } => {
            ParseError::NotDigit { span: char_span(text, offset), radix: 10 }
        }
        NumberError::LeadingZero => ParseError::LeadingZero { span: 0..1 },
        NumberError::TooLarge => ParseError::TooLarge { span: 0..text.len() },
        // Empty text is caught before; any other (future) number error spans the text.
        _ => ParseError::NotDigit { span: 0..text.len(), radix: 10 },
    })
}

/// binary = "0b" 1*("0" / "1"); hex = "0x" 1*HEXDIG: the digits after a two-byte prefix.
fn prefixed(text: &str, radix: u32) -> Result<u32, ParseError> {
    let digits = &text[2..];
    if digits.is_empty() {
        return Err(ParseError::NoDigits { span: text.len()..text.len(), radix });
    }
    let mut value: u32 = 0;
    let mut too_large = false;
    for (i, c) in digits.char_indices() {
        let Some(digit) = c.to_digit(radix) else {
            return Err(ParseError::NotDigit { span: char_span(text, 2 + i), radix });
        };
        match value.checked_mul(radix).and_then(|v| v.checked_add(digit)) {
            Some(v) => value = v,
            None => too_large = true,
        }
    }
    // A bad digit anywhere is reported before the size.
    if too_large { Err(ParseError::TooLarge { span: 0..text.len() }) } else { Ok(value) }
}

/// How a code is written.
///
/// ```
/// use gridnote_bits::Radix;
/// assert_eq!("bin".parse::<Radix>(), Ok(Radix::Binary));
/// assert_eq!(Radix::Decimal.to_string(), "dec");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Radix {
    /// Decimal, under the project's number rule: `523`.
    #[default]
    Decimal,
    /// `0b` and the binary digits, padded with zeros to the code's bit width:
    /// `0b0001000001011`.
    Binary,
}

impl Radix {
    /// The names [`Radix::name`] gives, decimal first.
    ///
    /// ```
    /// assert_eq!(gridnote_bits::Radix::NAMES, ["dec", "bin"]);
    /// ```
    pub const NAMES: &'static [&'static str] = &["dec", "bin"];

    /// The name used on command lines: `dec` or `bin`.
    ///
    /// ```
    /// assert_eq!(gridnote_bits::Radix::Binary.name(), "bin");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Radix::Decimal => "dec",
            Radix::Binary => "bin",
        }
    }

    /// Appends `code` written in this radix; binary is padded to `width` bits (longer if
    /// the number needs more, at least one digit).
    ///
    /// ```
    /// use gridnote_bits::Radix;
    /// let mut out = String::new();
    /// Radix::Binary.write(5, 4, &mut out);
    /// out.push(' ');
    /// Radix::Decimal.write(5, 4, &mut out);
    /// assert_eq!(out, "0b0101 5");
    /// ```
    pub fn write<S: gridnote_text::sink::Sink + ?Sized>(self, code: u32, width: u32, out: &mut S) {
        match self {
            Radix::Decimal => gridnote_text::number::push_decimal(out, code),
            Radix::Binary => {
                let width = width.max(u32::BITS - code.leading_zeros()).clamp(1, u32::BITS);
                out.reserve(2 + width as usize);
                out.push_str("0b");
                for i in (0..width).rev() {
                    out.push(if code >> i & 1 == 1 { '1' } else { '0' });
                }
            }
        }
    }
}

impl fmt::Display for Radix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads `dec` or `bin`.
///
/// # Errors
/// [`UnknownName`] (`what` = `radix`, `expected` = [`Radix::NAMES`]) for any other text.
///
/// ```
/// let err = "hex".parse::<gridnote_bits::Radix>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown radix `hex`: expected dec or bin");
/// ```
impl FromStr for Radix {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Radix, UnknownName> {
        match s {
            "dec" => Ok(Radix::Decimal),
            "bin" => Ok(Radix::Binary),
            _ => Err(UnknownName::new("radix", s, Radix::NAMES)),
        }
    }
}

/// Appends the text of a 3×3 `code` of `kind` in `radix`: decimal, or binary padded to
/// [`CodeKind::bits`]. The output reads back with [`parse_code`].
///
/// ```
/// use gridnote_bits::{parse_code, write_code, CodeKind, Radix};
/// let mut out = String::new();
/// write_code(CodeKind::Ranked, 523, Radix::Binary, &mut out);
/// assert_eq!(out, "0b0001000001011");
/// assert_eq!(parse_code(&out), Ok(523));
/// out.clear();
/// write_code(CodeKind::Symmetric, 5, Radix::Binary, &mut out);
/// assert_eq!(out, "0b0000000101");
/// ```
pub fn write_code<S: gridnote_text::sink::Sink + ?Sized>(
    kind: CodeKind,
    code: u32,
    radix: Radix,
    out: &mut S,
) {
    radix.write(code, kind.bits(), out);
}

/// A code's text that could not be read, or whose number names no board.
///
/// ```
/// use gridnote_bits::{read_board, CodeKind};
/// use gridnote_bits::board::report::{render, Spanned};
/// let err = read_board(CodeKind::Ranked, "6046").unwrap_err();
/// assert_eq!(err.span(), 0..4);
/// assert_eq!(
///     render("6046", err.span(), &err.to_string()),
///     "error: code 6046 is out of range: the ranked code runs from 0 to 6045\n  | 6046\n  | ^^^^\n"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The text is not a number.
    #[error(transparent)]
    Syntax(#[from] ParseError),
    /// The number is not a code of the kind asked for.
    #[error("{error}")]
    Code {
        /// Why.
        error: ModelError,
        /// The whole text.
        span: Range<usize>,
    },
}

/// The byte range of the offending text.
///
/// ```
/// use gridnote_bits::{read_board, CodeKind, Spanned};
/// assert_eq!(read_board(CodeKind::Ranked, "12a").unwrap_err().span(), 2..3);
/// ```
impl Spanned for ReadError {
    fn span(&self) -> Range<usize> {
        match self {
            ReadError::Syntax(err) => err.span(),
            ReadError::Code { span, .. } => span.clone(),
        }
    }
}

/// Reads the text of a 3×3 code of `kind` into its board: [`parse_code`] then
/// [`decode`].
///
/// # Errors
/// [`ReadError::Syntax`] for text that is not a number, [`ReadError::Code`] for a number
/// that is not a code (spanning the whole text).
///
/// ```
/// use gridnote_bits::{read_board, CodeKind};
/// let board = read_board(CodeKind::Ranked, "0x20b")?;
/// assert_eq!(board.draw(), "3 x _ o\n2 _ _ o\n1 _ x _\n  a b c\n");
/// # Ok::<(), gridnote_bits::ReadError>(())
/// ```
pub fn read_board(kind: CodeKind, text: &str) -> Result<Board, ReadError> {
    let code = parse_code(text)?;
    decode(kind, code).map_err(|error| ReadError::Code { error, span: 0..text.len() })
}

/// Appends the text of a 3×3 board's code of `kind` in `radix`; nothing is appended on
/// error.
///
/// # Errors
/// As [`encode`].
///
/// ```
/// use gridnote_bits::{decode, write_board, CodeKind, Radix};
/// let board = decode(CodeKind::Ranked, 523)?;
/// let mut out = String::new();
/// write_board(CodeKind::Naive, &board, Radix::Decimal, &mut out)?;
/// assert_eq!(out, "1894");
/// # Ok::<(), gridnote_bits::ModelError>(())
/// ```
pub fn write_board(
    kind: CodeKind,
    board: &Board,
    radix: Radix,
    out: &mut String,
) -> Result<(), ModelError> {
    let code = encode(kind, board)?;
    write_code(kind, code, radix, out);
    Ok(())
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::Radix;

    impl serde::Serialize for Radix {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    struct Visitor;

    impl serde::de::Visitor<'_> for Visitor {
        type Value = Radix;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("dec or bin")
        }

        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Radix, E> {
            v.parse().map_err(E::custom)
        }
    }

    impl<'de> serde::Deserialize<'de> for Radix {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Radix, D::Error> {
            d.deserialize_str(Visitor)
        }
    }
}
