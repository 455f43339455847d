//! The errors of this crate: [`ParseError`] for text that is not TSN or TEN, and
//! [`ModelError`] for values that break a [`Tsn`](crate::Tsn) or [`Ten`](crate::Ten)
//! invariant.

use core::fmt;
use core::ops::Range;

use gridnote_board::report::Spanned;
use gridnote_board::{Cell, CellName};
use gridnote_text::number::NumberError;

/// The fields of a TSN or TEN position, in the order the text lists them.
///
/// ```
/// use gridnote_tafl::Field;
/// assert_eq!(Field::Ply.number(), 5);
/// assert_eq!(Field::Ply.name(), "ply");
/// assert_eq!(Field::SinceCapture.to_string(), "plies since the last capture");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Field {
    /// Field 1: the side of the square board.
    Size,
    /// Field 2: the number of defenders at the start of the game (the king not counted).
    Defenders,
    /// Field 3: the piece positions, rows from the bottom to the top.
    Rows,
    /// Field 4: the side to move, `a` or `d`.
    Side,
    /// Field 5: the current ply.
    Ply,
    /// Field 6: the plies since the last capture.
    SinceCapture,
    /// Field 7 (TEN only): `-` or `identifier:version:data`.
    Extension,
}

impl Field {
    /// Every field, in text order.
    pub const ALL: [Field; 7] = [
        Field::Size,
        Field::Defenders,
        Field::Rows,
        Field::Side,
        Field::Ply,
        Field::SinceCapture,
        Field::Extension,
    ];

    /// The field's place in the text, from 1 (size) to 7 (extension).
    ///
    /// ```
    /// use gridnote_tafl::Field;
    /// assert_eq!(Field::Size.number(), 1);
    /// assert_eq!(Field::Extension.number(), 7);
    /// ```
    #[must_use]
    pub const fn number(self) -> usize {
        match self {
            Field::Size => 1,
            Field::Defenders => 2,
            Field::Rows => 3,
            Field::Side => 4,
            Field::Ply => 5,
            Field::SinceCapture => 6,
            Field::Extension => 7,
        }
    }

    /// A short stable name (kebab-case), for JSON and command lines.
    ///
    /// ```
    /// use gridnote_tafl::Field;
    /// assert_eq!(Field::SinceCapture.name(), "since-capture");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Field::Size => "size",
            Field::Defenders => "defenders",
            Field::Rows => "rows",
            Field::Side => "side",
            Field::Ply => "ply",
            Field::SinceCapture => "since-capture",
            Field::Extension => "extension",
        }
    }

    /// What the field holds, as an error message says it when nothing more precise is known.
    pub(crate) const fn expected(self) -> &'static str {
        match self {
            Field::Size => "a number from 1 to 255",
            Field::Defenders => "a positive multiple of 4",
            Field::Rows => "`a`, `d`, `k`, an empty-square count `1`-`9`, `A`-`Z`, or `/`",
            Field::Side => "`a` (attackers) or `d` (defenders)",
            Field::Ply => "a positive number",
            Field::SinceCapture => "a number",
            Field::Extension => "`-` or identifier:version:data",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Size => "board size",
            Field::Defenders => "defenders at the start",
            Field::Rows => "piece positions",
            Field::Side => "side to move",
            Field::Ply => "ply",
            Field::SinceCapture => "plies since the last capture",
            Field::Extension => "extension",
        })
    }
}

