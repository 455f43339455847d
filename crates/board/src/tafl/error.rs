//! Errors of the tafl texts: syntax errors with their byte span, the shapes a tafl board
//! cannot have, and replay errors.

use core::ops::Range;

use super::side_name;
use crate::report::Spanned;
use crate::{CellName, Player};

/// A syntax or structure error in a tafl text (an OTN rules, position, move or game
/// record), with the byte span of the offending text (empty at the end of the input when
/// something is missing) and a message naming the field or row and what was expected.
///
/// ```
/// use gridnote_board::report::Spanned;
/// use gridnote_board::tafl::PositionRecord;
/// let err = "/3t3/3t3/".parse::<PositionRecord>().unwrap_err();
/// assert_eq!(err.span(), 0..9);
/// assert_eq!(
///     err.to_string(),
///     "the position has 2 rows, expected 7 (a square board has as many rows as a row has squares)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Something other than what the grammar allows here.
    #[error("{field}: expected {expected}, found {found}")]
    Expected {
        /// The offending bytes.
        span: Range<usize>,
        /// The field or row being read ("rank 3 of the position", "move record", …).
        field: String,
        /// What the grammar allows here.
        expected: &'static str,
        /// What was found, quoted, or "the end of the text".
        found: String,
    },
    /// A row of a position record whose squares do not add up to the board's width.
    #[error("{row} has {squares} squares, expected {expected} (as many as rank 1 has)")]
    RowWidth {
        /// The row.
        span: Range<usize>,
        /// The row named ("rank 3", or "row 2 from the top" in an inverted record).
        row: String,
        /// Its squares.
        squares: usize,
        /// The width of the first row.
        expected: usize,
    },
    /// A position record that is not square.
    #[error(
        "{field} has {rows} rows, expected {expected} (a square board has as many rows as a row has squares)"
    )]
    RowCount {
        /// The whole record.
        span: Range<usize>,
        /// The record named: "the position", "`start:`", "`[position:…]`".
        field: &'static str,
        /// Rows read.
        rows: usize,
        /// Squares per row.
        expected: usize,
    },
    /// A number or board beyond the limit every gridnote format shares.
    #[error("{field} is {value}, at most {limit}")]
    TooLarge {
        /// The number or row.
        span: Range<usize>,
        /// What it is.
        field: String,
        /// Its value: the number as written (a count of squares for a row).
        value: String,
        /// The limit.
        limit: u64,
    },
    /// A rules entry whose value is not one the key allows.
    #[error("rules entry `{key}:`: expected {expected}, found {found}")]
    BadValue {
        /// The value.
        span: Range<usize>,
        /// The key.
        key: String,
        /// The values allowed.
        expected: &'static str,
        /// The value found, quoted.
        found: String,
    },
    /// A rules record without `dim:` as its first entry.
    #[error(
        "the rules record has no board size: expected `dim:<size>` as its first entry, found {found}"
    )]
    MissingDim {
        /// The first entry (or the empty span of an empty record).
        span: Range<usize>,
        /// What was found, quoted.
        found: String,
    },
    /// A rules record without its start position.
    #[error(
        "the rules record has no start position: expected `start:` or `starti:` as its last entry"
    )]
    MissingStart {
        /// The end of the record.
        span: Range<usize>,
    },
    /// An entry after the start position.
    #[error("`{key}:` comes after the start position, which must be the last entry")]
    AfterStart {
        /// The entry.
        span: Range<usize>,
        /// Its key.
        key: String,
    },
    /// A rules entry (or game tag) given twice.
    #[error("{what} `{key}:` appears twice")]
    Duplicate {
        /// The second one.
        span: Range<usize>,
        /// "rules entry" or "tag".
        what: &'static str,
        /// Its key.
        key: String,
    },
    /// A start position (or position tag) whose size is not the record's `dim`.
    #[error("`{key}:`: the rules are for a {dim}x{dim} board, the position is {size}x{size}")]
    DimMismatch {
        /// The position.
        span: Range<usize>,
        /// `start`, `starti` or `position`.
        key: &'static str,
        /// Its size.
        size: usize,
        /// The rules' `dim`.
        dim: usize,
    },
    /// A space beyond the board.
    #[error("{field}: space {space} is off the {size}x{size} board")]
    OffBoard {
        /// The space.
        span: Range<usize>,
        /// Where it was given.
        field: String,
        /// The space.
        space: String,
        /// The board size.
        size: usize,
    },
    /// A game record without a `[rules:…]` tag.
    #[error("the game record has no `[rules:…]` tag")]
    MissingRules {
        /// The start of the turns (or the end of the text).
        span: Range<usize>,
    },
    /// A `[` opened and not closed.
    #[error("{what} opened here is not closed: expected `]`")]
    Unclosed {
        /// The opening bracket.
        span: Range<usize>,
        /// "tag" or "commentary".
        what: &'static str,
    },
    /// A turn whose number does not follow the previous one of its line.
    #[error("turn {address} is out of order: expected turn {expected} of its line")]
    TurnOrder {
        /// The address.
        span: Range<usize>,
        /// The address as written.
        address: String,
        /// The number expected.
        expected: u32,
    },
    /// A turn that breaks the shape of a game record.
    #[error("turn {address}: {problem}")]
    Turn {
        /// The offending part.
        span: Range<usize>,
        /// The address as written.
        address: String,
        /// What is wrong.
        problem: &'static str,
    },
}

