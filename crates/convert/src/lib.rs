#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod format;
mod read;
mod write;

use gridnote_board::notes;

pub use error::{ConvertError, ModelError, SyntaxError};
pub use format::{Format, UndetectedFormat, detect};
pub use gridnote_bits::{CodeKind, Radix};
/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its functions take and return.
pub use gridnote_board as board;
pub use gridnote_board::UnknownName;
pub use gridnote_board::notes::{Field, Note, NoteKind, NoteValue};
pub use gridnote_board::report::Spanned;
pub use gridnote_board::setup::{Setup, TaflFields};
pub use gridnote_tafl::Extension;
pub use read::read;
pub use write::{write, write_into};

/// A position as read from any format: the format, the [`Setup`] it carried, and the
/// input's length. It dereferences to the [`Setup`], so `source.board` and
/// `source.to_move` read the setup's fields.
///
/// ```
/// use gridnote_convert::{read, Format, Options};
/// use gridnote_board::Player;
/// let source = read("120120000", Some(Format::Digits), &Options::default())?;
/// assert_eq!(source.format, Format::Digits);
/// assert_eq!(source.to_move, None); // digit strings carry no side to move
/// assert_eq!(source.side_from_counts(), Some(Player::One));
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Source {
    /// The format it was read from.
    pub format: Format,
    /// What the text carried.
    pub setup: Setup,
    /// Length of the input in bytes (errors about the whole input span it).
    pub input_len: usize,
}

impl core::ops::Deref for Source {
    type Target = Setup;

    fn deref(&self) -> &Setup {
        &self.setup
    }
}

/// Conversion settings. Start from `Options::default()` and set what you need.
///
/// ```
/// use gridnote_convert::{CodeKind, Options};
/// let mut options = Options::default();
/// options.lossless = true;
/// options.code = CodeKind::Dense;
/// assert!(!options.strict);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Options {
    /// Fail instead of dropping anything.
    pub lossless: bool,
    /// Read T3EN strictly: reject non-canonical run lengths.
    pub strict: bool,
    /// TSN/TEN defenders at start, when the source has none (else derived).
    pub defenders: Option<u32>,
    /// TSN/TEN ply, when the source has none (else derived).
    pub ply: Option<u32>,
    /// TSN/TEN plies since capture, when the source has none (else derived).
    pub since_capture: Option<u32>,
    /// Which code `bits` means, on input and output (the seed's 13-bit code by default).
    pub code: CodeKind,
    /// How `bits` output is written (decimal by default).
    pub radix: Radix,
}

/// The result of a conversion: the output text and the notes.
///
/// ```
/// use gridnote_convert::{convert, Format, Options};
/// let out = convert("(x ____ ____ ____)", None, Format::T3en, &Options::default())?;
/// assert_eq!(out.output, "4_/4_/4_/4. x");
/// assert_eq!(out.notes.len(), 1); // the shape was padded
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Converted {
    /// The position in the target format (canonical form).
    pub output: String,
    /// What was dropped or derived, in field order.
    pub notes: Vec<Note>,
}

/// Reads `text` as `from` (detected when `None`) and writes it as `to`.
///
/// # Errors
/// [`ConvertError`]: the format could not be detected, the text is not well-formed, the
/// target cannot express the position, no side to move can be derived when the target
/// needs one, or (with `lossless`) something would be dropped.
///
/// ```
/// use gridnote_convert::{convert, Format, Options};
/// let out = convert("2_o/_x_/3_ x", None, Format::Digits, &Options::default())?;
/// assert_eq!(out.output, "002010000");
/// assert!(out.notes.is_empty()); // the counts give x to move: nothing lost
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
pub fn convert(
    text: &str,
    from: Option<Format>,
    to: Format,
    options: &Options,
) -> Result<Converted, ConvertError> {
    let mut output = String::new();
    let notes = convert_into(text, from, to, options, &mut output)?;
    Ok(Converted { output, notes })
}

/// [`convert`] appending the output to `out` (nothing on error) and returning the notes:
/// for converting many positions through one reused buffer.
///
/// # Errors
/// As [`convert`].
///
/// ```
/// use gridnote_convert::{convert_into, Format, Options};
/// let mut out = String::new();
/// let notes = convert_into("2_o/_x_/3_ x", None, Format::Digits, &Options::default(), &mut out)?;
/// assert_eq!(out, "002010000");
/// assert!(notes.is_empty());
/// assert!(convert_into("zz", None, Format::Digits, &Options::default(), &mut out).is_err());
/// assert_eq!(out, "002010000");
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
pub fn convert_into(
    text: &str,
    from: Option<Format>,
    to: Format,
    options: &Options,
    out: &mut String,
) -> Result<Vec<Note>, ConvertError> {
    write_into(read(text, from, options)?, to, options, out)
}
