//! [`convert`]: [`read`] then [`write_into`], for one text.

use gridnote_board::notes::Note;

use crate::error::ConvertError;
use crate::format::Format;
use crate::options::Options;
use crate::read::read;
use crate::write::{Converted, write_into};

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
