//! The conversion error: a board OTN cannot carry, or rules it cannot write.

use gridnote_board::tafl::ShapeError;

/// A board OTN cannot carry, or rules it cannot write.
///
/// ```
/// use gridnote_otn::board::notation::Notation;
/// use gridnote_otn::board::setup::Setup;
/// use gridnote_otn::board::Board;
/// use gridnote_otn::{ModelError, OtnRecord};
/// let wide = Setup::new(Board::new(2, 3)?);
/// let err = OtnRecord::from_setup(wide, &(), &mut Vec::new()).unwrap_err();
/// assert_eq!(err, ModelError::NotSquare { rows: 2, cols: 3 });
/// assert_eq!(err.to_string(), "the board is 2x3: OTN positions are square");
/// # Ok::<(), gridnote_otn::board::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// Rules that cannot be written as a rules record (a name or an unknown entry
    /// holding whitespace, say).
    #[error("the rules cannot be written as an OpenTafl rules record: {reason}")]
    Rules {
        /// Why.
        reason: String,
    },
    /// A void cell (T3EN's `.`): OTN boards have none.
    #[error("cell {cell} is void: OTN positions have no void cells")]
    Void {
        /// The cell.
        cell: String,
    },
    /// A board that is not square.
    #[error("the board is {rows}x{cols}: OTN positions are square")]
    NotSquare {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
}

impl From<ShapeError> for ModelError {
    fn from(err: ShapeError) -> ModelError {
        match err {
            ShapeError::NotSquare { rows, cols } => ModelError::NotSquare { rows, cols },
            ShapeError::Void { cell } => ModelError::Void { cell: cell.to_string() },
            other => ModelError::Rules { reason: other.to_string() },
        }
    }
}