/// The byte span of the offending text; [`Spanned::render`] shows the message with the
/// input line and a caret under the span.
///
/// ```
/// use gridnote_board::report::Spanned;
/// use gridnote_board::tafl::{MoveRecord, PositionRecord};
/// let err = "e5-e".parse::<MoveRecord>().unwrap_err();
/// assert_eq!(err.span(), 4..4);
///
/// let err = "/3x3/".parse::<PositionRecord>().unwrap_err();
/// assert_eq!(
///     err.render("/3x3/"),
///     "error: rank 1 of the position: expected a taflman symbol (t k g m n c, uppercase \
///      for the defenders), an empty count or `/`, found `x`\n  | /3x3/\n  |   ^\n"
/// );
/// ```
impl Spanned for ParseError {
    fn span(&self) -> Range<usize> {
        match self {
            ParseError::Expected { span, .. }
            | ParseError::RowWidth { span, .. }
            | ParseError::RowCount { span, .. }
            | ParseError::TooLarge { span, .. }
            | ParseError::BadValue { span, .. }
            | ParseError::MissingDim { span, .. }
            | ParseError::MissingStart { span }
            | ParseError::AfterStart { span, .. }
            | ParseError::Duplicate { span, .. }
            | ParseError::DimMismatch { span, .. }
            | ParseError::OffBoard { span, .. }
            | ParseError::MissingRules { span }
            | ParseError::Unclosed { span, .. }
            | ParseError::TurnOrder { span, .. }
            | ParseError::Turn { span, .. } => span.clone(),
        }
    }
}

/// What was found at `span` of `text`, for messages: the quoted text (cut short),
/// "nothing" (an empty value) or "the end of the text".
pub(crate) fn found(text: &str, span: &Range<usize>) -> String {
    match text.get(span.clone()) {
        Some("") | None if span.start >= text.len() => "the end of the text".to_owned(),
        Some("") => "nothing".to_owned(),
        Some(s) => {
            let short: String = s.chars().take(24).collect();
            let more = if short.len() < s.len() { "…" } else { "" };
            format!("`{}{more}`", short.escape_debug())
        }
        None => "the end of the text".to_owned(),
    }
}

/// A board that cannot be a tafl position: tafl boards are square, without void cells,
/// and a position under rules has the rules' size.
///
/// ```
/// use gridnote_board::tafl::{PositionRecord, ShapeError};
/// use gridnote_board::Board;
/// let wide = Board::new(2, 3)?;
/// let err = PositionRecord::try_from(&wide).unwrap_err();
/// assert_eq!(err, ShapeError::NotSquare { rows: 2, cols: 3 });
/// assert_eq!(err.to_string(), "a tafl board is square: this one has 2 rows and 3 columns");
/// # Ok::<(), gridnote_board::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// The board is not square.
    #[error("a tafl board is square: this one has {rows} rows and {cols} columns")]
    NotSquare {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// The board has a void cell.
    #[error("a tafl board has no void cells: {cell} is one")]
    Void {
        /// The void cell.
        cell: CellName,
    },
    /// A position of another size than the rules' `dim`.
    #[error("the rules are for a {dim}x{dim} board, the position is {size}x{size}")]
    Size {
        /// The rules' size.
        dim: usize,
        /// The position's size.
        size: usize,
    },
}

/// The error of reading a game record from a `String` it would have kept
/// (`Game::try_from(String)`): the [`ParseError`] and the text, given back as
/// `String::from_utf8` gives back its bytes.
///
/// ```
/// use gridnote_board::report::Spanned;
/// use gridnote_board::tafl::Game;
/// let err = Game::try_from("[rules:dim:0]".to_owned()).unwrap_err();
/// assert_eq!(err.text(), "[rules:dim:0]");
/// let (err, text) = err.into_parts();
/// assert_eq!(&text[err.span()], "0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
#[non_exhaustive]
pub struct GameTextError {
    error: ParseError,
    text: String,
}

impl GameTextError {
    pub(crate) fn new(error: ParseError, text: String) -> GameTextError {
        GameTextError { error, text }
    }

    /// The error.
    ///
    /// ```
    /// let err = gridnote_board::tafl::Game::try_from("1. a1-a2".to_owned()).unwrap_err();
    /// assert_eq!(err.error().to_string(), err.to_string());
    /// ```
    #[must_use]
    pub fn error(&self) -> &ParseError {
        &self.error
    }

