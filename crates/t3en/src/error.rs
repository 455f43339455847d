//! The errors of this crate: [`ParseError`] for text that is not T3EN, and
//! [`ModelError`] for a position that T3EN cannot hold.

use core::fmt;
use core::ops::Range;

use gridnote_board::CellName;
use gridnote_board::report::Spanned;

/// Why a text is not T3EN.
///
/// Every variant carries `span`, the byte range of the offending text in the input (an
/// empty range where something is missing), and its message says what was expected.
/// [`Spanned::render`] shows it under the input:
///
/// ```
/// use gridnote_t3en::{ParseError, Spanned, T3en};
///
/// let input = "3_/_X_/3_ o";
/// let err = input.parse::<T3en>().unwrap_err();
/// assert_eq!(err, ParseError::UppercasePiece { span: 4..5, found: 'X' });
/// assert_eq!(
///     err.render(input),
///     "error: uppercase 'X': pieces are lowercase, write 'x'\n  | 3_/_X_/3_ o\n  |     ^\n",
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The input is empty.
    #[error("empty input: expected a T3EN position such as `3_/3_/3_ x`")]
    Empty {
        /// Always `0..0`.
        span: Range<usize>,
    },
    /// A row with no cells: two `/` in a row, or a `/` at the start or end of the rows.
    #[error("row {row} is empty: expected at least one cell (`_`, `.`, `x` or `o`)")]
    EmptyRow {
        /// Where the row's cells were expected (empty).
        span: Range<usize>,
        /// The row's number, 1 = top.
        row: usize,
    },
    /// A character that has no place in a row.
    #[error(
        "unexpected character {found:?} in row {row}: expected a run length, a cell \
         (`_`, `.`, `x` or `o`), `/` or a space"
    )]
    UnknownCharacter {
        /// The character.
        span: Range<usize>,
        /// The character found.
        found: char,
        /// The row's number, 1 = top.
        row: usize,
    },
    /// `X` or `O`, in a row or as the side to move.
    #[error("uppercase {found:?}: pieces are lowercase, write {:?}", found.to_ascii_lowercase())]
    UppercasePiece {
        /// The letter.
        span: Range<usize>,
        /// The letter found (`X` or `O`).
        found: char,
    },
    /// A run length of `0`.
    #[error("a run length cannot be 0: a run has 1 to 255 cells")]
    ZeroCount {
        /// The `0`.
        span: Range<usize>,
    },
    /// A run length written with a leading zero, such as `03`.
    #[error("a run length has no leading zero")]
    LeadingZero {
        /// The digits of the run length.
        span: Range<usize>,
    },
    /// A run length over 255 (the longest a row can be).
    #[error("run length too large: a row has at most 255 cells")]
    CountTooLarge {
        /// The digits of the run length.
        span: Range<usize>,
    },
    /// A run length not followed by a cell, such as the `3` of `3/3_`.
    #[error("expected a cell (`_`, `.`, `x` or `o`) after the run length {count}")]
    MissingCell {
        /// The character found instead (empty at the end of the input).
        span: Range<usize>,
        /// The run length.
        count: usize,
    },
    /// A row of more than 255 cells.
    #[error("row {row} has more than 255 cells")]
    RowTooLong {
        /// From the start of the row to the end of the run that went past 255.
        span: Range<usize>,
        /// The row's number, 1 = top.
        row: usize,
    },
    /// More than 255 rows.
    #[error("more than 255 rows")]
    TooManyRows {
        /// From the `/` that starts row 256 to the end of the rows.
        span: Range<usize>,
    },
    /// A row whose number of cells differs from the number of rows: T3EN grids are
    /// square. Rows are checked from the top once all rows are read.
    #[error(
        "row {row} has {found} {}, expected {expected}: the grid has {expected} {} and must be square",
        plural(*found, "cell"),
        plural(*expected, "row")
    )]
    RowLength {
        /// The row.
        span: Range<usize>,
        /// The row's number, 1 = top.
        row: usize,
        /// The cells in the row.
        found: usize,
        /// The number of rows.
        expected: usize,
    },
    /// The rows are not followed by a space: the input ends after the rows, or the side
    /// to move is written straight after the last row (`3_/3_/3_x`).
    #[error("expected a space between the rows and the side to move (`x` or `o`)")]
    MissingSpace {
        /// Where the space was expected (empty).
        span: Range<usize>,
    },
    /// A space where none may be: before the rows, or a second space before the side.
    #[error("unexpected space: T3EN has exactly one space, between the rows and the side to move")]
    ExtraSpace {
        /// The extra spaces.
        span: Range<usize>,
    },
    /// The input ends after the space.
    #[error("expected the side to move (`x` or `o`) after the space")]
    MissingSide {
        /// The end of the input (empty).
        span: Range<usize>,
    },
    /// A side to move other than `x` or `o`.
    #[error("expected the side to move (`x` or `o`), found {found:?}")]
    BadSide {
        /// The character.
        span: Range<usize>,
        /// The character found.
        found: char,
    },
    /// Anything after the side to move, whitespace included.
    #[error("unexpected text after the side to move: T3EN ends with `x` or `o`")]
    TrailingText {
        /// From the end of the side to move to the end of the input.
        span: Range<usize>,
    },
    /// Strict mode only: run lengths that are not canonical (`1_`, `__`, `2_1_`).
    #[error("run lengths are not canonical: write `{canonical}`")]
    NonCanonical {
        /// The runs of one kind of cell that should have been one run.
        span: Range<usize>,
        /// The canonical spelling of those cells.
        canonical: String,
    },
}

