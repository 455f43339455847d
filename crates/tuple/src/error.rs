//! The errors of the tuple format: syntax errors with byte spans, and the model error
//! for positions the format cannot hold.

use core::fmt;
use core::ops::Range;

use gridnote_board::CellName;
use gridnote_board::report::Spanned;

/// A syntax error in tuple text, with the byte span of the offending input.
///
/// Rows are numbered from 1 in the order they are written, top row first. The span of
/// something missing is empty, at the place it was expected.
///
/// ```
/// use gridnote_tuple::{ParseError, Spanned, Tuple};
///
/// let err = "(x ____ ___ ____)".parse::<Tuple>().unwrap_err();
/// assert_eq!(err.to_string(), "row 2 has 3 cells, expected 4 like row 1");
/// assert_eq!(err.span(), 8..11);
/// assert!(matches!(err, ParseError::RowLength { row: 2, found: 3, expected: 4, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Something other than what the grammar expects here: no `(` at the start, or no
    /// side to move after it.
    #[error("expected {expected}, found {}", Found(*.found))]
    Unexpected {
        /// The offending character, or an empty span at the end of the input.
        span: Range<usize>,
        /// What the grammar expects, in words.
        expected: &'static str,
        /// The character found, `None` at the end of the input.
        found: Option<char>,
    },
    /// The first word is not the side to move.
    #[error("the first word must be the side to move, `x` or `o`")]
    Side {
        /// The first word.
        span: Range<usize>,
    },
    /// An uppercase `X` or `O`: pieces and the side to move are lowercase.
    #[error("{}", Uppercase(*.row, *.found))]
    Uppercase {
        /// The character.
        span: Range<usize>,
        /// The row it is in (1 = the first row written, the top one), or `None` for
        /// the side to move.
        row: Option<usize>,
        /// `X` or `O`.
        found: char,
    },
    /// A character that is not a cell inside a row.
    #[error("row {row}: {} is not a cell: expected `x`, `o`, `_` or `-`", Found(Some(*.found)))]
    Cell {
        /// The character.
        span: Range<usize>,
        /// The row (1 = the first row written, the top one).
        row: usize,
        /// The character found.
        found: char,
    },
    /// Whitespace other than the space character (a tab, a newline…).
    #[error("{} cannot separate words: only spaces can", Found(Some(*.found)))]
    Whitespace {
        /// The character.
        span: Range<usize>,
        /// The whitespace character found.
        found: char,
    },
    /// A second `(`: parentheses do not nest.
    #[error("unbalanced parentheses: `(` inside the position")]
    NestedOpen {
        /// The extra `(`.
        span: Range<usize>,
    },
    /// The input ends before the closing `)`.
    #[error("unbalanced parentheses: expected `)` to close the position")]
    Unclosed {
        /// Empty, at the end of the input.
        span: Range<usize>,
    },
    /// A `)` after the closing `)`.
    #[error("unbalanced parentheses: `)` after the end of the position")]
    ExtraClose {
        /// The extra `)`.
        span: Range<usize>,
    },
    /// Text after the closing `)`.
    #[error("unexpected text after the closing `)`")]
    Trailing {
        /// Everything after the `)`.
        span: Range<usize>,
    },
    /// The side to move is not followed by any row.
    #[error("no rows: expected at least one row after the side to move")]
    NoRows {
        /// Where the first row was expected (the `)` or the end of the input).
        span: Range<usize>,
    },
    /// A row whose length differs from the first row's.
    #[error("row {row} has {found} cells, expected {expected} like row 1")]
    RowLength {
        /// The row's cells.
        span: Range<usize>,
        /// The row (1 = the first row written, the top one).
        row: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },
    /// The first row has more than 255 cells.
    #[error("row 1 has {found} cells: a row has at most 255")]
    RowTooLong {
        /// The row's cells.
        span: Range<usize>,
        /// Its length.
        found: usize,
    },
    /// More than 255 rows.
    #[error("row 256: a board has at most 255 rows")]
    TooManyRows {
        /// The 256th row word.
        span: Range<usize>,
    },
}

