//! Reading any format into a [`Source`].

use gridnote_board::notation::Notation;
use gridnote_board::setup::Setup;

use crate::error::{ConvertError, ModelError, SyntaxError};
use crate::format::{Format, Visit, detect};
use crate::options::Options;
use crate::source::Source;

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
// `convert_into` reads once per conversion: inlining it there should not depend on how
// the crate's modules fall into codegen units.
#[inline]
pub fn read(text: &str, from: Option<Format>, options: &Options) -> Result<Source, ConvertError> {
    let format = match from {
        Some(format) => format,
        None => detect(text)?,
    };
    let setup = format.visit(&options.formats, Reader { format, text })?;
    Ok(Source { format, setup, input_len: text.len() })
}

/// Reading one text with its format's notation.
struct Reader<'a> {
    format: Format,
    text: &'a str,
}

impl Visit for Reader<'_> {
    type Output = Result<Setup, ConvertError>;

    fn visit<N: Notation>(
        self,
        options: &N::Options,
        syntax: fn(N::ParseError) -> SyntaxError,
        model: fn(N::ModelError) -> ModelError,
    ) -> Self::Output {
        // A copy of its own (a byte or two, or nothing for a format without options): the
        // reader then does not keep the caller's pointer alive across the calls.
        let options = &options.clone();
        let value =
            N::parse_with(self.text, options).map_err(|e| ConvertError::Syntax(syntax(e)))?;
        value.to_setup(options).map_err(|e| ConvertError::Invalid {
            from: self.format,
            source: model(e),
            span: 0..self.text.len(),
        })
    }
}
