//! Why a conversion failed.

use core::fmt;
use core::ops::Range;

use gridnote_board::report::Spanned;

use crate::format::{Format, UndetectedFormat};
pub use crate::format::{ModelError, SyntaxError};
use gridnote_board::notes::Note;

/// Why a conversion failed. Every variant has a byte span into the input: the offending
/// text for syntax errors, the whole input otherwise. The format crates' own errors are
/// kept typed ([`SyntaxError`], [`ModelError`]) and reachable through
/// [`source`](std::error::Error::source).
///
/// ```
/// use gridnote_convert::{convert, ConvertError, Format, Options, Spanned};
/// let err = convert("4_/4_/4_/4_ x", None, Format::Digits, &Options::default()).unwrap_err();
/// assert_eq!(err.to_string(), "cannot write digits: a 4x4 board cannot be a digit string, which holds a 3x3 board");
/// assert_eq!(err.span(), 0..13);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConvertError {
    /// No format was given and none could be detected.
    #[error(transparent)]
    Detect(#[from] UndetectedFormat),
    /// The input is not well-formed in its format.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The input is well-formed but names no position (a code out of range, a naive
    /// code that names no board).
    #[error("{from} input names no position: {source}")]
    Invalid {
        /// The source format.
        from: Format,
        /// Why, as the format crate says it.
        source: ModelError,
        /// The whole input.
        span: Range<usize>,
    },
    /// The target format cannot express this position at all (a king into T3EN, a void
    /// cell into TSN, a 4×4 board into digits, counts outside a bit code's domain...).
    #[error("cannot write {to}: {source}")]
    Unrepresentable {
        /// The target format.
        to: Format,
        /// What cannot be expressed, naming the cell or field, as the format crate says it.
        source: ModelError,
        /// The whole input.
        span: Range<usize>,
    },
    /// The target needs a side to move, the source has none, and the counts fit neither.
    #[error(
        "cannot write {to}: it needs a side to move and none follows from the counts (x/1: {one}, o/2: {two}; expected equal counts or one more for x)"
    )]
    NoSideToMove {
        /// The target format.
        to: Format,
        /// Player One's pieces.
        one: usize,
        /// Player Two's pieces.
        two: usize,
        /// The whole input.
        span: Range<usize>,
    },
    /// A lossless conversion would drop information.
    #[error("lossless conversion to {to} would drop: {}", Dropped(.dropped))]
    Lossy {
        /// The target format.
        to: Format,
        /// Every note of kind dropped.
        dropped: Vec<Note>,
        /// The whole input.
        span: Range<usize>,
    },
}

/// `field value, field value, …` of dropped notes.
struct Dropped<'a>(&'a [Note]);

impl fmt::Display for Dropped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, note) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} {}", note.field, note.value)?;
        }
        Ok(())
    }
}

/// The byte span of the input this error is about.
///
/// ```
/// use gridnote_convert::{convert, Format, Options, Spanned};
/// let err = convert("", None, Format::T3en, &Options::default()).unwrap_err();
/// assert_eq!(err.span(), 0..0);
/// ```
impl Spanned for ConvertError {
    fn span(&self) -> Range<usize> {
        match self {
            ConvertError::Detect(e) => e.span(),
            ConvertError::Syntax(e) => e.span(),
            ConvertError::Invalid { span, .. }
            | ConvertError::Unrepresentable { span, .. }
            | ConvertError::NoSideToMove { span, .. }
            | ConvertError::Lossy { span, .. } => span.clone(),
        }
    }
}