fn plural(n: usize, word: &'static str) -> Plural {
    Plural { n, word }
}

/// `word` or `word` + "s", without allocating.
struct Plural {
    n: usize,
    word: &'static str,
}

impl fmt::Display for Plural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word)?;
        if self.n == 1 { Ok(()) } else { f.write_str("s") }
    }
}

/// The byte range of the offending text in the input.
///
/// ```
/// use gridnote_t3en::{Spanned, T3en};
/// let err = "3_/3_/3_ x ".parse::<T3en>().unwrap_err();
/// assert_eq!(err.span(), 10..11);
/// assert_eq!("".parse::<T3en>().unwrap_err().span(), 0..0);
/// ```
impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Empty { span }
            | ParseError::EmptyRow { span, .. }
            | ParseError::UnknownCharacter { span, .. }
            | ParseError::UppercasePiece { span, .. }
            | ParseError::ZeroCount { span }
            | ParseError::LeadingZero { span }
            | ParseError::CountTooLarge { span }
            | ParseError::MissingCell { span, .. }
            | ParseError::RowTooLong { span, .. }
            | ParseError::TooManyRows { span }
            | ParseError::RowLength { span, .. }
            | ParseError::MissingSpace { span }
            | ParseError::ExtraSpace { span }
            | ParseError::MissingSide { span }
            | ParseError::BadSide { span, .. }
            | ParseError::TrailingText { span }
            | ParseError::NonCanonical { span, .. } => span.clone(),
        }
    }
}

/// Why a position cannot be written in T3EN.
///
/// ```
/// use gridnote_t3en::board::{Board, Cell, Player, Position};
/// use gridnote_t3en::{ModelError, T3en};
///
/// let mut board = Board::new(9, 9)?;
/// board.set(4, 4, Cell::TWO_KING)?;
/// let err = T3en::new(Position::new(board, Player::One)).unwrap_err();
/// assert_eq!(err.to_string(), "the king at e5 cannot be written in T3EN");
///
/// let err = T3en::new(Position::start(3, 4)?).unwrap_err();
/// assert_eq!(err, ModelError::NotSquare { rows: 3, cols: 4 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The board is not square.
    #[error(
        "a {rows}x{cols} board cannot be written in T3EN: T3EN grids are square \
         (pad the board with `.` cells)"
    )]
    NotSquare {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// The board holds a king (the first one in reading order is named).
    #[error("the king at {cell} cannot be written in T3EN")]
    King {
        /// The king's cell (`a1` = bottom-left).
        cell: CellName,
    },
    /// No side to move was given and the counts imply none.
    #[error(
        "T3EN needs a side to move and none follows from the counts (x: {one}, o: {two}; expected equal counts or one more for x)"
    )]
    NoSideToMove {
        /// Player One's pieces.
        one: usize,
        /// Player Two's pieces.
        two: usize,
    },
}
