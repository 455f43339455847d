#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod options;
mod render;

use core::fmt;

pub use gridnote_board as board;

pub use error::SvgError;
pub use options::{Arrow, Options, Pieces, Theme};

use gridnote_board::{Board, Position};

/// The picture of `board` as a string.
///
/// # Errors
/// [`SvgError`] when an option names a cell off the board, the last move has more than
/// two cells, or the size is 0.
///
/// ```
/// use gridnote_svg::board::{Board, Cell};
/// use gridnote_svg::Options;
/// let board = Board::from_cells(1, 3, vec![Cell::ONE, Cell::Void, Cell::TWO])?;
/// let svg = gridnote_svg::board(&board, &Options::default().size(Some(120)))?;
/// assert!(svg.contains(" width=\"120\" height=\"60\" viewBox=\"0 0 160 80\""));
/// assert!(svg.contains("<title>1x3 board</title>"));
/// assert!(svg.ends_with("</svg>\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board(board: &Board, options: &Options) -> Result<String, SvgError> {
    let mut out = String::with_capacity(estimate(board));
    append_to(&mut out, board, options)?;
    Ok(out)
}

/// The picture of `position` as a string: [`board()`]'s picture, whose description also
/// says whose turn it is.
///
/// # Errors
/// As [`board()`].
///
/// ```
/// use gridnote_svg::board::Position;
/// use gridnote_svg::Options;
/// let svg = gridnote_svg::position(&Position::start(3, 3)?, &Options::default())?;
/// assert!(svg.contains("<desc>Player One to move</desc>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn position(position: &Position, options: &Options) -> Result<String, SvgError> {
    let mut out = String::with_capacity(estimate(&position.board));
    append_position_to(&mut out, position, options)?;
    Ok(out)
}

/// Appends the picture of `board` to `out`. The options are checked first: on a bad
/// option nothing is written.
///
/// # Errors
/// As [`board()`], and [`SvgError::Write`] when the sink fails (it may then hold part of
/// the picture).
///
/// ```
/// use gridnote_svg::board::Board;
/// use gridnote_svg::Options;
/// let mut page = String::from("<p>");
/// gridnote_svg::append_to(&mut page, &Board::new(2, 2)?, &Options::default())?;
/// assert!(page.starts_with("<p><svg "));
/// let mut untouched = String::new();
/// let bad = Options::default().highlight((0, 9));
/// assert!(gridnote_svg::append_to(&mut untouched, &Board::new(2, 2)?, &bad).is_err());
/// assert!(untouched.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn append_to<W: fmt::Write>(
    out: &mut W,
    board: &Board,
    options: &Options,
) -> Result<(), SvgError> {
    render::validate(board, options)?;
    render::write_svg(out, board, None, options)?;
    Ok(())
}

/// Appends the picture of `position` to `out` (see [`position`] and [`append_to`]).
///
/// # Errors
/// As [`append_to`].
///
/// ```
/// use gridnote_svg::board::Position;
/// use gridnote_svg::Options;
/// let mut out = String::new();
/// gridnote_svg::append_position_to(&mut out, &Position::start(1, 1)?, &Options::default())?;
/// assert!(out.contains("Player One to move"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn append_position_to<W: fmt::Write>(
    out: &mut W,
    position: &Position,
    options: &Options,
) -> Result<(), SvgError> {
    render::validate(&position.board, options)?;
    render::write_position(out, position, options)?;
    Ok(())
}

/// About how many bytes a picture of `board` takes, so the string grows at most once.
fn estimate(board: &Board) -> usize {
    2048 + board.cells().len() * 48 + (board.rows() + board.cols()) * 80
}