/// Why a text is not TSN (or TEN). Every variant carries the byte span of the offending
/// text (through [`Spanned`]) and names its field
/// ([`ParseError::field`]); rows are named both as the text numbers them (1 = the first
/// row written, the bottom one) and as the board numbers them (0 = the top row).
///
/// ```
/// use gridnote_tafl::{Field, ParseError, Spanned, Tsn};
/// let text = "3 4 3/1a2/3 a 1 0";
/// let err = text.parse::<Tsn>().unwrap_err();
/// assert_eq!(err.to_string(), "row 2 of the text (rank 2, board row 1 from the top) has 4 squares, expected 3");
/// assert_eq!(err.span(), 6..9);
/// assert_eq!(err.field(), Field::Rows);
/// assert_eq!(err.code(), "row-width");
/// assert_eq!(
///     err.render(text),
///     "error: row 2 of the text (rank 2, board row 1 from the top) has 4 squares, expected 3\n  | 3 4 3/1a2/3 a 1 0\n  |       ^^^\n"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The text ends before a required field (a TSN position has 6 fields, TEN 7).
    #[error("expected {expected} fields, found {found}: field {n} ({field}) is missing", n = field.number())]
    MissingField {
        /// The first missing field.
        field: Field,
        /// How many fields the format has (6 for TSN, 7 for TEN).
        expected: usize,
        /// How many fields the text has.
        found: usize,
        /// Empty, at the end of the text.
        span: Range<usize>,
    },
    /// Text after the seventh field of a TEN position.
    #[error("a TEN position has exactly 7 fields: unexpected text after the extension")]
    ExtraField {
        /// From the first character after the extension's trailing whitespace to the end.
        span: Range<usize>,
    },
    /// Whitespace other than one single space before a field (or any before the first).
    #[error(
        "fields are separated by a single space: unexpected whitespace before the {field} (field {n})",
        n = field.number()
    )]
    Separator {
        /// The field that should follow.
        field: Field,
        /// The whitespace found.
        span: Range<usize>,
    },
    /// A number field that breaks the number rule (no sign, no leading zero, fits `u32`).
    #[error("bad number in the {field} (field {n}): {reason}", n = field.number())]
    Number {
        /// The number's field.
        field: Field,
        /// Which part of the rule the text breaks.
        reason: NumberError,
        /// The offending character, or the whole number.
        span: Range<usize>,
    },
    /// A board size of 0 or over 255.
    #[error("the board size must be 1 to 255, found {value}")]
    Size {
        /// The size given.
        value: u32,
        /// The size field.
        span: Range<usize>,
    },
    /// A number of defenders that is 0 or not divisible by 4.
    #[error("the defenders at the start must be a positive multiple of 4, found {value}")]
    Defenders {
        /// The number given.
        value: u32,
        /// The defenders field.
        span: Range<usize>,
    },
    /// A character that is not a square in a row.
    #[error(
        "bad character {found:?} in row {text_row} of the text (rank {text_row}, board row {board_row} from the top): expected `a`, `d`, `k` or an empty-square count `1`-`9`, `A`-`Z`{hint}",
        hint = square_hint(*found)
    )]
    BadSquare {
        /// The character.
        found: char,
        /// The row as the text numbers it: 1 is the first written, the bottom row (rank 1).
        text_row: usize,
        /// The row as the board numbers it: 0 is the top row.
        board_row: usize,
        /// The character.
        span: Range<usize>,
    },
    /// A `0` where an empty-square count is expected.
    #[error(
        "`0` is not an empty-square count in row {text_row} of the text (rank {text_row}, board row {board_row} from the top): counts are `1`-`9` and `A`-`Z` (10-35)"
    )]
    ZeroCount {
        /// The row as the text numbers it (1 = bottom).
        text_row: usize,
        /// The row as the board numbers it (0 = top).
        board_row: usize,
        /// The `0`.
        span: Range<usize>,
    },
    /// A row whose squares do not add up to the board size.
    #[error(
        "row {text_row} of the text (rank {text_row}, board row {board_row} from the top) has {found} squares, expected {expected}"
    )]
    RowWidth {
        /// The row as the text numbers it (1 = bottom).
        text_row: usize,
        /// The row as the board numbers it (0 = top).
        board_row: usize,
        /// The squares the row describes.
        found: usize,
        /// The board size.
        expected: usize,
        /// The row.
        span: Range<usize>,
    },
    /// More or fewer rows than the board size.
    #[error("the piece positions have {found} rows, expected {expected} (the board size)")]
    RowCount {
        /// The rows the field holds.
        found: usize,
        /// The board size.
        expected: usize,
        /// The rows beyond the last one, or the whole field when rows are missing.
        span: Range<usize>,
    },
    /// A second `k`.
    #[error("a second king at {cell}: only one king is allowed (the first is at {first})")]
    SecondKing {
        /// Where the second king stands.
        cell: CellName,
        /// Where the first king stands.
        first: CellName,
        /// The second `k`.
        span: Range<usize>,
    },
    /// A side to move other than `a` or `d`.
    #[error("the side to move must be `a` (attackers) or `d` (defenders), found {found:?}")]
    Side {
        /// The field's text.
        found: String,
        /// The side field.
        span: Range<usize>,
    },
    /// A ply of 0 (the first ply is 1).
    #[error("the ply must be positive (the first ply is 1), found 0")]
    PlyZero {
        /// The ply field.
        span: Range<usize>,
    },
    /// A character that does not fit the field's grammar at this point (the extension's
    /// identifier, version and separators).
    #[error("{}", Unexpected { field: *field, found: *found, expected })]
    Unexpected {
        /// The field being read.
        field: Field,
        /// The character, or `None` when the field ends too soon.
        found: Option<char>,
        /// What the grammar allows here.
        expected: &'static str,
        /// The character (empty at the end of the field).
        span: Range<usize>,
    },
}

