//! Reading any format into a [`Source`].

use crate::error::ConvertError;
use crate::format::{Format, detect, read_as};
use crate::{Options, Source};

/// Reads `text` as `from` (detected by [`detect`] when `None`) into a [`Source`].
///
/// # Errors
/// [`ConvertError::Detect`] when no format is given or detected,
/// [`ConvertError::Syntax`] when the text is not well-formed,
/// [`ConvertError::Invalid`] when it is well-formed but names no position.
///
/// ```
/// use gridnote_convert::{read, Format, Options};
/// use gridnote_board::{Cell, Player};
/// let source = read("3_/_x_/3_ o", None, &Options::default())?;
/// assert_eq!(source.format, Format::T3en);
/// assert_eq!(source.board.get(1, 1), Some(Cell::ONE));
/// assert_eq!(source.to_move, Some(Player::Two));
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
pub fn read(text: &str, from: Option<Format>, options: &Options) -> Result<Source, ConvertError> {
    let format = match from {
        Some(format) => format,
        None => detect(text)?,
    };
    let setup = read_as(format, text, options)?;
    Ok(Source { format, setup, input_len: text.len() })
}