/// The byte span of the offending input, for code generic over every gridnote format's
/// errors too.
///
/// ```
/// use gridnote_tuple::{Spanned, Tuple};
///
/// let err = "(x ____ ____ ____".parse::<Tuple>().unwrap_err();
/// assert_eq!(err.span(), 17..17);
///
/// fn show(input: &str, err: &(impl Spanned + std::fmt::Display)) -> String {
///     err.render(input)
/// }
/// let err = "(x ____ __z_)".parse::<Tuple>().unwrap_err();
/// assert_eq!(
///     show("(x ____ __z_)", &err),
///     "error: row 2: `z` is not a cell: expected `x`, `o`, `_` or `-`\n  | (x ____ __z_)\n  |           ^\n"
/// );
/// ```
impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Unexpected { span, .. }
            | ParseError::Side { span }
            | ParseError::Uppercase { span, .. }
            | ParseError::Cell { span, .. }
            | ParseError::Whitespace { span, .. }
            | ParseError::NestedOpen { span }
            | ParseError::Unclosed { span }
            | ParseError::ExtraClose { span }
            | ParseError::Trailing { span }
            | ParseError::NoRows { span }
            | ParseError::RowLength { span, .. }
            | ParseError::RowTooLong { span, .. }
            | ParseError::TooManyRows { span } => span.clone(),
        }
    }
}

/// Shows a found character for a message: `` `c` `` (escaped if it is a control
/// character), "a space", or "the end of the input".
struct Found(Option<char>);

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => f.write_str("the end of the input"),
            Some(' ') => f.write_str("a space"),
            Some(c) => write!(f, "`{}`", c.escape_debug()),
        }
    }
}

/// The message of [`ParseError::Uppercase`]: in a row, or as the side to move.
struct Uppercase(Option<usize>, char);

impl fmt::Display for Uppercase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (found, lower) = (self.1, self.1.to_ascii_lowercase());
        match self.0 {
            Some(row) => {
                write!(f, "row {row}: `{found}` is uppercase: pieces are lowercase (`{lower}`)")
            }
            None => write!(f, "the side to move `{found}` is uppercase: write `{lower}`"),
        }
    }
}

/// A position the tuple format cannot hold: it has only empty cells, `x` and `o`.
///
/// ```
/// use gridnote_tuple::board::{Board, Cell, Player, Position};
/// use gridnote_tuple::{ModelError, Tuple};
///
/// let board = Board::from_cells(1, 2, vec![Cell::Empty, Cell::Void])?;
/// let err = Tuple::new(Position::new(board, Player::One)).unwrap_err();
/// assert_eq!(err.to_string(), "b1 is not playable: the tuple format has no non-playable cells");
/// assert!(matches!(err, ModelError::Void { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// A non-playable cell ([`gridnote_board::Cell::Void`]).
    #[error("{cell} is not playable: the tuple format has no non-playable cells")]
    Void {
        /// The first such cell, in reading order (top row first, left to right).
        cell: CellName,
    },
    /// A king: the tuple format has only men.
    #[error("{cell} holds a king: the tuple format has only `x` and `o`")]
    King {
        /// The first such cell, in reading order (top row first, left to right).
        cell: CellName,
    },
    /// Writing from a [`Setup`](gridnote_board::setup::Setup): every cell is void.
    #[error("every cell is non-playable; the tuple format needs at least one playable cell")]
    AllVoid,
    /// Writing from a [`Setup`](gridnote_board::setup::Setup): void cells fill full bottom
    /// rows and full right columns at once (cropping either would not round-trip).
    #[error(
        "non-playable cells fill both the bottom {rows} row(s) and the right {cols} column(s); only one margin can be cropped to a rectangle"
    )]
    TwoMargins {
        /// Full void bottom rows.
        rows: usize,
        /// Full void right columns.
        cols: usize,
    },
    /// Writing from a [`Setup`](gridnote_board::setup::Setup): a void cell that is not
    /// part of a full bottom-row or right-column margin.
    #[error(
        "{cell} is not playable: the tuple format has no non-playable cells (only full bottom rows or full right columns of `.` are cropped)"
    )]
    VoidInside {
        /// The first such cell, in reading order, named on the uncropped board.
        cell: CellName,
    },
    /// Writing from a [`Setup`](gridnote_board::setup::Setup): no side to move was given
    /// and the counts imply none.
    #[error(
        "the tuple format needs a side to move and none follows from the counts (x: {one}, o: {two}; expected equal counts or one more for x)"
    )]
    NoSideToMove {
        /// Player One's pieces.
        one: usize,
        /// Player Two's pieces.
        two: usize,
    },
}