/// The message of [`ParseError::Unexpected`].
struct Unexpected<'a> {
    field: Field,
    found: Option<char>,
    expected: &'a str,
}

impl fmt::Display for Unexpected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.found {
            Some(c) => {
                write!(f, "unexpected {c:?} in the {}: expected {}", self.field, self.expected)
            }
            None => write!(f, "the {} ends too soon: expected {}", self.field, self.expected),
        }
    }
}

/// A hint for a square character that is nearly right.
fn square_hint(found: char) -> &'static str {
    match found {
        'x' | 'o' => " (TSN pieces are `a` attacker, `d` defender and `k` king)",
        'b'..='z' => " (empty-square counts are uppercase letters)",
        '.' => " (TSN has no void squares)",
        _ => "",
    }
}

/// The byte range of the offending text (empty at the end when something is missing);
/// [`Spanned::render`] shows the error under its input with a caret under the span.
///
/// ```
/// use gridnote_tafl::{Spanned, Tsn};
/// let err = "1 4 k a 1".parse::<Tsn>().unwrap_err();
/// assert_eq!(err.to_string(), "expected 6 fields, found 5: field 6 (plies since the last capture) is missing");
/// assert_eq!(err.span(), 9..9);
///
/// let text = "0 4 1 a 1 0";
/// let err = text.parse::<Tsn>().unwrap_err();
/// assert_eq!(
///     err.render(text),
///     "error: the board size must be 1 to 255, found 0\n  | 0 4 1 a 1 0\n  | ^\n"
/// );
/// ```
impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::MissingField { span, .. }
            | ParseError::ExtraField { span }
            | ParseError::Separator { span, .. }
            | ParseError::Number { span, .. }
            | ParseError::Size { span, .. }
            | ParseError::Defenders { span, .. }
            | ParseError::BadSquare { span, .. }
            | ParseError::ZeroCount { span, .. }
            | ParseError::RowWidth { span, .. }
            | ParseError::RowCount { span, .. }
            | ParseError::SecondKing { span, .. }
            | ParseError::Side { span, .. }
            | ParseError::PlyZero { span }
            | ParseError::Unexpected { span, .. } => span.clone(),
        }
    }
}

impl ParseError {
    /// The field the error is about.
    ///
    /// ```
    /// use gridnote_tafl::{Field, Tsn};
    /// let err = "7 8 3a3/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 x 1 0".parse::<Tsn>().unwrap_err();
    /// assert_eq!(err.field(), Field::Side);
    /// ```
    #[must_use]
    pub fn field(&self) -> Field {
        match self {
            ParseError::MissingField { field, .. }
            | ParseError::Separator { field, .. }
            | ParseError::Number { field, .. }
            | ParseError::Unexpected { field, .. } => *field,
            ParseError::ExtraField { .. } => Field::Extension,
            ParseError::Size { .. } => Field::Size,
            ParseError::Defenders { .. } => Field::Defenders,
            ParseError::BadSquare { .. }
            | ParseError::ZeroCount { .. }
            | ParseError::RowWidth { .. }
            | ParseError::RowCount { .. }
            | ParseError::SecondKing { .. } => Field::Rows,
            ParseError::Side { .. } => Field::Side,
            ParseError::PlyZero { .. } => Field::Ply,
        }
    }

