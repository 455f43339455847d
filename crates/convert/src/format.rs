//! The formats, their names, and detecting a format from text.

use core::fmt;
use core::str::FromStr;

/// A text format gridnote reads and writes.
///
/// ```
/// use gridnote_convert::Format;
/// assert_eq!("t3en".parse::<Format>(), Ok(Format::T3en));
/// assert_eq!(Format::Tuple.to_string(), "tuple");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Format {
    /// T3EN, Tic-Tac-Toe Extensible Notation: `2_o/_x_/3_ x`.
    T3en,
    /// TSN, Tafl Standard Notation (six fields).
    Tsn,
    /// TEN, Tafl Extensible Notation (TSN plus an extension field).
    Ten,
    /// The parenthesized position of Tomorrow's Tic-Tac-Toe: `(x ____ ____ ____)`.
    Tuple,
    /// The 9-digit tic-tac-toe string: `120120000`.
    Digits,
    /// The 13-bit code of a 3×3 board (and the other codes by option), as a number.
    Bits,
}

impl Format {
    /// Every format, in the order detection tries them.
    pub const ALL: [Format; 6] =
        [Format::Tuple, Format::Ten, Format::Tsn, Format::T3en, Format::Digits, Format::Bits];

    /// The format's name on the command line.
    ///
    /// ```
    /// use gridnote_convert::Format;
    /// assert_eq!(Format::Digits.name(), "digits");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::T3en => "t3en",
            Format::Tsn => "tsn",
            Format::Ten => "ten",
            Format::Tuple => "tuple",
            Format::Digits => "digits",
            Format::Bits => "bits",
        }
    }

    /// One example position in this format (each reads and converts).
    ///
    /// ```
    /// use gridnote_convert::Format;
    /// assert_eq!(Format::T3en.example(), "2_o/_x_/3_ x");
    /// ```
    #[must_use]
    pub const fn example(self) -> &'static str {
        match self {
            Format::T3en => "2_o/_x_/3_ x",
            Format::Tsn => "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0",
            Format::Ten => {
                "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0 example:1:escape=corners"
            }
            Format::Tuple => "(x ____ ____ ____)",
            Format::Digits => "120120000",
            Format::Bits => "523",
        }
    }

    /// A one-line description.
    ///
    /// ```
    /// use gridnote_convert::Format;
    /// assert!(Format::Bits.description().contains("13-bit"));
    /// ```
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Format::T3en => {
                "Tic-Tac-Toe Extensible Notation: square grid, run lengths, . for void, side to move"
            }
            Format::Tsn => {
                "Tafl Standard Notation: size, defenders, rows bottom to top, side, ply, plies since capture"
            }
            Format::Ten => {
                "Tafl Extensible Notation: TSN plus an extension field (- or id:version:data)"
            }
            Format::Tuple => "Tomorrow's Tic-Tac-Toe position: (side row row ...), any rectangle",
            Format::Digits => "9 digits 0/1/2, rows top to bottom, no side to move",
            Format::Bits => "the 13-bit combinatorial code of a 3x3 board (decimal, 0b or 0x)",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not one of gridnote's.
///
/// ```
/// use gridnote_convert::Format;
/// let err = "fen".parse::<Format>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown format `fen`: expected one of t3en, tsn, ten, tuple, digits, bits");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format `{0}`: expected one of t3en, tsn, ten, tuple, digits, bits")]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        Ok(match s {
            "t3en" => Format::T3en,
            "tsn" => Format::Tsn,
            "ten" => Format::Ten,
            "tuple" => Format::Tuple,
            "digits" => Format::Digits,
            "bits" => Format::Bits,
            _ => return Err(UnknownFormat(s.to_owned())),
        })
    }
}

/// Guesses the format of `text` by its shape; the first rule that matches wins:
///
/// 1. starts with `(` → tuple;
/// 2. seven space-separated fields, the first starting with a digit → TEN;
/// 3. six such fields → TSN;
/// 4. two fields → T3EN;
/// 5. nine characters, each `0`, `1` or `2` → digits;
/// 6. a number (decimal digits, `0b…` or `0x…`) → bits.
///
/// Detection only picks a reader; the reader then checks everything.
///
/// # Errors
/// [`UndetectedFormat`] when no rule matches; its message lists what was tried.
///
/// ```
/// use gridnote_convert::{detect, Format};
/// assert_eq!(detect("2_o/_x_/3_ x"), Ok(Format::T3en));
/// assert_eq!(detect("(x ____ ____ ____)"), Ok(Format::Tuple));
/// assert_eq!(detect("11 12 3aaaaa3/5a5/B/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/B/5a5/3aaaaa3 a 1 0"), Ok(Format::Tsn));
/// assert_eq!(detect("120120000"), Ok(Format::Digits));
/// assert_eq!(detect("0x20b"), Ok(Format::Bits));
/// assert!(detect("hello").is_err());
/// ```
pub fn detect(text: &str) -> Result<Format, UndetectedFormat> {
    if text.starts_with('(') {
        return Ok(Format::Tuple);
    }
    let fields = text.split_ascii_whitespace().count();
    let digit_first = text.as_bytes().first().is_some_and(u8::is_ascii_digit);
    if digit_first && fields == 7 {
        return Ok(Format::Ten);
    }
    if digit_first && fields == 6 {
        return Ok(Format::Tsn);
    }
    if fields == 2 {
        return Ok(Format::T3en);
    }
    if text.len() == 9 && text.bytes().all(|b| matches!(b, b'0'..=b'2')) {
        return Ok(Format::Digits);
    }
    let number = text
        .strip_prefix("0b")
        .map(|rest| !rest.is_empty() && rest.bytes().all(|b| matches!(b, b'0' | b'1')))
        .or_else(|| {
            text.strip_prefix("0x")
                .map(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_hexdigit()))
        })
        .unwrap_or_else(|| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()));
    if number {
        return Ok(Format::Bits);
    }
    Err(UndetectedFormat { len: text.len() })
}

const EMPTY: &str = "empty input: there is no position to read";
const TRIED: &str = "cannot tell the format (give one with --from): tried tuple (starts with `(`), ten (7 fields starting with a digit), tsn (6 fields), t3en (2 fields), digits (9 characters 0/1/2), bits (a decimal, 0b or 0x number)";

/// No detection rule matched.
///
/// ```
/// use gridnote_convert::detect;
/// assert!(detect("hello").unwrap_err().to_string().starts_with("cannot tell the format"));
/// assert_eq!(detect("").unwrap_err().to_string(), "empty input: there is no position to read");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", if self.len == 0 { EMPTY } else { TRIED })]
pub struct UndetectedFormat {
    /// Length of the input, for the span (the whole input).
    pub len: usize,
}
