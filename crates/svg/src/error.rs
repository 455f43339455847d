//! Why a picture could not be made.

/// Why a picture could not be made. Every option is checked before anything is written,
/// so a sink never receives part of a picture because of a bad option.
///
/// ```
/// use gridnote_board::Board;
/// use gridnote_svg::{Options, SvgError};
/// let board = Board::new(3, 3)?;
/// let err = gridnote_svg::board(&board, &Options::default().highlight((3, 0))).unwrap_err();
/// assert_eq!(
///     err,
///     SvgError::OffBoard { what: "highlighted", row: 3, col: 0, rows: 3, cols: 3 }
/// );
/// assert_eq!(err.to_string(), "the highlighted cell (row 3, column 0) is off the 3x3 board");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SvgError {
    /// A cell named by an option (a highlight, an arrow's end, the last move) is off the
    /// board.
    #[error("the {what} cell (row {row}, column {col}) is off the {rows}x{cols} board")]
    OffBoard {
        /// Which option named it: `highlighted`, `arrow start`, `arrow end`, `last-move`,
        /// `special`.
        what: &'static str,
        /// Its row (0 = top).
        row: usize,
        /// Its column (0 = left).
        col: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// The last move names more than two cells.
    #[error("the last move has {cells} cells: expected 1 (a placement) or 2 (a move)")]
    LastMove {
        /// Cells given.
        cells: usize,
    },
    /// A size of 0 pixels.
    #[error("a picture of 0 pixels: the size must be at least 1")]
    ZeroSize,
    /// The sink refused the text ([`core::fmt::Error`]).
    #[error("the sink refused the picture's text")]
    Write,
}

impl From<core::fmt::Error> for SvgError {
    fn from(_: core::fmt::Error) -> SvgError {
        SvgError::Write
    }
}