    /// The text that did not read.
    ///
    /// ```
    /// let err = gridnote_board::tafl::Game::try_from("1. a1-a2".to_owned()).unwrap_err();
    /// assert_eq!(err.text(), "1. a1-a2");
    /// ```
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The error and the text.
    ///
    /// ```
    /// let err = gridnote_board::tafl::Game::try_from("1. a1-a2".to_owned()).unwrap_err();
    /// let (_, text) = err.into_parts();
    /// assert_eq!(text, "1. a1-a2");
    /// ```
    #[must_use]
    pub fn into_parts(self) -> (ParseError, String) {
        (self.error, self.text)
    }
}

impl From<GameTextError> for ParseError {
    fn from(err: GameTextError) -> ParseError {
        err.error
    }
}

/// A move of a game record that cannot be played on the position it reaches.
///
/// ```
/// use gridnote_board::tafl::{Game, LinePath};
/// let game: Game = "[rules:dim:3 start:/3/1T1/3/]\n\n1. a1-a2\n".parse()?;
/// let err = game.replay(&LinePath::MAIN).unwrap_err();
/// assert_eq!(err.to_string(), "turn 1. (line 3, column 4) `a1-a2`: the start square a1 is empty");
/// assert_eq!(err.span, 34..39);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("turn {turn} (line {line}, column {column}) `{text}`: {problem}")]
#[non_exhaustive]
pub struct ReplayError {
    /// The turn's address as written (`8.`, `8a.1.1a.`).
    pub turn: String,
    /// The move record as written (`.....` for a placeholder).
    pub text: String,
    /// Its line in the game record, from 1 (0 when the game was not read from text).
    pub line: usize,
    /// Its column (in characters), from 1.
    pub column: usize,
    /// Its byte span in the game record.
    pub span: Range<usize>,
    /// What is wrong.
    pub problem: ReplayProblem,
}

impl Spanned for ReplayError {
    fn span(&self) -> Range<usize> {
        self.span.clone()
    }
}

/// Why a move cannot be played.
///
/// ```
/// use gridnote_board::tafl::ReplayProblem;
/// assert_eq!(ReplayProblem::EmptyStart { space: "a1".into() }.to_string(), "the start square a1 is empty");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayProblem {
    /// No piece on the start square.
    #[error("the start square {space} is empty")]
    EmptyStart {
        /// The square.
        space: String,
    },
    /// The piece on the start square belongs to the side not to move.
    #[error(
        "the piece on {space} is the {}', but the {} are to move",
        side_name(*owner),
        side_name(*to_move)
    )]
    WrongSide {
        /// The square.
        space: String,
        /// The piece's side.
        owner: Player,
        /// The side to move.
        to_move: Player,
    },
    /// The destination is taken.
    #[error("the destination {space} is occupied by {piece}")]
    Occupied {
        /// The square.
        space: String,
        /// The piece there.
        piece: char,
    },
    /// A listed capture of an empty square.
    #[error("the capture on {space} takes nothing: the square is empty")]
    CaptureEmpty {
        /// The square.
        space: String,
    },
    /// A listed capture of the mover's own piece.
    #[error("the capture on {space} takes the mover's own piece {piece}")]
    CaptureOwn {
        /// The square.
        space: String,
        /// The piece there.
        piece: char,
    },
    /// A space beyond the board.
    #[error("{space} is off the {size}x{size} board")]
    OffBoard {
        /// The square.
        space: String,
        /// The board size.
        size: usize,
    },
    /// A move after a resignation in the same line.
    #[error("the line goes on after a resignation")]
    AfterResignation,
    /// A variation that starts beyond the end of its parent line, or a placeholder with
    /// no move of the parent line to stand for.
    #[error("the variation branches at ply {ply} of {parent}, which has only {plies} plies")]
    BranchBeyondParent {
        /// The parent line.
        parent: String,
        /// The ply (from 1) the variation starts at.
        ply: usize,
        /// The plies the parent has.
        plies: usize,
    },
    /// The line asked for is not in the game.
    #[error("the game has no line {line}")]
    NoSuchLine {
        /// The line asked for.
        line: String,
    },
}

/// A warning from a replay: the record says something its position contradicts, which
/// OpenTafl's own files do (a king moved without `K`).
///
/// ```
/// use gridnote_board::tafl::ReplayWarning;
/// let w = ReplayWarning::SymbolMismatch { space: "d4".into(), written: 'K', found: 'T' };
/// assert_eq!(w.to_string(), "the record names K on d4, but the piece there is T");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayWarning {
    /// The move's or a capture's piece symbol is not the piece on that square.
    #[error("the record names {written} on {space}, but the piece there is {found}")]
    SymbolMismatch {
        /// The square.
        space: String,
        /// The symbol written.
        written: char,
        /// The piece on the square.
        found: char,
    },
}
