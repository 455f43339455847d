//! [`PsqError`]: why a text is not a `.psq` record or a move list, with the span of the
//! offending bytes.

use core::ops::Range;

use gridnote_board::report::Spanned;

/// Why a text is not a Piskvork record ([`Psq`](crate::Psq)) or a plain move list
/// ([`MoveList`](crate::MoveList)), or why a value cannot be put in one. Every variant
/// carries the byte span of the offending text (an empty span at the end of the text
/// for something missing; `0..0` for a value built in code), and the message names the
/// line and what was expected.
///
/// ```
/// use gridnote_board::report::Spanned;
/// use gridnote_psq::{Psq, PsqError};
/// let err = "Piskvorky 20x20, 11:11, 0\n21,3,0\n-1\n".parse::<Psq>().unwrap_err();
/// assert_eq!(err.to_string(), "line 2: move 21,3 is off the 20x20 board (x and y run from 1 to 20)");
/// assert_eq!(err.span(), 26..32);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PsqError {
    /// The first line is not `Piskvorky WIDTHxHEIGHT, LEVEL:LEVEL, OPENER`.
    #[error("line 1: expected the header `Piskvorky WIDTHxHEIGHT, LEVEL:LEVEL, OPENER`, {found}")]
    Header {
        /// What was found instead, in words.
        found: &'static str,
        /// The offending bytes.
        span: Range<usize>,
    },
    /// A board side out of range.
    #[error("line 1: a board side of {value} is out of range: each side must be 1 to 255")]
    Side {
        /// The side as written.
        value: String,
        /// The number's bytes.
        span: Range<usize>,
    },
    /// A number of the header or of a move that is not one (the number rule: decimal
    /// digits, no sign, no leading zero, at most 4294967295).
    #[error("line {line}: expected {what}, found `{text}`")]
    Number {
        /// The line (1 = the header).
        line: usize,
        /// What the number is, in words.
        what: &'static str,
        /// The text found.
        text: String,
        /// Its bytes.
        span: Range<usize>,
    },
    /// A line after the header that is neither a move, nor a player's name, nor the end
    /// code, or one too many.
    #[error("line {line}: {expected}")]
    Line {
        /// The line.
        line: usize,
        /// What the line should have been, in words.
        expected: &'static str,
        /// The line's bytes.
        span: Range<usize>,
    },
    /// A move outside the board.
    #[error("line {line}: move {x},{y} is off the {cols}x{rows} board (x and y run from 1 to {cols}{})", if cols == rows { String::new() } else { format!(" and 1 to {rows}") })]
    OffBoard {
        /// The line.
        line: usize,
        /// The move's column, from 1.
        x: usize,
        /// The move's row, from 1 at the top.
        y: usize,
        /// The board's width.
        cols: usize,
        /// The board's height.
        rows: usize,
        /// The move's bytes.
        span: Range<usize>,
    },
    /// A player's name that a record cannot hold (empty, or with a line break, or read
    /// back as a move or an end code).
    #[error("a player's name `{name}` cannot be written in a record: {why}")]
    Name {
        /// The name.
        name: String,
        /// Why not.
        why: &'static str,
    },
    /// A cell name of a move list that is not one (letters, then a rank from 1).
    #[error("move {index}: expected a cell name such as `h8`, found `{text}`")]
    Cell {
        /// The move's place in the list, from 1.
        index: usize,
        /// The text found.
        text: String,
        /// Its bytes.
        span: Range<usize>,
    },
}

impl Spanned for PsqError {
    fn span(&self) -> Range<usize> {
        match self {
            PsqError::Header { span, .. }
            | PsqError::Side { span, .. }
            | PsqError::Number { span, .. }
            | PsqError::Line { span, .. }
            | PsqError::OffBoard { span, .. }
            | PsqError::Cell { span, .. } => span.clone(),
            PsqError::Name { .. } => 0..0,
        }
    }
}
