//! Reading any format into the intermediate [`Source`].

use crate::error::{ConvertError, SyntaxError};
use crate::format::{Format, detect};
use crate::{Options, Source, TaflFields};

/// Reads `text` as `from` (detected by [`detect`] when `None`) into a [`Source`].
///
/// # Errors
/// [`ConvertError::Detect`] when no format is given or detected,
/// [`ConvertError::Syntax`] when the text is not well-formed.
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
    let mut source = Source {
        format,
        board: gridnote_board::Board::new(1, 1).expect("1x1 is a board"),
        to_move: None,
        tafl: None,
        extension: None,
        input_len: text.len(),
    };
    match format {
        Format::T3en => {
            let parsed = gridnote_t3en::T3en::parse_with(
                text,
                gridnote_t3en::ParseOptions::default().with_strict(options.strict),
            )
            .map_err(SyntaxError::from)?;
            let position = parsed.t3en.into_position();
            source.board = position.board;
            source.to_move = Some(position.to_move);
        }
        Format::Tsn => {
            let tsn: gridnote_tafl::Tsn = text.parse().map_err(SyntaxError::from)?;
            fill_tafl(&mut source, &tsn);
        }
        Format::Ten => {
            let ten: gridnote_tafl::Ten = text.parse().map_err(SyntaxError::from)?;
            fill_tafl(&mut source, ten.tsn());
            source.extension = Some(ten.extension().clone());
        }
        Format::Tuple => {
            let tuple: gridnote_tuple::Tuple = text.parse().map_err(SyntaxError::from)?;
            let position = tuple.into_position();
            source.board = position.board;
            source.to_move = Some(position.to_move);
        }
        Format::Digits => {
            let digits: gridnote_digits::Digits = text.parse().map_err(SyntaxError::from)?;
            source.board = digits.board();
        }
        Format::Bits => {
            let code = gridnote_bits::parse_code(text).map_err(SyntaxError::from)?;
            source.board =
                gridnote_bits::decode(options.code, code).map_err(|err| ConvertError::Invalid {
                    from: Format::Bits,
                    reason: err.to_string(),
                    span: 0..text.len(),
                })?;
        }
    }
    Ok(source)
}

fn fill_tafl(source: &mut Source, tsn: &gridnote_tafl::Tsn) {
    source.board = tsn.board().clone();
    source.to_move = Some(tsn.to_move());
    source.tafl = Some(TaflFields {
        defenders: tsn.defenders(),
        ply: tsn.ply(),
        since_capture: tsn.since_capture(),
    });
}
