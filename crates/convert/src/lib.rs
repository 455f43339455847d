#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod format;
mod notes;
mod read;
mod write;

pub use error::{ConvertError, SyntaxError};
pub use format::{Format, UndetectedFormat, UnknownFormat, detect};
pub use gridnote_bits::{CodeKind, Radix};
pub use gridnote_tafl::Extension;
pub use notes::{Field, Note, NoteKind, NoteValue};
pub use read::read;
pub use write::{write, write_into};

use gridnote_board::{Board, Player};

/// The fields only TSN and TEN carry.
///
/// ```
/// use gridnote_convert::TaflFields;
/// let f = TaflFields { defenders: 8, ply: 1, since_capture: 0 };
/// assert_eq!(f.ply, 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TaflFields {
    /// Defenders at the start of the game.
    pub defenders: u32,
    /// The current ply.
    pub ply: u32,
    /// Plies since the last capture.
    pub since_capture: u32,
}

/// A position as read from any format: the intermediate of every conversion.
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
pub struct Source {
    /// The format it was read from.
    pub format: Format,
    /// The board (row 0 at the top, whatever the format's row order).
    pub board: Board,
    /// The side to move, when the format carries one.
    pub to_move: Option<Player>,
    /// TSN/TEN fields, when the format carries them.
    pub tafl: Option<TaflFields>,
    /// TEN's extension, when read from TEN.
    pub extension: Option<Extension>,
    /// Length of the input in bytes (errors about the whole input span it).
    pub input_len: usize,
}

impl Source {
    /// The side to move the counts imply (equal: Player One; One ahead by one: Player Two).
    ///
    /// ```
    /// use gridnote_convert::{read, Format, Options};
    /// let source = read("111111111", Some(Format::Digits), &Options::default())?;
    /// assert_eq!(source.side_from_counts(), None);
    /// # Ok::<(), gridnote_convert::ConvertError>(())
    /// ```
    #[must_use]
    pub fn side_from_counts(&self) -> Option<Player> {
        self.board.counts().side_to_move()
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
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