    /// A short stable name of the kind of error (kebab-case), for JSON and tests.
    ///
    /// ```
    /// use gridnote_tafl::Tsn;
    /// let err = "1 4 k a 1".parse::<Tsn>().unwrap_err();
    /// assert_eq!(err.code(), "missing-field");
    /// ```
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            ParseError::MissingField { .. } => "missing-field",
            ParseError::ExtraField { .. } => "extra-field",
            ParseError::Separator { .. } => "separator",
            ParseError::Number { .. } => "number",
            ParseError::Size { .. } => "size",
            ParseError::Defenders { .. } => "defenders",
            ParseError::BadSquare { .. } => "bad-square",
            ParseError::ZeroCount { .. } => "zero-count",
            ParseError::RowWidth { .. } => "row-width",
            ParseError::RowCount { .. } => "row-count",
            ParseError::SecondKing { .. } => "second-king",
            ParseError::Side { .. } => "side",
            ParseError::PlyZero { .. } => "ply-zero",
            ParseError::Unexpected { .. } => "unexpected",
        }
    }
}

/// Why a [`Tsn`](crate::Tsn) or [`Ten`](crate::Ten) could not be built from parts: each
/// variant names the offending cell (algebraically, `a1` at the bottom left) or field.
///
/// ```
/// use gridnote_tafl::board::{Board, Cell, Player};
/// use gridnote_tafl::{ModelError, Tsn};
/// let mut board = Board::new(3, 3)?;
/// board.set(0, 0, Cell::Void)?;
/// let err = Tsn::new(board, 4, Player::One, 1, 0).unwrap_err();
/// assert_eq!(err.to_string(), "a3 is a void cell: TSN squares are empty or hold an attacker, a defender or the king");
/// # Ok::<(), gridnote_tafl::board::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The board is not square.
    #[error("the board is {rows}x{cols}; tafl boards are square")]
    NotSquare {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A cell TSN cannot write: void, or Player One's king.
    #[error(
        "{cell} is {what}: TSN squares are empty or hold an attacker, a defender or the king",
        what = cell_description(*found)
    )]
    Cell {
        /// The cell's algebraic name.
        cell: CellName,
        /// What it holds.
        found: Cell,
    },
    /// More than one king.
    #[error("a second king at {cell}: only one king is allowed (the first is at {first})")]
    SecondKing {
        /// The second king's cell, in text order (bottom row first, left to right).
        cell: CellName,
        /// The first king's cell.
        first: CellName,
    },
    /// Defenders at the start that are 0 or not divisible by 4.
    #[error("defenders: must be a positive multiple of 4, found {value}")]
    Defenders {
        /// The number given.
        value: u32,
    },
    /// A ply of 0.
    #[error("ply: must be positive (the first ply is 1), found 0")]
    PlyZero,
    /// An extension identifier that is empty or has a character outside `A-Z a-z 0-9 _ . -`.
    #[error("extension identifier {found:?}: expected 1 or more of A-Z a-z 0-9 _ . -")]
    Identifier {
        /// The identifier given.
        found: String,
    },
    /// An extension version that is empty or not all ASCII digits.
    #[error("extension version {found:?}: expected 1 or more ASCII digits")]
    Version {
        /// The version given.
        found: String,
    },
    /// Extension data with whitespace in it.
    #[error("extension data {found:?}: whitespace is not allowed")]
    Data {
        /// The data given.
        found: String,
    },
    /// Writing from a [`Setup`](gridnote_board::setup::Setup): no side to move was given
    /// and the counts imply none.
    #[error(
        "TSN needs a side to move and none follows from the counts (a: {one}, d: {two}; expected equal counts or one more for a)"
    )]
    NoSideToMove {
        /// Attackers.
        one: usize,
        /// Defenders, the king included.
        two: usize,
    },
}

fn cell_description(cell: Cell) -> &'static str {
    match cell {
        Cell::Void => "a void cell",
        Cell::Empty => "empty",
        Cell::OneKing => "Player One's king",
        Cell::OneMan => "an attacker",
        Cell::TwoMan => "a defender",
        Cell::TwoKing => "the king",
        _ => "a piece tafl has no letter for",
    }
}
